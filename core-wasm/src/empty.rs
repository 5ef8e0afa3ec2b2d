//! The empty check of SPEC §5.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// The part of a value the empty check looks at. It deserialises from any self-describing
/// format (JSON on the server, a JavaScript value in the browser) without keeping the content
/// of containers, only their length.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// `null`, `undefined`, a missing value.
    Absent,
    Text(String),
    Number,
    Bool,
    Sequence(usize),
    Map(usize),
}

/// Null, undefined, empty or whitespace-only strings, empty objects and empty arrays are empty;
/// numbers and booleans never are (zero and `false` are values).
pub fn is_empty(value: &Shape) -> bool {
    match value {
        Shape::Absent => true,
        Shape::Text(text) => text.trim().is_empty(),
        Shape::Sequence(len) | Shape::Map(len) => *len == 0,
        Shape::Number | Shape::Bool => false,
    }
}

/// The same rule for a string a caller already holds.
pub fn is_blank(text: Option<&str>) -> bool {
    text.is_none_or(|text| text.trim().is_empty())
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ShapeVisitor)
    }
}

struct ShapeVisitor;

impl<'de> Visitor<'de> for ShapeVisitor {
    type Value = Shape;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Shape, E> {
        Ok(Shape::Absent)
    }
    fn visit_none<E: de::Error>(self) -> Result<Shape, E> {
        Ok(Shape::Absent)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Shape, D::Error> {
        d.deserialize_any(ShapeVisitor)
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Shape, E> {
        Ok(Shape::Bool)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Shape, E> {
        Ok(Shape::Number)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Shape, E> {
        Ok(Shape::Number)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Shape, E> {
        Ok(Shape::Number)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Shape, E> {
        Ok(Shape::Text(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Shape, E> {
        Ok(Shape::Text(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shape, A::Error> {
        let mut len = 0;
        while seq.next_element::<de::IgnoredAny>()?.is_some() {
            len += 1;
        }
        Ok(Shape::Sequence(len))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Shape, A::Error> {
        let mut len = 0;
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {
            len += 1;
        }
        Ok(Shape::Map(len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(json: &str) -> Shape {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn absent_blank_and_hollow_values_are_empty() {
        for json in ["null", r#""""#, r#""   \t\n""#, "{}", "[]"] {
            assert!(is_empty(&shape(json)), "{json} should be empty");
        }
    }

    #[test]
    fn values_with_content_are_not_empty() {
        for json in [
            "0",
            "false",
            "true",
            "-1.5",
            r#"" a ""#,
            r#"{"a":null}"#,
            "[null]",
            r#""0""#,
        ] {
            assert!(!is_empty(&shape(json)), "{json} should not be empty");
        }
    }

    #[test]
    fn blank_strings() {
        assert!(is_blank(None));
        assert!(is_blank(Some(" \u{3000}")));
        assert!(!is_blank(Some("가")));
    }
}
