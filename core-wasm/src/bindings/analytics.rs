//! What the page reports: the data layer's user and events, visit and click records.

use super::input::{code_text, throw, to_js, Input};
use crate::{analytics, device, Fault};
use wasm_bindgen::prelude::*;

/// SPEC §4: anything but a successful profile answer gives `null` (no user).
#[wasm_bindgen(js_name = dataLayerUser, unchecked_return_type = "DataLayerUser | null")]
pub fn data_layer_user(
    #[wasm_bindgen(unchecked_param_type = "unknown")] profile: JsValue,
) -> Result<JsValue, JsValue> {
    let field = |object: &JsValue, name: &str| {
        js_sys::Reflect::get(object, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_string())
    };
    let profile = if profile.is_object() {
        let data = js_sys::Reflect::get(&profile, &"data".into()).unwrap_or(JsValue::UNDEFINED);
        analytics::ProfileAnswer {
            code: js_sys::Reflect::get(&profile, &"code".into())
                .ok()
                .as_ref()
                .and_then(code_text)
                .map(analytics::serde_code::Code::Text),
            data: data.is_object().then(|| analytics::ProfileData {
                user_auth_name: field(&data, "userAuthName"),
                channel: field(&data, "channel"),
                birthday: field(&data, "birthday"),
                identity_id: field(&data, "identityId"),
                gender: field(&data, "gender"),
            }),
        }
    } else {
        analytics::ProfileAnswer::default()
    };
    analytics::data_layer_user(&profile).map_or(Ok(JsValue::NULL), |user| to_js(&user))
}

#[wasm_bindgen(js_name = dataLayerEvent, unchecked_return_type = "DataLayerEvent")]
pub fn data_layer_event(
    event: &str,
    screen: Option<String>,
    #[wasm_bindgen(unchecked_param_type = "DataLayerUser | null | undefined")] user: JsValue,
) -> Result<JsValue, JsValue> {
    let user = if user.is_null() || user.is_undefined() {
        None
    } else {
        let input = Input::new(
            user,
            "user",
            &["userType", "signupType", "identityId", "birth", "gender"],
        )?;
        let user_type = match input.required_string("userType")?.as_str() {
            "reader" => "reader",
            "corporation" => "corporation",
            _ => return Err(input.wrong("userType", "'reader' or 'corporation'")),
        };
        Some(analytics::DataLayerUser {
            user_type,
            signup_type: input.required_string("signupType")?,
            identity_id: input.required_string("identityId")?,
            birth: input.required_string("birth")?,
            gender: input.required_string("gender")?,
        })
    };
    to_js(&analytics::data_layer_event(event, screen.as_deref(), user).map_err(throw)?)
}

#[wasm_bindgen(js_name = visitRecord, unchecked_return_type = "VisitRecord")]
pub fn visit_record(
    offset_minutes: i32,
    access_token: Option<String>,
    guest_id: Option<String>,
    user_agent: &str,
) -> Result<JsValue, JsValue> {
    let device = device::detect_device(user_agent);
    to_js(&analytics::visit_record(
        offset_minutes,
        access_token.as_deref(),
        guest_id.as_deref(),
        device,
    ))
}

#[wasm_bindgen(js_name = clickRecord, unchecked_return_type = "ClickRecord")]
pub fn click_record(
    post_seq: f64,
    offset_minutes: i32,
    analysis_id: Option<String>,
    access_token: Option<String>,
) -> Result<JsValue, JsValue> {
    if !(post_seq.is_finite() && post_seq.fract() == 0.0 && post_seq > 0.0) {
        return Err(throw(Fault::invalid_argument(
            "postSeq must be a positive integer",
        )));
    }
    to_js(
        &analytics::click_record(
            post_seq as u64,
            offset_minutes,
            analysis_id.as_deref(),
            access_token.as_deref(),
        )
        .map_err(throw)?,
    )
}
