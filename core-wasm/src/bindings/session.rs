//! The visitor's session: the device, the token-check throttle, cookies and request headers.

use super::input::{throw, to_js, Input};
use crate::{cookies, device, headers, throttle, Fault};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_name = detectDevice, unchecked_return_type = "DeviceInfo")]
pub fn detect_device(user_agent: &str) -> Result<JsValue, JsValue> {
    to_js(&device::detect_device(user_agent))
}

#[wasm_bindgen(js_name = TokenCheckThrottle)]
pub struct TokenCheckThrottle {
    inner: throttle::TokenCheckThrottle,
}

#[wasm_bindgen(js_class = TokenCheckThrottle)]
impl TokenCheckThrottle {
    /// `lastCheckMs` restores a throttle kept in session storage.
    #[wasm_bindgen(constructor)]
    pub fn new(last_check_ms: Option<f64>) -> TokenCheckThrottle {
        TokenCheckThrottle {
            inner: throttle::TokenCheckThrottle::new(last_check_ms),
        }
    }

    #[wasm_bindgen(js_name = shouldCheck)]
    pub fn should_check(&self, now_ms: f64) -> bool {
        self.inner.should_check(now_ms)
    }

    #[wasm_bindgen(js_name = recordCheck)]
    pub fn record_check(&mut self, now_ms: f64) {
        self.inner.record_check(now_ms);
    }

    /// `true` (and recorded) when the server must be asked now.
    #[wasm_bindgen(js_name = tryAcquire)]
    pub fn try_acquire(&mut self, now_ms: f64) -> bool {
        self.inner.try_acquire(now_ms)
    }

    #[wasm_bindgen(getter, js_name = lastCheckMs)]
    pub fn last_check_ms(&self) -> Option<f64> {
        self.inner.last_check_ms()
    }
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

#[wasm_bindgen(js_name = cookiePolicy, unchecked_return_type = "CookieRule[]")]
pub fn cookie_policy() -> Result<JsValue, JsValue> {
    to_js(&cookies::COOKIE_RULES[..])
}

#[wasm_bindgen(js_name = cookieFor, unchecked_return_type = "CookieSpec")]
pub fn cookie_for(
    name: &str,
    value: &str,
    now_ms: f64,
    offset_minutes: i32,
    secure: bool,
) -> Result<JsValue, JsValue> {
    let spec = cookies::cookie_for(name, value, now_ms, offset_minutes, secure).map_err(throw)?;
    to_js(&cookie_out(&spec))
}

#[wasm_bindgen(js_name = endOfDayMs)]
pub fn end_of_day_ms(now_ms: f64, offset_minutes: i32) -> Result<f64, JsValue> {
    cookies::end_of_day_ms(now_ms, offset_minutes).map_err(throw)
}

#[wasm_bindgen(js_name = visitDecision, unchecked_return_type = "VisitDecision")]
pub fn visit_decision(
    #[wasm_bindgen(unchecked_param_type = "VisitorKind")] kind: &str,
    already_marked: bool,
    now_ms: f64,
    offset_minutes: i32,
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

#[wasm_bindgen(js_name = withinReloadGuard)]
pub fn within_reload_guard(last_ms: Option<f64>, now_ms: f64) -> bool {
    cookies::within_reload_guard(last_ms, now_ms)
}

#[wasm_bindgen(js_name = requestHeaders, unchecked_return_type = "RequestHeaders")]
pub fn request_headers(
    #[wasm_bindgen(unchecked_param_type = "SessionTokens")] session: JsValue,
    offset_minutes: i32,
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
    let object = js_sys::Object::new();
    for header in headers::request_headers(&session, offset_minutes) {
        let _ = js_sys::Reflect::set(&object, &header.name.into(), &header.value.into());
    }
    Ok(object.into())
}
