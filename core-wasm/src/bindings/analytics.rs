//! What the page reports: the data layer's user and events, visit and click records.

use super::input::{code_text, offset, throw, to_js, Input};
use crate::{analytics, device, Fault};
use wasm_bindgen::prelude::*;

/// The analytics user for `window.dataLayer`, from the token-profile answer
/// `{ code, data: { userAuthName, channel, birthday, identityId, gender } }`.
///
/// `null` (no user: treat the visitor as a guest) unless `code` is `0` or `"0"` and `data` is
/// an object. `userType` is `"corporation"` for `userAuthName` `BUSINESS` or `BUSINESS_MASTER`,
/// else `"reader"`; `signupType` is `channel` lower-cased (`"email"` when absent); `birth` is
/// the year of `birthday` or `"none"`; `gender` is lower-cased or `"none"`. Never throws.
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

/// A `window.dataLayer` entry: `{ event, screen, ...user }`, the user's fields left out for a
/// guest (`user` null or undefined).
///
/// `event` is one of `sign_up`, `Select_Content`, `View_Content`, `View_ContentList`,
/// `Follow_Content`, `Follow_ContentList`, `Follow_CorpProfile`, `Bookmark_Content`,
/// `Bookmark_ContentList`, `Upload_Content`, `TemporaryContent` (case matters); `screen`, when
/// given, one of `HOME`, `CATEGORY`, `POPULAR`, `LATEST`, `INTEREST`, `RECOMMEND`, `REPORT`,
/// `SEARCH`, `BOOKMARK`, `FOLLOWING`, `CORP_PROFILE`, `SHARE`, `UPLOAD`.
///
/// @throws {CoreError} `invalid_argument` for an unknown `event` or `screen`, or a `user` that
/// is not a complete `DataLayerUser` (a field missing, unknown or of the wrong type).
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

/// The body of a visit record: `offset` (`offsetMinutes`, minutes east of UTC, 540 for
/// Korea), `accessToken` and `tmaId` (the guest id), each `""` when absent, and the
/// `detectDevice(userAgent)` fields.
///
/// @throws {CoreError} `invalid_offset` when `offsetMinutes` is not a whole number from -720
/// to 840.
#[wasm_bindgen(js_name = visitRecord, unchecked_return_type = "VisitRecord")]
pub fn visit_record(
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: f64,
    #[wasm_bindgen(js_name = accessToken)] access_token: Option<String>,
    #[wasm_bindgen(js_name = guestId)] guest_id: Option<String>,
    #[wasm_bindgen(js_name = userAgent)] user_agent: &str,
) -> Result<JsValue, JsValue> {
    let offset_minutes = offset(offset_minutes)?;
    let device = device::detect_device(user_agent);
    to_js(&analytics::visit_record(
        offset_minutes,
        access_token.as_deref(),
        guest_id.as_deref(),
        device,
    ))
}

/// The body of a click record for the post `postSeq`: `{ postSeq, offset, tmsId,
/// accessToken }`, where `offset` is `offsetMinutes` (minutes east of UTC, 540 for Korea),
/// `tmsId` is `analysisId` (the day's `analysisid` cookie) and both strings are `""` when
/// absent.
///
/// @throws {CoreError} `invalid_argument` when `postSeq` is not a positive whole number;
/// `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
#[wasm_bindgen(js_name = clickRecord, unchecked_return_type = "ClickRecord")]
pub fn click_record(
    #[wasm_bindgen(js_name = postSeq)] post_seq: f64,
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: f64,
    #[wasm_bindgen(js_name = analysisId)] analysis_id: Option<String>,
    #[wasm_bindgen(js_name = accessToken)] access_token: Option<String>,
) -> Result<JsValue, JsValue> {
    if !(post_seq.is_finite() && post_seq.fract() == 0.0 && post_seq > 0.0) {
        return Err(throw(Fault::invalid_argument(
            "postSeq must be a positive integer",
        )));
    }
    let offset_minutes = offset(offset_minutes)?;
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
