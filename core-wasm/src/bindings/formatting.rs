//! Dates, numbers and Korean particles as the pages show them.

use super::input::{lang, offset, throw, LangTag};
use crate::{format, korean, Fault};
use wasm_bindgen::prelude::*;

/// Minutes east of UTC at an instant, from the browser's time zone.
fn local_offset_at(epoch_ms: f64) -> i32 {
    -(js_sys::Date::new(&JsValue::from_f64(epoch_ms)).get_timezone_offset() as i32)
}

/// A date as text, in a pattern of tokens.
///
/// `value` is epoch milliseconds, a `Date`, or a string: ISO 8601 with an offset
/// (`2026-11-22T09:30:00+09:00`, `…Z`, an instant), or without one (`2026-11-22 09:30`,
/// `2026-11-22`, a wall-clock time shown as written). An instant is shown at `offsetMinutes`
/// east of UTC (540 is Korea), or in the time zone of the browser or Node process when it is
/// absent.
///
/// `pattern` (default `yyyy-MM-dd`) is made of these tokens; put other ASCII letters in
/// single quotes (`''` is a quote), other characters are copied:
/// `yyyy` `yy` year · `MM` `M` month · `dd` `d` day · `HH` `H` hour 0–23 · `hh` `h` hour
/// 1–12 · `mm` `m` minute · `ss` `s` second · `SSS` millisecond · `a` AM/PM (오전/오후 when
/// `lang` is `"ko"`). The doubled forms pad to two digits.
///
/// ```ts
/// formatDate("2026-03-05T19:04:00Z", "yyyy년 M월 d일 a h:mm", 540, "ko"); // "2026년 3월 6일 오전 4:04"
/// ```
///
/// @throws {CoreError} `invalid_date` when `value` is no date; `invalid_pattern` for a letter
/// that is no token (`YYYY`, `D`) or a quote left open; `invalid_offset` when `offsetMinutes`
/// is not a whole number from -720 to 840.
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(
    #[wasm_bindgen(unchecked_param_type = "number | string | Date")] value: JsValue,
    pattern: Option<String>,
    #[wasm_bindgen(js_name = offsetMinutes)] offset_minutes: Option<f64>,
    #[wasm_bindgen(js_name = lang)] lang_tag: Option<LangTag>,
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
    let given = offset_minutes.map(offset).transpose()?;
    let offset = match (given, format::parse_date(&value).map_err(throw)?) {
        (Some(offset), _) => offset,
        (None, format::ParsedDate::Instant { epoch_ms }) => local_offset_at(epoch_ms as f64),
        (None, format::ParsedDate::Wall(_)) => 0,
    };
    format::format_date(&value, pattern.as_deref(), offset, lang(lang_tag)).map_err(throw)
}

/// A number as Korean pages write it: thousands grouped with commas, at most three decimals
/// (`1234567.891` → `"1,234,567.891"`), as `Intl.NumberFormat("ko-KR")` does by default.
#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(n: f64) -> String {
    format::format_number(n)
}

/// A count shortened the way readers see follower and view counts: `999`, `1k`, `1.2k`,
/// `3.4m`, `1.5b`; one decimal at most, no trailing `.0`, rounded half up, and a value that
/// rounds to 1000 of a unit moves to the next (`999950` → `"1m"`, never `"1000k"`).
#[wasm_bindgen(js_name = abbreviateCount)]
pub fn abbreviate_count(n: f64) -> String {
    format::abbreviate_count(n)
}

/// `text` with each Korean particle written as a pair (`을(를)`, `이(가)`, `은(는)`, `와(과)`,
/// `(으)로`, …) in the form the word before it takes: `"마케팅을(를)"` → `"마케팅을"`,
/// `"HR이(가)"` → `"HR이"` (read 에이치알), `"3을(를)"` → `"3을"` (read 삼). After a lowercase
/// Latin word the pair stays as written.
#[wasm_bindgen(js_name = resolveParticles)]
pub fn resolve_particles(text: &str) -> String {
    korean::resolve_particles(text)
}
