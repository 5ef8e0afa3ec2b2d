//! The visitor's session: the device, the token-check throttle, cookies and request headers.

use super::input::{offset, throw, to_js, Input};
use crate::{cookies, device, headers, throttle, Fault};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The device, operating system and browser a user agent string (`navigator.userAgent`)
/// describes.
///
/// `deviceType` is `"APP"` for the Tidemark app's web view (its agent carries `TidemarkApp/`),
/// else `"TABLET"`, `"MOBILE"` or `"PC"`. `deviceOs` is null for systems other than Windows,
/// macOS, Linux, Android (`"AOS"`) and iOS. `browser`, `browserVer` and `osVersion` are `""`
/// when the string does not tell them; versions are as the string writes them (Windows 11
/// still says 10, and iPadOS Safari in desktop mode reads as a Mac). Never throws.
#[wasm_bindgen(js_name = detectDevice, unchecked_return_type = "DeviceInfo")]
pub fn detect_device(
    #[wasm_bindgen(js_name = userAgent)] user_agent: &str,
) -> Result<JsValue, JsValue> {
    to_js(&device::detect_device(user_agent))
}

/// Whether the session's token check is due at `nowMs` (epoch milliseconds): `true` when it
/// was never checked (`lastCheckMs` absent, null or not a finite number), when the clock went
/// backwards (`nowMs` before `lastCheckMs`), or when at least 10 minutes (600 000 ms) have
/// passed since `lastCheckMs`. When it says `true`, make the check and store `nowMs` as the
/// new `lastCheckMs` (in `localStorage`, say).
///
/// ```ts
/// const now = Date.now();
/// if (tokenCheckDue(lastCheckMs, now)) { lastCheckMs = now; await checkToken(); }
/// ```
#[wasm_bindgen(js_name = tokenCheckDue)]
pub fn token_check_due(
    #[wasm_bindgen(js_name = lastCheckMs)] last_check_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    throttle::token_check_due(last_check_ms, now_ms)
}

#[derive(Serialize)]
struct CookieOut<'a> {
    #[serde(flatten)]
    spec: &'a cookies::CookieSpec,
    header: String,
}

fn cookie_out(spec: &cookies::CookieSpec) -> CookieOut<'_> {
    CookieOut {
        spec,
        header: spec.header_value(),
    }
}

/// The cookies Tidemark uses, each with its lifetime and whether it is HttpOnly (set by the
/// server only): `tma` and `tmr` (access and refresh tokens, HttpOnly, 30 days), `tml`
/// (stay signed in, 30 days), `tma_id` (guest id, 24 hours), and `analysisid`, `agid`,
/// `auid` (the day's analytics id and visit markers, until 23:59:59 local time).
#[wasm_bindgen(js_name = cookiePolicy, unchecked_return_type = "CookieRule[]")]
pub fn cookie_policy() -> Result<JsValue, JsValue> {
    to_js(&cookies::COOKIE_RULES[..])
}

/// The cookie `name` (one of `cookiePolicy()`'s that is not HttpOnly) set to `value` at
/// `nowMs` (epoch milliseconds): its expiry, `Max-Age` in seconds, `Path=/`, `SameSite=Lax`,
/// `Secure` when `secure`, and `header`, the string to assign to `document.cookie` (the value
/// percent-encoded where a cookie may not hold a character). `offsetMinutes` (minutes east
/// of UTC, 540 for Korea) places the end of the day for `analysisid`, `agid` and `auid`.
///
/// @throws {CoreError} `invalid_argument` for an unknown cookie, an HttpOnly one (`tma`,
/// `tmr`), or a `nowMs` that is not a finite time for an end-of-day cookie; `invalid_offset`
/// when `offsetMinutes` is not a whole number from -720 to 840.
#[wasm_bindgen(js_name = cookieFor, unchecked_return_type = "CookieSpec")]
pub fn cookie_for(
    name: &str,
    value: &str,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: f64,
    secure: bool,
) -> Result<JsValue, JsValue> {
    let offset_minutes = offset(offset_minutes)?;
    let spec = cookies::cookie_for(name, value, now_ms, offset_minutes, secure).map_err(throw)?;
    to_js(&cookie_out(&spec))
}

