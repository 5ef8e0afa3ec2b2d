//! What waits for the operators, oldest first: media requests not yet decided (REQUESTED or
//! IN_REVIEW), businesses waiting for their verification (registered, never decided:
//! registering is the request; a decision either way, with its note, takes a business out)
//! and posts readers reported (one item per post, while any report of it is open: a
//! dismissal or the post's removal closes them). Each item says since when it waits and
//! which operator took it.

use crate::auth::access::require_admin;
use crate::auth::AuthUser;
use crate::entities::media_requests::MediaRequestStatus;
use crate::entities::post_flags::FlagStatus;
use crate::entities::{businesses, media_requests, members, operator_claims, post_flags, posts};
use crate::http::error::{ApiError, ApiResult};
use crate::oplog::{self, Entry, Target};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Func, OnConflict};
use sea_orm::{
    ActiveEnum, ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Items of each kind the queue shows (the oldest).
const SHOWN: u64 = 50;

/// The operator who took an item.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Taker {
    member_id: i64,
    email: Option<String>,
    nickname: Option<String>,
    at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct QueueItem {
    /// `MEDIA_REQUEST` or `BUSINESS`.
    #[schema(value_type = QueueKind)]
    kind: &'static str,
    id: i64,
    /// The request's title or the business's name.
    title: String,
    business_id: i64,
    business_name: String,
    /// The request's status (`REQUESTED`, `IN_REVIEW`); none for a business.
    #[schema(value_type = Option<crate::kernel::schema::codes::MediaRequestStatus>)]
    status: Option<String>,
    /// Since when it waits.
    since: DateTime<Utc>,
    taken_by: Option<Taker>,
}

crate::word_schema! {
    /// What waits in the operators' queue.
    QueueKind = ["MEDIA_REQUEST", "BUSINESS"]
}

crate::word_schema! {
    /// What a reader reported: a post.
    FlaggedKind = ["POST"]
}

/// How many open reports of a post give one reason.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReasonCount {
    #[schema(value_type = crate::kernel::schema::codes::FlagReason)]
    reason: String,
    flags: u64,
}

/// A post readers reported, while any report of it is open.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FlaggedPost {
    /// `POST`.
    #[schema(value_type = FlaggedKind)]
    kind: &'static str,
    post_seq: i64,
    title: String,
    business_id: i64,
    business_name: String,
    /// The post's status now.
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    status: String,
    /// Since the oldest open report.
    since: DateTime<Utc>,
    /// Open reports.
    flags: u64,
    /// The open reports' reasons, the most given first.
    reasons: Vec<ReasonCount>,
    taken_by: Option<Taker>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Queue {
    media_requests: Vec<QueueItem>,
    media_requests_waiting: u64,
    verifications: Vec<QueueItem>,
    verifications_waiting: u64,
    flagged_posts: Vec<FlaggedPost>,
    /// Posts with an open report.
    flagged_posts_waiting: u64,
}

fn undecided_requests() -> sea_orm::Select<media_requests::Entity> {
    media_requests::Entity::find().filter(
        media_requests::Column::Status
            .is_in([MediaRequestStatus::Requested, MediaRequestStatus::InReview]),
    )
}

fn undecided_businesses() -> sea_orm::Select<businesses::Entity> {
    businesses::Entity::find()
        .filter(businesses::Column::VerifiedAt.is_null())
        .filter(businesses::Column::VerificationNote.is_null())
}

/// Who took which item of `kind`, among `ids`.
async fn takers(state: &AppState, kind: &str, ids: &[i64]) -> ApiResult<HashMap<i64, Taker>> {
    let claims = operator_claims::Entity::find()
        .filter(operator_claims::Column::Kind.eq(kind))
        .filter(operator_claims::Column::TargetId.is_in(ids.iter().copied()))
        .find_also_related(members::Entity)
        .all(&state.db)
        .await?;
    Ok(claims
        .into_iter()
        .map(|(claim, member)| {
            let (email, nickname) = member
                .map(|member| (member.email, member.nickname))
                .unwrap_or_default();
            (
                claim.target_id,
                Taker {
                    member_id: claim.member_id,
                    email,
                    nickname,
                    at: claim.taken_at,
                },
            )
        })
        .collect())
}

