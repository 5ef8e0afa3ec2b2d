//! POST /visit/v1 and /click/v1. `navigator.sendBeacon` sends them without custom headers and
//! often as text/plain, so the body is read as JSON whatever its content type, and the CSRF
//! guard lets them through (they change nothing but counts).
//!
//! Both go through the event sink like every other event (one insert path): the answer comes
//! once the batch holding the event is committed. Who they count for, and how many a client
//! may send, is `visitor`'s rule: a call without a session or a guest id this server issued
//! is answered 200 as SPEC's beacons are, and stores nothing.

use super::device::DeviceInfo;
use super::visitor::{Admitted, Sender};
use crate::event_sink::EventKind;
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(visit))
        .routes(routes!(click))
}

fn parse<T: DeserializeOwned>(body: &Bytes) -> ApiResult<T> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("invalid beacon: {e}")))
}

pub(super) fn check_offset(offset: i32) -> ApiResult<i32> {
    if tidemark_core::calendar::is_utc_offset(offset) {
        Ok(offset)
    } else {
        Err(ApiError::bad_request(
            "offset must be minutes east of UTC (-720 to 840)",
        ))
    }
}

/// SPEC §3 visit record: offset, accessToken, tmaId, device info (the core's `visitRecord`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Visit {
    offset: i32,
    /// Not read: the session comes from the `tma` cookie or the `_tma_token` header.
    #[serde(default)]
    access_token: Option<String>,
    /// The guest id; counted only if this server issued it.
    #[serde(default)]
    tma_id: Option<String>,
    #[serde(flatten)]
    device: DeviceInfo,
}

#[utoipa::path(
        post,
        path = "/visit/v1",
        tag = "analytics",
        request_body = Visit,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses(
            (status = 200, description = "recorded, or not counted (no session and no guest id this server issued)", body = Ok<NoData>),
            (status = 400, body = ErrorBody),
            (status = 429, description = "too many analytics events from this address or visitor", body = ErrorBody)
        )
    )]
async fn visit(
    State(state): State<AppState>,
    sender: Sender,
    body: Bytes,
) -> ApiResult<Ok<NoData>> {
    let visit: Visit = parse(&body)?;
    let device = visit.device.check(true).map_err(ApiError::bad_request)?;
    let offset = check_offset(visit.offset)?;
    let _ = &visit.access_token;
    if let Admitted::Visitor(visitor) = sender.admit(&state, &[visit.tma_id.as_deref()], 1).await? {
        state
            .events
            .submit(vec![visitor.event(EventKind::Visit, device, offset)])
            .await?;
    }
    Ok(ok(None))
}

/// SPEC §3 click record: postSeq, offset, tmsId, accessToken; device info if the client has it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Click {
    post_seq: i64,
    offset: i32,
    /// The page's analysis id; counted as the guest only if it is a guest id this server
    /// issued (otherwise the `tma_id` cookie or `_tma_id` header is the guest).
    #[serde(default)]
    tms_id: Option<String>,
    /// Not read, as in the visit record.
    #[serde(default)]
    access_token: Option<String>,
    #[serde(flatten)]
    device: DeviceInfo,
}

#[utoipa::path(
        post,
        path = "/click/v1",
        tag = "analytics",
        request_body = Click,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses(
            (status = 200, description = "recorded, or not counted (no session and no guest id this server issued)", body = Ok<NoData>),
            (status = 400, body = ErrorBody),
            (status = 429, description = "too many analytics events from this address or visitor", body = ErrorBody)
        )
    )]
async fn click(
    State(state): State<AppState>,
    sender: Sender,
    body: Bytes,
) -> ApiResult<Ok<NoData>> {
    let click: Click = parse(&body)?;
    if click.post_seq <= 0 {
        return Err(ApiError::bad_request("postSeq must be a positive id"));
    }
    let device = click.device.check(false).map_err(ApiError::bad_request)?;
    let offset = check_offset(click.offset)?;
    let _ = &click.access_token;
    let Admitted::Visitor(visitor) = sender.admit(&state, &[click.tms_id.as_deref()], 1).await?
    else {
        return Ok(ok(None));
    };
    // The business is filled in when the post is known, so the roll-up can count the click;
    // an unknown post is still recorded, as this beacon always has.
    let business_id = crate::analytics::posts_of(&state, &[click.post_seq])
        .await?
        .get(&click.post_seq)
        .map(|post| post.business_id);
    let mut event = visitor.event(EventKind::Click, device, offset);
    event.post_id = Some(click.post_seq);
    event.business_id = business_id;
    state.events.submit(vec![event]).await?;
    Ok(ok(None))
}
