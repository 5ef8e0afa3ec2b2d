//! Extractors whose rejections are the API's own errors: bad JSON, wrong types, unknown
//! fields and oversize bodies answer 400 with a message saying what is wrong.

use crate::error::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

/// `Json<T>` with the API's 400. Request types use `deny_unknown_fields`.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => Err(ApiError::BadRequest(describe(&rejection))),
        }
    }
}

fn describe(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "the body must be JSON (Content-Type: application/json)".into()
        }
        JsonRejection::JsonSyntaxError(error) => format!(
            "malformed JSON: {}",
            error
                .body_text()
                .trim_start_matches("Failed to parse the request body as JSON: ")
        ),
        JsonRejection::JsonDataError(error) => {
            format!(
                "invalid field: {}",
                error.body_text().trim_start_matches(
                    "Failed to deserialize the JSON body into the target type: "
                )
            )
        }
        JsonRejection::BytesRejection(_) => "the body could not be read (too large?)".into(),
        other => other.body_text(),
    }
}

/// `Query<T>` with the API's 400 (a number out of range, a wrong type).
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
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(ApiError::BadRequest(format!(
                "invalid query parameter: {}",
                rejection
                    .body_text()
                    .trim_start_matches("Failed to deserialize query string: ")
            ))),
        }
    }
}

/// `Path<T>` with the API's 400 (an id that is not a number).
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
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(ApiError::BadRequest(format!(
                "invalid path parameter: {}",
                rejection.body_text()
            ))),
        }
    }
}
