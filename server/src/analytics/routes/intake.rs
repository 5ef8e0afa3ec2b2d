//! `POST /api/v1/events`: what readers do on a post (view, click, share, read to the end),
//! in batches of up to 50, answered once they are committed.
//!
//! The page sends them with `fetch` or, when it is closing, `navigator.sendBeacon`, which
//! can set no header and sends `text/plain`: so the body is read as JSON whatever its content
//! type, and the CSRF guard lets this path through (it changes nothing but counts).
//!
//! The request is checked as a whole (400 when any event is malformed: an unknown kind, a
//! bad device type, a channel on something other than a share, more than 50 events, no
//! visitor). Events naming an unknown post or one readers cannot see are refused one by
//! one; the answer counts both (`{accepted, refused}`), and is 400 only when none is
//! accepted. The posts' businesses come from the sink's post cache: one query per batch at
//! most, none when the posts are known.

use crate::analytics::service::intake::{self as service, Accepted, EventsRequest};
use crate::analytics::visitor::Sender;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::analytics) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(intake))
}

#[utoipa::path(
        post,
        path = "/api/v1/events",
        tag = "analytics",
        request_body(content = EventsRequest, description = "JSON, whatever the content type (sendBeacon sends text/plain)"),
        params(
            ("_tma_id" = Option<String>, Header, description = "the guest id this server issued, when not in the `tma_id` cookie; a signed-in member needs none"),
        ),
        responses(
            (status = 200, description = "stored (committed) before the answer", body = Ok<Accepted>),
            (status = 400, description = "a malformed event, more than 50, no visitor (no session, no guest id this server issued), or no event about a published post", body = ErrorBody),
            (status = 429, description = "too many analytics events from this address or visitor", body = ErrorBody),
            (status = 500, body = ErrorBody)
        )
    )]
async fn intake(
    State(state): State<AppState>,
    sender: Sender,
    body: Bytes,
) -> ApiResult<Ok<Accepted>> {
    let request: EventsRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("invalid events: {e}")))?;
    Ok(ok(service::record(&state, sender, request).await?))
}
