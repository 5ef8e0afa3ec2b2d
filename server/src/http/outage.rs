//! The circuit for the database: while it cannot be reached ([`Reach`]), no call waits for it.
//!
//! - A call that would write is answered at once: 503, `Retry-After`, the product's words.
//!   Waiting for a connection could only end in the same answer, later, holding the reader
//!   and a task meanwhile. The analytics intakes ([`HELD_WHILE_AWAY`]) are the exception:
//!   their events are held in memory and written when the database returns
//!   (`crate::event_sink`).
//! - A read goes on: what this process holds (lists, pages, posts, search) is served from
//!   memory within milliseconds. A read that needs the database is answered the same 503
//!   once it has waited [`READ_GRACE`], instead of the pool's time-out.
//! - A call under way when the loss is noticed gets the same grace from that moment
//!   ([`WRITE_GRACE`] for a write, which cannot commit any more), so that one which needs
//!   several statements does not wait the pool's time-out for each of them.

use crate::db::reach::Reach;
use crate::http::error::ApiError;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The calls whose writes are held while the database is away instead of refused: the
/// reader's events, sent as beacons that never read the answer.
pub const HELD_WHILE_AWAY: [&str; 3] = ["/api/v1/events", "/visit/v1", "/click/v1"];

/// How long a read may go on once the database is seen away: a held answer takes a few
/// milliseconds, so a read still going after this is waiting for the database. Generous
/// enough for a held answer slowed by a busy processor, and short enough that a read which
/// needs the database is refused within a second.
pub const READ_GRACE: Duration = Duration::from_millis(700);

/// How long a write under way may go on once the database is seen away: enough to send an
/// answer already made, while a write still waiting on the database cannot commit.
pub const WRITE_GRACE: Duration = Duration::from_millis(300);

/// The most of a refused write's body read before it is answered: a body left unread would
/// cost the client its connection, and the answer with it.
const DRAINED: usize = 32 * 1024 * 1024;

pub async fn circuit(State(reach): State<Arc<Reach>>, request: Request, next: Next) -> Response {
    if HELD_WHILE_AWAY.contains(&request.uri().path()) {
        return next.run(request).await;
    }
    let reads = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if !reads && !reach.up() {
        let _ = axum::body::to_bytes(request.into_body(), DRAINED).await;
        return ApiError::database_away().into_response();
    }
    let grace = if reads { READ_GRACE } else { WRITE_GRACE };
    tokio::select! {
        biased;
        answer = next.run(request) => answer,
        () = cut(reach.follow(), grace) => ApiError::database_away().into_response(),
    }
}

/// Ends once the database has been seen away for `grace` without a return between.
async fn cut(mut up: watch::Receiver<bool>, grace: Duration) {
    loop {
        if up.wait_for(|up| !*up).await.is_err() {
            return std::future::pending().await;
        }
        tokio::time::sleep(grace).await;
        if !*up.borrow_and_update() {
            return;
        }
    }
}
