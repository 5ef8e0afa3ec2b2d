//! My page: profile, password check (valid 5 minutes for this session), password change,
//! withdrawal (personal data erased at once).

use super::join::save_profile;
use super::recovery::end_reset_links;
use super::{check_interests, check_nickname, check_password_policy};
use crate::auth::access::{membership_of, Role};
use crate::auth::accounts::{profile_of, Profile};
use crate::auth::session::Checked;
use crate::auth::{password, session, AuthUser};
use crate::entities::members;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct EditRequest {
    nickname: Option<String>,
    interests: Option<Vec<i64>>,
    marketing_opt_in: Option<bool>,
}

/// Changes the given parts of the profile; the answer is the profile as it is now.
pub(in crate::members) async fn edit_profile(
    state: &AppState,
    member: &members::Model,
    body: EditRequest,
) -> ApiResult<Profile> {
    let nickname = body.nickname.as_deref().map(check_nickname).transpose()?;
    let interests = body.interests.as_deref().map(check_interests).transpose()?;
    save_profile(state, member, nickname, interests, body.marketing_opt_in).await?;
    let member = members::Entity::find_by_id(member.id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such member".into()))?;
    profile_of(state, &member).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct CheckRequest {
    password: String,
}

/// Checks the member's password (the tries counted) and marks this session checked: the
/// calls that need a recent check accept it for the next minutes.
pub(in crate::members) async fn check_password(
    state: &AppState,
    user: &AuthUser,
    body: CheckRequest,
) -> ApiResult<Checked> {
    session::confirm_it_is(state, user, async {
        if body.password.chars().count() > 128
            || !password::verify(body.password, user.member.password_hash.clone()).await?
        {
            return Err(ApiError::Unauthorized("the password is not right".into()));
        }
        Ok(())
    })
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct CertificationCheckRequest {
    /// A fresh certification (purpose account or change) of the member's own person, unused.
    #[schema(max_length = 64)]
    certify_no: String,
}

/// The check of a member without a password (joined through a social provider): a fresh
/// certification of the member's own person stands for the password, counted with the other
/// proofs, and marks this session checked as a password check does.
pub(in crate::members) async fn check_certification(
    state: &AppState,
    user: &AuthUser,
    body: &CertificationCheckRequest,
) -> ApiResult<Checked> {
    let certify_no = body.certify_no.trim();
    if certify_no.is_empty() || certify_no.len() > 64 {
        return Err(ApiError::bad_request(
            "certifyNo must be the number of a completed certification",
        ));
    }
    if user.member.certification_id.is_none() {
        return Err(ApiError::Forbidden(
            "certify the account on my page first: its certification is what confirms it is you"
                .into(),
        ));
    }
    session::confirm_it_is(
        state,
        user,
        crate::certify::reauthenticate(state, &user.member, certify_no),
    )
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct ChangeRequest {
    new_password: String,
}

/// Sets a new password after a recent check; the member's other sessions and open reset
/// links end, this session goes on.
pub(in crate::members) async fn change_password(
    state: &AppState,
    user: &AuthUser,
    body: ChangeRequest,
) -> ApiResult<()> {
    session::require_recent_check(state, user).await?;
    if body.new_password.chars().count() > 128 {
        return Err(ApiError::bad_request(
            "the password must be at most 64 characters",
        ));
    }
    check_password_policy(&body.new_password, user.member.email.as_deref())?;
    let hash = password::hash(body.new_password).await?;
    let txn = crate::db::write_txn(&state.db).await?;
    let mut update: members::ActiveModel = user.member.clone().into();
    update.password_hash = Set(Some(hash));
    update.updated_at = Set(Utc::now());
    update.update(&txn).await?;
    // Other sessions end; this one goes on.
    session::revoke_all_but(&txn, user.member.id, user.family_id, "password_change").await?;
    end_reset_links(&txn, user.member.id, Utc::now()).await?;
    txn.commit().await?;
    Ok(())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct WithdrawRequest {
    reason: String,
    /// Instead of a password check: a fresh certification of the member's own person
    /// (purpose account or change), for members without a password.
    #[serde(default)]
    certify_no: Option<String>,
}

/// Withdraws the member after a recent password check (or a fresh certification of the same
/// person): personal data goes at once, everywhere (`members::erase` lists the places). A
/// business's master hands it over or closes it first (409).
pub(in crate::members) async fn withdraw(
    state: &AppState,
    user: &AuthUser,
    body: &WithdrawRequest,
) -> ApiResult<()> {
    match body
        .certify_no
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        Some(certify_no) => crate::certify::reauthenticate(state, &user.member, certify_no).await?,
        None => session::require_recent_check(state, user).await?,
    }
    let reason: String = body.reason.trim().chars().take(500).collect();
    if reason.is_empty() {
        return Err(ApiError::bad_request("reason is required"));
    }
    if let Some((business_id, Role::Master)) = membership_of(state, user.member.id).await? {
        return Err(ApiError::Conflict(format!(
            "you are the master of business {business_id}: hand the business over to one of \
             its managers, or close it, before you withdraw"
        )));
    }
    let txn = crate::db::write_txn(&state.db).await?;
    crate::members::erase::withdraw(&txn, &state.tokens, &user.member, reason, Utc::now()).await?;
    txn.commit().await?;
    Ok(())
}
