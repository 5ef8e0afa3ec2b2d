//! The feeds' handlers: each asks the service for its text and answers it with its type.

use super::service;
use crate::http::error::ApiResult;
use crate::http::extract::Path;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

const XML: &str = "application/xml; charset=utf-8";
const RSS: &str = "application/rss+xml; charset=utf-8";

/// A feed's or sitemap's answer: kept by browsers and crawlers for five minutes.
fn xml(body: String, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        body,
    )
        .into_response()
}

pub(super) async fn robots(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        service::robots(&state),
    )
        .into_response()
}

pub(super) async fn sitemap_index(State(state): State<AppState>) -> Response {
    xml(service::sitemap_index(&state), XML)
}

pub(super) async fn sitemap(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Response> {
    Ok(xml(service::sitemap(&state, &name).await?, XML))
}

pub(super) async fn feed_all(State(state): State<AppState>) -> ApiResult<Response> {
    Ok(xml(service::feed_all(&state).await?, RSS))
}

pub(super) async fn feed_category(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> ApiResult<Response> {
    Ok(xml(service::feed_category(&state, &file).await?, RSS))
}

pub(super) async fn feed_business(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> ApiResult<Response> {
    Ok(xml(service::feed_business(&state, &file).await?, RSS))
}
