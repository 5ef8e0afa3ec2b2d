//! Readers' ties: following businesses and bookmarking posts (PRODUCT "Readers").
//!
//! Both are idempotent: following twice is following once. The counters move in the same
//! transaction as the row, and only when a row was really added or removed (the unique
//! index decides between concurrent clicks), so they stay exact. Each change records an
//! analytics event with its source (SPEC §3: Follow_Content, Follow_ContentList,
//! Follow_CorpProfile, Bookmark_Content, Bookmark_ContentList).

use crate::auth::AuthUser;
use crate::catalog::{BusinessBadge, Card};
use crate::content::cards::{badges, cards};
use crate::entities::{bookmarks, businesses, follows, posts};
use crate::events::Event;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

const FOLLOW_SOURCES: [&str; 3] = ["Follow_Content", "Follow_ContentList", "Follow_CorpProfile"];
const BOOKMARK_SOURCES: [&str; 2] = ["Bookmark_Content", "Bookmark_ContentList"];

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

fn offset_of(headers: &HeaderMap) -> i32 {
    headers
        .get("_off_set")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i32>().ok())
        .filter(|v| (-720..=840).contains(v))
        .unwrap_or(540)
}

/// The analytics event of a reader's click, with the device read from the user agent.
fn event(
    kind: &'static str,
    member_id: i64,
    business_id: i64,
    post_id: Option<i64>,
    headers: &HeaderMap,
) -> Event {
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let device = tidemark_core::device::detect_device(agent);
    let code = |value: serde_json::Value| value.as_str().map(str::to_string);
    Event {
        kind,
        post_id,
        business_id: Some(business_id),
        member_id: Some(member_id),
        guest_id: None,
        device_type: code(serde_json::to_value(device.device_type).unwrap_or_default())
            .unwrap_or_else(|| "PC".into()),
        device_os: device
            .device_os
            .and_then(|os| code(serde_json::to_value(os).unwrap_or_default())),
        browser: Some(device.browser).filter(|b| !b.is_empty()),
        offset_minutes: offset_of(headers),
        occurred_at: Utc::now(),
        detail: None,
    }
}

fn check_source(source: &str, allowed: &[&str]) -> ApiResult<()> {
    if allowed.contains(&source) {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "source must be one of {}",
            allowed.join(", ")
        )))
    }
}

async fn business_exists(state: &AppState, id: i64) -> ApiResult<()> {
    businesses::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .map(|_| ())
        .ok_or_else(|| ApiError::NotFound("no such business".into()))
}

