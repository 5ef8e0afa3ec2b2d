//! The member's own business: which one they manage, their role in it, and a master's open
//! offer of it to them (what the console opens with).

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
}

/// The business `member_id` manages and their role in it (`None` when none).
pub(crate) async fn mine(state: &AppState, user: &AuthUser) -> ApiResult<Option<Mine>> {
    let member_id = user.member.id;
    let Some((business_id, role)) = access::membership_of(state, member_id).await? else {
        return Ok(None);
    };
    let row = find(state, business_id).await?;
    let ownership_offer_until = match (&role, &user.member.email) {
        (Role::Manager, Some(email)) => offer_for(state, business_id, email).await?,
        _ => None,
    };
    Ok(Some(Mine {
        role: role.as_str(),
        business: profile(state, row, Some(member_id)).await?,
        ownership_offer_until,
    }))
}