fn open_flags() -> sea_orm::Select<post_flags::Entity> {
    post_flags::Entity::find().filter(post_flags::Column::Status.eq(FlagStatus::Open))
}

/// The reported posts, those reported longest ago first.
async fn flagged_posts(state: &AppState) -> ApiResult<(Vec<FlaggedPost>, u64)> {
    let oldest = Expr::from(Func::min(Expr::col(post_flags::Column::CreatedAt)));
    let waiting: Vec<(i64, i64, DateTime<Utc>)> = open_flags()
        .select_only()
        .column(post_flags::Column::PostId)
        .column_as(post_flags::Column::Id.count(), "flags")
        .column_as(oldest.clone(), "since")
        .group_by(post_flags::Column::PostId)
        .order_by(oldest, Order::Asc)
        .order_by_asc(post_flags::Column::PostId)
        .limit(SHOWN)
        .into_tuple()
        .all(&state.db)
        .await?;
    let total = open_flags()
        .select_only()
        .column(post_flags::Column::PostId)
        .distinct()
        .count(&state.db)
        .await?;
    let ids: Vec<i64> = waiting.iter().map(|(id, _, _)| *id).collect();
    let mut reasons: HashMap<i64, Vec<ReasonCount>> = HashMap::new();
    let counted: Vec<(i64, String, i64)> = open_flags()
        .select_only()
        .column(post_flags::Column::PostId)
        .column(post_flags::Column::Reason)
        .column_as(post_flags::Column::Id.count(), "flags")
        .filter(post_flags::Column::PostId.is_in(ids.iter().copied()))
        .group_by(post_flags::Column::PostId)
        .group_by(post_flags::Column::Reason)
        .into_tuple()
        .all(&state.db)
        .await?;
    for (post, reason, flags) in counted {
        reasons.entry(post).or_default().push(ReasonCount {
            reason,
            flags: flags as u64,
        });
    }
    let mut shown: HashMap<i64, posts::Model> = posts::Entity::find()
        .filter(posts::Column::Id.is_in(ids.iter().copied()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|post| (post.id, post))
        .collect();
    let business_names = names(state, shown.values().map(|post| post.business_id)).await?;
    let mut takers = takers(state, Target::Post(0).kind(), &ids).await?;
    let items = waiting
        .into_iter()
        .filter_map(|(id, flags, since)| {
            let post = shown.remove(&id)?;
            let mut reasons = reasons.remove(&id).unwrap_or_default();
            reasons.sort_by(|a, b| b.flags.cmp(&a.flags).then(a.reason.cmp(&b.reason)));
            Some(FlaggedPost {
                kind: Target::Post(0).kind(),
                post_seq: id,
                business_name: business_names
                    .get(&post.business_id)
                    .cloned()
                    .unwrap_or_default(),
                title: post.title,
                business_id: post.business_id,
                status: post.status.to_value(),
                since,
                flags: flags as u64,
                reasons,
                taken_by: takers.remove(&id),
            })
        })
        .collect();
    Ok((items, total))
}

async fn names(
    state: &AppState,
    ids: impl IntoIterator<Item = i64>,
) -> ApiResult<HashMap<i64, String>> {
    Ok(businesses::Entity::find()
        .select_only()
        .column(businesses::Column::Id)
        .column(businesses::Column::Name)
        .filter(businesses::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(&state.db)
        .await?
        .into_iter()
        .collect())
}

/// The queue (operators only).
pub(crate) async fn queue(state: &AppState, user: &AuthUser) -> ApiResult<Queue> {
    require_admin(&user.member)?;
    let requests = undecided_requests()
        .order_by_asc(media_requests::Column::CreatedAt)
        .order_by_asc(media_requests::Column::Id)
        .limit(SHOWN)
        .all(&state.db)
        .await?;
    let media_requests_waiting = undecided_requests().count(&state.db).await?;
    let request_ids: Vec<i64> = requests.iter().map(|row| row.id).collect();
    let mut request_takers = takers(state, Target::MediaRequest(0).kind(), &request_ids).await?;
    let business_names = names(state, requests.iter().map(|row| row.business_id)).await?;
    let waiting = undecided_businesses()
        .order_by_asc(businesses::Column::CreatedAt)
        .order_by_asc(businesses::Column::Id)
        .limit(SHOWN)
        .all(&state.db)
        .await?;
    let verifications_waiting = undecided_businesses().count(&state.db).await?;
    let business_ids: Vec<i64> = waiting.iter().map(|row| row.id).collect();
    let mut business_takers = takers(state, Target::Business(0).kind(), &business_ids).await?;
    let (flagged_posts, flagged_posts_waiting) = flagged_posts(state).await?;
    Ok(Queue {
        media_requests: requests
            .into_iter()
            .map(|row| QueueItem {
                kind: Target::MediaRequest(0).kind(),
                id: row.id,
                business_name: business_names
                    .get(&row.business_id)
                    .cloned()
                    .unwrap_or_default(),
                title: row.title,
                business_id: row.business_id,
                status: Some(row.status.to_value()),
                since: row.created_at,
                taken_by: request_takers.remove(&row.id),
            })
            .collect(),
        media_requests_waiting,
        verifications: waiting
            .into_iter()
            .map(|row| QueueItem {
                kind: Target::Business(0).kind(),
                id: row.id,
                title: row.name.clone(),
                business_id: row.id,
                business_name: row.name,
                status: None,
                since: row.created_at,
                taken_by: business_takers.remove(&row.id),
            })
            .collect(),
        verifications_waiting,
        flagged_posts,
        flagged_posts_waiting,
    })
}

/// The signed-in operator takes an item of the queue (or takes it over from another): one
/// statement, so two operators taking at once leave one name on it.
pub(crate) async fn take(
    state: &AppState,
    user: &AuthUser,
    kind: &str,
    id: i64,
) -> ApiResult<Taker> {
    require_admin(&user.member)?;
    let target = match kind {
        "MEDIA_REQUEST" => Target::MediaRequest(id),
        "BUSINESS" => Target::Business(id),
        "POST" => Target::Post(id),
        _ => {
            return Err(ApiError::bad_request(
                "kind must be MEDIA_REQUEST, BUSINESS or POST",
            ))
        }
    };
    let waiting = match target {
        Target::MediaRequest(_) => {
            undecided_requests()
                .filter(media_requests::Column::Id.eq(id))
                .count(&state.db)
                .await?
        }
        Target::Post(_) => {
            open_flags()
                .filter(post_flags::Column::PostId.eq(id))
                .count(&state.db)
                .await?
        }
        _ => {
            undecided_businesses()
                .filter(businesses::Column::Id.eq(id))
                .count(&state.db)
                .await?
        }
    };
    if waiting == 0 {
        return Err(ApiError::Conflict(
            "the item is not waiting any more".into(),
        ));
    }
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    operator_claims::Entity::insert(operator_claims::ActiveModel {
        kind: Set(target.kind().into()),
        target_id: Set(id),
        member_id: Set(user.member.id),
        taken_at: Set(now),
    })
    .on_conflict(
        OnConflict::columns([
            operator_claims::Column::Kind,
            operator_claims::Column::TargetId,
        ])
        .update_columns([
            operator_claims::Column::MemberId,
            operator_claims::Column::TakenAt,
        ])
        .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    oplog::write(
        &txn,
        Entry {
            actor: Some(user.member.id),
            action: oplog::Action::ItemTaken,
            target,
            note: None,
            detail: None,
        },
    )
    .await?;
    txn.commit().await?;
    Ok(Taker {
        member_id: user.member.id,
        email: user.member.email.clone(),
        nickname: user.member.nickname.clone(),
        at: now,
    })
}
