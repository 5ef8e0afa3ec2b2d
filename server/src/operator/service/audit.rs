//! The operators' audit log as the console reads it: newest first, all actions or one.
//! Nothing here (or anywhere) edits it.

use crate::auth::access::require_admin;
use crate::auth::AuthUser;
use crate::entities::operator_audit;
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::oplog::Action;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OperatorAuditEntry {
    id: i64,
    #[schema(value_type = crate::oplog::OperatorAction)]
    action: String,
    /// The operator (none: the command line).
    actor_member_id: Option<i64>,
    actor_email: Option<String>,
    /// `BUSINESS`, `MEDIA_REQUEST`, `POST`, `COLLECTION` or `SEARCH_INDEX`.
    #[schema(value_type = TargetKind)]
    target_kind: String,
    target_id: Option<i64>,
    note: Option<String>,
    /// What the action changed, as a JSON object (its fields depend on the action).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    detail: Option<serde_json::Value>,
    created_at: DateTime<Utc>,
}

crate::word_schema! {
    /// What an operator acted on.
    TargetKind = ["BUSINESS", "MEDIA_REQUEST", "POST", "COLLECTION", "SEARCH_INDEX"]
}

/// The log, newest first (operators only).
pub(crate) async fn trail(
    state: &AppState,
    user: &AuthUser,
    action: Option<&str>,
    page: &PageQuery,
) -> ApiResult<Page<OperatorAuditEntry>> {
    require_admin(&user.member)?;
    let size = page.size()?;
    let mut query = operator_audit::Entity::find()
        .order_by_desc(operator_audit::Column::Id)
        .limit(size + 1);
    if let Some(action) = action {
        let action = Action::read(action, "action").map_err(ApiError::bad_request)?;
        query = query.filter(operator_audit::Column::Action.eq(action.as_str()));
    }
    if let Some(before) = page.before_id()? {
        query = query.filter(operator_audit::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    Ok(Page {
        items: rows
            .into_iter()
            .map(|row| OperatorAuditEntry {
                id: row.id,
                action: row.action,
                actor_member_id: row.actor_member_id,
                actor_email: row.actor_email,
                target_kind: row.target_kind,
                target_id: row.target_id,
                note: row.note,
                detail: row.detail,
                created_at: row.created_at,
            })
            .collect(),
        next_cursor,
    })
}
