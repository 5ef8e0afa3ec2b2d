//! Members as sign-in knows them: e-mail addresses compared one way, the member of an
//! address, the tokens a sign-in answers with, and the profile of SPEC §7.

use crate::entities::members::{MemberRole, MemberStatus};
use crate::entities::{business_members, certifications, member_interests, members};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use utoipa::ToSchema;

/// An e-mail address as accounts hold and compare it: trimmed, lower-cased and of a valid
/// form (the core's rule). What a request names is read with [`Email::parse`], which says
/// what is wrong; an address from elsewhere (a provider's claim) with [`Email::of`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// The address a request gives, or the product's words for what is wrong with it.
    pub fn parse(input: Option<&str>) -> ApiResult<Email> {
        let input = input.unwrap_or("");
        if input.trim().is_empty() {
            return Err(ApiError::bad_request("email is required"));
        }
        Email::of(input).ok_or_else(|| ApiError::bad_request("email is not a valid e-mail address"))
    }

    /// `input` as an address, when it is one.
    pub fn of(input: &str) -> Option<Email> {
        let email = normalize_email(input);
        tidemark_core::password::is_valid_email(&email).then_some(Email(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::ops::Deref for Email {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&Email> for sea_orm::Value {
    fn from(email: &Email) -> Self {
        email.0.as_str().into()
    }
}

/// What a member joining gives: the rest of their row is the same whichever way they join.
pub struct Joining {
    /// Their address, verified by the way they join (a code, an invitation, a provider).
    pub email: Option<String>,
    pub password_hash: Option<String>,
    pub nickname: Option<String>,
    /// `email`, or the social provider's channel.
    pub signup_channel: String,
    pub marketing_opt_in: bool,
}

/// The row of a member joining at `now`: an active user who agreed to the terms, their
/// address verified as they join (the one place a member's row is made, for joining by
/// e-mail, by an invitation and by a social account).
pub fn new_member(joining: Joining, now: DateTime<Utc>) -> members::ActiveModel {
    members::ActiveModel {
        email_verified_at: Set(joining.email.as_ref().map(|_| now)),
        email: Set(joining.email),
        password_hash: Set(joining.password_hash),
        nickname: Set(joining.nickname),
        role: Set(MemberRole::User),
        status: Set(MemberStatus::Active),
        signup_channel: Set(joining.signup_channel),
        marketing_opt_in: Set(joining.marketing_opt_in),
        terms_agreed_at: Set(Some(now)),
        failed_login_count: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// E-mail addresses are compared trimmed and lower-cased.
fn normalize_email(email: &str) -> String {
    email.trim().to_ascii_lowercase()
}

pub async fn member_by_email(state: &AppState, email: &str) -> ApiResult<Option<members::Model>> {
    Ok(members::Entity::find()
        .filter(members::Column::Email.eq(email))
        .one(&state.db)
        .await?)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub access_token: String,
    pub refresh_token: String,
    pub auto_login: &'static str,
    /// The session this sign-in started (its id in the member's list of sessions); not sent.
    #[serde(skip)]
    pub session_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub member_id: i64,
    pub email: Option<String>,
    pub nickname: Option<String>,
    /// USER, BUSINESS, BUSINESS_MASTER or ADMIN.
    pub user_auth_name: String,
    pub business_id: Option<i64>,
    pub channel: String,
    pub identity_id: String,
    pub certified: bool,
    /// yyyy-MM-dd from the certification, or null.
    pub birthday: Option<String>,
    pub gender: Option<String>,
    pub interests: Vec<i32>,
    pub marketing_opt_in: bool,
    /// Whether two-step sign-in is on (operators need it before the console opens).
    pub two_step: bool,
}

pub async fn profile_of(state: &AppState, member: &members::Model) -> ApiResult<Profile> {
    let business = business_members::Entity::find()
        .filter(business_members::Column::MemberId.eq(member.id))
        .one(&state.db)
        .await?;
    let certification = match member.certification_id {
        Some(id) => {
            certifications::Entity::find_by_id(id)
                .one(&state.db)
                .await?
        }
        None => None,
    };
    let interests = member_interests::Entity::find()
        .filter(member_interests::Column::MemberId.eq(member.id))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|row| i32::from(row.category_id))
        .collect();
    let user_auth_name = match (&business, member.role) {
        (_, MemberRole::Admin) => MemberRole::Admin.to_string(),
        (Some(link), _) => link.role.to_string(),
        (None, MemberRole::User) => MemberRole::User.to_string(),
    };
    Ok(Profile {
        member_id: member.id,
        email: member.email.clone(),
        nickname: member.nickname.clone(),
        user_auth_name,
        business_id: business.map(|b| b.business_id),
        channel: member.signup_channel.clone(),
        identity_id: format!("tm-{}", member.id),
        certified: certification.is_some(),
        birthday: certification.as_ref().and_then(|c| c.birth_date.clone()),
        gender: certification.and_then(|c| c.gender),
        interests,
        marketing_opt_in: member.marketing_opt_in,
        two_step: member.two_step_at.is_some(),
    })
}
