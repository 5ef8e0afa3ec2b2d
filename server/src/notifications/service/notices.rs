//! Reading and marking a member's own notices. Every query is filtered by the member asking:
//! an id of someone else's notice marks nothing.

use crate::entities::post_flags::FlagStatus;
use crate::entities::posts::PostStatus;
use crate::entities::{businesses, notifications, posts};
use crate::fanout::{opens, NoticeKind, KEEP};
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{cut, PageQuery};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Ids one "mark read" call may name.
pub const MAX_IDS: usize = 100;

/// A notice as its member sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub id: i64,
    /// `new_post` | `report_reply` | `invitation` | `verification` | `media_request`.
    #[schema(value_type = crate::fanout::NoticeKind)]
    pub kind: String,
    /// When it was written (RFC 3339, UTC).
    pub created_at: String,
    pub read: bool,
    pub business_id: Option<i64>,
    pub business_name: Option<String>,
    pub post_seq: Option<i64>,
    pub post_title: Option<String>,
    /// The outcome it tells of (`APPROVED`, `REJECTED`, …), where the kind has one.
    pub detail: Option<String>,
    /// Where the notice leads in the site.
    pub link: String,
}

/// One page of notices, with the member's unread count.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticePage {
    pub items: Vec<Notice>,
    pub next_cursor: Option<String>,
    pub unread: u64,
}

/// The member's unread count.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unread {
    pub unread: u64,
}

/// The member's notices that are kept and still lead somewhere: within [`KEEP`], and, for a
/// new post, while the post is published (a post hidden or removed takes its announcements
/// with it; an answer to a report that removed the post stays).
fn visible(member_id: i64, now: DateTime<Utc>) -> Condition {
    let published = Query::select()
        .column(posts::Column::Id)
        .from(posts::Entity)
        .and_where(Expr::col(posts::Column::Status).eq(PostStatus::Published.as_str()))
        .to_owned();
    Condition::all()
        .add(notifications::Column::MemberId.eq(member_id))
        .add(notifications::Column::CreatedAt.gt(now - KEEP))
        .add(
            Condition::any()
                .add(notifications::Column::Kind.ne(NoticeKind::NewPost.as_str()))
                .add(notifications::Column::PostId.in_subquery(published)),
        )
}

pub async fn unread(state: &AppState, member_id: i64) -> ApiResult<Unread> {
    let unread = notifications::Entity::find()
        .filter(visible(member_id, Utc::now()))
        .filter(notifications::Column::ReadAt.is_null())
        .count(&state.db)
        .await?;
    Ok(Unread { unread })
}

