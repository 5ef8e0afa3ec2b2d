//! The rules of the session calls: ending a session, issuing a guest id, checking the tokens.

use super::session::{self, presented, presented_refresh, Issued};
use crate::entities::{guest_sessions, refresh_token_families as families};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use crate::tokens::RENEW_WHEN_LEFT_SECS;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use tidemark_core::cookies::ACCESS_TOKEN;

/// Revokes the family of the presented refresh token, or else of the presented access token.
pub(super) async fn logout(
    state: &AppState,
    headers: &HeaderMap,
    jar: &CookieJar,
) -> ApiResult<()> {
    let mut family = match presented_refresh(headers, jar) {
        Some(refresh) => session::family_of(state, &refresh).await?,
        None => None,
    };
    if family.is_none() {
        family = presented(headers, jar, ACCESS_TOKEN, "_tma_token")
            .and_then(|token| state.tokens.verify_access(&token, Utc::now().timestamp()))
            .map(|claims| claims.fam);
    }
    if let Some(family) = family {
        session::revoke_family(&state.db, family, "logout").await?;
    }
    Ok(())
}

/// A new guest id, signed by this server and kept for 24 hours.
pub(super) async fn guest_token(state: &AppState, ip: &str) -> ApiResult<String> {
    RateLimits::check(&state.limits.guest_ip, ip, "guest ids").await?;
    let now = Utc::now();
    let session_id = state.tokens.issue_guest_id(now.timestamp());
    guest_sessions::ActiveModel {
        session_id: Set(session_id.clone()),
        device: Set(None),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(tidemark_core::cookies::GUEST_MAX_AGE_SECS)),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(session_id)
}

/// What the token check found.
pub(super) enum TokenCheck {
    /// The access token is still good for a while: nothing changes.
    Fresh,
    /// The refresh token was rotated: new tokens for new cookies.
    Rotated(Issued),
    /// There is no session to go on with (the error says why): the cookies go.
    Ended(ApiError),
}

/// SPEC §4: a still-fresh access token of a live family is left alone, otherwise the refresh
/// token is rotated.
pub(super) async fn check_tokens(
    state: &AppState,
    headers: &HeaderMap,
    jar: &CookieJar,
) -> ApiResult<TokenCheck> {
    let now = Utc::now().timestamp();
    if let Some(claims) = presented(headers, jar, ACCESS_TOKEN, "_tma_token")
        .and_then(|t| state.tokens.verify_access(&t, now))
    {
        let family_active = families::Entity::find_by_id(claims.fam)
            .one(&state.db)
            .await?
            .is_some_and(|f| f.revoked_at.is_none());
        if family_active && claims.exp - now > RENEW_WHEN_LEFT_SECS {
            return Ok(TokenCheck::Fresh);
        }
    }
    let Some(refresh) = presented_refresh(headers, jar) else {
        return Ok(TokenCheck::Ended(ApiError::Unauthorized(
            "no session".into(),
        )));
    };
    Ok(match session::rotate(state, &refresh).await {
        Ok(issued) => TokenCheck::Rotated(issued),
        Err(error) => TokenCheck::Ended(error),
    })
}