/// Moves the business's follower count by `delta` (the rows really added or removed) and
/// answers the count.
async fn followers_after(db: &impl ConnectionTrait, id: i64, delta: i64) -> ApiResult<i64> {
    if delta != 0 {
        businesses::Entity::update_many()
            .col_expr(
                businesses::Column::FollowerCount,
                Expr::col(businesses::Column::FollowerCount).add(delta),
            )
            .filter(businesses::Column::Id.eq(id))
            .exec(db)
            .await?;
    }
    Ok(businesses::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|row| row.follower_count)
        .unwrap_or(0))
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
    check_source(&body.source, &FOLLOW_SOURCES)?;
    business_exists(&state, business_id).await?;
    let txn = state.db.begin().await?;
    let added = follows::Entity::insert(follows::ActiveModel {
        member_id: Set(user.member.id),
        business_id: Set(business_id),
        source: Set(body.source.clone()),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([follows::Column::MemberId, follows::Column::BusinessId])
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    let count = followers_after(&txn, business_id, added as i64).await?;
    txn.commit().await?;
    if added == 1 {
        state.events.record(Event {
            detail: Some(body.source),
            ..event("follow", user.member.id, business_id, None, &headers)
        });
        state.catalog_changed();
    }
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
    business_exists(&state, business_id).await?;
    let txn = state.db.begin().await?;
    let removed = follows::Entity::delete_many()
        .filter(follows::Column::MemberId.eq(user.member.id))
        .filter(follows::Column::BusinessId.eq(business_id))
        .exec(&txn)
        .await?
        .rows_affected;
    let count = followers_after(&txn, business_id, -(removed as i64)).await?;
    txn.commit().await?;
    if removed == 1 {
        state.events.record(event(
            "unfollow",
            user.member.id,
            business_id,
            None,
            &headers,
        ));
        state.catalog_changed();
    }
    Ok(ok(FollowState {
        business_id,
        following: false,
        follower_count: count,
    }))
}

/// The public post a bookmark is about (404 for anything else).
async fn public_post(state: &AppState, id: i64) -> ApiResult<posts::Model> {
    let post = crate::content::posts::find(state, id).await?;
    if crate::content::posts::is_visible(&post) {
        Ok(post)
    } else {
        Err(ApiError::NotFound("content does not exist".into()))
    }
}

/// Moves the post's bookmark count by `delta` (the rows really added or removed) and answers
/// the count.
async fn bookmarks_after(db: &impl ConnectionTrait, id: i64, delta: i64) -> ApiResult<i64> {
    if delta != 0 {
        posts::Entity::update_many()
            .col_expr(
                posts::Column::BookmarkCount,
                Expr::col(posts::Column::BookmarkCount).add(delta),
            )
            .filter(posts::Column::Id.eq(id))
            .exec(db)
            .await?;
    }
    Ok(posts::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|row| row.bookmark_count)
        .unwrap_or(0))
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
    check_source(&body.source, &BOOKMARK_SOURCES)?;
    let post = public_post(&state, post_seq).await?;
    let txn = state.db.begin().await?;
    let added = bookmarks::Entity::insert(bookmarks::ActiveModel {
        member_id: Set(user.member.id),
        post_id: Set(post_seq),
        source: Set(body.source.clone()),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([bookmarks::Column::MemberId, bookmarks::Column::PostId])
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    let count = bookmarks_after(&txn, post_seq, added as i64).await?;
    txn.commit().await?;
    if added == 1 {
        state.events.record(Event {
            detail: Some(body.source),
            ..event(
                "bookmark",
                user.member.id,
                post.business_id,
                Some(post_seq),
                &headers,
            )
        });
        state.catalog_changed();
    }
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
    let post = crate::content::posts::find(&state, post_seq).await?;
    let txn = state.db.begin().await?;
    let removed = bookmarks::Entity::delete_many()
        .filter(bookmarks::Column::MemberId.eq(user.member.id))
        .filter(bookmarks::Column::PostId.eq(post_seq))
        .exec(&txn)
        .await?
        .rows_affected;
    let count = bookmarks_after(&txn, post_seq, -(removed as i64)).await?;
    txn.commit().await?;
    if removed == 1 {
        state.events.record(event(
            "unbookmark",
            user.member.id,
            post.business_id,
            Some(post_seq),
            &headers,
        ));
        state.catalog_changed();
    }
    Ok(ok(BookmarkState {
        post_seq,
        bookmarked: false,
        bookmark_count: count,
    }))
}

/// A followed business in the reader's list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Followed {
    #[serde(flatten)]
    business: BusinessBadge,
    industry: String,
    follower_count: i64,
    followed_at: chrono::DateTime<Utc>,
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
    let size = page.size()?;
    let mut query = follows::Entity::find()
        .filter(follows::Column::MemberId.eq(user.member.id))
        .order_by_desc(follows::Column::Id)
        .limit(size + 1);
    if let Some(before) = page.before_id()? {
        query = query.filter(follows::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    let ids: Vec<i64> = rows.iter().map(|row| row.business_id).collect();
    let mut badges = badges(&state, &ids).await?;
    let details: std::collections::HashMap<i64, businesses::Model> = businesses::Entity::find()
        .filter(businesses::Column::Id.is_in(ids.clone()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|row| (row.id, row))
        .collect();
    let items = rows
        .into_iter()
        .filter_map(|row| {
            let business = badges.remove(&row.business_id)?;
            let detail = details.get(&row.business_id)?;
            Some(Followed {
                business,
                industry: detail.industry.clone(),
                follower_count: detail.follower_count,
                followed_at: row.created_at,
            })
        })
        .collect();
    Ok(ok(Page { items, next_cursor }))
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
    let size = page.size()?;
    let mut query = bookmarks::Entity::find()
        .filter(bookmarks::Column::MemberId.eq(user.member.id))
        .inner_join(posts::Entity)
        .filter(crate::catalog::visible())
        .order_by_desc(bookmarks::Column::Id)
        .limit(size + 1);
    if let Some(before) = page.before_id()? {
        query = query.filter(bookmarks::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    let ids: Vec<i64> = rows.iter().map(|row| row.post_id).collect();
    Ok(ok(Page {
        items: cards(&state, &ids).await?,
        next_cursor,
    }))
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

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MyState {
    /// Of the asked posts, those the reader bookmarked.
    bookmarked: Vec<i64>,
    /// Of the asked businesses, those the reader follows.
    following: Vec<i64>,
}

fn ids(list: Option<&str>, field: &str) -> ApiResult<Vec<i64>> {
    let Some(list) = list.filter(|l| !l.trim().is_empty()) else {
        return Ok(Vec::new());
    };
    let ids = list
        .split(',')
        .map(|id| id.trim().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| ApiError::bad_request(format!("{field} must be comma-separated ids")))?;
    if ids.len() > 100 {
        return Err(ApiError::bad_request(format!("at most 100 {field}")));
    }
    Ok(ids)
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
    let post_ids = ids(query.posts.as_deref(), "posts")?;
    let business_ids = ids(query.businesses.as_deref(), "businesses")?;
    let bookmarked = if post_ids.is_empty() {
        Vec::new()
    } else {
        bookmarks::Entity::find()
            .select_only()
            .column(bookmarks::Column::PostId)
            .filter(bookmarks::Column::MemberId.eq(user.member.id))
            .filter(bookmarks::Column::PostId.is_in(post_ids))
            .into_tuple()
            .all(&state.db)
            .await?
    };
    let following = if business_ids.is_empty() {
        Vec::new()
    } else {
        follows::Entity::find()
            .select_only()
            .column(follows::Column::BusinessId)
            .filter(follows::Column::MemberId.eq(user.member.id))
            .filter(follows::Column::BusinessId.is_in(business_ids))
            .into_tuple()
            .all(&state.db)
            .await?
    };
    Ok(ok(MyState {
        bookmarked,
        following,
    }))
}
