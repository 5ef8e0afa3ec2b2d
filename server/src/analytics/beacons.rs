//! POST /visit/v1 and /click/v1. `navigator.sendBeacon` sends them without custom headers and
//! often as text/plain, so the body is read as JSON whatever its content type, and the CSRF
//! guard lets them through (they change nothing but counts).
//!
//! Both go through the event sink like every other event (one insert path): the answer comes
//! once the batch holding the event is committed.

use super::events::Event;
use crate::auth::MaybeAuthUser;
use crate::envelope::NoData;
use crate::envelope::{ok, Ok};
use crate::error::{ApiError, ApiResult};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum_extra::extract::cookie::CookieJar;
use chrono::{FixedOffset, Utc};
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

/// The day an event counts on: Korean time, as the businesses read their analytics.
pub fn kst_day(now: chrono::DateTime<Utc>) -> String {
    let kst = FixedOffset::east_opt(9 * 3600).expect("KST is a valid offset");
    now.with_timezone(&kst).format("%Y-%m-%d").to_string()
}

pub(super) fn check_offset(offset: i32) -> ApiResult<i32> {
    if (-720..=840).contains(&offset) {
        Ok(offset)
    } else {
        Err(ApiError::bad_request(
            "offset must be minutes east of UTC (-720 to 840)",
        ))
    }
}

pub(super) fn clip(value: Option<String>, max: usize) -> Option<String> {
    value
        .map(|v| v.trim().chars().take(max).collect::<String>())
        .filter(|v| !v.is_empty())
}

/// SPEC §3 visit record: offset, accessToken, tmaId, device info (the core's `visitRecord`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Visit {
    offset: i32,
    #[serde(default)]
    access_token: Option<String>,
    #[serde(default)]
    tma_id: Option<String>,
    device_type: String,
    #[serde(default)]
    device_os: Option<String>,
    #[serde(default)]
    browser: Option<String>,
    #[serde(default)]
    browser_ver: Option<String>,
    #[serde(default)]
    os_version: Option<String>,
}

pub(super) const DEVICE_TYPES: [&str; 4] = ["TABLET", "MOBILE", "PC", "APP"];

#[utoipa::path(
        post,
        path = "/visit/v1",
        tag = "analytics",
        request_body = Visit,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody))
    )]
async fn visit(
    State(state): State<AppState>,
    user: MaybeAuthUser,
    jar: CookieJar,
    body: Bytes,
) -> ApiResult<Ok<NoData>> {
    let visit: Visit = parse(&body)?;
    if !DEVICE_TYPES.contains(&visit.device_type.as_str()) {
        return Err(ApiError::bad_request(
            "deviceType must be TABLET, MOBILE, PC or APP",
        ));
    }
    let _ = (&visit.access_token, &visit.browser_ver, &visit.os_version);
    let now = Utc::now();
    let guest = clip(visit.tma_id, 64).or_else(|| {
        jar.get(tidemark_core::cookies::GUEST_ID)
            .map(|c| c.value().to_string())
    });
    let event = Event {
        kind: "visit",
        post_id: None,
        business_id: None,
        member_id: user.0.map(|u| u.member.id),
        guest_id: guest,
        device_type: visit.device_type,
        device_os: clip(visit.device_os, 16),
        browser: clip(visit.browser, 64),
        offset_minutes: check_offset(visit.offset)?,
        occurred_at: now,
        detail: None,
    };
    state.events.submit(vec![event]).await?;
    Ok(ok(None))
}

/// SPEC §3 click record: postSeq, offset, tmsId, accessToken.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Click {
    post_seq: i64,
    offset: i32,
    #[serde(default)]
    tms_id: Option<String>,
    #[serde(default)]
    access_token: Option<String>,
}

#[utoipa::path(
        post,
        path = "/click/v1",
        tag = "analytics",
        request_body = Click,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody))
    )]
async fn click(
    State(state): State<AppState>,
    user: MaybeAuthUser,
    jar: CookieJar,
    body: Bytes,
) -> ApiResult<Ok<NoData>> {
    let click: Click = parse(&body)?;
    if click.post_seq <= 0 {
        return Err(ApiError::bad_request("postSeq must be a positive id"));
    }
    let _ = &click.access_token;
    let now = Utc::now();
    let guest = clip(click.tms_id, 64).or_else(|| {
        jar.get(tidemark_core::cookies::GUEST_ID)
            .map(|c| c.value().to_string())
    });
    let offset_minutes = check_offset(click.offset)?;
    // The business is filled in when the post is known, so the roll-up can count the click;
    // an unknown post is still recorded, as this beacon always has.
    let business_id = state
        .events
        .posts(&[click.post_seq])
        .await?
        .get(&click.post_seq)
        .map(|post| post.business_id);
    let event = Event {
        kind: "click",
        post_id: Some(click.post_seq),
        business_id,
        member_id: user.0.map(|u| u.member.id),
        guest_id: guest,
        device_type: "UNKNOWN".into(),
        device_os: None,
        browser: None,
        offset_minutes,
        occurred_at: now,
        detail: None,
    };
    state.events.submit(vec![event]).await?;
    Ok(ok(None))
}
