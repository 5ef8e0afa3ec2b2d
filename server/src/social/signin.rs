//! After the exchange: a signed `authToken` (10 minutes) vouching for "this person is
//! `<subject>` at `<channel>`", which SPEC §3's social sign-in request carries to the account
//! status and login calls, and which join/social turns into an account.

use super::providers::{Channel, ProviderIdentity};
use crate::entities::members::MemberStatus;
use crate::entities::{members, social_identities};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::Utc;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use tidemark_core::error_screen::ErrorCode;

const TICKET_KIND: &str = "social";
pub const AUTH_TOKEN_SECS: i64 = 10 * 60;

/// What an authToken vouches for (inside a ticket signed with the server's key).
#[derive(Serialize, Deserialize)]
struct Vouched {
    ch: Channel,
    sub: String,
    email: Option<String>,
    name: Option<String>,
}

pub fn issue_auth_token(
    state: &AppState,
    channel: Channel,
    identity: &ProviderIdentity,
) -> ApiResult<String> {
    let vouched = Vouched {
        ch: channel,
        sub: identity.subject.clone(),
        email: identity.email.clone(),
        name: identity.name.clone(),
    };
    let subject = serde_json::to_string(&vouched).map_err(ApiError::internal)?;
    state
        .tokens
        .issue_ticket(
            TICKET_KIND,
            &subject,
            AUTH_TOKEN_SECS,
            Utc::now().timestamp(),
        )
        .map_err(ApiError::internal)
}

/// The channel and identity an authToken vouches for. SPEC §8: a social sign-in without a
/// token is code 999; a token that is forged, expired or of another channel is 401.
pub fn verify_auth_token(
    state: &AppState,
    auth_token: Option<&str>,
    channel: Option<&str>,
) -> ApiResult<(Channel, ProviderIdentity)> {
    let Some(auth_token) = auth_token.map(str::trim).filter(|t| !t.is_empty()) else {
        return Err(ApiError::CodedWithStatus {
            status: axum::http::StatusCode::BAD_REQUEST,
            code: ErrorCode::DefaultError,
            message: "social sign-in without a token: sign in with the provider first".into(),
        });
    };
    let channel = channel
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ApiError::bad_request("channel is required with authToken"))?;
    let channel = Channel::parse(channel)?;
    let invalid = || {
        ApiError::Unauthorized(
            "authToken is not valid or has expired; sign in with the provider again".into(),
        )
    };
    let subject = state
        .tokens
        .verify_ticket(TICKET_KIND, auth_token, Utc::now().timestamp())
        .ok_or_else(invalid)?;
    let vouched: Vouched = serde_json::from_str(&subject).map_err(|_| invalid())?;
    if vouched.ch != channel {
        return Err(ApiError::Unauthorized(format!(
            "authToken was not issued for {}",
            channel.as_str()
        )));
    }
    Ok((
        channel,
        ProviderIdentity {
            subject: vouched.sub,
            email: vouched.email,
            name: vouched.name,
        },
    ))
}

/// The member linked to a provider identity, whatever its status.
pub async fn member_of(
    db: &impl ConnectionTrait,
    channel: Channel,
    subject: &str,
) -> ApiResult<Option<members::Model>> {
    Ok(social_identities::Entity::find()
        .filter(social_identities::Column::Provider.eq(channel.as_str()))
        .filter(social_identities::Column::Subject.eq(subject))
        .find_also_related(members::Entity)
        .one(db)
        .await?
        .and_then(|(_, member)| member))
}

/// SPEC §5's account status for a social sign-in: the active member with this identity;
/// 2002 when there is none (the client goes on to join), 403 when it is locked.
pub async fn member_signing_in(
    state: &AppState,
    auth_token: Option<&str>,
    channel: Option<&str>,
) -> ApiResult<members::Model> {
    let (channel, identity) = verify_auth_token(state, auth_token, channel)?;
    match member_of(&state.db, channel, &identity.subject).await? {
        Some(member) if member.status == MemberStatus::Active => Ok(member),
        Some(member) if member.status == MemberStatus::Locked => {
            Err(ApiError::Forbidden("this account is locked".into()))
        }
        _ => Err(ApiError::UserDoesNotExist),
    }
}
