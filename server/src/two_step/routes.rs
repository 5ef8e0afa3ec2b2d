//! Two-step sign-in on my page: its state, setting up an app, confirming it, new recovery
//! codes, turning it off.

use super::service::{self, RecoveryCodes, TwoStepSetup, TwoStepStatus};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, NoData, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

#[utoipa::path(get, path = "/mypage/v1/two-step", tag = "members",
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<TwoStepStatus>), (status = 401, body = ErrorBody)))]
/// Whether two-step sign-in is on, since when, and how many recovery codes are left.
pub(super) async fn status(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<TwoStepStatus>> {
    Ok(ok(service::status(&state, &user.member).await?))
}

#[utoipa::path(post, path = "/mypage/v1/two-step/setup", tag = "members",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<TwoStepSetup>), (status = 401, body = ErrorBody),
        (status = 403, description = "the password was not checked in the last five minutes", body = ErrorBody),
        (status = 409, description = "two-step sign-in is on already", body = ErrorBody)))]
/// A new authenticator app's secret (text, otpauth:// address and QR code), after a recent
/// password check; two-step sign-in turns on when the app's first code confirms it.
pub(super) async fn set_up(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<TwoStepSetup>> {
    Ok(ok(service::set_up(&state, &user).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct ConfirmRequest {
    /// The six digits the app shows now.
    #[schema(max_length = 16)]
    code: String,
}

#[utoipa::path(post, path = "/mypage/v1/two-step/confirm", tag = "members", request_body = ConfirmRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<RecoveryCodes>), (status = 400, body = ErrorBody),
        (status = 401, description = "no session, or the code is not right", body = ErrorBody),
        (status = 409, description = "no app is being set up", body = ErrorBody), (status = 429, body = ErrorBody)))]
/// Turns two-step sign-in on with the new app's code; the answer holds ten recovery codes,
/// shown this once.
pub(super) async fn confirm(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<ConfirmRequest>,
) -> ApiResult<Ok<RecoveryCodes>> {
    Ok(ok(service::confirm(&state, &user, &body.code).await?))
}

#[utoipa::path(post, path = "/mypage/v1/two-step/recovery-codes", tag = "members",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<RecoveryCodes>), (status = 401, body = ErrorBody),
        (status = 403, description = "the password was not checked in the last five minutes", body = ErrorBody),
        (status = 409, description = "two-step sign-in is off", body = ErrorBody)))]
/// Ten new recovery codes, after a recent password check; the old ones stop working.
pub(super) async fn renew_recovery_codes(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<RecoveryCodes>> {
    Ok(ok(service::renew_recovery_codes(&state, &user).await?))
}

#[utoipa::path(delete, path = "/mypage/v1/two-step", tag = "members",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<NoData>), (status = 401, body = ErrorBody),
        (status = 403, description = "the password was not checked in the last five minutes (403), or an operator (2012)", body = ErrorBody)))]
/// Turns two-step sign-in off after a recent password check: the app's secret and the
/// recovery codes are erased. Operators keep it on.
pub(super) async fn turn_off(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<NoData>> {
    service::turn_off(&state, &user).await?;
    Ok(ok(None))
}
