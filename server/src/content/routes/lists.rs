//! The list calls: popular, latest, category, report, a business's posts, related posts and
//! the reader's interest list. Public lists answer their cached page, with its ETag (304 to
//! a matching If-None-Match).

use crate::auth::AuthUser;
use crate::content::service::lists::{self as service, InterestItem, Listing};
use crate::content::view::Card;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(popular))
        .routes(routes!(latest))
        .routes(routes!(category))
        .routes(routes!(reports))
        .routes(routes!(of_business))
        .routes(routes!(related))
        .routes(routes!(interest))
}

/// Browsers may reuse a list for a few seconds, then revalidate with its ETag.
const CACHE_CONTROL: &str = "public, max-age=10, stale-while-revalidate=30";

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SortedPage {
    /// `POPULAR` | `LATEST` (POPULAR when left out)
    #[param(inline, value_type = Option<ListSort>)]
    sort: Option<String>,
    cursor: Option<String>,
    size: Option<u64>,
}

crate::word_schema! {
    /// The order of a list of posts.
    ListSort = ["POPULAR", "LATEST"]
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/popular",
        tag = "lists",
        params(PageQuery),
        responses((status = 200, body = Ok<Page<Card>>), (status = 304, description = "not modified"), (status = 400, body = ErrorBody))
    )]
/// Popular posts: by stored score, never empty while any post is public, at most two posts
/// of one business among the first twenty.
async fn popular(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(page): Query<PageQuery>,
) -> ApiResult<Response> {
    let list = service::answer(&state, Listing::Popular, &page).await?;
    Ok(list.respond(&headers, CACHE_CONTROL))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/latest",
        tag = "lists",
        params(PageQuery),
        responses((status = 200, body = Ok<Page<Card>>), (status = 304, description = "not modified"), (status = 400, body = ErrorBody))
    )]
/// The newest posts first.
async fn latest(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(page): Query<PageQuery>,
) -> ApiResult<Response> {
    let list = service::answer(&state, Listing::Latest, &page).await?;
    Ok(list.respond(&headers, CACHE_CONTROL))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/category/{id}",
        tag = "lists",
        params(("id" = i16, Path, description = "category 1 to 9"), SortedPage),
        responses((status = 200, body = Ok<Page<Card>>), (status = 304, description = "not modified"), (status = 400, body = ErrorBody))
    )]
/// One category's posts, POPULAR or LATEST.
async fn category(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<i16>,
    Query(query): Query<SortedPage>,
) -> ApiResult<Response> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let list = service::category(&state, id, query.sort.as_deref(), &page).await?;
    Ok(list.respond(&headers, CACHE_CONTROL))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/report",
        tag = "lists",
        params(PageQuery),
        responses((status = 200, body = Ok<Page<Card>>), (status = 304, description = "not modified"), (status = 400, body = ErrorBody))
    )]
/// Posts with the report flag, newest first.
async fn reports(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(page): Query<PageQuery>,
) -> ApiResult<Response> {
    let list = service::answer(&state, Listing::Reports, &page).await?;
    Ok(list.respond(&headers, CACHE_CONTROL))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct BusinessPage {
    /// Only this category (1 to 9).
    category_id: Option<i16>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/posts",
        tag = "lists",
        params(("id" = i64, Path, description = "business id"), BusinessPage),
        responses((status = 200, body = Ok<Page<Card>>), (status = 304, description = "not modified"), (status = 400, body = ErrorBody))
    )]
/// A business's public posts, newest first, optionally of one category.
async fn of_business(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Query(query): Query<BusinessPage>,
) -> ApiResult<Response> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let list = service::of_business(&state, id, query.category_id, &page).await?;
    Ok(list.respond(&headers, CACHE_CONTROL))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/{id}/related",
        tag = "lists",
        params(("id" = i64, Path, description = "postSeq")),
        responses((status = 200, body = Ok<Vec<Card>>), (status = 404, body = ErrorBody))
    )]
/// Up to six posts related to a public post: shared tags first, then the same category.
async fn related(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Ok<Vec<Card>>> {
    Ok(ok(service::related_cards(&state, id).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/interest",
        tag = "lists",
        params(SortedPage),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<InterestItem>>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// The reader's list: posts of the businesses the reader follows and of the categories the
/// reader chose, POPULAR or LATEST, each with its reason.
async fn interest(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<SortedPage>,
) -> ApiResult<Ok<Page<InterestItem>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let sort = query.sort.as_deref();
    Ok(ok(
        service::interest(&state, user.member.id, sort, &page).await?
    ))
}
