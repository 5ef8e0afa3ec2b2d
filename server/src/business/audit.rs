//! The business audit log: every invitation, role change, removal and profile change, with
//! who made it. The master reads it.

use crate::entities::audit_log;
use crate::http::error::ApiResult;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};

/// Writes one audit row (inside the caller's transaction, so the row and the change it
/// records land together).
pub async fn write(
    db: &impl ConnectionTrait,
    business_id: i64,
    actor: Option<i64>,
    action: &str,
    target_member: Option<i64>,
    target_email: Option<String>,
    detail: Option<serde_json::Value>,
) -> ApiResult<()> {
    audit_log::ActiveModel {
        business_id: Set(Some(business_id)),
        actor_member_id: Set(actor),
        action: Set(action.into()),
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
