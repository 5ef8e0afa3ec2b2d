//! Signing in: the sign-in body, the account's status, identity certification and the OAuth
//! callback.

use super::input::{code_text, throw, to_js, Input};
use crate::{certify, oauth, signin, Fault};
use wasm_bindgen::prelude::*;

/// The body of a sign-in request: the credentials with what `detectDevice(device.userAgent)`
/// reads, `browserAgent` (the user agent itself), `deviceId` and `pushToken` (`""` when
/// absent). E-mail sign-in: `email` trimmed, `autoLogin` `"Y"` or `"N"`. Social sign-in:
/// `channel` lower-cased (`kakao`, `naver`, `google` or `local`), `autoLogin` always `"N"`.
/// Passkey sign-in: no `email`, `password` or `authToken` (the browser's answer is sent
/// beside the body), `autoLogin` `"Y"` or `"N"`.
///
/// @throws {CoreError} `invalid_argument` when `credentials` or `device` has an unknown or
/// mistyped field, a `kind` other than `"email"`, `"social"` or `"passkey"`, or no `email`, `password` or
/// `channel` string; `"104"` when `email` is blank, `password` empty or `channel` unknown;
/// `"999"` for a social sign-in without an `authToken`.
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
        "passkey" => {
            let input = Input::new(credentials, "credentials", &["kind", "autoLogin"])?;
            signin::Credentials::Passkey {
                auto_login: input.flag("autoLogin")?,
            }
        }
        other => {
            return Err(throw(Fault::invalid_argument(format!(
                "credentials.kind must be 'email', 'social' or 'passkey', not '{other}'"
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

/// Whether to go on signing in after the account status request: only when its answer code
/// is `0` or `"0"` (surrounding blanks ignored).
#[wasm_bindgen(js_name = maySignIn)]
pub fn may_sign_in(
    #[wasm_bindgen(js_name = accountStatusCode, unchecked_param_type = "string | number")]
    account_status_code: JsValue,
) -> bool {
    code_text(&account_status_code).is_some_and(|code| signin::may_sign_in(&code))
}

/// Checks what the identity-certification provider sent back against the request the page
/// saved before leaving (`savedCertifyNo`). Checked in order, the first failure wins:
/// `errorCode` `F0000` (cancelled) → code `F0000`; `success` false → `999`; a blank `impUid`,
/// `merchantUid`, `requestId` or `savedCertifyNo` → `104`; `requestId` or `merchantUid` not
/// equal to `savedCertifyNo` (a return for another request) → `1003`. Otherwise `result:
/// "true"` with `certifyNo` (the saved number) and `certifyUid` (`impUid`), both trimmed.
///
/// @throws {CoreError} `invalid_argument` when `input` has an unknown or mistyped field.
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

/// Reads the social sign-in return address (`location.href`, or its path and query): `type`
/// (`"signin"`, `"join"` or `"auth"`) and the provider's `code`, `state` and `error`
/// (percent-decoded, null when absent or blank), with `cleanedUrl`, the same address without
/// its `type` parameter, to put in the address bar (`history.replaceState`).
///
/// @throws {CoreError} `query_string_error` (message `query string error`) when `type` is
/// missing or not one of the three.
#[wasm_bindgen(js_name = parseOAuthCallback, unchecked_return_type = "OAuthCallback")]
pub fn parse_oauth_callback(url: &str) -> Result<JsValue, JsValue> {
    to_js(&oauth::parse_oauth_callback(url).map_err(throw)?)
}
