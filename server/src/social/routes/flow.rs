//! The social sign-in calls of the client: start an authorization (state + PKCE), finish it
//! from the callback page (code → authToken), and join with the authToken.

use crate::auth::session::AgentDevice;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::extract::Query;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::social::service::flow::{
    self, Authorization, AuthorizeQuery, Channels, SocialJoinRequest, SocialJoined, SocialToken,
    SocialTokenRequest, STATE_TTL_SECS,
};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

/// Binds an authorization to the browser that started it, so a code and state obtained by
/// someone else cannot sign this browser in as them (login CSRF, RFC 6749 §10.12).
const STATE_COOKIE: &str = "tm_oauth";
const STATE_COOKIE_PATH: &str = "/oauth/v1/social";

/// The social sign-in channels this site offers, for the join and login pages' buttons.
#[utoipa::path(get, path = "/oauth/v1/social/channels", tag = "social",
    responses((status = 200, body = Ok<Channels>)))]
pub async fn channels(State(state): State<AppState>) -> Ok<Channels> {
    ok(flow::channels(&state))
}

/// Starts a social sign-in: a single-use state and a PKCE verifier are kept for 10 minutes,
/// and the answer is the provider's authorize address.
#[utoipa::path(get, path = "/oauth/v1/social/authorize", tag = "social", params(AuthorizeQuery),
    responses((status = 200, body = Ok<Authorization>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn authorize(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Query(query): Query<AuthorizeQuery>,
) -> ApiResult<(CookieJar, Ok<Authorization>)> {
    let (authorization, oauth_state) = flow::authorize(&state, &ip, &query).await?;
    let cookie = Cookie::build((STATE_COOKIE, oauth_state))
        .path(STATE_COOKIE_PATH)
        .http_only(true)
        .secure(state.settings.secure_cookies())
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(STATE_TTL_SECS))
        .build();
    Ok((jar.add(cookie), ok(authorization)))
}

/// Finishes a social sign-in from the callback page: checks the state (unexpired, unused, same
/// channel, started in this browser), exchanges the code with the provider using the PKCE
/// verifier, reads who signed in, and answers an authToken.
#[utoipa::path(post, path = "/oauth/v1/social/token", tag = "social", request_body = SocialTokenRequest,
    params(("_off_set" = i32, Header, description = "minutes east of UTC")),
    responses((status = 200, body = Ok<SocialToken>),
        (status = 400, description = "104: unknown, expired or used state; the provider refused the code", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Json(body): Json<SocialTokenRequest>,
) -> ApiResult<([(header::HeaderName, &'static str); 1], Ok<SocialToken>)> {
    let cookie_state = jar.get(STATE_COOKIE).map(Cookie::value);
    let token = flow::token(&state, &ip, cookie_state, &body).await?;
    Ok(([(header::CACHE_CONTROL, "no-store")], ok(token)))
}

/// Joins with a social identity: a member without a password (e-mail from the provider when
/// it shared one that no other account uses), linked to the identity, and signed in.
#[utoipa::path(post, path = "/membership/v1/join/social", tag = "social", request_body = SocialJoinRequest,
    params(("_off_set" = i32, Header, description = "minutes east of UTC")),
    responses((status = 200, body = Ok<SocialJoined>), (status = 400, body = ErrorBody),
        (status = 401, description = "authToken forged or expired", body = ErrorBody),
        (status = 409, description = "2007: the identity or its e-mail has an account", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn join(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    device: AgentDevice,
    Json(body): Json<SocialJoinRequest>,
) -> ApiResult<(CookieJar, Ok<SocialJoined>)> {
    let (jar, joined) = flow::join(&state, &ip, jar, device, &body).await?;
    Ok((jar, ok(joined)))
}
