//! The member's signed-in sessions, as my page lists them: each browser or app signed in
//! (its device as the sign-in described it), when it started and was last seen, and which one
//! is this one; the member ends any of them, or every one but this. An ended session's refresh
//! token fails at once and its access token with the next call, on every process: both are
//! checked against the session's row (`auth::session`).

use crate::auth::{session, AuthUser};
use crate::entities::refresh_token_families as families;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::two_step::service::record;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

/// One signed-in session.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct SignedInSession {
    id: i64,
    /// `PC` | `MOBILE` | `TABLET` | `APP`, as the sign-in said; null when it did not.
    device_type: Option<String>,
    /// The operating system, as the sign-in said.
    device_os: Option<String>,
    /// The browser and its version, as the sign-in said.
    browser: Option<String>,
    started_at: DateTime<Utc>,
    last_seen_at: DateTime<Utc>,
    /// Kept signed in (30 days) rather than for the browser's session (12 hours).
    keep_signed_in: bool,
    /// The session this call came from.
    current: bool,
}

/// The member's live sessions, the latest seen first: not ended, and seen within the life of
/// their refresh token.
pub(in crate::members) async fn list(
    state: &AppState,
    user: &AuthUser,
) -> ApiResult<Vec<SignedInSession>> {
    let now = Utc::now();
    let rows = families::Entity::find()
        .filter(families::Column::MemberId.eq(user.member.id))
        .filter(families::Column::RevokedAt.is_null())
        .order_by_desc(families::Column::LastUsedAt)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .filter(|row| {
            let lifetime = tidemark_core::cookies::refresh_lifetime_secs(row.auto_login);
            row.last_used_at + Duration::seconds(lifetime) > now
        })
        .map(|row| {
            let device = row.device.as_ref();
            SignedInSession {
                id: row.id,
                device_type: session::device_field(device, "deviceType"),
                device_os: session::device_field(device, "deviceOs"),
                browser: session::device_browser(device),
                started_at: row.created_at,
                last_seen_at: row.last_used_at,
                keep_signed_in: row.auto_login,
                current: row.id == user.family_id,
            }
        })
        .collect())
}

/// Ends one of the member's sessions (another member's, or one already ended, is not found).
pub(in crate::members) async fn end(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<()> {
    let ended = families::Entity::find_by_id(id)
        .filter(families::Column::MemberId.eq(user.member.id))
        .filter(families::Column::RevokedAt.is_null())
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such session of yours".into()))?;
    session::revoke_family(&state.db, ended.id, "ended by the member").await?;
    record(
        &state.db,
        user.member.id,
        "SESSION_ENDED",
        Some(format!("session {}", ended.id)),
        Utc::now(),
    )
    .await?;
    Ok(())
}

/// Ends every session of the member but this one; answers how many ended.
pub(in crate::members) async fn end_others(state: &AppState, user: &AuthUser) -> ApiResult<u64> {
    let ended = session::revoke_all_but(
        &state.db,
        user.member.id,
        user.family_id,
        "ended by the member",
    )
    .await?;
    if ended > 0 {
        record(
            &state.db,
            user.member.id,
            "OTHER_SESSIONS_ENDED",
            Some(format!("{ended} sessions")),
            Utc::now(),
        )
        .await?;
    }
    Ok(ended)
}
