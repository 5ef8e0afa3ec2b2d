//! Flags: a reader's word that something is wrong with a post (the page's "Report a
//! problem", 문제 신고), and the operators' decisions on them. The code and the API say *flag*,
//! to keep it apart from the Report category (a post with a PDF, `isReport`).
//!
//! A signed-in member reports a public post with a reason (and their own words; required
//! for OTHER). A member has one open report per post: reporting again while it waits files
//! nothing new and says so. Reports wait in the operators' queue, grouped by post, until an
//! operator dismisses them with a note or removes the post (`moderation::remove_post`
//! closes them as ACTIONED in the removal's transaction). The business never learns who
//! reported; operators do.

use super::posts::{find, is_visible};
use crate::auth::access::require_admin;
use crate::auth::AuthUser;
use crate::entities::post_flags::{FlagReason, FlagStatus};
use crate::entities::{businesses, members, operator_claims, post_flags};
use crate::fanout;
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::oplog::{self, Entry, Target};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveEnum, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest detail a reader may write, in characters.
pub const DETAIL_MAX: usize = 1000;
/// The longest note an operator may leave on a dismissal, in characters.
const NOTE_MAX: usize = 500;
/// Reports of one post an operator's view lists (the newest).
const SHOWN: u64 = 100;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct FlagInput {
    /// SPAM, ABUSE, ILLEGAL, PRIVACY, COPYRIGHT, MISLEADING or OTHER.
    #[schema(value_type = crate::kernel::schema::codes::FlagReason)]
    reason: String,
    /// The reader's own words: required for OTHER, at most 1,000 characters.
    #[serde(default)]
    detail: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FlagFiled {
    /// True when the member's earlier report of this post still waits: nothing new was filed.
    already_flagged: bool,
}

fn checked(input: FlagInput) -> ApiResult<(FlagReason, Option<String>)> {
    let reason = FlagReason::parse(input.reason.trim()).ok_or_else(|| {
        ApiError::bad_request(
            "reason must be one of SPAM, ABUSE, ILLEGAL, PRIVACY, COPYRIGHT, MISLEADING, OTHER",
        )
    })?;
    let detail = input
        .detail
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty());
    if detail
        .as_ref()
        .is_some_and(|text| text.chars().count() > DETAIL_MAX)
    {
        return Err(ApiError::bad_request(format!(
            "detail must be at most {DETAIL_MAX} characters"
        )));
    }
    if reason == FlagReason::Other && detail.is_none() {
        return Err(ApiError::bad_request(
            "say what is wrong with the post (detail) when the reason is OTHER",
        ));
    }
    Ok((reason, detail))
}