/// A page of the member's notices, newest first.
pub async fn list(state: &AppState, member_id: i64, page: &PageQuery) -> ApiResult<NoticePage> {
    let size = page.size()?;
    let mut query = notifications::Entity::find()
        .filter(visible(member_id, Utc::now()))
        .order_by_desc(notifications::Column::Id)
        .limit(size + 1);
    if let Some(before) = page.before_id()? {
        query = query.filter(notifications::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = cut(rows, size, |row| row.id);
    let post_ids: Vec<i64> = rows.iter().filter_map(|row| row.post_id).collect();
    let business_ids: Vec<i64> = rows.iter().filter_map(|row| row.business_id).collect();
    let titles: HashMap<i64, String> = if post_ids.is_empty() {
        HashMap::new()
    } else {
        posts::Entity::find()
            .select_only()
            .column(posts::Column::Id)
            .column(posts::Column::Title)
            .filter(posts::Column::Id.is_in(post_ids))
            .into_tuple::<(i64, String)>()
            .all(&state.db)
            .await?
            .into_iter()
            .collect()
    };
    let names: HashMap<i64, String> = if business_ids.is_empty() {
        HashMap::new()
    } else {
        businesses::Entity::find()
            .select_only()
            .column(businesses::Column::Id)
            .column(businesses::Column::Name)
            .filter(businesses::Column::Id.is_in(business_ids))
            .into_tuple::<(i64, String)>()
            .all(&state.db)
            .await?
            .into_iter()
            .collect()
    };
    let items = rows
        .into_iter()
        .map(|row| Notice {
            link: link_of(&row),
            id: row.id,
            created_at: row
                .created_at
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            read: row.read_at.is_some(),
            business_name: row.business_id.and_then(|id| names.get(&id).cloned()),
            post_title: row.post_id.and_then(|id| titles.get(&id).cloned()),
            business_id: row.business_id,
            post_seq: row.post_id,
            detail: row.detail,
            kind: row.kind,
        })
        .collect();
    let Unread { unread } = unread(state, member_id).await?;
    Ok(NoticePage {
        items,
        next_cursor,
        unread,
    })
}

/// Where a notice leads: the post, the business's console, or the member's page (an
/// invitation is taken up through the link of its mail, which only the invitee holds).
fn link_of(row: &notifications::Model) -> String {
    match (NoticeKind::parse(&row.kind), row.post_id, row.business_id) {
        (Some(NoticeKind::NewPost), Some(post), _) => format!("/post/{post}"),
        // The post stays when the report was dismissed; a removed one has no page.
        (Some(NoticeKind::ReportReply), Some(post), _)
            if row.detail.as_deref() == Some(FlagStatus::Dismissed.as_str()) =>
        {
            format!("/post/{post}")
        }
        (Some(NoticeKind::ReportReply), _, _) => "/mypage/notifications".into(),
        (Some(NoticeKind::Verification | NoticeKind::MediaRequest), _, Some(_)) => {
            "/mypage/business".into()
        }
        _ => "/mypage".into(),
    }
}

/// Marks the member's notices among `ids` read; others' ids mark nothing.
pub async fn mark_read(state: &AppState, member_id: i64, ids: &[i64]) -> ApiResult<Unread> {
    if ids.is_empty() || ids.len() > MAX_IDS {
        return Err(ApiError::bad_request(format!(
            "ids must name 1 to {MAX_IDS} notices"
        )));
    }
    notifications::Entity::update_many()
        .col_expr(notifications::Column::ReadAt, Expr::value(Utc::now()))
        .filter(notifications::Column::MemberId.eq(member_id))
        .filter(notifications::Column::Id.is_in(ids.iter().copied()))
        .filter(notifications::Column::ReadAt.is_null())
        .exec(&state.db)
        .await?;
    unread(state, member_id).await
}

/// Marks every notice of the member read.
pub async fn mark_all_read(state: &AppState, member_id: i64) -> ApiResult<Unread> {
    notifications::Entity::update_many()
        .col_expr(notifications::Column::ReadAt, Expr::value(Utc::now()))
        .filter(notifications::Column::MemberId.eq(member_id))
        .filter(notifications::Column::ReadAt.is_null())
        .exec(&state.db)
        .await?;
    Ok(Unread { unread: 0 })
}

/// Opens one of the member's notices: marks it read and, for a new post, counts the member's
/// opening for the business's console (once a member and post). Another member's notice is
/// not found.
pub async fn open(state: &AppState, member_id: i64, id: i64) -> ApiResult<Unread> {
    let notice = notifications::Entity::find_by_id(id)
        .filter(notifications::Column::MemberId.eq(member_id))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("notice not found".into()))?;
    let now = Utc::now();
    if notice.read_at.is_none() {
        notifications::Entity::update_many()
            .col_expr(notifications::Column::ReadAt, Expr::value(now))
            .filter(notifications::Column::Id.eq(notice.id))
            .filter(notifications::Column::ReadAt.is_null())
            .exec(&state.db)
            .await?;
    }
    if let (Some(NoticeKind::NewPost), Some(post)) =
        (NoticeKind::parse(&notice.kind), notice.post_id)
    {
        opens::record(&state.db, post, member_id, opens::Channel::Site, now).await?;
    }
    unread(state, member_id).await
}
