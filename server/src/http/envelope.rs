//! Successful answers: `{code: "0", message: "success", data}`.

use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Ok<T: Serialize> {
    /// "0"
    #[schema(example = "0")]
    pub code: &'static str,
    #[schema(example = "success")]
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

/// The `data` of answers that carry none: always null.
pub type NoData = Option<Empty>;

/// Never present: `NoData` is always null.
#[derive(Debug, Serialize, ToSchema)]
pub struct Empty {}
