//! The writing page: its limits, tags, scheduled times and links.

use crate::writing;
use wasm_bindgen::prelude::*;

/// A plain object of numbers, built without serde (smaller in the browser build).
fn numbers(fields: &[(&str, f64)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&object, &(*name).into(), &(*value).into());
    }
    object.into()
}

/// The limits of a post: `titleMaxChars` 100 and `summaryMaxChars` 300 characters (once
/// trimmed), `bodyMaxBytes` 512 000 (bytes of the body's HTML in UTF-8, not characters),
/// `tagsMax` 10 tags of `tagMaxChars` 30 characters each. Characters are Unicode code points
/// (`[...text].length`), not the UTF-16 units `text.length` counts.
#[wasm_bindgen(js_name = writingLimits, unchecked_return_type = "WritingLimits")]
pub fn writing_limits() -> JsValue {
    numbers(&[
        ("titleMaxChars", writing::TITLE_MAX_CHARS as f64),
        ("summaryMaxChars", writing::SUMMARY_MAX_CHARS as f64),
        ("bodyMaxBytes", writing::BODY_MAX_BYTES as f64),
        ("tagsMax", writing::TAGS_MAX as f64),
        ("tagMaxChars", writing::TAG_MAX_CHARS as f64),
    ])
}

/// One tag as it is kept: trimmed, leading `#`s dropped (`" #AI "` → `"AI"`); undefined when
/// nothing is left.
#[wasm_bindgen(js_name = cleanTag)]
pub fn clean_tag(raw: &str) -> Option<String> {
    writing::clean_tag(raw).map(str::to_string)
}

/// The tags as they are kept: each cleaned as `cleanTag` does, empty ones dropped, repeats
/// dropped keeping the first spelling (Latin letters compared without case). An empty array
/// when they break a limit (more than 10 distinct tags, or one over 30 characters):
/// `tagsProblem` says which.
#[wasm_bindgen(js_name = cleanTags)]
pub fn clean_tags(raw: Vec<String>) -> Vec<String> {
    writing::clean_tags(&raw).unwrap_or_default()
}

/// Which limit the tags break, as `cleanTags` counts them: `"tooLong"` (a tag over 30
/// characters), `"tooMany"` (more than 10 distinct tags), or undefined when they keep both.
#[wasm_bindgen(js_name = tagsProblem, unchecked_return_type = "TagProblem | undefined")]
pub fn tags_problem(raw: Vec<String>) -> JsValue {
    match writing::clean_tags(&raw) {
        Ok(_) => JsValue::UNDEFINED,
        Err(writing::TagProblem::TooLong) => "tooLong".into(),
        Err(writing::TagProblem::TooMany) => "tooMany".into(),
    }
}

/// A date-and-time field's value (`yyyy-MM-ddTHH:mm`, seconds `:ss` optional, a space
/// allowed for the `T`) read as Korea Standard Time (UTC+9), as epoch milliseconds;
/// undefined when it is no such time. `kstLocalToEpochMs("2026-11-22T10:00")` is
/// 1795309200000.
#[wasm_bindgen(js_name = kstLocalToEpochMs)]
pub fn kst_local_to_epoch_ms(value: &str) -> Option<f64> {
    writing::kst_local_to_epoch_ms(value).map(|ms| ms as f64)
}

/// Epoch milliseconds as the Korea Standard Time (UTC+9) a date-and-time field takes:
/// `yyyy-MM-ddTHH:mm`, seconds dropped (`epochMsToKstLocal(1795309200000)` is
/// `"2026-11-22T10:00"`).
#[wasm_bindgen(js_name = epochMsToKstLocal)]
pub fn epoch_ms_to_kst_local(#[wasm_bindgen(js_name = epochMs)] epoch_ms: f64) -> String {
    writing::epoch_ms_to_kst_local(epoch_ms as i64)
}

/// The time left from `nowMs` until `targetMs` (both epoch milliseconds) in whole days, hours
/// (0–23), minutes and seconds, fractions of a second dropped; `past` is true, and every
/// field 0, once `targetMs` is not after `nowMs`.
#[wasm_bindgen(unchecked_return_type = "Countdown")]
pub fn countdown(
    #[wasm_bindgen(js_name = targetMs)] target_ms: f64,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> JsValue {
    let left = writing::countdown(target_ms as i64, now_ms as i64);
    let object = numbers(&[
        ("days", left.days as f64),
        ("hours", left.hours as f64),
        ("minutes", left.minutes as f64),
        ("seconds", left.seconds as f64),
    ]);
    let _ = js_sys::Reflect::set(&object, &"past".into(), &left.past.into());
    object
}

/// A link as a post's body may hold it, trimmed: `http:`, `https:` and `mailto:` links as
/// written; an e-mail address gets `mailto:`, and an address without a scheme that looks like
/// a host gets `https://` (`safeLink("example.com/a")` is `"https://example.com/a"`).
/// Undefined for any other scheme (`javascript:`, `data:`), white space or control characters
/// inside, or nothing at all.
#[wasm_bindgen(js_name = safeLink)]
pub fn safe_link(raw: &str) -> Option<String> {
    writing::safe_link(raw)
}
