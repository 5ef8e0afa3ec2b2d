//! Extractors whose rejections are the API's own errors: bad JSON, wrong types and unknown
//! fields answer 400, a body over its route's limit 413, with a message saying what is wrong,
//! in the product's words (never a parser's).
//!
//! They also hold the one rule for control characters in what a visitor sends: no text of a
//! JSON body, query string or path may carry a control character other than tab, line feed
//! and carriage return (multi-line text keeps its line breaks). A NUL byte cannot be stored
//! by PostgreSQL and the others have no place in a title, a query or a name; refusing them
//! here, once, covers every field of every call.

use crate::http::error::ApiError;
use axum::body::Bytes;
use axum::extract::path::ErrorKind;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, RawPathParams, Request};
use axum::http::{header, StatusCode};
use axum::Extension;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use tidemark_core::error_screen::ErrorCode;
use tower::ServiceBuilder;

/// The most bytes a route's JSON body may have, set with [`body_limit`] (the innermost
/// router's limit wins, as axum's own does).
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);

/// What a refused body may still send before the connection is closed on it: a client sends
/// its whole body before it reads the answer, so the 413 is only read if the rest is taken.
const DRAIN_MAX: usize = 16 * 1024 * 1024;

/// The layer that limits a router's bodies to `bytes`: the JSON extractor's limit and
/// axum's for the other extractors (forms, multipart).
pub fn body_limit(
    bytes: usize,
) -> ServiceBuilder<
    tower::layer::util::Stack<
        Extension<BodyLimit>,
        tower::layer::util::Stack<DefaultBodyLimit, tower::layer::util::Identity>,
    >,
> {
    ServiceBuilder::new()
        .layer(DefaultBodyLimit::max(bytes))
        .layer(Extension(BodyLimit(bytes)))
}

/// "256 KB", "1.5 MB": a limit in the product's words.
fn in_words(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        let tenths = bytes * 10 / (1024 * 1024);
        if tenths.is_multiple_of(10) {
            format!("{} MB", tenths / 10)
        } else {
            format!("{}.{} MB", tenths / 10, tenths % 10)
        }
    } else {
        format!("{} KB", bytes / 1024)
    }
}

/// 413 with the limit: the body is refused, nothing of it was kept.
pub fn body_too_large(limit: usize) -> ApiError {
    ApiError::CodedWithStatus {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        code: ErrorCode::RequiredParameterMissing,
        message: format!(
            "the request is too large: this call takes at most {} of JSON; nothing was saved",
            in_words(limit)
        ),
    }
}

/// The body, at most the route's limit. A body over it is read on to its end (up to
/// [`DRAIN_MAX`]) and refused with 413, so the client reads the refusal instead of a closed
/// connection.
async fn read_limited(request: Request) -> Result<Bytes, ApiError> {
    let limit = request
        .extensions()
        .get::<BodyLimit>()
        .map_or(DEFAULT_BODY_LIMIT, |limit| limit.0);
    let mut stream = request.into_body().into_data_stream();
    let mut kept = Vec::new();
    let mut seen = 0usize;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::bad_request("the body could not be read: the connection broke off")
        })?;
        seen += chunk.len();
        if seen > limit {
            kept = Vec::new();
            if seen > limit + DRAIN_MAX {
                break;
            }
            continue;
        }
        kept.extend_from_slice(&chunk);
    }
    if seen > limit {
        return Err(body_too_large(limit));
    }
    Ok(Bytes::from(kept))
}

/// The limit of a body where no router set one.
pub const DEFAULT_BODY_LIMIT: usize = 256 * 1024;

/// The control character of `text` that the API refuses, if any: every Unicode control
/// character (C0, DEL, C1) but tab, line feed and carriage return.
pub fn refused_control(text: &str) -> Option<char> {
    text.chars()
        .find(|&c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

fn control_refused(place: &str, found: char) -> ApiError {
    ApiError::BadRequest(format!(
        "{place} contains a control character (U+{:04X}), which is not allowed; remove it and try again",
        u32::from(found)
    ))
}

/// `Json<T>` with the API's 400. Request types use `deny_unknown_fields`.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        if !json_content_type(&request) {
            return Err(ApiError::bad_request(
                "the body must be JSON (Content-Type: application/json)",
            ));
        }
        let bytes = read_limited(request).await?;
        check_json_text(&bytes)?;
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => Err(ApiError::BadRequest(describe(&rejection))),
        }
    }
}

fn json_content_type(request: &Request) -> bool {
    let Some(value) = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Refuses a JSON body with a control character in any string (keys too). A control
/// character can only reach a decoded string through an escape (`\u0000`, `\b`, `\f`) or,
/// for DEL and C1, raw; bodies without any of those are not parsed twice.
fn check_json_text(bytes: &[u8]) -> Result<(), ApiError> {
    let suspect = bytes
        .windows(2)
        .any(|pair| matches!(pair, [b'\\', b'u' | b'b' | b'f'] | [0xc2, 0x80..=0x9f]))
        || bytes.contains(&0x7f);
    if !suspect {
        return Ok(());
    }
    // A body that does not parse is left to the typed parse, which says why.
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        return Ok(());
    };
    match find_control(&value, &mut Vec::new()) {
        Some((path, found)) => Err(control_refused(&path, found)),
        None => Ok(()),
    }
}

