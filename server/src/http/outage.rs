//! The circuit for the database: while it cannot be reached ([`Reach`]), no call waits for it.
//!
//! - A call that would write is answered at once: 503, `Retry-After`, the product's words.
//!   Waiting for a connection could only end in the same answer, later, holding the reader
//!   and a task meanwhile. The analytics intakes ([`HELD_WHILE_AWAY`]) are the exception:
//!   their events are held in memory and written when the database returns
//!   (`crate::events`).
//! - A read goes on: what this process holds (lists, pages, posts, search) is served from
//!   memory within milliseconds. A read that needs the database is answered the same 503
//!   once it has waited [`READ_GRACE`], instead of the pool's time-out.

use crate::db::reach::Reach;
use crate::http::error::ApiError;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;

/// The calls whose writes are held while the database is away instead of refused: the
/// reader's events, sent as beacons that never read the answer.
pub const HELD_WHILE_AWAY: [&str; 3] = ["/api/v1/events", "/visit/v1", "/click/v1"];

/// How long a read that began while the database was away may go on: a held answer takes a
/// few milliseconds, so a read still going after this is waiting for the database. (A read
/// that began before the loss was noticed ends within the pool's time-out, and may still be
/// answered from what is held when its query fails.)
pub const READ_GRACE: Duration = Duration::from_millis(300);

/// The most of a refused write's body read before it is answered: a body left unread would
/// cost the client its connection, and the answer with it.
const DRAINED: usize = 32 * 1024 * 1024;

pub async fn circuit(State(reach): State<Arc<Reach>>, request: Request, next: Next) -> Response {
    if reach.up() {
        return next.run(request).await;
    }
    let reads = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if reads {
        return match tokio::time::timeout(READ_GRACE, next.run(request)).await {
            Ok(answer) => answer,
            Err(_) => ApiError::database_away().into_response(),
        };
    }
    if HELD_WHILE_AWAY.contains(&request.uri().path()) {
        return next.run(request).await;
    }
    let _ = axum::body::to_bytes(request.into_body(), DRAINED).await;
    ApiError::database_away().into_response()
}
