//! The sign-in calls of SPEC §5 and §7, exactly as written there.

use super::service::{
    self, PasskeySignInRequest, SecondStepBody, SecondStepRequest, SignInRequest,
};
use crate::auth::accounts::SignedIn;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use axum::extract::State;
use axum_extra::extract::cookie::CookieJar;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AccountStatus {
    status: String,
}

/// SPEC §5: called before sign-in; code 0 for an account that may sign in, 2002 for none.
#[utoipa::path(post, path = "/membership/v1/account/status", tag = "session", request_body = SignInRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<AccountStatus>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "2002: no such account", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(super) async fn account_status(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<SignInRequest>,
) -> ApiResult<Ok<AccountStatus>> {
    let status = service::account_status(&state, &ip, &body).await?;
    Ok(ok(AccountStatus { status }))
}

/// Signs in with e-mail and password; sets the cookies `tma`, `tmr` (HttpOnly) and `tml`.
#[utoipa::path(post, path = "/membership/v1/login", tag = "session", request_body = SignInRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<SignedIn>), (status = 400, body = ErrorBody),
        (status = 401, description = "wrong credentials (1003), or two-step sign-in is on and the second step is awaited (2010, `data` holds the ticket)", body = SecondStepBody),
        (status = 429, body = ErrorBody)))]
pub(super) async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Json(body): Json<SignInRequest>,
) -> ApiResult<(CookieJar, Ok<SignedIn>)> {
    let (jar, signed_in) = service::login(&state, ip, jar, &body).await?;
    Ok((jar, ok(signed_in)))
}

/// Finishes a sign-in that answered 2010: the ticket with a code from the authenticator app
/// or a recovery code; sets the same cookies as the login call.
#[utoipa::path(post, path = "/membership/v1/login/second-step", tag = "session", request_body = SecondStepRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<SignedIn>), (status = 400, body = ErrorBody),
        (status = 401, description = "the code is not right or was used, the passkey is refused, or the ticket has expired", body = ErrorBody),
        (status = 409, description = "a passkey, and the site's address is not a domain name", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(super) async fn second_step(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Json(body): Json<SecondStepRequest>,
) -> ApiResult<(CookieJar, Ok<SignedIn>)> {
    let (jar, signed_in) = service::second_step(&state, ip, jar, &body).await?;
    Ok((jar, ok(signed_in)))
}

/// Signs in with a passkey, nothing typed: the browser's answer to the options of
/// `/membership/v1/passkey/options`; sets the same cookies as the login call.
#[utoipa::path(post, path = "/membership/v1/login/passkey", tag = "session", request_body = PasskeySignInRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<SignedIn>), (status = 400, body = ErrorBody),
        (status = 401, description = "a passkey this site does not know, a refused signature, or the request expired or was used", body = ErrorBody),
        (status = 403, description = "the account is locked", body = ErrorBody),
        (status = 409, description = "the site's address is not a domain name", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(super) async fn login_with_passkey(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Json(body): Json<PasskeySignInRequest>,
) -> ApiResult<(CookieJar, Ok<SignedIn>)> {
    let (jar, signed_in) = service::login_with_passkey(&state, ip, jar, &body).await?;
    Ok((jar, ok(signed_in)))
}
