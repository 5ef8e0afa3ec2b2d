//! The business audit log: every invitation, role change, removal and profile change, with
//! who made it, written in the transaction of the change. The master reads it, newest first,
//! optionally one action only.

use crate::auth::access::require_master_of;
use crate::auth::AuthUser;
use crate::entities::audit_log;
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

crate::named_words! {
    /// Every action the log records (`action` of a row, and of the list's filter).
    pub enum Action {
        BusinessRegistered = "BUSINESS_REGISTERED",
        ProfileUpdated = "PROFILE_UPDATED",
        Verified = "VERIFIED",
        VerificationRemoved = "VERIFICATION_REMOVED",
        InvitationSent = "INVITATION_SENT",
        InvitationResent = "INVITATION_RESENT",
        InvitationRevoked = "INVITATION_REVOKED",
        InvitationAccepted = "INVITATION_ACCEPTED",
        ManagerRemoved = "MANAGER_REMOVED",
        OwnershipOffered = "OWNERSHIP_OFFERED",
        OwnershipTransferred = "OWNERSHIP_TRANSFERRED",
        TwoStepRequired = "TWO_STEP_REQUIRED",
        TwoStepOptional = "TWO_STEP_OPTIONAL",
    }
}

crate::word_schema! {
    /// What a business's audit entry records.
    BusinessAction = Action::ALL.iter().map(|action| action.as_str())
}

/// Writes one audit row (inside the caller's transaction, so the row and the change it
/// records land together).
pub async fn write(
    db: &impl ConnectionTrait,
    business_id: i64,
    actor: Option<i64>,
    action: Action,
    target_member: Option<i64>,
    target_email: Option<String>,
    detail: Option<serde_json::Value>,
) -> ApiResult<()> {
    audit_log::ActiveModel {
        business_id: Set(Some(business_id)),
        actor_member_id: Set(actor),
        action: Set(action.as_str().into()),
        target_member_id: Set(target_member),
        target_email: Set(target_email),
        detail: Set(detail),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AuditEntry {
    id: i64,
    #[schema(value_type = BusinessAction)]
    action: String,
    actor_member_id: Option<i64>,
    target_member_id: Option<i64>,
    target_email: Option<String>,
    /// What the action changed, as a JSON object (its fields depend on the action).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    detail: Option<serde_json::Value>,
    created_at: DateTime<Utc>,
}

/// The business's audit log, newest first, all actions or one [`Action`] (the master
/// only).
pub(crate) async fn trail(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    action: Option<&str>,
    page: &PageQuery,
) -> ApiResult<Page<AuditEntry>> {
    require_master_of(state, &user.member, id).await?;
    let size = page.size()?;
    let mut query = audit_log::Entity::find()
        .filter(audit_log::Column::BusinessId.eq(id))
        .order_by_desc(audit_log::Column::Id)
        .limit(size + 1);
    if let Some(action) = action {
        let action = Action::read(action, "action").map_err(ApiError::bad_request)?;
        query = query.filter(audit_log::Column::Action.eq(action.as_str()));
    }
    if let Some(before) = page.before_id()? {
        query = query.filter(audit_log::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    Ok(Page {
        items: rows
            .into_iter()
            .map(|row| AuditEntry {
                id: row.id,
                action: row.action,
                actor_member_id: row.actor_member_id,
                target_member_id: row.target_member_id,
                target_email: row.target_email,
                detail: row.detail,
                created_at: row.created_at,
            })
            .collect(),
        next_cursor,
    })
}
