//! Who may do what to a business: its master, its managers, the platform's operators.
//! A manager of business A gets 403 on everything of business B.

use crate::entities::members::MemberRole;
use crate::entities::{business_members, businesses, members};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

/// A member's place in a business.
pub use crate::entities::business_members::BusinessRole as Role;

/// The business a member manages, and as what (a member manages at most one).
pub async fn membership_of(state: &AppState, member_id: i64) -> ApiResult<Option<(i64, Role)>> {
    let row = business_members::Entity::find()
        .filter(business_members::Column::MemberId.eq(member_id))
        .one(&state.db)
        .await?;
    Ok(row.map(|row| (row.business_id, row.role)))
}

/// The business a member acts for, and as what, on a call made in its name: as
/// [`membership_of`], but 403 / 2012 when the business requires two-step sign-in of its team
/// and the member has not turned it on.
pub async fn acting_for(
    state: &AppState,
    member: &members::Model,
) -> ApiResult<Option<(i64, Role)>> {
    let Some((business_id, role)) = membership_of(state, member.id).await? else {
        return Ok(None);
    };
    if member.two_step_at.is_none() && requires_two_step(state, business_id).await? {
        return Err(ApiError::TwoStepRequired(
            "this business asks its whole team to sign in with two steps: turn two-step sign-in on in my page (/mypage/security)".into(),
        ));
    }
    Ok(Some((business_id, role)))
}

/// Whether the business's master has asked its whole team for two-step sign-in.
pub async fn requires_two_step(state: &AppState, business_id: i64) -> ApiResult<bool> {
    Ok(businesses::Entity::find_by_id(business_id)
        .select_only()
        .column(businesses::Column::RequiresTwoStep)
        .into_tuple::<bool>()
        .one(&state.db)
        .await?
        .unwrap_or(false))
}

/// The member's role in `business_id`, or 403 when the member has none there (2012 when the
/// business requires two-step sign-in the member has not turned on: [`acting_for`]).
pub async fn require_member_of(
    state: &AppState,
    member: &members::Model,
    business_id: i64,
) -> ApiResult<Role> {
    match acting_for(state, member).await? {
        Some((id, role)) if id == business_id => Ok(role),
        _ => Err(ApiError::Forbidden(
            "you do not manage this business".into(),
        )),
    }
}

/// 403 unless the member is the master of `business_id`.
pub async fn require_master_of(
    state: &AppState,
    member: &members::Model,
    business_id: i64,
) -> ApiResult<()> {
    match require_member_of(state, member, business_id).await? {
        Role::Master => Ok(()),
        Role::Manager => Err(ApiError::Forbidden(
            "only the business's master may do this".into(),
        )),
    }
}

/// 403 unless the member is a platform operator with two-step sign-in on (2012 for an
/// operator without it: the console sends them to set it up).
pub fn require_admin(member: &members::Model) -> ApiResult<()> {
    if member.role != MemberRole::Admin {
        return Err(ApiError::Forbidden("operators only".into()));
    }
    if member.two_step_at.is_none() {
        return Err(ApiError::TwoStepRequired(
            "operators turn two-step sign-in on first (my page, two-step sign-in)".into(),
        ));
    }
    Ok(())
}