/// The first string of `value` holding a refused control character: where it is (`title`,
/// `mediaTypes[1]`) and the character.
fn find_control(value: &serde_json::Value, path: &mut Vec<String>) -> Option<(String, char)> {
    let place = |path: &[String]| {
        if path.is_empty() {
            "the body".to_string()
        } else {
            format!("the field {}", path.concat().trim_start_matches('.'))
        }
    };
    match value {
        serde_json::Value::String(text) => refused_control(text).map(|c| (place(path), c)),
        serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            path.push(format!("[{i}]"));
            let found = find_control(item, path);
            path.pop();
            found
        }),
        serde_json::Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            if let Some(c) = refused_control(key) {
                return Some(("a field name".to_string(), c));
            }
            path.push(format!(".{key}"));
            let found = find_control(item, path);
            path.pop();
            found
        }),
        _ => None,
    }
}

fn describe(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::JsonSyntaxError(error) => match position(&error.body_text()) {
            Some(at) => format!("malformed JSON ({at})"),
            None => "malformed JSON".into(),
        },
        JsonRejection::JsonDataError(error) => {
            let text = error.body_text();
            let text = text
                .trim_start_matches("Failed to deserialize the JSON body into the target type: ");
            let (field, message) = split_path(strip_position(text));
            match field {
                Some(field) => format!("invalid field {field}: {}", serde_words(message)),
                None if message.starts_with("invalid type") => {
                    "invalid field: the body must be a JSON object".into()
                }
                None => format!("invalid field: {}", serde_words(message)),
            }
        }
        JsonRejection::MissingJsonContentType(_) => {
            "the body must be JSON (Content-Type: application/json)".into()
        }
        _ => "the body could not be read".into(),
    }
}

/// `line 1, column 10` from serde_json's "… at line 1 column 10".
fn position(text: &str) -> Option<String> {
    let (_, at) = text.rsplit_once(" at line ")?;
    let (line, column) = at.split_once(" column ")?;
    Some(format!("line {line}, column {column}"))
}

fn strip_position(text: &str) -> &str {
    text.rsplit_once(" at line ")
        .map_or(text, |(message, _)| message)
}

/// serde_path_to_error's "field.path: message" as (path, message); `.` is the whole value.
fn split_path(text: &str) -> (Option<&str>, &str) {
    match text.split_once(": ") {
        Some((path, message)) if path != "." && !path.contains(' ') && !path.is_empty() => {
            (Some(path), message)
        }
        Some((".", message)) => (None, message),
        _ => (None, text),
    }
}

/// The name between the first pair of backticks of a serde message.
fn quoted(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once('`')?;
    rest.split_once('`').map(|(name, _)| name)
}

/// A serde message in the product's words: what was expected, never a Rust type.
fn serde_words(message: &str) -> String {
    if message.starts_with("unknown field") {
        return match quoted(message) {
            Some(name) => format!("unknown field {name}"),
            None => "unknown field".into(),
        };
    }
    if message.starts_with("missing field") {
        return match quoted(message) {
            Some(name) => format!("{name} is required"),
            None => "a required field is missing".into(),
        };
    }
    if message.starts_with("duplicate field") {
        return match quoted(message) {
            Some(name) => format!("{name} is given more than once"),
            None => "a field is given more than once".into(),
        };
    }
    let expected = message
        .rsplit_once("expected ")
        .map(|(_, expected)| expected)
        .unwrap_or_default();
    if expected.contains("string") || expected.contains("char") {
        "must be text".into()
    } else if expected.contains("bool") {
        "must be true or false".into()
    } else if expected.contains("sequence") || expected.contains("Vec") {
        "must be a list".into()
    } else if expected.contains("struct") || expected.contains("map") {
        "must be an object".into()
    } else if message.contains("digit")
        || message.contains("number")
        || [
            "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "integer",
        ]
        .iter()
        .any(|t| expected.contains(t))
    {
        "must be a number in range".into()
    } else if message.starts_with("unknown variant") {
        "is not one of the accepted values".into()
    } else {
        "has a value of the wrong form".into()
    }
}

/// `Query<T>` with the API's 400 (a number out of range, a wrong type, a parameter given
/// twice, a control character).
pub struct Query<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        let raw = parts.uri.query().unwrap_or_default();
        for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
            if let Some(found) = refused_control(&name) {
                return Err(control_refused("a query parameter name", found));
            }
            if let Some(found) = refused_control(&value) {
                return Err(control_refused(
                    &format!("the query parameter {name}"),
                    found,
                ));
            }
        }
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(ApiError::BadRequest(describe_query(&rejection))),
        }
    }
}

