//! The session calls of SPEC §7, exactly as written there.

use super::accounts::{profile_of, Profile};
use super::cookies;
use super::session::{self, presented, presented_refresh, AuthUser};
use crate::entities::guest_sessions;
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use crate::tokens::RENEW_WHEN_LEFT_SECS;
use axum::extract::State;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::Serialize;
use tidemark_core::cookies::ACCESS_TOKEN;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(logout))
        .routes(routes!(guest_token))
        .routes(routes!(token_check))
        .routes(routes!(token_profile))
}

/// Ends the session of the presented refresh (or access) token and clears the cookies.
#[utoipa::path(post, path = "/membership/v1/logout", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<NoData>)))]
async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Ok<NoData>)> {
    let mut family = match presented_refresh(&headers, &jar) {
        Some(refresh) => session::family_of(&state, &refresh).await?,
        None => None,
    };
    if family.is_none() {
        family = presented(&headers, &jar, ACCESS_TOKEN, "_tma_token")
            .and_then(|token| state.tokens.verify_access(&token, Utc::now().timestamp()))
            .map(|claims| claims.fam);
    }
    if let Some(family) = family {
        session::revoke_family(&state.db, family, "logout").await?;
    }
    Ok((
        cookies::without_session(jar, state.settings.secure_cookies()),
        ok(None),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GuestSession {
    session_id: String,
}

/// A guest id (cookie `tma_id`, 24 hours), signed by this server: analytics count only the
/// guest ids it issued (`TokenKeys::verify_guest_id`).
#[utoipa::path(post, path = "/oauth/v1/guest/token", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<GuestSession>), (status = 429, body = ErrorBody)))]
async fn guest_token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Ok<GuestSession>)> {
    RateLimits::check(&state.limits.guest_ip, &ip, "guest ids")?;
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
    let jar = cookies::with_guest(jar, &session_id, state.settings.secure_cookies());
    Ok((jar, ok(GuestSession { session_id })))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckedTokens {
    /// A new access token, or null when the presented one is still good.
    access_token: Option<String>,
    refresh_token: Option<String>,
}

#[utoipa::path(post, path = "/oauth/v1/token/check", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<CheckedTokens>), (status = 401, body = ErrorBody)))]
/// SPEC §4: the client calls this at most every 10 minutes; a still-fresh access token is left
/// alone, otherwise the refresh token is rotated and new cookies set.
async fn token_check(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<(CookieJar, Ok<CheckedTokens>), (CookieJar, ApiError)> {
    let secure = state.settings.secure_cookies();
    let now = Utc::now().timestamp();
    if let Some(claims) = presented(&headers, &jar, ACCESS_TOKEN, "_tma_token")
        .and_then(|t| state.tokens.verify_access(&t, now))
    {
        let family_active = crate::entities::refresh_token_families::Entity::find_by_id(claims.fam)
            .one(&state.db)
            .await
            .map_err(|e| (jar.clone(), e.into()))?
            .is_some_and(|f| f.revoked_at.is_none());
        if family_active && claims.exp - now > RENEW_WHEN_LEFT_SECS {
            return Ok((
                jar,
                ok(CheckedTokens {
                    access_token: None,
                    refresh_token: None,
                }),
            ));
        }
    }
    let Some(refresh) = presented_refresh(&headers, &jar) else {
        return Err((
            cookies::without_session(jar, secure),
            ApiError::Unauthorized("no session".into()),
        ));
    };
    match session::rotate(&state, &refresh).await {
        Ok(issued) => {
            let jar = cookies::with_session(
                jar,
                &issued.access,
                &issued.refresh,
                issued.auto_login,
                secure,
            );
            Ok((
                jar,
                ok(CheckedTokens {
                    access_token: Some(issued.access),
                    refresh_token: Some(issued.refresh),
                }),
            ))
        }
        Err(error) => Err((cookies::without_session(jar, secure), error)),
    }
}

/// The signed-in member's profile (SPEC §7).
#[utoipa::path(get, path = "/oauth/v1/token/profile", tag = "session",
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Profile>), (status = 401, body = ErrorBody)))]
async fn token_profile(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Profile>> {
    Ok(ok(profile_of(&state, &user.member).await?))
}
