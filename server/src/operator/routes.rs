//! The operators' console calls: extract, call one service function, answer.

use super::service::audit::{self, OperatorAuditEntry};
use super::service::directory::{self, BusinessFile, BusinessRow, PostRow};
use super::service::queue::{self, Queue, Taker};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(waiting))
        .routes(routes!(take))
        .routes(routes!(businesses))
        .routes(routes!(business))
        .routes(routes!(posts))
        .routes(routes!(trail))
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/queue",
        tag = "operators",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Queue>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// What waits for the operators, oldest first: undecided media requests, businesses
/// waiting for verification and posts readers reported, each with its age and who took it.
async fn waiting(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Queue>> {
    Ok(ok(queue::queue(&state, &user).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/queue/{kind}/{id}/take",
        tag = "operators",
        params(("kind" = String, Path, description = "`MEDIA_REQUEST`, `BUSINESS` or `POST` (a reported post)"), ("id" = i64, Path, description = "the request's, the business's or the post's id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Taker>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// The signed-in operator takes a waiting item (or takes it over).
async fn take(
    State(state): State<AppState>,
    user: AuthUser,
    Path((kind, id)): Path<(String, i64)>,
) -> ApiResult<Ok<Taker>> {
    Ok(ok(queue::take(&state, &user, &kind, id).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct BusinessQuery {
    /// A piece of the name, or at least 3 digits of the registration number.
    q: Option<String>,
    /// Only businesses with (true) or without (false) the verified badge.
    verified: Option<bool>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/businesses",
        tag = "operators",
        params(BusinessQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<BusinessRow>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Every business, newest first, searched and narrowed.
async fn businesses(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<BusinessQuery>,
) -> ApiResult<Ok<Page<BusinessRow>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let found = directory::businesses(&state, &user, query.q.as_deref(), query.verified, &page);
    Ok(ok(found.await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/businesses/{id}",
        tag = "operators",
        params(("id" = i64, Path, description = "business id")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<BusinessFile>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// A business with its people, its newest posts in any status and its newest audit entries.
async fn business(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<BusinessFile>> {
    Ok(ok(directory::business_file(&state, &user, id).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PostQuery {
    /// A piece of the title.
    q: Option<String>,
    /// `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`; all when left out.
    #[param(inline, value_type = Option<crate::kernel::schema::codes::PostStatus>)]
    status: Option<String>,
    /// Only posts with a reader's flag waiting.
    flagged: Option<bool>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/posts",
        tag = "operators",
        params(PostQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<PostRow>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Every post in any status, newest first, searched and narrowed.
async fn posts(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<PostQuery>,
) -> ApiResult<Ok<Page<PostRow>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let found = directory::posts(
        &state,
        &user,
        query.q.as_deref(),
        query.status.as_deref(),
        query.flagged.unwrap_or(false),
        &page,
    );
    Ok(ok(found.await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct TrailQuery {
    /// One action only.
    #[param(inline, value_type = Option<crate::oplog::OperatorAction>)]
    action: Option<String>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/audit",
        tag = "operators",
        params(TrailQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<OperatorAuditEntry>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// The operators' audit log, newest first; it cannot be edited.
async fn trail(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<TrailQuery>,
) -> ApiResult<Ok<Page<OperatorAuditEntry>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    Ok(ok(audit::trail(
        &state,
        &user,
        query.action.as_deref(),
        &page,
    )
    .await?))
}
