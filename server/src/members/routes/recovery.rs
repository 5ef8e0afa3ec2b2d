//! Password recovery by e-mail: a single-use link valid 30 minutes; the answer is the same for
//! known and unknown addresses. Recovery by phone (identity certification) joins the
//! certification module.

use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::members::service::recovery::{
    self as service, CheckRequest, FindAnswer, FindRequest, ResetRequest, ResetState,
};
use crate::state::AppState;
use axum::extract::State;

#[utoipa::path(
        post,
        path = "/membership/v1/password/find/email",
        tag = "members",
        request_body = FindRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<FindAnswer>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub async fn find_by_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<FindRequest>,
) -> ApiResult<Ok<FindAnswer>> {
    Ok(ok(service::find_by_email(&state, &ip, &body).await?))
}

#[utoipa::path(
        post,
        path = "/membership/v1/password/reset",
        tag = "members",
        request_body = ResetRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub async fn reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ResetRequest>,
) -> ApiResult<Ok<NoData>> {
    service::reset(&state, &ip, body).await?;
    Ok(ok(None))
}

#[utoipa::path(
        post,
        path = "/membership/v1/password/reset/check",
        tag = "members",
        request_body = CheckRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, description = "the link's state: VALID (with the account's e-mail), USED or EXPIRED; nothing changes", body = Ok<ResetState>),
            (status = 400, description = "not a reset token", body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub async fn check_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CheckRequest>,
) -> ApiResult<Ok<ResetState>> {
    Ok(ok(service::check(&state, &ip, &body).await?))
}
