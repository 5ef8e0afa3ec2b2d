//! The rules behind readers' ties: following a business and bookmarking a post are one
//! implementation ([`Tie`]), idempotent, with their counters moved in the same transaction
//! as the row and an analytics event per real change; and the reader's own lists.

use crate::auth::AuthUser;
use crate::content::cards::{badges, cards};
use crate::content::view::{BusinessBadge, Card};
use crate::entities::{bookmarks, businesses, follows, posts};
use crate::event_sink::{Event, EventKind};
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use crate::sync::Change;
use axum::http::{header, HeaderMap};
use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use tidemark_core::calendar::{is_utc_offset, KST_OFFSET_MINUTES};
use utoipa::ToSchema;

/// A reader's tie: a follow (of a business) or a bookmark (of a post).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tie {
    Follow,
    Bookmark,
}

/// What a tie is made to: the business its events count for, and the post of a bookmark.
struct Target {
    business_id: i64,
    post_id: Option<i64>,
}

impl Target {
    /// The change a tie made or undone brings: the post's bookmark count, or the business's
    /// follower count.
    fn counts(&self) -> Vec<Change> {
        match self.post_id {
            Some(post) => vec![Change::PostCounts(post)],
            None => vec![Change::BusinessCounts(self.business_id)],
        }
    }
}

