//! The operators' side of media publication: the queue of requests, and the review steps
//! (in review, published with the articles' links, or rejected with a reason) from the API
//! or the command line.

use super::history::{notify, step, with_history, MediaRequest};
use super::request::{find, listed};
use crate::auth::access::require_admin;
use crate::auth::AuthUser;
use crate::entities::media_requests::MediaRequestStatus::{
    self, InReview, Published, Rejected, Requested,
};
use crate::entities::{media_requests as requests, operator_claims};
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{Page, PageQuery};
use crate::oplog;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusChange {
    /// `IN_REVIEW` | `PUBLISHED` | `REJECTED`
    #[schema(value_type = crate::kernel::schema::codes::MediaRequestStatus)]
    pub status: String,
    /// The published articles (PUBLISHED): 1 to 20 http(s) addresses.
    #[serde(default)]
    pub links: Vec<String>,
    /// Why (REJECTED).
    pub reason: Option<String>,
}

/// Every business's requests, newest first, optionally of one status (operators).
pub(crate) async fn review_queue(
    state: &AppState,
    user: &AuthUser,
    status: Option<&str>,
    page: &PageQuery,
) -> ApiResult<Page<MediaRequest>> {
    require_admin(&user.member)?;
    listed(state, None, status_filter(status)?, page).await
}

/// The status a listing asks for, if any and if it is one.
fn status_filter(status: Option<&str>) -> ApiResult<Option<MediaRequestStatus>> {
    status
        .map(|status| {
            MediaRequestStatus::parse(status).ok_or_else(|| {
                ApiError::bad_request("status must be REQUESTED, IN_REVIEW, PUBLISHED or REJECTED")
            })
        })
        .transpose()
}

/// Moves a request on (operators): review it, publish it with links, or reject it.
pub(crate) async fn change_status(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    change: &StatusChange,
) -> ApiResult<MediaRequest> {
    require_admin(&user.member)?;
    let row = review(state, id, change, Some(user.member.id)).await?;
    with_history(state, row).await
}

/// A review step, from the API or the command line.
pub async fn review(
    state: &AppState,
    id: i64,
    change: &StatusChange,
    actor: Option<i64>,
) -> ApiResult<requests::Model> {
    let row = find(state, id).await?;
    let target = match MediaRequestStatus::parse(&change.status) {
        Some(target @ (InReview | Published | Rejected)) => target,
        _ => {
            return Err(ApiError::bad_request(
                "status must be IN_REVIEW, PUBLISHED or REJECTED",
            ))
        }
    };
    let allowed = matches!(
        (row.status, target),
        (Requested, InReview | Rejected) | (InReview, Published | Rejected)
    );
    if !allowed {
        return Err(ApiError::Conflict(format!(
            "a {} request cannot become {}",
            row.status, change.status
        )));
    }
    let mut note = None;
    let mut active: requests::ActiveModel = row.clone().into();
    match target {
        Published => {
            let links: Vec<String> = change.links.iter().map(|l| l.trim().to_string()).collect();
            let valid = |l: &String| {
                (l.starts_with("https://") || l.starts_with("http://"))
                    && l.len() <= 500
                    && !l.contains(char::is_whitespace)
            };
            if links.is_empty() || links.len() > 20 || !links.iter().all(valid) {
                return Err(ApiError::bad_request(
                    "links must be 1 to 20 http(s) addresses",
                ));
            }
            note = Some(links.join("\n"));
            active.links = Set(Some(serde_json::json!(links)));
        }
        Rejected => {
            let reason = change.reason.as_deref().map(str::trim).unwrap_or("");
            if reason.is_empty() || reason.chars().count() > 1000 {
                return Err(ApiError::bad_request("reason must be 1 to 1000 characters"));
            }
            note = Some(reason.to_string());
            active.reject_reason = Set(Some(reason.to_string()));
        }
        _ => {}
    }
    let now = Utc::now();
    active.status = Set(target);
    active.updated_at = Set(now);
    let txn = crate::db::write_txn(&state.db).await?;
    // Conditional on the status read above: two operators cannot both move it.
    let moved = requests::Entity::update_many()
        .col_expr(
            requests::Column::Status,
            sea_orm::sea_query::Expr::value(target),
        )
        .filter(requests::Column::Id.eq(id))
        .filter(requests::Column::Status.eq(row.status))
        .exec(&txn)
        .await?;
    if moved.rows_affected != 1 {
        return Err(ApiError::Conflict("the request changed meanwhile".into()));
    }
    let row = active.update(&txn).await?;
    step(id, target, note.clone(), actor, now)
        .insert(&txn)
        .await?;
    oplog::write(
        &txn,
        oplog::Entry {
            actor,
            action: match target {
                InReview => oplog::Action::MediaInReview,
                Published => oplog::Action::MediaPublished,
                _ => oplog::Action::MediaRejected,
            },
            target: oplog::Target::MediaRequest(id),
            note: note.as_deref(),
            detail: None,
        },
    )
    .await?;
    claim_on_review(&txn, id, target, actor, now).await?;
    if matches!(target, Published | Rejected) {
        crate::fanout::to_business_people(
            &txn,
            row.business_id,
            crate::fanout::NoticeKind::MediaRequest,
            if target == Published {
                "APPROVED"
            } else {
                "REJECTED"
            },
            now,
        )
        .await?;
    }
    txn.commit().await?;
    notify(state, &row).await?;
    Ok(row)
}

/// The operators' queue: the operator who takes a request into review holds it; a decided
/// request leaves the queue with its claim.
async fn claim_on_review(
    txn: &impl sea_orm::ConnectionTrait,
    id: i64,
    target: MediaRequestStatus,
    actor: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    let kind = oplog::Target::MediaRequest(id).kind();
    operator_claims::Entity::delete_many()
        .filter(operator_claims::Column::Kind.eq(kind))
        .filter(operator_claims::Column::TargetId.eq(id))
        .exec(txn)
        .await?;
    if let (InReview, Some(member)) = (target, actor) {
        operator_claims::ActiveModel {
            kind: Set(kind.into()),
            target_id: Set(id),
            member_id: Set(member),
            taken_at: Set(now),
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

/// Requests (newest first, at most 200), for the command line.
pub async fn list(state: &AppState, status: Option<&str>) -> ApiResult<Vec<requests::Model>> {
    let mut query = requests::Entity::find()
        .order_by_desc(requests::Column::Id)
        .limit(200);
    if let Some(status) = status_filter(status)? {
        query = query.filter(requests::Column::Status.eq(status));
    }
    Ok(query.all(&state.db).await?)
}
