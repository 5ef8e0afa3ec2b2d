//! While the database cannot be reached ([`Reach`]), a call that would write is answered at
//! once: 503, `Retry-After`, the product's words. Waiting for a connection could only end in
//! the same answer, later, holding the reader and a task meanwhile. Reads go on: what this
//! process holds (lists, pages, posts, search) is served from memory, and a read that needs
//! the database fails within the pool's time-out with the same answer.

use crate::db::reach::Reach;
use crate::http::error::ApiError;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

pub async fn writes_wait(
    State(reach): State<Arc<Reach>>,
    request: Request,
    next: Next,
) -> Response {
    let reads = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if !reads && !reach.up() {
        return ApiError::database_away().into_response();
    }
    next.run(request).await
}