impl Tie {
    /// Where the click may have happened (SPEC §3).
    fn sources(self) -> &'static [&'static str] {
        match self {
            Tie::Follow => &["Follow_Content", "Follow_ContentList", "Follow_CorpProfile"],
            Tie::Bookmark => &["Bookmark_Content", "Bookmark_ContentList"],
        }
    }

    /// The analytics kinds of the tie made and undone.
    fn kinds(self) -> (EventKind, EventKind) {
        match self {
            Tie::Follow => (EventKind::Follow, EventKind::Unfollow),
            Tie::Bookmark => (EventKind::Bookmark, EventKind::Unbookmark),
        }
    }

    /// The business or post `id` (404 when there is none). A bookmark is made to public posts
    /// only, and undone on any post.
    async fn target(self, state: &AppState, id: i64, making: bool) -> ApiResult<Target> {
        match self {
            Tie::Follow => {
                businesses::Entity::find_by_id(id)
                    .one(&state.db)
                    .await?
                    .ok_or_else(|| ApiError::NotFound("no such business".into()))?;
                Ok(Target {
                    business_id: id,
                    post_id: None,
                })
            }
            Tie::Bookmark => {
                let post = crate::content::posts::find(state, id).await?;
                if making && !crate::content::posts::is_visible(&post) {
                    return Err(ApiError::NotFound("content does not exist".into()));
                }
                Ok(Target {
                    business_id: post.business_id,
                    post_id: Some(id),
                })
            }
        }
    }

    /// Adds the row unless it is there (the unique index decides between concurrent
    /// clicks); answers the rows added.
    async fn insert(
        self,
        db: &impl ConnectionTrait,
        member_id: i64,
        id: i64,
        source: &str,
    ) -> Result<u64, DbErr> {
        let now = Utc::now();
        match self {
            Tie::Follow => {
                follows::Entity::insert(follows::ActiveModel {
                    member_id: Set(member_id),
                    business_id: Set(id),
                    source: Set(source.to_string()),
                    created_at: Set(now),
                    ..Default::default()
                })
                .on_conflict(
                    OnConflict::columns([follows::Column::MemberId, follows::Column::BusinessId])
                        .do_nothing()
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await
            }
            Tie::Bookmark => {
                bookmarks::Entity::insert(bookmarks::ActiveModel {
                    member_id: Set(member_id),
                    post_id: Set(id),
                    source: Set(source.to_string()),
                    created_at: Set(now),
                    ..Default::default()
                })
                .on_conflict(
                    OnConflict::columns([bookmarks::Column::MemberId, bookmarks::Column::PostId])
                        .do_nothing()
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await
            }
        }
    }

    /// Removes the row if it is there; answers the rows removed.
    async fn delete(
        self,
        db: &impl ConnectionTrait,
        member_id: i64,
        id: i64,
    ) -> Result<u64, DbErr> {
        let result = match self {
            Tie::Follow => {
                follows::Entity::delete_many()
                    .filter(follows::Column::MemberId.eq(member_id))
                    .filter(follows::Column::BusinessId.eq(id))
                    .exec(db)
                    .await?
            }
            Tie::Bookmark => {
                bookmarks::Entity::delete_many()
                    .filter(bookmarks::Column::MemberId.eq(member_id))
                    .filter(bookmarks::Column::PostId.eq(id))
                    .exec(db)
                    .await?
            }
        };
        Ok(result.rows_affected)
    }

    /// Moves the counter of `id` (a business's followers, a post's bookmarks) by `delta`
    /// (the rows really added or removed) and answers the count.
    async fn count_after(self, db: &impl ConnectionTrait, id: i64, delta: i64) -> ApiResult<i64> {
        match self {
            Tie::Follow => {
                counter_after::<businesses::Entity>(
                    db,
                    businesses::Column::FollowerCount,
                    businesses::Column::Id,
                    id,
                    delta,
                )
                .await
            }
            Tie::Bookmark => {
                counter_after::<posts::Entity>(
                    db,
                    posts::Column::BookmarkCount,
                    posts::Column::Id,
                    id,
                    delta,
                )
                .await
            }
        }
    }
}

/// Moves `counter` of the row `id` by `delta` and answers it (0 when the row is gone).
async fn counter_after<E: EntityTrait>(
    db: &impl ConnectionTrait,
    counter: E::Column,
    id_column: E::Column,
    id: i64,
    delta: i64,
) -> ApiResult<i64> {
    if delta != 0 {
        E::update_many()
            .col_expr(counter, Expr::col(counter).add(delta))
            .filter(id_column.eq(id))
            .exec(db)
            .await?;
    }
    let count: Option<i64> = E::find()
        .select_only()
        .column(counter)
        .filter(id_column.eq(id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(count.unwrap_or(0))
}

fn offset_of(headers: &HeaderMap) -> i32 {
    headers
        .get("_off_set")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i32>().ok())
        .filter(|v| is_utc_offset(*v))
        .unwrap_or(KST_OFFSET_MINUTES)
}

/// The analytics event of a reader's click, with the device read from the user agent.
fn event(kind: EventKind, member_id: i64, target: &Target, headers: &HeaderMap) -> Event {
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let device = tidemark_core::device::detect_device(agent);
    let code = |value: serde_json::Value| value.as_str().map(str::to_string);
    Event {
        kind,
        post_id: target.post_id,
        business_id: Some(target.business_id),
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

/// Makes the tie of `user` to business or post `id` (once, however often it is asked), with
/// the click's `source`; answers the count after it. `headers` give the event its device.
pub(super) async fn make(
    state: &AppState,
    user: &AuthUser,
    headers: &HeaderMap,
    tie: Tie,
    id: i64,
    source: String,
) -> ApiResult<i64> {
    check_source(&source, tie.sources())?;
    let target = tie.target(state, id, true).await?;
    let txn = crate::db::write_txn(&state.db).await?;
    let added = tie.insert(&txn, user.member.id, id, &source).await?;
    let count = tie.count_after(&txn, id, added as i64).await?;
    let changes = if added == 1 {
        target.counts()
    } else {
        Vec::new()
    };
    state.commit_with(txn, &changes).await?;
    if added == 1 {
        state.events.record(Event {
            detail: Some(source),
            ..event(tie.kinds().0, user.member.id, &target, headers)
        });
    }
    Ok(count)
}

/// Undoes the tie of `user` to business or post `id` (fine when there is none); answers the
/// count after it.
pub(super) async fn undo(
    state: &AppState,
    user: &AuthUser,
    headers: &HeaderMap,
    tie: Tie,
    id: i64,
) -> ApiResult<i64> {
    let target = tie.target(state, id, false).await?;
    let txn = crate::db::write_txn(&state.db).await?;
    let removed = tie.delete(&txn, user.member.id, id).await?;
    let count = tie.count_after(&txn, id, -(removed as i64)).await?;
    let changes = if removed == 1 {
        target.counts()
    } else {
        Vec::new()
    };
    state.commit_with(txn, &changes).await?;
    if removed == 1 {
        state
            .events
            .record(event(tie.kinds().1, user.member.id, &target, headers));
    }
    Ok(count)
}

/// A followed business in the reader's list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Followed {
    #[serde(flatten)]
    business: BusinessBadge,
    industry: String,
    follower_count: i64,
    followed_at: chrono::DateTime<Utc>,
}

/// The businesses `member_id` follows, last followed first.
pub(super) async fn my_follows(
    state: &AppState,
    member_id: i64,
    page: &PageQuery,
) -> ApiResult<Page<Followed>> {
    let size = page.size()?;
    let mut query = follows::Entity::find()
        .filter(follows::Column::MemberId.eq(member_id))
        .order_by_desc(follows::Column::Id)
        .limit(size + 1);
    if let Some(before) = page.before_id()? {
        query = query.filter(follows::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    let ids: Vec<i64> = rows.iter().map(|row| row.business_id).collect();
    let mut badges = badges(state, &ids).await?;
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
    Ok(Page { items, next_cursor })
}

/// The posts `member_id` bookmarked that are public, last bookmarked first.
pub(super) async fn my_bookmarks(
    state: &AppState,
    member_id: i64,
    page: &PageQuery,
) -> ApiResult<Page<Card>> {
    let size = page.size()?;
    let mut query = bookmarks::Entity::find()
        .filter(bookmarks::Column::MemberId.eq(member_id))
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
    Ok(Page {
        items: cards(state, &ids).await?,
        next_cursor,
    })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct MyState {
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

/// Which of `posts` (comma-separated ids) `member_id` bookmarked and which of `businesses`
/// they follow.
pub(super) async fn my_state(
    state: &AppState,
    member_id: i64,
    posts: Option<&str>,
    businesses: Option<&str>,
) -> ApiResult<MyState> {
    let post_ids = ids(posts, "posts")?;
    let business_ids = ids(businesses, "businesses")?;
    let bookmarked = if post_ids.is_empty() {
        Vec::new()
    } else {
        bookmarks::Entity::find()
            .select_only()
            .column(bookmarks::Column::PostId)
            .filter(bookmarks::Column::MemberId.eq(member_id))
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
            .filter(follows::Column::MemberId.eq(member_id))
            .filter(follows::Column::BusinessId.is_in(business_ids))
            .into_tuple()
            .all(&state.db)
            .await?
    };
    Ok(MyState {
        bookmarked,
        following,
    })
}
