//! What every area of the bindings shares: faults thrown as JavaScript errors, answers turned
//! into plain objects, options objects read field by field, and the `Lang` argument.

use crate::{i18n, Fault};
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub(super) fn throw(fault: Fault) -> JsValue {
    let error = js_sys::Error::new(&fault.message);
    let _ = js_sys::Reflect::set(&error, &"code".into(), &fault.code.into());
    error.into()
}

/// An `offsetMinutes` argument: minutes east of UTC, a whole number from -720 to 840.
pub(super) fn offset(minutes: f64) -> Result<i32, JsValue> {
    crate::calendar::checked_offset(minutes).map_err(throw)
}

pub(super) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| throw(Fault::new("internal", error.to_string())))
}

/// An options object read field by field (serde's deserialisers would double the module).
/// Unknown fields and wrong types are faults naming the field; `null` and `undefined` read
/// as an empty object.
pub(super) struct Input {
    object: JsValue,
    what: &'static str,
}

impl Input {
    pub(super) fn new(
        value: JsValue,
        what: &'static str,
        fields: &[&str],
    ) -> Result<Input, JsValue> {
        if value.is_null() || value.is_undefined() {
            return Ok(Input {
                object: js_sys::Object::new().into(),
                what,
            });
        }
        if !value.is_object() || js_sys::Array::is_array(&value) {
            return Err(throw(Fault::invalid_argument(format!(
                "{what} must be an object"
            ))));
        }
        for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !fields.contains(&key.as_str()) {
                return Err(throw(Fault::invalid_argument(format!(
                    "{what}: unknown field '{key}'"
                ))));
            }
        }
        Ok(Input {
            object: value,
            what,
        })
    }

    pub(super) fn get(&self, field: &str) -> JsValue {
        js_sys::Reflect::get(&self.object, &JsValue::from_str(field)).unwrap_or(JsValue::UNDEFINED)
    }

    pub(super) fn wrong(&self, field: &str, kind: &str) -> JsValue {
        throw(Fault::invalid_argument(format!(
            "{}.{field} must be {kind}",
            self.what
        )))
    }

    pub(super) fn string(&self, field: &str) -> Result<Option<String>, JsValue> {
        let value = self.get(field);
        if value.is_null() || value.is_undefined() {
            return Ok(None);
        }
        value
            .as_string()
            .map(Some)
            .ok_or_else(|| self.wrong(field, "a string"))
    }

    pub(super) fn required_string(&self, field: &str) -> Result<String, JsValue> {
        self.string(field)?
            .ok_or_else(|| self.wrong(field, "a string"))
    }

    pub(super) fn boolean(&self, field: &str) -> Result<Option<bool>, JsValue> {
        let value = self.get(field);
        if value.is_null() || value.is_undefined() {
            return Ok(None);
        }
        value
            .as_bool()
            .map(Some)
            .ok_or_else(|| self.wrong(field, "a boolean"))
    }

    pub(super) fn flag(&self, field: &str) -> Result<bool, JsValue> {
        Ok(self.boolean(field)?.unwrap_or(false))
    }
}

pub(super) fn code_text(code: &JsValue) -> Option<String> {
    code.as_string().or_else(|| {
        code.as_f64()
            .filter(|n| n.fract() == 0.0 && n.abs() < 1e15)
            .map(|n| (n as i64).to_string())
    })
}

#[wasm_bindgen]
extern "C" {
    /// A `Lang` ("ko" | "en") argument: optional in TypeScript, English when absent.
    #[wasm_bindgen(typescript_type = "Lang")]
    pub type LangTag;
}

pub(super) fn lang(value: Option<LangTag>) -> i18n::Lang {
    value
        .and_then(|tag| JsValue::from(tag).as_string())
        .as_deref()
        .and_then(i18n::Lang::parse)
        .unwrap_or(i18n::Lang::En)
}
