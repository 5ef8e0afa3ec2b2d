//! Password recovery by e-mail: a single-use link valid 30 minutes; the answer is the same for
//! known and unknown addresses. Recovery by phone (identity certification) joins the
//! certification module.

use super::check_password_policy;
use crate::auth::accounts::valid_email;
use crate::auth::{password, session};
use crate::entities::{members, password_resets};
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::Json;
use crate::http::limits::RateLimits;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

const RESET_TTL_MINUTES: i64 = 30;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(find_by_email))
        .routes(routes!(reset))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FindRequest {
    email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FindAnswer {
    /// Always true: whether the address has an account is not told.
    sent: bool,
}

#[utoipa::path(
        post,
        path = "/membership/v1/password/find/email",
        tag = "members",
        request_body = FindRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<FindAnswer>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
async fn find_by_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<FindRequest>,
) -> ApiResult<Ok<FindAnswer>> {
    let email = valid_email(Some(&body.email))?;
    RateLimits::check(
        &state.limits.recovery_ip,
        &ip,
        "recovery requests from this address",
    )?;
    RateLimits::check(
        &state.limits.mail_address,
        &email,
        "mails to this e-mail address",
    )?;
    let member = members::Entity::find()
        .filter(members::Column::Email.eq(&email))
        .filter(members::Column::Status.eq("ACTIVE"))
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
    Ok(ok(FindAnswer { sent: true }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ResetRequest {
    /// `email` (the token from the mailed link) or `phone` (after certification).
    #[serde(rename = "type")]
    kind: String,
    token: String,
    password: String,
}

#[utoipa::path(
        post,
        path = "/membership/v1/password/reset",
        tag = "members",
        request_body = ResetRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
async fn reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ResetRequest>,
) -> ApiResult<Ok<NoData>> {
    RateLimits::check(
        &state.limits.recovery_ip,
        &ip,
        "recovery requests from this address",
    )?;
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
        .filter(|m| m.status == "ACTIVE")
        .ok_or_else(invalid)?;
    check_password_policy(&body.password, member.email.as_deref())?;
    let hash = password::hash(body.password).await?;
    let txn = state.db.begin().await?;
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
    Ok(ok(None))
}

/// Ends every reset link of `member_id` that is still open: a reset or a password change
/// makes older mails useless.
pub async fn end_reset_links(
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
