//! Dates, numbers and Korean particles as the pages show them.

use super::input::throw;
use crate::{format, korean, Fault};
use wasm_bindgen::prelude::*;

/// Minutes east of UTC at an instant, from the browser's time zone.
fn local_offset_at(epoch_ms: f64) -> i32 {
    -(js_sys::Date::new(&JsValue::from_f64(epoch_ms)).get_timezone_offset() as i32)
}

/// `value`: epoch milliseconds, a Date, or an ISO-8601 string. Instants are shown in the
/// browser's time zone unless `offsetMinutes` (east of UTC) is given.
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(
    #[wasm_bindgen(unchecked_param_type = "number | string | Date")] value: JsValue,
    pattern: Option<String>,
    offset_minutes: Option<i32>,
) -> Result<String, JsValue> {
    let value = if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        format::DateValue::Millis(date.get_time())
    } else if let Some(ms) = value.as_f64() {
        format::DateValue::Millis(ms)
    } else if let Some(text) = value.as_string() {
        format::DateValue::Text(text)
    } else {
        return Err(throw(Fault::new(
            "invalid_date",
            "formatDate takes a number, a string or a Date",
        )));
    };
    let offset = match (offset_minutes, format::parse_date(&value).map_err(throw)?) {
        (Some(offset), _) => offset,
        (None, format::ParsedDate::Instant { epoch_ms }) => local_offset_at(epoch_ms as f64),
        (None, format::ParsedDate::Wall(_)) => 0,
    };
    format::format_date(&value, pattern.as_deref(), offset).map_err(throw)
}

#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(n: f64) -> String {
    format::format_number(n)
}

#[wasm_bindgen(js_name = abbreviateCount)]
pub fn abbreviate_count(n: f64) -> String {
    format::abbreviate_count(n)
}

/// `text` with each written particle pair (`을(를)`, `(으)로`, …) in the form its word takes.
#[wasm_bindgen(js_name = resolveParticles)]
pub fn resolve_particles(text: &str) -> String {
    korean::resolve_particles(text)
}
