//! The member's own business: which one they manage, their role in it, a master's open offer
//! of it to them, and whether its two-step rule shuts them out (what the console opens with;
//! it answers whatever the rule, so the console can say what to do).

use super::ownership::offer_for;
use super::profile::{find, profile, Business};
use crate::auth::access::{self, Role};
use crate::auth::AuthUser;
use crate::http::error::ApiResult;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// The member's own business and role.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Mine {
    /// `BUSINESS_MASTER` | `BUSINESS`
    #[schema(value_type = crate::kernel::schema::codes::BusinessRole)]
    role: &'static str,
    business: Business,
    /// Until when the master's offer of the business to this manager holds (accept it with
    /// `POST /api/v1/businesses/{id}/ownership/accept`); null when there is none.
    ownership_offer_until: Option<DateTime<Utc>>,
    /// Whether the business requires two-step sign-in of its whole team (its master's choice).
    requires_two_step: bool,
    /// The business requires two-step sign-in and this member has not turned it on: every
    /// call in the business's name answers 403/2012 until they do (at /mypage/security).
    two_step_needed: bool,
}

/// The business `member_id` manages and their role in it (`None` when none).
pub(crate) async fn mine(state: &AppState, user: &AuthUser) -> ApiResult<Option<Mine>> {
    let member_id = user.member.id;
    let Some((business_id, role)) = access::membership_of(state, member_id).await? else {
        return Ok(None);
    };
    let row = find(state, business_id).await?;
    let requires_two_step = row.requires_two_step;
    let ownership_offer_until = match (&role, &user.member.email) {
        (Role::Manager, Some(email)) => offer_for(state, business_id, email).await?,
        _ => None,
    };
    Ok(Some(Mine {
        role: role.as_str(),
        business: profile(state, row, Some(member_id)).await?,
        ownership_offer_until,
        requires_two_step,
        two_step_needed: requires_two_step && user.member.two_step_at.is_none(),
    }))
}
