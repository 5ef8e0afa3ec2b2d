//! SPEC §5 validation: what the forms filter, check and refuse as the user types.

use super::input::{to_js, Input};
use crate::{business, empty, filter, nickname, password, strip};
use wasm_bindgen::prelude::*;

fn filter_options(value: JsValue) -> Result<filter::FilterOptions, JsValue> {
    let input = Input::new(
        value,
        "options",
        &["numbers", "korean", "english", "special", "space"],
    )?;
    let raw = input.get("special");
    let special = if raw.is_null() || raw.is_undefined() {
        filter::Special::None
    } else if let Some(all) = raw.as_bool() {
        filter::Special::All(all)
    } else {
        let text = raw.as_string().unwrap_or_default();
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(only), None) => filter::Special::One(only),
            _ => return Err(input.wrong("special", "true, false or one character")),
        }
    };
    Ok(filter::FilterOptions {
        numbers: input.flag("numbers")?,
        korean: input.flag("korean")?,
        english: input.flag("english")?,
        special,
        space: input.flag("space")?,
    })
}

/// Whether a form value counts as empty: `null`, `undefined`, a string that is empty or only
/// white space, an empty array, or an object without own enumerable keys (`{}`). Numbers
/// (`0` and `NaN` included), booleans, bigints, `Date`s and functions are never empty.
/// (A `Map` or `Set` has no own keys, so it counts as empty whatever it holds.)
#[wasm_bindgen(js_name = isEmpty)]
pub fn is_empty(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> bool {
    let shape = if value.is_null() || value.is_undefined() {
        empty::Shape::Absent
    } else if let Some(text) = value.as_string() {
        empty::Shape::Text(text)
    } else if value.as_bool().is_some() {
        empty::Shape::Bool
    } else if value.as_f64().is_some() || value.is_bigint() {
        empty::Shape::Number
    } else if js_sys::Array::is_array(&value) {
        empty::Shape::Sequence(js_sys::Array::from(&value).length() as usize)
    } else if value.is_object() && !value.is_instance_of::<js_sys::Date>() && !value.is_function() {
        empty::Shape::Map(
            js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).length() as usize,
        )
    } else {
        // Dates, functions, symbols: values, never empty.
        empty::Shape::Number
    };
    empty::is_empty(&shape)
}

/// `text` without `<script>` and `<iframe>` elements: each is removed with its content,
/// whatever its letter case or attributes; one never closed runs to the end of the text; stray
/// closing tags go too. Everything else stays as it was: this guards plain text fields and is
/// not an HTML sanitiser (event-handler attributes and `javascript:` links are kept).
#[wasm_bindgen(js_name = stripScripts)]
pub fn strip_scripts(text: &str) -> String {
    strip::strip_scripts(text)
}

/// `text` with only the characters `options` allows, every kind off unless set: `numbers`
/// (ASCII digits), `korean` (Hangul syllables and jamo), `english` (ASCII letters), `space`
/// (U+0020), `special` (`true`: any ASCII punctuation; a one-character string: only that
/// character). `filterInput("Tide 2026!", { numbers: true })` is `"2026"`; with no options
/// every character is dropped.
///
/// @throws {CoreError} `invalid_argument` when `options` is not an object, has an unknown
/// field, or a field of the wrong type (`special` a string of more than one character).
#[wasm_bindgen(js_name = filterInput)]
pub fn filter_input(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue,
) -> Result<String, JsValue> {
    Ok(filter::filter_input(text, &filter_options(options)?))
}

/// `text` with only what an e-mail field takes: ASCII letters and digits and `@ . _ -`.
#[wasm_bindgen(js_name = filterEmail)]
pub fn filter_email(text: &str) -> String {
    filter::filter_email(text)
}

/// `text` with only what a phone field takes: ASCII digits and `-`.
#[wasm_bindgen(js_name = filterPhone)]
pub fn filter_phone(text: &str) -> String {
    filter::filter_phone(text)
}

/// The `inputmode` attribute for a field filtered with `options` (see `filterInput`):
/// `"numeric"` when only digits are allowed, `"tel"` when only digits and `special: "-"`,
/// `"text"` otherwise.
///
/// @throws {CoreError} `invalid_argument` when `options` is not a valid `FilterOptions`.
#[wasm_bindgen(js_name = inputModeFor, unchecked_return_type = "InputMode")]
pub fn input_mode_for(
    #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&filter::input_mode_for(&filter_options(options)?))
}

/// Whether `text` is an address a person can receive mail at: `local@domain.tld`, ASCII only,
/// at most 254 characters, a local part of at most 64 (letters, digits and `. _ % + - '`, no
/// leading, trailing or doubled dot), and a domain of letter-digit-hyphen labels ending in an
/// alphabetic top level of two letters or more. Not trimmed: surrounding spaces fail.
#[wasm_bindgen(js_name = isValidEmail)]
pub fn is_valid_email(text: &str) -> bool {
    password::is_valid_email(text)
}

/// Checks a password against the password rule: 8 to 64 characters (Unicode code points),
/// at least three of the four kinds `A`–`Z`, `a`–`z`, `0`–`9` and anything else (punctuation,
/// a space, Hangul…), and not containing the part of `email` before the `@` (compared
/// without case; one under three characters is not compared). `ok` is true when `problems`
/// is empty; every problem is listed at once.
#[wasm_bindgen(js_name = checkPassword, unchecked_return_type = "PasswordCheck")]
pub fn check_password(password: &str, email: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&password::check_password(password, email.as_deref()))
}

/// `text` with only what a nickname may hold: Hangul (syllables and jamo), ASCII letters and
/// digits, spaces, `_` and `-`.
#[wasm_bindgen(js_name = filterNickname)]
pub fn filter_nickname(text: &str) -> String {
    nickname::filter_nickname(text)
}

/// Checks a nickname: once trimmed, 2 to 20 characters (Unicode code points) of those
/// `filterNickname` keeps. `nickname` in the answer is the trimmed nickname to save.
#[wasm_bindgen(js_name = checkNickname, unchecked_return_type = "NicknameCheck")]
pub fn check_nickname(text: &str) -> Result<JsValue, JsValue> {
    to_js(&nickname::check_nickname(text))
}

/// Whether `text` is a valid Korean business registration number (사업자등록번호): ten digits
/// whose last is the check digit of the other nine, written plain or with dashes in the usual
/// places (3-2-5); surrounding blanks are ignored, other separators are not accepted.
/// `isValidBusinessNumber("220-81-62517")` and `isValidBusinessNumber("2208162517")` are true;
/// `"220 81 62517"` and `"22-081-62517"` are false.
#[wasm_bindgen(js_name = isValidBusinessNumber)]
pub fn is_valid_business_number(text: &str) -> bool {
    business::is_valid_business_number(text)
}
