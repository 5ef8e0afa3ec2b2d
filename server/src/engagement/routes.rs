//! The readers' calls: follow and unfollow a business, bookmark and unbookmark a post, the
//! reader's follows and bookmarks, and which of the things on screen are theirs.

use super::service::{self, Followed, MyState, Tie};
use crate::auth::AuthUser;
use crate::content::view::Card;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(follow, unfollow))
        .routes(routes!(bookmark, unbookmark))
        .routes(routes!(my_follows))
        .routes(routes!(my_bookmarks))
        .routes(routes!(my_state))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SourceBody {
    /// Where the click happened: `Follow_Content` | `Follow_ContentList` |
    /// `Follow_CorpProfile` for follows, `Bookmark_Content` | `Bookmark_ContentList` for
    /// bookmarks.
    source: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FollowState {
    business_id: i64,
    following: bool,
    follower_count: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BookmarkState {
    post_seq: i64,
    bookmarked: bool,
    bookmark_count: i64,
}

#[utoipa::path(
        put,
        path = "/api/v1/follows/{businessId}",
        tag = "readers",
        request_body = SourceBody,
        params(("businessId" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<FollowState>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Follows a business (once, however often it is asked).
async fn follow(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    Path(business_id): Path<i64>,
    Json(body): Json<SourceBody>,
) -> ApiResult<Ok<FollowState>> {
    let count = service::make(
        &state,
        &user,
        &headers,
        Tie::Follow,
        business_id,
        body.source,
    )
    .await?;
    Ok(ok(FollowState {
        business_id,
        following: true,
        follower_count: count,
    }))
}

#[utoipa::path(
        delete,
        path = "/api/v1/follows/{businessId}",
        tag = "readers",
        params(("businessId" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<FollowState>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Stops following a business (fine when not following).
async fn unfollow(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    Path(business_id): Path<i64>,
) -> ApiResult<Ok<FollowState>> {
    let count = service::undo(&state, &user, &headers, Tie::Follow, business_id).await?;
    Ok(ok(FollowState {
        business_id,
        following: false,
        follower_count: count,
    }))
}

#[utoipa::path(
        put,
        path = "/api/v1/bookmarks/{postSeq}",
        tag = "readers",
        request_body = SourceBody,
        params(("postSeq" = i64, Path, description = "post id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<BookmarkState>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Bookmarks a public post (once, however often it is asked).
async fn bookmark(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    Path(post_seq): Path<i64>,
    Json(body): Json<SourceBody>,
) -> ApiResult<Ok<BookmarkState>> {
    let count = service::make(
        &state,
        &user,
        &headers,
        Tie::Bookmark,
        post_seq,
        body.source,
    )
    .await?;
    Ok(ok(BookmarkState {
        post_seq,
        bookmarked: true,
        bookmark_count: count,
    }))
}

#[utoipa::path(
        delete,
        path = "/api/v1/bookmarks/{postSeq}",
        tag = "readers",
        params(("postSeq" = i64, Path, description = "post id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<BookmarkState>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Removes a bookmark (fine when there is none; works for posts that are no longer public).
async fn unbookmark(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    Path(post_seq): Path<i64>,
) -> ApiResult<Ok<BookmarkState>> {
    let count = service::undo(&state, &user, &headers, Tie::Bookmark, post_seq).await?;
    Ok(ok(BookmarkState {
        post_seq,
        bookmarked: false,
        bookmark_count: count,
    }))
}

#[utoipa::path(
        get,
        path = "/api/v1/me/follows",
        tag = "readers",
        params(PageQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<Followed>>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// The businesses the reader follows, last followed first.
async fn my_follows(
    State(state): State<AppState>,
    user: AuthUser,
    Query(page): Query<PageQuery>,
) -> ApiResult<Ok<Page<Followed>>> {
    Ok(ok(service::my_follows(&state, user.member.id, &page).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/me/bookmarks",
        tag = "readers",
        params(PageQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<Card>>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// The reader's bookmarked posts that are public, last bookmarked first.
async fn my_bookmarks(
    State(state): State<AppState>,
    user: AuthUser,
    Query(page): Query<PageQuery>,
) -> ApiResult<Ok<Page<Card>>> {
    Ok(ok(
        service::my_bookmarks(&state, user.member.id, &page).await?
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct StateQuery {
    /// Post ids, comma-separated (at most 100).
    posts: Option<String>,
    /// Business ids, comma-separated (at most 100).
    businesses: Option<String>,
}

#[utoipa::path(
        get,
        path = "/api/v1/me/state",
        tag = "readers",
        params(StateQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MyState>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// Which of the posts on screen the reader bookmarked and which businesses the reader
/// follows (public lists are the same for everyone; this marks the buttons).
async fn my_state(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<StateQuery>,
) -> ApiResult<Ok<MyState>> {
    let (posts, businesses) = (query.posts.as_deref(), query.businesses.as_deref());
    Ok(ok(service::my_state(
        &state,
        user.member.id,
        posts,
        businesses,
    )
    .await?))
}
