//! Join by e-mail: a six-digit code by mail (10 minutes, 5 tries) → a join ticket → the
//! account (signed in at once) → profile. Certification and social join come in their own
//! modules.

use crate::auth::session::AgentDevice;
use crate::auth::AuthUser;
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::members::service::join::{
    self as service, AccountState, CodeRequest, CodeSent, JoinRequest, Joined, ProfileRequest,
    Verified, VerifyRequest,
};
use crate::state::AppState;
use axum::extract::State;
use axum_extra::extract::cookie::CookieJar;

#[utoipa::path(
        post,
        path = "/membership/v1/join/email/code",
        tag = "members",
        request_body = CodeRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<CodeSent>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
/// Sends a code; an address that already has an account gets a notice instead (same answer).
pub async fn send_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CodeRequest>,
) -> ApiResult<Ok<CodeSent>> {
    Ok(ok(service::send_code(&state, &ip, &body).await?))
}

#[utoipa::path(
        post,
        path = "/membership/v1/join/email/verify",
        tag = "members",
        request_body = VerifyRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<Verified>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub async fn verify_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<VerifyRequest>,
) -> ApiResult<Ok<Verified>> {
    Ok(ok(service::verify_code(&state, &ip, &body).await?))
}

#[utoipa::path(
        post,
        path = "/membership/v1/join",
        tag = "members",
        request_body = JoinRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<Joined>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
pub async fn join(
    State(state): State<AppState>,
    jar: CookieJar,
    device: AgentDevice,
    Json(body): Json<JoinRequest>,
) -> ApiResult<(CookieJar, Ok<Joined>)> {
    let (jar, joined) = service::join(&state, jar, device, &body).await?;
    Ok((jar, ok(joined)))
}

#[utoipa::path(
        post,
        path = "/membership/v1/join/profile",
        tag = "members",
        request_body = ProfileRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
pub async fn join_profile(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<ProfileRequest>,
) -> ApiResult<Ok<NoData>> {
    service::join_profile(&state, &user.member, &body).await?;
    Ok(ok(None))
}

#[utoipa::path(
        get,
        path = "/membership/v1/account/state",
        tag = "members",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<AccountState>), (status = 401, body = ErrorBody))
    )]
pub async fn account_state(
    State(_state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<AccountState>> {
    Ok(ok(service::account_state(user.member)))
}
