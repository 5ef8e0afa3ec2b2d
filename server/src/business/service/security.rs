//! The business's own rule for its team's sign-in: its master may ask everyone in the team for
//! two-step sign-in. While it holds, a member of the team without it is refused every call
//! made in the business's name with 403 / 2012 (`auth::access::acting_for`) until they turn
//! it on at my page; the console sends them there.

use crate::auth::access::require_master_of;
use crate::auth::{session, AuthUser};
use crate::business::audit;
use crate::entities::businesses;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TwoStepRule {
    /// Whether every member of the team must sign in with two steps.
    required: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TwoStepRuleSet {
    required: bool,
}

/// Sets whether the business requires two-step sign-in of its whole team (its master, after
/// a recent password check; the master must have it on first, or the rule would shut the
/// master out of the console). Written to the business's audit log when it changes.
pub(crate) async fn set_two_step_rule(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    rule: TwoStepRule,
) -> ApiResult<TwoStepRuleSet> {
    require_master_of(state, &user.member, id).await?;
    session::require_recent_check(state, user).await?;
    if rule.required && user.member.two_step_at.is_none() {
        return Err(ApiError::Conflict(
            "turn two-step sign-in on for yourself first (/mypage/security)".into(),
        ));
    }
    let txn = crate::db::write_txn(&state.db).await?;
    // One conditional UPDATE: only a change is written and recorded.
    let changed = businesses::Entity::update_many()
        .col_expr(
            businesses::Column::RequiresTwoStep,
            Expr::value(rule.required),
        )
        .col_expr(businesses::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(businesses::Column::Id.eq(id))
        .filter(businesses::Column::RequiresTwoStep.ne(rule.required))
        .exec(&txn)
        .await?
        .rows_affected
        > 0;
    if changed {
        let action = if rule.required {
            audit::Action::TwoStepRequired
        } else {
            audit::Action::TwoStepOptional
        };
        audit::write(&txn, id, Some(user.member.id), action, None, None, None).await?;
    }
    txn.commit().await?;
    Ok(TwoStepRuleSet {
        required: rule.required,
    })
}
