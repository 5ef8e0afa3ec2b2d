//! The post calls: writing (create, edit), the detail, hiding, publishing, the business's
//! own list and the operator's removal.

use crate::auth::{AuthUser, MaybeAuthUser};
use crate::content::service::history::EditConflictBody;
use crate::content::service::moderation;
use crate::content::service::posts::{self as service, OwnFilter, OwnPost, Shown};
use crate::content::service::writing::{self, PostInput};
use crate::content::view::PostDetail;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// A post's JSON carries its body (≤ 500 KB) plus the rest, escaped.
const WRITE_BODY_LIMIT: usize = 1536 * 1024;

/// Guests may keep a public post, but ask each time whether it changed (its ETag answers
/// 304 when it did not).
const DETAIL_CACHE_CONTROL: &str = "no-cache";

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    let writes = OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(edit))
        .layer(crate::http::extract::body_limit(WRITE_BODY_LIMIT));
    OpenApiRouter::new()
        .merge(writes)
        .routes(routes!(detail))
        .routes(routes!(hide))
        .routes(routes!(publish))
        .routes(routes!(mine))
        .routes(routes!(counts))
        .routes(routes!(remove))
        .routes(routes!(restore))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts",
        tag = "posts",
        request_body = PostInput,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Writes a new post for the writer's business: a draft, published now, or scheduled.
async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Json(input): Json<PostInput>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(writing::create(&state, &user, input).await?))
}

#[utoipa::path(
        put,
        path = "/api/v1/posts/{id}",
        tag = "posts",
        request_body = PostInput,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = EditConflictBody, description = "someone saved the post after `baseVersion`: how it is now"))
    )]
/// Rewrites a post of the writer's business (the whole post), and applies the action.
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(input): Json<PostInput>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(writing::edit(&state, &user, id, input).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/hide",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Hides a post of the writer's business from every list, search and page.
async fn hide(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(service::hide(&state, &user, id).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/publish",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Publishes a draft, scheduled or hidden post of the writer's business now.
async fn publish(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(service::publish(&state, &user, id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RemoveRequest {
    reason: String,
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/posts/{id}/remove",
        tag = "operators",
        request_body = RemoveRequest,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Removes a post from the platform (operators only), with the reason the business sees. Asks
/// for a password check in the last 5 minutes first (403/2013).
async fn remove(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<RemoveRequest>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(
        moderation::remove(&state, &user, id, &body.reason).await?
    ))
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/posts/{id}/restore",
        tag = "operators",
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Gives a removed post back the status it had before the removal (operators only).
async fn restore(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(moderation::restore(&state, &user, id).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/{id}",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq")),
        responses((status = 200, body = Ok<PostDetail>), (status = 304, description = "not modified (guests)"), (status = 404, body = ErrorBody))
    )]
/// A post. Anyone sees a public post; a business's people also see its drafts, scheduled
/// and hidden posts (as a preview). Others get 404 (101) for what is not public.
async fn detail(
    State(state): State<AppState>,
    viewer: MaybeAuthUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    Ok(match service::shown(&state, viewer.0.as_ref(), id).await? {
        Shown::Public(answer) => answer.respond(&headers, DETAIL_CACHE_CONTROL),
        Shown::Detail(detail) => ok(*detail).into_response(),
    })
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MineQuery {
    /// `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`; all when left out.
    #[param(inline, value_type = Option<crate::kernel::schema::codes::PostStatus>)]
    status: Option<String>,
    /// Only posts whose title holds this text (any case; at most 100 characters).
    q: Option<String>,
    /// Only this category (1 to 9).
    category_id: Option<i64>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/mypage/posts/counts",
        tag = "posts",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<service::StatusCounts>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// How many of the member's business's posts are in each status.
async fn counts(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<service::StatusCounts>> {
    Ok(ok(service::status_counts(&state, &user).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/mypage/posts",
        tag = "posts",
        params(MineQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<OwnPost>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// The posts of the member's business, every status, newest first; narrowed by status,
/// category and a piece of the title.
async fn mine(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<MineQuery>,
) -> ApiResult<Ok<Page<OwnPost>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let filter = OwnFilter::new(query.status.as_deref(), query.q, query.category_id)?;
    Ok(ok(service::mine(&state, &user, &filter, &page).await?))
}
