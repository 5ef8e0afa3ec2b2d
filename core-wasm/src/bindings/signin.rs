//! Signing in: the sign-in body, the account's status, identity certification and the OAuth
//! callback.

use super::input::{code_text, throw, to_js, Input};
use crate::{certify, oauth, signin, Fault};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_name = signInBody, unchecked_return_type = "SignInBody")]
pub fn sign_in_body(
    #[wasm_bindgen(unchecked_param_type = "Credentials")] credentials: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DeviceContext")] device: JsValue,
) -> Result<JsValue, JsValue> {
    let kind = Input::new(
        credentials.clone(),
        "credentials",
        &[
            "kind",
            "email",
            "password",
            "autoLogin",
            "authToken",
            "channel",
        ],
    )?
    .required_string("kind")?;
    let credentials = match kind.as_str() {
        "email" => {
            let input = Input::new(
                credentials,
                "credentials",
                &["kind", "email", "password", "autoLogin"],
            )?;
            signin::Credentials::Email {
                email: input.required_string("email")?,
                password: input.required_string("password")?,
                auto_login: input.flag("autoLogin")?,
            }
        }
        "social" => {
            let input = Input::new(
                credentials,
                "credentials",
                &["kind", "authToken", "channel"],
            )?;
            signin::Credentials::Social {
                auth_token: input.string("authToken")?.unwrap_or_default(),
                channel: input.required_string("channel")?,
            }
        }
        other => {
            return Err(throw(Fault::invalid_argument(format!(
                "credentials.kind must be 'email' or 'social', not '{other}'"
            ))))
        }
    };
    let input = Input::new(device, "device", &["userAgent", "deviceId", "pushToken"])?;
    let device = signin::DeviceContext {
        user_agent: input.string("userAgent")?.unwrap_or_default(),
        device_id: input.string("deviceId")?.unwrap_or_default(),
        push_token: input.string("pushToken")?.unwrap_or_default(),
    };
    to_js(&signin::sign_in_body(&credentials, &device).map_err(throw)?)
}

#[wasm_bindgen(js_name = maySignIn)]
pub fn may_sign_in(
    #[wasm_bindgen(unchecked_param_type = "string | number")] account_status_code: JsValue,
) -> bool {
    code_text(&account_status_code).is_some_and(|code| signin::may_sign_in(&code))
}

#[wasm_bindgen(js_name = validateCertification, unchecked_return_type = "CertificationResult")]
pub fn validate_certification(
    #[wasm_bindgen(unchecked_param_type = "CertificationReturn")] input: JsValue,
) -> Result<JsValue, JsValue> {
    let input = Input::new(
        input,
        "certification",
        &[
            "impUid",
            "merchantUid",
            "requestId",
            "savedCertifyNo",
            "success",
            "errorCode",
        ],
    )?;
    let certification = certify::CertificationReturn {
        imp_uid: input.string("impUid")?,
        merchant_uid: input.string("merchantUid")?,
        request_id: input.string("requestId")?,
        saved_certify_no: input.string("savedCertifyNo")?,
        success: input.boolean("success")?,
        error_code: input.string("errorCode")?,
    };
    to_js(&certify::validate_certification(&certification))
}

#[wasm_bindgen(js_name = parseOAuthCallback, unchecked_return_type = "OAuthCallback")]
pub fn parse_oauth_callback(url: &str) -> Result<JsValue, JsValue> {
    to_js(&oauth::parse_oauth_callback(url).map_err(throw)?)
}
