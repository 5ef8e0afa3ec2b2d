//! What an invitation link shows: the business, the inviter, the role, the invited address,
//! whether it can still be used, and whether the reader reading it is the invitee. Reading it
//! accepts nothing (accepting and joining are in `team`).

use super::profile;
use super::team::{by_token, is_invited, status_of};
use crate::auth::AuthUser;
use crate::entities::members;
use crate::entities::members::MemberStatus;
use crate::http::error::ApiResult;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::EntityTrait;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InvitationView {
    business_id: i64,
    business_name: String,
    email: String,
    /// The role the invitation gives: `BUSINESS` (a manager).
    #[schema(value_type = crate::kernel::schema::codes::BusinessRole)]
    role: String,
    /// The nickname of the member who sent it, while that member has one.
    inviter: Option<String>,
    /// `PENDING` | `ACCEPTED` | `REVOKED` | `EXPIRED` (the business's list says `WITHDRAWN`
    /// where the invitee's page says `REVOKED`)
    #[schema(value_type = InvitationStatus)]
    status: &'static str,
    expires_at: DateTime<Utc>,
    /// Whether an account with the invited e-mail exists (accept) or not (join).
    account_exists: bool,
    /// For a signed-in reader: whether they may accept it (their verified e-mail is the
    /// invited one); null for a guest.
    for_signed_in_member: Option<bool>,
}

crate::word_schema! {
    /// An invitation as its invitee sees it: `REVOKED` when the business took it back.
    InvitationStatus = ["PENDING", "ACCEPTED", "REVOKED", "EXPIRED"]
}

/// What an invitation link is for, and for whom (`user`, the reader reading it, if signed in).
/// Reading it accepts nothing.
pub(crate) async fn show_invitation(
    state: &AppState,
    user: Option<&AuthUser>,
    token: &str,
) -> ApiResult<InvitationView> {
    let row = by_token(state, token).await?;
    let business = profile::find(state, row.business_id).await?;
    let account_exists = crate::auth::accounts::member_by_email(state, &row.email)
        .await?
        .is_some();
    let inviter = match row.invited_by {
        Some(id) => members::Entity::find_by_id(id)
            .one(&state.db)
            .await?
            .filter(|m| m.status == MemberStatus::Active)
            .and_then(|m| m.nickname),
        None => None,
    };
    Ok(InvitationView {
        business_id: business.id,
        business_name: business.name,
        status: match status_of(&row, Utc::now()) {
            "WITHDRAWN" => "REVOKED",
            status => status,
        },
        role: row.role.to_string(),
        inviter,
        for_signed_in_member: user.map(|user| is_invited(&user.member, &row.email)),
        email: row.email,
        expires_at: row.expires_at,
        account_exists,
    })
}
