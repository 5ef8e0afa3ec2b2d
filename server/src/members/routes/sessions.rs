//! My page's signed-in sessions: listed, one ended, or every one but this one.

use crate::auth::AuthUser;
use crate::http::envelope::{ok, NoData, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Path;
use crate::http::openapi::ErrorBody;
use crate::members::service::sessions::{self as service, SignedInSession};
use crate::state::AppState;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

#[utoipa::path(
        get,
        path = "/mypage/v1/sessions",
        tag = "members",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Vec<SignedInSession>>), (status = 401, body = ErrorBody))
    )]
/// The member's signed-in sessions, the latest seen first; `current` marks this one.
pub async fn list(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<Vec<SignedInSession>>> {
    Ok(ok(service::list(&state, &user).await?))
}

#[utoipa::path(
        delete,
        path = "/mypage/v1/sessions/{id}",
        tag = "members",
        params(("id" = i64, Path, description = "the session's id, from the list"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Ends one of the member's sessions: its refresh token fails at once and its access token
/// with its next call, on every process (404 for a session that is not the member's).
pub async fn end(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<NoData>> {
    service::end(&state, &user, id).await?;
    Ok(ok(None))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ended {
    /// How many sessions ended.
    ended: u64,
}

#[utoipa::path(
        post,
        path = "/mypage/v1/sessions/end-others",
        tag = "members",
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Ended>), (status = 401, body = ErrorBody))
    )]
/// Ends every session of the member but this one.
pub async fn end_others(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Ended>> {
    Ok(ok(Ended {
        ended: service::end_others(&state, &user).await?,
    }))
}