/// A member reports post `id`. Only a public post can be reported: any other id is 404, as
/// for its page.
pub(crate) async fn file(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    input: FlagInput,
) -> ApiResult<FlagFiled> {
    let (reason, detail) = checked(input)?;
    let post = find(state, id).await?;
    if !is_visible(&post) {
        return Err(ApiError::NotFound("content does not exist".into()));
    }
    RateLimits::check(
        &state.limits.flag_member,
        &user.member.id.to_string(),
        "reports of a problem",
    )
    .await?;
    // The partial unique index keeps one open report per member and post: a second one,
    // however close, inserts nothing.
    let inserted = post_flags::Entity::insert(post_flags::ActiveModel {
        post_id: Set(post.id),
        member_id: Set(Some(user.member.id)),
        reason: Set(reason),
        detail: Set(detail),
        status: Set(FlagStatus::Open),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
    .on_conflict(OnConflict::new().do_nothing().to_owned())
    .exec_without_returning(&state.db)
    .await?;
    Ok(FlagFiled {
        already_flagged: inserted == 0,
    })
}

/// Who reported (operators only see it).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Reporter {
    member_id: i64,
    email: Option<String>,
    nickname: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FlagRow {
    id: i64,
    #[schema(value_type = crate::kernel::schema::codes::FlagReason)]
    reason: String,
    detail: Option<String>,
    /// OPEN, DISMISSED or ACTIONED.
    #[schema(value_type = crate::kernel::schema::codes::FlagStatus)]
    status: String,
    created_at: DateTime<Utc>,
    /// None once the reporter has left the platform.
    reporter: Option<Reporter>,
    decided_at: Option<DateTime<Utc>>,
    decision_note: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostFlags {
    post_seq: i64,
    title: String,
    /// The post's status now.
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    status: String,
    business_id: i64,
    business_name: String,
    /// Reports still waiting.
    open: u64,
    /// The newest reports first, decided ones included.
    flags: Vec<FlagRow>,
}

/// The reports of post `id`, for an operator.
pub(crate) async fn of_post(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<PostFlags> {
    require_admin(&user.member)?;
    let post = find(state, id).await?;
    let business_name = businesses::Entity::find_by_id(post.business_id)
        .one(&state.db)
        .await?
        .map(|business| business.name)
        .unwrap_or_default();
    let rows = post_flags::Entity::find()
        .filter(post_flags::Column::PostId.eq(id))
        .order_by_desc(post_flags::Column::Id)
        .limit(SHOWN)
        .find_also_related(members::Entity)
        .all(&state.db)
        .await?;
    let open = post_flags::Entity::find()
        .filter(post_flags::Column::PostId.eq(id))
        .filter(post_flags::Column::Status.eq(FlagStatus::Open))
        .count(&state.db)
        .await?;
    Ok(PostFlags {
        post_seq: post.id,
        title: post.title,
        status: post.status.to_value(),
        business_id: post.business_id,
        business_name,
        open,
        flags: rows
            .into_iter()
            .map(|(row, member)| FlagRow {
                id: row.id,
                reason: row.reason.to_value(),
                detail: row.detail,
                status: row.status.to_value(),
                created_at: row.created_at,
                reporter: member.map(|member| Reporter {
                    member_id: member.id,
                    email: member.email,
                    nickname: member.nickname,
                }),
                decided_at: row.decided_at,
                decision_note: row.decision_note,
            })
            .collect(),
    })
}

/// Closes the open reports of post `id` as `status` (in the caller's transaction), frees the
/// post's place in the queue and tells each member who reported it; the number closed.
pub(crate) async fn close_open(
    db: &impl ConnectionTrait,
    id: i64,
    status: FlagStatus,
    by: Option<i64>,
    note: Option<&str>,
) -> Result<u64, DbErr> {
    let reporters: Vec<Option<i64>> = post_flags::Entity::find()
        .select_only()
        .column(post_flags::Column::MemberId)
        .distinct()
        .filter(post_flags::Column::PostId.eq(id))
        .filter(post_flags::Column::Status.eq(FlagStatus::Open))
        .into_tuple()
        .all(db)
        .await?;
    let closed = post_flags::Entity::update_many()
        .col_expr(post_flags::Column::Status, Expr::value(status.to_value()))
        .col_expr(post_flags::Column::DecidedAt, Expr::value(Utc::now()))
        .col_expr(post_flags::Column::DecidedBy, Expr::value(by))
        .col_expr(
            post_flags::Column::DecisionNote,
            Expr::value(note.map(str::to_string)),
        )
        .filter(post_flags::Column::PostId.eq(id))
        .filter(post_flags::Column::Status.eq(FlagStatus::Open))
        .exec(db)
        .await?
        .rows_affected;
    operator_claims::Entity::delete_many()
        .filter(operator_claims::Column::Kind.eq(Target::Post(id).kind()))
        .filter(operator_claims::Column::TargetId.eq(id))
        .exec(db)
        .await?;
    // Each member who reported it hears the decision (a guest's report has no one to tell).
    let now = Utc::now();
    for member_id in reporters.into_iter().flatten() {
        fanout::write(
            db,
            fanout::Notice {
                member_id,
                kind: fanout::NoticeKind::ReportReply,
                business_id: None,
                post_id: Some(id),
                detail: Some(status.as_str().to_string()),
            },
            now,
        )
        .await?;
    }
    Ok(closed)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Dismissed {
    /// Reports closed.
    dismissed: u64,
}

/// An operator looked at the open reports of post `id` and finds nothing to do: they are
/// closed with the operator's note.
pub(crate) async fn dismiss(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    note: &str,
) -> ApiResult<Dismissed> {
    require_admin(&user.member)?;
    let note = note.trim();
    if note.chars().count() > NOTE_MAX {
        return Err(ApiError::bad_request(format!(
            "note must be at most {NOTE_MAX} characters"
        )));
    }
    let note = (!note.is_empty()).then_some(note);
    find(state, id).await?;
    let txn = crate::db::write_txn(&state.db).await?;
    let dismissed = close_open(&txn, id, FlagStatus::Dismissed, Some(user.member.id), note).await?;
    if dismissed == 0 {
        return Err(ApiError::Conflict(
            "no report of this post is waiting".into(),
        ));
    }
    oplog::write(
        &txn,
        Entry {
            actor: Some(user.member.id),
            action: oplog::Action::FlagsDismissed,
            target: Target::Post(id),
            note,
            detail: Some(serde_json::json!({ "flags": dismissed })),
        },
    )
    .await?;
    txn.commit().await?;
    Ok(Dismissed { dismissed })
}
