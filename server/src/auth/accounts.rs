//! Members as sign-in knows them: e-mail addresses compared one way, the member of an
//! address, the tokens a sign-in answers with, and the profile of SPEC §7.

use crate::entities::members::MemberRole;
use crate::entities::{business_members, certifications, member_interests, members};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

/// E-mail addresses are compared trimmed and lower-cased.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_ascii_lowercase()
}

pub fn valid_email(email: Option<&str>) -> ApiResult<String> {
    let email = normalize_email(email.unwrap_or(""));
    if email.is_empty() {
        return Err(ApiError::bad_request("email is required"));
    }
    if !tidemark_core::password::is_valid_email(&email) {
        return Err(ApiError::bad_request("email is not a valid e-mail address"));
    }
    Ok(email)
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
    })
}
