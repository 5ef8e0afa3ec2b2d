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

#[wasm_bindgen(js_name = stripScripts)]
pub fn strip_scripts(text: &str) -> String {
    strip::strip_scripts(text)
}

#[wasm_bindgen(js_name = filterInput)]
pub fn filter_input(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue,
) -> Result<String, JsValue> {
    Ok(filter::filter_input(text, &filter_options(options)?))
}

#[wasm_bindgen(js_name = filterEmail)]
pub fn filter_email(text: &str) -> String {
    filter::filter_email(text)
}

#[wasm_bindgen(js_name = filterPhone)]
pub fn filter_phone(text: &str) -> String {
    filter::filter_phone(text)
}

#[wasm_bindgen(js_name = inputModeFor, unchecked_return_type = "InputMode")]
pub fn input_mode_for(
    #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&filter::input_mode_for(&filter_options(options)?))
}

#[wasm_bindgen(js_name = isValidEmail)]
pub fn is_valid_email(text: &str) -> bool {
    password::is_valid_email(text)
}

#[wasm_bindgen(js_name = checkPassword, unchecked_return_type = "PasswordCheck")]
pub fn check_password(password: &str, email: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&password::check_password(password, email.as_deref()))
}

#[wasm_bindgen(js_name = filterNickname)]
pub fn filter_nickname(text: &str) -> String {
    nickname::filter_nickname(text)
}

#[wasm_bindgen(js_name = checkNickname, unchecked_return_type = "NicknameCheck")]
pub fn check_nickname(text: &str) -> Result<JsValue, JsValue> {
    to_js(&nickname::check_nickname(text))
}

#[wasm_bindgen(js_name = isValidBusinessNumber)]
pub fn is_valid_business_number(text: &str) -> bool {
    business::is_valid_business_number(text)
}
