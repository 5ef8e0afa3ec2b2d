//! Password recovery by e-mail: a single-use link valid 30 minutes; the answer is the same for
//! known and unknown addresses. A reset (by the mailed link, or by the token of a phone
//! certification) sets the new password and ends every session.

use super::check_password_policy;
use crate::auth::accounts::Email;
use crate::auth::{password, session};
use crate::entities::members::MemberStatus;
use crate::entities::{members, password_resets};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use chrono::{DateTime, Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const RESET_TTL_MINUTES: i64 = 30;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct FindRequest {
    email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct FindAnswer {
    /// Always true: whether the address has an account is not told.
    sent: bool,
}

/// Mails a reset link when the address is of an active account; the answer never tells.
pub(in crate::members) async fn find_by_email(
    state: &AppState,
    ip: &str,
    body: &FindRequest,
) -> ApiResult<FindAnswer> {
    let email = Email::parse(Some(&body.email))?;
    RateLimits::check(
        &state.limits.recovery_ip,
        ip,
        "recovery requests from this address",
    )
    .await?;
    RateLimits::check(
        &state.limits.mail_address,
        &email,
        "mails to this e-mail address",
    )
    .await?;
    let member = members::Entity::find()
        .filter(members::Column::Email.eq(&email))
        .filter(members::Column::Status.eq(MemberStatus::Active))
        .one(&state.db)
        .await?;
    if let Some(member) = member {
        let token = random_token();
        let now = Utc::now();
        password_resets::ActiveModel {
            member_id: Set(member.id),
            token_hash: Set(hash_token(&token)),
            channel: Set("email".into()),
            created_at: Set(now),
            expires_at: Set(now + Duration::minutes(RESET_TTL_MINUTES)),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(&state.db)
        .await?;
        let link = format!(
            "{}/password/reset/email?token={token}",
            state.settings.public_url
        );
        let text = format!(
            "비밀번호를 다시 설정하려면 {RESET_TTL_MINUTES}분 안에 다음 링크를 여세요:\n{link}\n\n\
             To set a new password, open this link within {RESET_TTL_MINUTES} minutes:\n{link}\n\n\
             요청하지 않았다면 이 메일을 무시하세요. / If you did not ask for this, ignore this mail."
        );
        state
            .mailer
            .queue(
                &state.db,
                &email,
                "[Tidemark] 비밀번호 재설정 / Reset your password",
                &text,
                "password_reset",
            )
            .await?;
    }
    Ok(FindAnswer { sent: true })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct ResetRequest {
    /// `email` (the token from the mailed link) or `phone` (after certification).
    #[serde(rename = "type")]
    kind: String,
    token: String,
    password: String,
}

/// Sets a new password with a reset token (used once); every session and every other reset
/// link of the account ends.
pub(in crate::members) async fn reset(
    state: &AppState,
    ip: &str,
    body: ResetRequest,
) -> ApiResult<()> {
    RateLimits::check(
        &state.limits.recovery_ip,
        ip,
        "recovery requests from this address",
    )
    .await?;
    if body.kind != "email" && body.kind != "phone" {
        return Err(ApiError::bad_request("type must be email or phone"));
    }
    if body.password.chars().count() > 128 {
        return Err(ApiError::bad_request(
            "the password must be at most 64 characters",
        ));
    }
    let now = Utc::now();
    let invalid =
        || ApiError::bad_request("the reset link is not valid or has expired; ask for a new one");
    let reset = password_resets::Entity::find()
        .filter(password_resets::Column::TokenHash.eq(hash_token(body.token.trim())))
        .filter(password_resets::Column::Channel.eq(&body.kind))
        .one(&state.db)
        .await?
        .filter(|r| r.used_at.is_none() && r.expires_at > now)
        .ok_or_else(invalid)?;
    let member = members::Entity::find_by_id(reset.member_id)
        .one(&state.db)
        .await?
        .filter(|m| m.status == MemberStatus::Active)
        .ok_or_else(invalid)?;
    check_password_policy(&body.password, member.email.as_deref())?;
    let hash = password::hash(body.password).await?;
    let txn = crate::db::write_txn(&state.db).await?;
    let claimed = password_resets::Entity::update_many()
        .col_expr(password_resets::Column::UsedAt, Expr::value(now))
        .filter(password_resets::Column::Id.eq(reset.id))
        .filter(password_resets::Column::UsedAt.is_null())
        .exec(&txn)
        .await?;
    if claimed.rows_affected == 0 {
        return Err(invalid());
    }
    let mut update: members::ActiveModel = member.clone().into();
    update.password_hash = Set(Some(hash));
    update.updated_at = Set(now);
    update.update(&txn).await?;
    // A new password ends every session and every other reset link: whoever knew the old
    // one, or holds an older mail, is out.
    session::revoke_all_of(&txn, member.id, "password_reset").await?;
    end_reset_links(&txn, member.id, now).await?;
    txn.commit().await?;
    Ok(())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = ResetCheckRequest)]
pub(in crate::members) struct CheckRequest {
    /// `email` (the token from the mailed link) or `phone` (after certification).
    #[serde(rename = "type")]
    kind: String,
    token: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct ResetState {
    /// `VALID` | `USED` (this link, or a newer reset, set a password) | `EXPIRED`
    #[schema(value_type = ResetStatus)]
    status: &'static str,
    /// The account's e-mail while the link is valid: the new password may not contain its name.
    email: Option<String>,
    expires_at: DateTime<Utc>,
}

crate::word_schema! {
    /// A password reset link: `USED` when it, or a newer reset, set a password.
    ResetStatus = ["VALID", "USED", "EXPIRED"]
}

/// What a reset link is before a new password is typed: valid (with the account's e-mail),
/// used or expired. A token that is not one is a 400, as at the reset itself.
pub(in crate::members) async fn check(
    state: &AppState,
    ip: &str,
    body: &CheckRequest,
) -> ApiResult<ResetState> {
    RateLimits::check(
        &state.limits.recovery_ip,
        ip,
        "recovery requests from this address",
    )
    .await?;
    if body.kind != "email" && body.kind != "phone" {
        return Err(ApiError::bad_request("type must be email or phone"));
    }
    let invalid = || ApiError::bad_request("the reset link is not valid; ask for a new one");
    let reset = password_resets::Entity::find()
        .filter(password_resets::Column::TokenHash.eq(hash_token(body.token.trim())))
        .filter(password_resets::Column::Channel.eq(&body.kind))
        .one(&state.db)
        .await?
        .ok_or_else(invalid)?;
    let member = members::Entity::find_by_id(reset.member_id)
        .one(&state.db)
        .await?
        .filter(|m| m.status == MemberStatus::Active)
        .ok_or_else(invalid)?;
    let status = if reset.used_at.is_some() {
        "USED"
    } else if reset.expires_at <= Utc::now() {
        "EXPIRED"
    } else {
        "VALID"
    };
    Ok(ResetState {
        status,
        email: (status == "VALID").then_some(member.email).flatten(),
        expires_at: reset.expires_at,
    })
}

/// Ends every reset link of `member_id` that is still open: a reset or a password change
/// makes older mails useless.
pub(super) async fn end_reset_links(
    db: &impl ConnectionTrait,
    member_id: i64,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    password_resets::Entity::update_many()
        .col_expr(password_resets::Column::UsedAt, Expr::value(now))
        .filter(password_resets::Column::MemberId.eq(member_id))
        .filter(password_resets::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}
