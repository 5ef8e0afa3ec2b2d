//! The operators' removal of a post, with the reason its business sees, and its
//! restoration to the status it had. Each lands with its row in the operators' audit log,
//! in one transaction (a removal also closes the readers' open reports of the post); the removal's row keeps the status the post had, which is where a
//! restoration takes it back to.

use super::flags::close_open;
use super::posts::{detail_of, find, PostStatus};
use crate::auth::access::require_admin;
use crate::auth::{session, AuthUser};
use crate::content::view::PostDetail;
use crate::entities::post_flags::FlagStatus;
use crate::entities::{operator_audit, posts};
use crate::http::error::{ApiError, ApiResult};
use crate::oplog::{self, Entry, Target};
use crate::state::AppState;
use crate::sync::Change;
use chrono::Utc;
use sea_orm::{
    ActiveEnum, ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

/// Removes a post from the platform (operators only, after a recent password check), with the
/// reason the business sees.
pub(crate) async fn remove(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    reason: &str,
) -> ApiResult<PostDetail> {
    require_admin(&user.member)?;
    session::require_recent_check(state, user).await?;
    let post = remove_post(state, id, reason, Some(user.member.id)).await?;
    detail_of(state, post, Some(user.member.id)).await
}

/// Gives a removed post back its status from before the removal (operators only).
pub(crate) async fn restore(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<PostDetail> {
    require_admin(&user.member)?;
    let post = restore_post(state, id, Some(user.member.id)).await?;
    detail_of(state, post, Some(user.member.id)).await
}

/// The operator's removal, from the API (`by` the operator) or the command line.
pub async fn remove_post(
    state: &AppState,
    id: i64,
    reason: &str,
    by: Option<i64>,
) -> ApiResult<posts::Model> {
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > 500 {
        return Err(ApiError::bad_request("reason must be 1 to 500 characters"));
    }
    let post = find(state, id).await?;
    if post.status == PostStatus::Removed {
        return Err(ApiError::Conflict("the post is already removed".into()));
    }
    let from = post.status;
    let mut active: posts::ActiveModel = post.into();
    active.status = Set(PostStatus::Removed);
    active.removed_reason = Set(Some(reason.to_string()));
    active.updated_at = Set(Utc::now());
    let txn = crate::db::write_txn(&state.db).await?;
    let post = active.update(&txn).await?;
    // The post's open flags are answered by the removal.
    let flags = close_open(&txn, id, FlagStatus::Actioned, by, Some(reason)).await?;
    oplog::write(
        &txn,
        Entry {
            actor: by,
            action: oplog::Action::PostRemoved,
            target: Target::Post(id),
            note: Some(reason),
            detail: Some(serde_json::json!({ "from": from.to_value(), "flags": flags })),
        },
    )
    .await?;
    state.commit_with(txn, &[Change::Post(post.id)]).await?;
    Ok(post)
}

/// The status a removed post goes back to: the one its removal recorded; for a removal
/// older than the log, published when it had been, a draft otherwise.
async fn status_before_removal(state: &AppState, post: &posts::Model) -> ApiResult<PostStatus> {
    let removal = operator_audit::Entity::find()
        .filter(operator_audit::Column::Action.eq(oplog::Action::PostRemoved.as_str()))
        .filter(operator_audit::Column::TargetKind.eq(Target::Post(post.id).kind()))
        .filter(operator_audit::Column::TargetId.eq(post.id))
        .order_by_desc(operator_audit::Column::Id)
        .one(&state.db)
        .await?;
    let recorded = removal
        .and_then(|row| row.detail)
        .and_then(|detail| detail.get("from")?.as_str().map(str::to_string))
        .and_then(|from| PostStatus::try_from_value(&from).ok())
        .filter(|status| *status != PostStatus::Removed);
    Ok(recorded.unwrap_or(if post.published_at.is_some() {
        PostStatus::Published
    } else {
        PostStatus::Draft
    }))
}

/// The operator's restoration, from the API (`by` the operator).
pub async fn restore_post(state: &AppState, id: i64, by: Option<i64>) -> ApiResult<posts::Model> {
    let post = find(state, id).await?;
    if post.status != PostStatus::Removed {
        return Err(ApiError::Conflict("the post is not removed".into()));
    }
    let to = status_before_removal(state, &post).await?;
    let mut active: posts::ActiveModel = post.into();
    active.status = Set(to);
    active.removed_reason = Set(None);
    active.updated_at = Set(Utc::now());
    let txn = crate::db::write_txn(&state.db).await?;
    let post = active.update(&txn).await?;
    oplog::write(
        &txn,
        Entry {
            actor: by,
            action: oplog::Action::PostRestored,
            target: Target::Post(id),
            note: None,
            detail: Some(serde_json::json!({ "to": to.to_value() })),
        },
    )
    .await?;
    state.commit_with(txn, &[Change::Post(post.id)]).await?;
    Ok(post)
}
