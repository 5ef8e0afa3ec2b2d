//! The passkey calls: my page's list, adding, removing and confirming with one; the options
//! of a sign-in with one (the sign-in itself is `signin`'s).

use super::party::Purpose;
use super::service::{self, PasskeyItem, PasskeyOptions};
use crate::auth::session::Checked;
use crate::auth::AuthUser;
use crate::http::envelope::{ok, NoData, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path};
use crate::http::limits::RateLimits;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

#[utoipa::path(get, path = "/mypage/v1/passkeys", tag = "members",
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Vec<PasskeyItem>>), (status = 401, body = ErrorBody)))]
/// The member's passkeys: name, when added, when last used.
pub(super) async fn list(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<Vec<PasskeyItem>>> {
    Ok(ok(service::list(&state, user.member.id).await?))
}

#[utoipa::path(post, path = "/mypage/v1/passkeys/options", tag = "members",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<PasskeyOptions>), (status = 401, body = ErrorBody),
        (status = 403, description = "2013: confirm it's you first (a password or passkey check in the last five minutes)", body = ErrorBody),
        (status = 409, description = "ten passkeys already, or the site's address is not a domain name", body = ErrorBody)))]
/// Begins adding a passkey: the options for `navigator.credentials.create`, good for five
/// minutes.
pub(super) async fn start_adding(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<PasskeyOptions>> {
    Ok(ok(service::start_adding(&state, &user).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct AddRequest {
    /// The member's name for it ("my phone"), 1 to 60 characters.
    #[schema(max_length = 60)]
    name: String,
    /// The browser's answer: `PublicKeyCredential.toJSON()` of the new credential.
    #[schema(value_type = Object)]
    credential: Value,
}

#[utoipa::path(post, path = "/mypage/v1/passkeys", tag = "members", request_body = AddRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<PasskeyItem>), (status = 400, description = "no name, or an answer the checks refuse", body = ErrorBody),
        (status = 401, description = "no session, or the request expired or was used", body = ErrorBody),
        (status = 409, description = "this passkey is added already, or the site's address is not a domain name", body = ErrorBody)))]
/// Finishes adding a passkey with the browser's answer.
pub(super) async fn add(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<AddRequest>,
) -> ApiResult<Ok<PasskeyItem>> {
    Ok(ok(service::finish_adding(
        &state,
        &user,
        &body.name,
        &body.credential,
    )
    .await?))
}

#[utoipa::path(delete, path = "/mypage/v1/passkeys/{id}", tag = "members",
    params(("id" = i64, Path, description = "the passkey's id, from the list"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<NoData>), (status = 401, body = ErrorBody),
        (status = 403, description = "2013: confirm it's you first", body = ErrorBody),
        (status = 404, description = "no such passkey of this member", body = ErrorBody)))]
/// Removes one of the member's passkeys.
pub(super) async fn remove(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<NoData>> {
    service::remove(&state, &user, id).await?;
    Ok(ok(None))
}

#[utoipa::path(post, path = "/mypage/v1/passkeys/check/options", tag = "members",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<PasskeyOptions>), (status = 401, body = ErrorBody),
        (status = 409, description = "the site's address is not a domain name", body = ErrorBody)))]
/// Begins "confirm it's you" with a passkey: the options for `navigator.credentials.get`.
pub(super) async fn start_confirming(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<PasskeyOptions>> {
    let options = service::start_assertion(&state, Purpose::Proof, Some(user.member.id)).await?;
    Ok(ok(options))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct AssertionRequest {
    /// The browser's answer: `PublicKeyCredential.toJSON()` of the assertion.
    #[schema(value_type = Object)]
    credential: Value,
}

#[utoipa::path(post, path = "/mypage/v1/passkeys/check", tag = "members", request_body = AssertionRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Checked>), (status = 400, body = ErrorBody),
        (status = 401, description = "not one of the member's passkeys, a refused signature, or the request expired", body = ErrorBody),
        (status = 409, description = "the site's address is not a domain name", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
/// Confirms it's the member with one of their passkeys: this session may then do what needs a
/// recent check, for five minutes (as a password check).
pub(super) async fn confirm(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<AssertionRequest>,
) -> ApiResult<Ok<Checked>> {
    Ok(ok(service::confirm(&state, &user, &body.credential).await?))
}

/// What a sign-in's passkey is for.
#[derive(Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(super) enum SignInStep {
    /// Signing in with the passkey alone.
    SignIn,
    /// The second step of a sign-in that answered 2010.
    SecondStep,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct SignInOptionsRequest {
    step: SignInStep,
}

#[utoipa::path(post, path = "/membership/v1/passkey/options", tag = "session", request_body = SignInOptionsRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<PasskeyOptions>), (status = 409, description = "the site's address is not a domain name", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
/// Begins a sign-in with a passkey (or a sign-in's second step): the options for
/// `navigator.credentials.get`, good for five minutes. The answer goes to
/// `/membership/v1/login/passkey` or `/membership/v1/login/second-step`.
pub(super) async fn start_sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<SignInOptionsRequest>,
) -> ApiResult<Ok<PasskeyOptions>> {
    RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts").await?;
    let purpose = match body.step {
        SignInStep::SignIn => Purpose::SignIn,
        SignInStep::SecondStep => Purpose::SecondStep,
    };
    Ok(ok(service::start_assertion(&state, purpose, None).await?))
}
