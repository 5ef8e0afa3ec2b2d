//! The member's notice calls: the unread count (the bell), the list, marking read.

use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::PageQuery;
use crate::notifications::service::notices::{self as service, NoticePage, Unread};
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(unread))
        .routes(routes!(mark_read))
        .routes(routes!(mark_all_read))
        .routes(routes!(open))
}

#[utoipa::path(
        get,
        path = "/api/v1/me/notifications",
        tag = "readers",
        params(PageQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoticePage>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// The member's notices of the last 90 days, newest first, with the unread count.
async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    Query(page): Query<PageQuery>,
) -> ApiResult<Ok<NoticePage>> {
    Ok(ok(service::list(&state, user.member.id, &page).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/me/notifications/unread",
        tag = "readers",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Unread>), (status = 401, body = ErrorBody))
    )]
/// How many of the member's notices are unread (the bell's count).
async fn unread(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Unread>> {
    Ok(ok(service::unread(&state, user.member.id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReadBody {
    /// The notices to mark read (1 to 100 of the member's own).
    ids: Vec<i64>,
}

#[utoipa::path(
        post,
        path = "/api/v1/me/notifications/read",
        tag = "readers",
        request_body = ReadBody,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Unread>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// Marks some of the member's notices read.
async fn mark_read(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<ReadBody>,
) -> ApiResult<Ok<Unread>> {
    Ok(ok(
        service::mark_read(&state, user.member.id, &body.ids).await?
    ))
}

#[utoipa::path(
        post,
        path = "/api/v1/me/notifications/read-all",
        tag = "readers",
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Unread>), (status = 401, body = ErrorBody))
    )]
/// Marks every notice of the member read.
async fn mark_all_read(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Unread>> {
    Ok(ok(service::mark_all_read(&state, user.member.id).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/me/notifications/{id}/open",
        tag = "readers",
        params(("id" = i64, Path, description = "notice id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Unread>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// The member opens one of their notices: it is read, and a new post's opening is counted for
/// its business's console.
async fn open(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<Unread>> {
    Ok(ok(service::open(&state, user.member.id, id).await?))
}
