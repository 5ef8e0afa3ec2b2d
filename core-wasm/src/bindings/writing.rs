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

/// One tag as it is kept (trimmed, `#` dropped), or undefined when nothing is left.
#[wasm_bindgen(js_name = cleanTag)]
pub fn clean_tag(raw: &str) -> Option<String> {
    writing::clean_tag(raw).map(str::to_string)
}

/// The tags as they are kept (cleaned, repeats dropped); empty when they break a limit
/// (`tagsProblem` says which).
#[wasm_bindgen(js_name = cleanTags)]
pub fn clean_tags(raw: Vec<String>) -> Vec<String> {
    writing::clean_tags(&raw).unwrap_or_default()
}

#[wasm_bindgen(js_name = tagsProblem, unchecked_return_type = "TagProblem | undefined")]
pub fn tags_problem(raw: Vec<String>) -> JsValue {
    match writing::clean_tags(&raw) {
        Ok(_) => JsValue::UNDEFINED,
        Err(writing::TagProblem::TooLong) => "tooLong".into(),
        Err(writing::TagProblem::TooMany) => "tooMany".into(),
    }
}

/// A Korean wall-clock time (`yyyy-MM-ddTHH:mm`) as epoch milliseconds, or undefined.
#[wasm_bindgen(js_name = kstLocalToEpochMs)]
pub fn kst_local_to_epoch_ms(value: &str) -> Option<f64> {
    writing::kst_local_to_epoch_ms(value).map(|ms| ms as f64)
}

/// Epoch milliseconds as the Korean wall-clock time a date-and-time field takes.
#[wasm_bindgen(js_name = epochMsToKstLocal)]
pub fn epoch_ms_to_kst_local(epoch_ms: f64) -> String {
    writing::epoch_ms_to_kst_local(epoch_ms as i64)
}

#[wasm_bindgen(unchecked_return_type = "Countdown")]
pub fn countdown(target_ms: f64, now_ms: f64) -> JsValue {
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

/// A body link as the editor keeps it (http, https or mailto; a bare host gets https://),
/// or undefined when it may not be a link.
#[wasm_bindgen(js_name = safeLink)]
pub fn safe_link(raw: &str) -> Option<String> {
    writing::safe_link(raw)
}