fn describe_query(rejection: &QueryRejection) -> String {
    let text = rejection.body_text();
    let text = text.trim_start_matches("Failed to deserialize query string: ");
    let (field, message) = split_path(text);
    if message.starts_with("duplicate field") {
        return match quoted(message) {
            Some(name) => format!("the query string has a duplicate parameter {name}"),
            None => "the query string has a duplicate parameter".into(),
        };
    }
    if message.starts_with("unknown field") {
        return match quoted(message) {
            Some(name) => format!("unknown query parameter {name}"),
            None => "unknown query parameter".into(),
        };
    }
    if message.starts_with("missing field") {
        return match quoted(message) {
            Some(name) => format!("the query parameter {name} is required"),
            None => "a required query parameter is missing".into(),
        };
    }
    match field {
        Some(field) => format!("the query parameter {field} {}", serde_words(message)),
        None => format!("a query parameter {}", serde_words(message)),
    }
}

/// `Path<T>` with the API's 400 (an id that is not a number, a control character).
pub struct Path<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        if let Ok(params) = RawPathParams::from_request_parts(parts, state).await {
            for (_, value) in &params {
                if let Some(found) = refused_control(value) {
                    return Err(control_refused("the address", found));
                }
            }
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(ApiError::BadRequest(describe_path(&rejection))),
        }
    }
}

fn describe_path(rejection: &PathRejection) -> String {
    let PathRejection::FailedToDeserializePathParams(error) = rejection else {
        return "the address is not valid".into();
    };
    let kind = |expected: &str| {
        if expected.starts_with('i') || expected.starts_with('u') || expected.starts_with('f') {
            "must be a number"
        } else {
            "has a value of the wrong form"
        }
    };
    match error.kind() {
        ErrorKind::ParseErrorAtKey {
            key, expected_type, ..
        } => format!("the address part {key} {}", kind(expected_type)),
        ErrorKind::ParseErrorAtIndex { expected_type, .. }
        | ErrorKind::ParseError { expected_type, .. } => {
            format!("a part of the address {}", kind(expected_type))
        }
        ErrorKind::InvalidUtf8InPathParam { .. } => "the address is not valid UTF-8".into(),
        _ => "the address is not valid".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_but_line_breaks_and_tabs_are_refused() {
        assert_eq!(refused_control("제목\u{0}"), Some('\u{0}'));
        assert_eq!(refused_control("a\u{1b}[31m"), Some('\u{1b}'));
        assert_eq!(refused_control("del\u{7f}"), Some('\u{7f}'));
        assert_eq!(refused_control("c1\u{85}"), Some('\u{85}'));
        assert_eq!(refused_control("한 줄\n두 줄\r\n\t들여쓰기"), None);
        assert_eq!(refused_control("\u{fffe}\u{ffff}"), None);
    }

    #[test]
    fn json_bodies_are_checked_in_every_string_and_key() {
        let refused = |body: &str| check_json_text(body.as_bytes()).unwrap_err().to_string();
        assert!(refused(r#"{"title":"a\u0000b"}"#)
            .starts_with("the field title contains a control character (U+0000)"));
        assert!(refused(r#"{"mediaTypes":["ONLINE","\b"]}"#)
            .starts_with("the field mediaTypes[1] contains"));
        assert!(refused(r#"{"a":{"b":"\u001F"}}"#).starts_with("the field a.b contains"));
        assert!(refused("{\"x\":\"\u{85}\"}").contains("U+0085"));
        assert!(refused(r#"{"\u0007":1}"#).starts_with("a field name contains"));
        assert!(refused(r#""\f""#).starts_with("the body contains"));
        for fine in [
            r#"{"body":"line\nline\r\n\ttab","t":"\\u0000 is text","n":1}"#,
            r#"{"title":"\ufffe"}"#,
            r#"{"broken":"#,
        ] {
            assert!(check_json_text(fine.as_bytes()).is_ok(), "{fine}");
        }
    }

    #[test]
    fn serde_messages_become_product_words() {
        assert_eq!(
            serde_words("invalid type: integer `42`, expected a string"),
            "must be text"
        );
        assert_eq!(
            serde_words("invalid digit found in string"),
            "must be a number in range"
        );
        assert_eq!(
            serde_words("unknown field `isAdmin`, expected one of `a`, `b`"),
            "unknown field isAdmin"
        );
        assert_eq!(
            split_path("size: invalid digit found in string"),
            (Some("size"), "invalid digit found in string")
        );
        assert_eq!(
            split_path(".: invalid type: sequence"),
            (None, "invalid type: sequence")
        );
        assert_eq!(
            position("EOF while parsing an object at line 1 column 10").as_deref(),
            Some("line 1, column 10")
        );
    }
}