/// 23:59:59.000 of the day containing `nowMs`, at `offsetMinutes` east of UTC (540 for
/// Korea), as epoch milliseconds: `endOfDayMs(Date.now(), -new Date().getTimezoneOffset())`.
///
/// @throws {CoreError} `invalid_argument` when `nowMs` is not a finite time (within ±8.64e15);
/// `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
#[wasm_bindgen(js_name = endOfDayMs)]
pub fn end_of_day_ms(
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: f64,
) -> Result<f64, JsValue> {
    let offset_minutes = offset(offset_minutes)?;
    cookies::end_of_day_ms(now_ms, offset_minutes).map_err(throw)
}

/// Whether to record a visit now: once a day per kind of visitor, so a guest who signs in the
/// same day is recorded again as a member. `alreadyMarked` is whether the kind's marker
/// cookie (`agid` for a guest, `auid` for a member) exists. When it does: `{ record: false,
/// cookie: null }`; otherwise `record` is true and `cookie` is the marker to write, expiring at
/// the end of the local day (see `cookieFor` for `nowMs`, `offsetMinutes` and `secure`).
///
/// @throws {CoreError} `invalid_argument` for a `kind` other than `"guest"` or `"member"`, or
/// (when not `alreadyMarked`) a `nowMs` that is not a finite time; `invalid_offset` when
/// `offsetMinutes` is not a whole number from -720 to 840.
#[wasm_bindgen(js_name = visitDecision, unchecked_return_type = "VisitDecision")]
pub fn visit_decision(
    #[wasm_bindgen(unchecked_param_type = "VisitorKind")] kind: &str,
    #[wasm_bindgen(js_name = alreadyMarked)] already_marked: bool,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: f64,
    secure: bool,
) -> Result<JsValue, JsValue> {
    let kind = match kind {
        "guest" => cookies::VisitorKind::Guest,
        "member" => cookies::VisitorKind::Member,
        other => {
            return Err(throw(Fault::invalid_argument(format!(
                "unknown visitor kind: '{other}'"
            ))))
        }
    };
    let offset_minutes = offset(offset_minutes)?;
    let decision = cookies::visit_decision(kind, already_marked, now_ms, offset_minutes, secure)
        .map_err(throw)?;
    #[derive(Serialize)]
    struct Out<'a> {
        record: bool,
        cookie: Option<CookieOut<'a>>,
    }
    to_js(&Out {
        record: decision.record,
        cookie: decision.cookie.as_ref().map(cookie_out),
    })
}

/// Whether an event for the same page at `nowMs` falls within 10 seconds after the last one
/// at `lastMs` (both epoch milliseconds), so it is a reload not to be counted again. `false`
/// when `lastMs` is absent or later than `nowMs`.
#[wasm_bindgen(js_name = withinReloadGuard)]
pub fn within_reload_guard(
    #[wasm_bindgen(js_name = lastMs)] last_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    cookies::within_reload_guard(last_ms, now_ms)
}

/// The headers every API request carries: `_off_set` (`offsetMinutes`, minutes east of UTC,
/// as a string), `_tma_token` and `_tmr_token` (the access and refresh tokens, `""` when
/// absent or blank), and `_tma_id` (the guest id) when there is no access token or
/// `includeGuest` is true.
///
/// ```ts
/// requestHeaders({ guestId: "g-1" }, 540);
/// // { _off_set: "540", _tma_token: "", _tmr_token: "", _tma_id: "g-1" }
/// ```
///
/// @throws {CoreError} `invalid_argument` when `session` has an unknown field or a field of
/// the wrong type; `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
#[wasm_bindgen(js_name = requestHeaders, unchecked_return_type = "RequestHeaders")]
pub fn request_headers(
    #[wasm_bindgen(unchecked_param_type = "SessionTokens")] session: JsValue,
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: f64,
) -> Result<JsValue, JsValue> {
    let input = Input::new(
        session,
        "session",
        &["accessToken", "refreshToken", "guestId", "includeGuest"],
    )?;
    let session = headers::SessionTokens {
        access_token: input.string("accessToken")?,
        refresh_token: input.string("refreshToken")?,
        guest_id: input.string("guestId")?,
        include_guest: input.flag("includeGuest")?,
    };
    let offset_minutes = offset(offset_minutes)?;
    let object = js_sys::Object::new();
    for header in headers::request_headers(&session, offset_minutes) {
        let _ = js_sys::Reflect::set(&object, &header.name.into(), &header.value.into());
    }
    Ok(object.into())
}
