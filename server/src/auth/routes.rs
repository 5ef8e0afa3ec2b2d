//! The session calls of SPEC §7, exactly as written there.

use super::accounts::{profile_of, Profile};
use super::cookies;
use super::service::{self, TokenCheck};
use super::session::AuthUser;
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use serde::Serialize;
use utoipa::ToSchema;

/// Ends the session of the presented refresh (or access) token and clears the cookies.
#[utoipa::path(post, path = "/membership/v1/logout", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<NoData>)))]
pub(super) async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Ok<NoData>)> {
    service::logout(&state, &headers, &jar).await?;
    Ok((
        cookies::without_session(jar, state.settings.secure_cookies()),
        ok(None),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct GuestSession {
    session_id: String,
}

/// A guest id (cookie `tma_id`, 24 hours), signed by this server: analytics count only the
/// guest ids it issued (`TokenKeys::verify_guest_id`).
#[utoipa::path(post, path = "/oauth/v1/guest/token", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<GuestSession>), (status = 429, body = ErrorBody)))]
pub(super) async fn guest_token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Ok<GuestSession>)> {
    let session_id = service::guest_token(&state, &ip).await?;
    let jar = cookies::with_guest(jar, &session_id, state.settings.secure_cookies());
    Ok((jar, ok(GuestSession { session_id })))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CheckedTokens {
    /// A new access token, or null when the presented one is still good.
    access_token: Option<String>,
    refresh_token: Option<String>,
}

#[utoipa::path(post, path = "/oauth/v1/token/check", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<CheckedTokens>), (status = 401, body = ErrorBody)))]
/// SPEC §4: the client calls this at most every 10 minutes; a still-fresh access token is left
/// alone, otherwise the refresh token is rotated and new cookies set.
pub(super) async fn token_check(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<(CookieJar, Ok<CheckedTokens>), (CookieJar, ApiError)> {
    let secure = state.settings.secure_cookies();
    match service::check_tokens(&state, &headers, &jar).await {
        Err(error) => Err((jar, error)),
        Ok(TokenCheck::Fresh) => Ok((
            jar,
            ok(CheckedTokens {
                access_token: None,
                refresh_token: None,
            }),
        )),
        Ok(TokenCheck::Rotated(issued)) => {
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
        Ok(TokenCheck::Ended(error)) => Err((cookies::without_session(jar, secure), error)),
    }
}

/// The signed-in member's profile (SPEC §7).
#[utoipa::path(get, path = "/oauth/v1/token/profile", tag = "session",
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Profile>), (status = 401, body = ErrorBody)))]
pub(super) async fn token_profile(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<Profile>> {
    Ok(ok(profile_of(&state, &user.member).await?))
}
