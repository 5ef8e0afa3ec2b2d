//! Successful answers: `{code: "0", message: "success", data}`.

use axum::response::{IntoResponse, Response};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct Ok<T: Serialize> {
    pub code: &'static str,
    pub message: &'static str,
    pub data: T,
}

pub fn ok<T: Serialize>(data: T) -> Ok<T> {
    Ok {
        code: "0",
        message: "success",
        data,
    }
}

impl<T: Serialize> IntoResponse for Ok<T> {
    fn into_response(self) -> Response {
        axum::Json(self).into_response()
    }
}
