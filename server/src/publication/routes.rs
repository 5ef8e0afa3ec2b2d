//! The media publication calls: a business asks and reads its requests; operators review
//! them.

use super::service::{self, MediaRequest, RequestInput, StatusChange};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list_of_business))
        .routes(routes!(one, edit))
        .routes(routes!(review_queue))
        .routes(routes!(change_status))
}

#[utoipa::path(
        post,
        path = "/api/v1/businesses/{id}/media-requests",
        tag = "media publication",
        request_body = RequestInput,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MediaRequest>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Asks for a media publication (the business's master).
async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(input): Json<RequestInput>,
) -> ApiResult<Ok<MediaRequest>> {
    Ok(ok(service::create(&state, &user, id, input).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/media-requests",
        tag = "media publication",
        params(("id" = i64, Path, description = "business id"), PageQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<MediaRequest>>), (status = 403, body = ErrorBody))
    )]
/// The business's requests with their history, newest first (its people).
async fn list_of_business(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Ok<Page<MediaRequest>>> {
    Ok(ok(service::of_business(&state, &user, id, &page).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/media-requests/{id}",
        tag = "media publication",
        params(("id" = i64, Path, description = "request id")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MediaRequest>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// One request with its history (the business's people, or operators).
async fn one(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<MediaRequest>> {
    Ok(ok(service::one(&state, &user, id).await?))
}

#[utoipa::path(
        put,
        path = "/api/v1/media-requests/{id}",
        tag = "media publication",
        request_body = RequestInput,
        params(("id" = i64, Path, description = "request id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MediaRequest>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Rewrites a request while it is REQUESTED (the business's master): the same fields and
/// checks as asking for it. 409 once an operator has taken it up.
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(input): Json<RequestInput>,
) -> ApiResult<Ok<MediaRequest>> {
    Ok(ok(service::edit(&state, &user, id, input).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct QueueQuery {
    /// Only this status.
    status: Option<String>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/media-requests",
        tag = "operators",
        params(QueueQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<MediaRequest>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Every business's requests, newest first (operators).
async fn review_queue(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<QueueQuery>,
) -> ApiResult<Ok<Page<MediaRequest>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let status = query.status.as_deref();
    Ok(ok(
        service::review_queue(&state, &user, status, &page).await?
    ))
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/media-requests/{id}/status",
        tag = "operators",
        request_body = StatusChange,
        params(("id" = i64, Path, description = "request id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MediaRequest>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Moves a request on (operators): review it, publish it with links, or reject it.
async fn change_status(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(change): Json<StatusChange>,
) -> ApiResult<Ok<MediaRequest>> {
    Ok(ok(service::change_status(&state, &user, id, &change).await?))
}
