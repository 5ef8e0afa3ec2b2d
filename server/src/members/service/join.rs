//! Join by e-mail: a six-digit code by mail (10 minutes, 5 tries) → a join ticket → the
//! account (signed in at once) → profile.

use super::{check_interests, check_nickname, check_password_policy, Terms};
use crate::auth::accounts::{member_by_email, Email, SignedIn};
use crate::auth::accounts::{new_member, Joining};
use crate::auth::session::AgentDevice;
use crate::auth::{password, session};
use crate::entities::{email_codes, member_interests, members};
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const CODE_TTL_MINUTES: i64 = 10;
const CODE_TRIES: i32 = 5;
const JOIN_TICKET_SECS: i64 = 30 * 60;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct CodeRequest {
    email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct CodeSent {
    /// Always true: the answer never tells whether the address has an account.
    sent: bool,
    expires_in_seconds: i64,
}

fn code_hash(email: &str, code: &str) -> String {
    crate::tokens::hash_token(&format!("{email}:{code}"))
}

/// Sends a join code to the address, or a notice when it already has an account: the answer
/// is the same either way.
pub(in crate::members) async fn send_code(
    state: &AppState,
    ip: &str,
    body: &CodeRequest,
) -> ApiResult<CodeSent> {
    let email = Email::parse(Some(&body.email))?;
    RateLimits::check(&state.limits.mail_ip, ip, "mails from this address").await?;
    RateLimits::check(
        &state.limits.mail_address,
        &email,
        "mails to this e-mail address",
    )
    .await?;
    let existing = member_by_email(state, &email).await?;
    if existing.is_some() {
        let text = format!(
            "Tidemark에 이미 이 주소로 가입한 계정이 있습니다. 로그인하거나 비밀번호를 찾아 주세요: {url}/member/login\n\n\
             An account with this address already exists. Sign in or recover your password: {url}/member/login",
            url = state.settings.public_url
        );
        state
            .mailer
            .queue(
                &state.db,
                &email,
                "[Tidemark] 이미 가입된 주소입니다 / You already have an account",
                &text,
                "join_exists",
            )
            .await?;
    } else {
        let code = crate::tokens::six_digit_code();
        let now = Utc::now();
        email_codes::ActiveModel {
            email: Set(email.to_string()),
            purpose: Set("join".into()),
            code_hash: Set(code_hash(&email, &code)),
            attempts: Set(0),
            created_at: Set(now),
            expires_at: Set(now + Duration::minutes(CODE_TTL_MINUTES)),
            consumed_at: Set(None),
            ..Default::default()
        }
        .insert(&state.db)
        .await?;
        let text = format!(
            "Tidemark 가입 인증 코드: {code}\n{CODE_TTL_MINUTES}분 안에 입력해 주세요.\n\nYour Tidemark sign-up code: {code}\nIt expires in {CODE_TTL_MINUTES} minutes."
        );
        state
            .mailer
            .queue(
                &state.db,
                &email,
                &format!("[Tidemark] 인증 코드 {code} / Your sign-up code"),
                &text,
                "join_code",
            )
            .await?;
    }
    Ok(CodeSent {
        sent: true,
        expires_in_seconds: CODE_TTL_MINUTES * 60,
    })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct VerifyRequest {
    email: String,
    code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct Verified {
    /// Proof that the address was verified, for /membership/v1/join (30 minutes).
    join_token: String,
}

/// Checks a join code (each check takes one of its five tries) and answers a join ticket.
pub(in crate::members) async fn verify_code(
    state: &AppState,
    ip: &str,
    body: &VerifyRequest,
) -> ApiResult<Verified> {
    let email = Email::parse(Some(&body.email))?;
    RateLimits::check(
        &state.limits.recovery_ip,
        ip,
        "code checks from this address",
    )
    .await?;
    let code = body.code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_request("code must be six digits"));
    }
    let now = Utc::now();
    let latest = email_codes::Entity::find()
        .filter(email_codes::Column::Email.eq(&email))
        .filter(email_codes::Column::Purpose.eq("join"))
        .filter(email_codes::Column::ConsumedAt.is_null())
        .order_by_desc(email_codes::Column::Id)
        .one(&state.db)
        .await?;
    let wrong = || ApiError::bad_request("the code is wrong or has expired; ask for a new one");
    let Some(row) = latest else {
        return Err(wrong());
    };
    // The try is counted before the code is compared, in one conditional UPDATE: concurrent
    // guesses each take a try of their own and none gets past the fifth.
    if !take_code_try(&state.db, row.id, CODE_TRIES, now).await? {
        return Err(wrong());
    }
    if row.code_hash != code_hash(&email, code) || !consume_code(&state.db, row.id, now).await? {
        return Err(wrong());
    }
    let join_token = state
        .tokens
        .issue_ticket("join", &email, JOIN_TICKET_SECS, now.timestamp())
        .map_err(ApiError::internal)?;
    Ok(Verified { join_token })
}

/// Takes one try of code `id` if it has tries left, has not expired and was not used: one
/// conditional UPDATE, so the count holds under concurrent guesses and across processes.
async fn take_code_try(
    db: &impl ConnectionTrait,
    id: i64,
    tries: i32,
    now: DateTime<Utc>,
) -> ApiResult<bool> {
    let taken = email_codes::Entity::update_many()
        .col_expr(
            email_codes::Column::Attempts,
            Expr::col(email_codes::Column::Attempts).add(1),
        )
        .filter(email_codes::Column::Id.eq(id))
        .filter(email_codes::Column::Attempts.lt(tries))
        .filter(email_codes::Column::ExpiresAt.gt(now))
        .filter(email_codes::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    Ok(taken.rows_affected == 1)
}

/// Marks code `id` used; false when another request used it first.
async fn consume_code(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> ApiResult<bool> {
    let used = email_codes::Entity::update_many()
        .col_expr(email_codes::Column::ConsumedAt, Expr::value(now))
        .filter(email_codes::Column::Id.eq(id))
        .filter(email_codes::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    Ok(used.rows_affected == 1)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct JoinRequest {
    join_token: String,
    password: String,
    terms: Terms,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct Joined {
    member_id: i64,
    #[serde(flatten)]
    session: SignedIn,
}

/// Creates the account of a verified address and signs it in (the session's cookies set on
/// `jar`).
pub(in crate::members) async fn join(
    state: &AppState,
    jar: CookieJar,
    device: AgentDevice,
    body: &JoinRequest,
) -> ApiResult<(CookieJar, Joined)> {
    let now = Utc::now();
    let email = state
        .tokens
        .verify_ticket("join", body.join_token.trim(), now.timestamp())
        .ok_or_else(|| ApiError::bad_request("joinToken is not valid (verify the e-mail again)"))?;
    body.terms.check()?;
    if body.password.chars().count() > 128 {
        return Err(ApiError::bad_request(
            "the password must be at most 64 characters",
        ));
    }
    check_password_policy(&body.password, Some(&email))?;
    let hash = password::hash(body.password.clone()).await?;
    let marketing = body.terms.marketing;
    let txn = crate::db::write_txn(&state.db).await?;
    if members::Entity::find()
        .filter(members::Column::Email.eq(&email))
        .one(&txn)
        .await?
        .is_some()
    {
        return Err(ApiError::AccountExists(
            "an account with this e-mail exists already".into(),
        ));
    }
    let member = new_member(
        Joining {
            email: Some(email.to_string()),
            password_hash: Some(hash),
            nickname: None,
            signup_channel: "email".into(),
            marketing_opt_in: marketing,
        },
        now,
    )
    .insert(&txn)
    .await
    .map_err(on_unique(|| {
        ApiError::AccountExists("an account with this e-mail exists already".into())
    }))?;
    let (jar, session) = session::sign_in_joined(state, &txn, jar, member.id, device).await?;
    txn.commit().await?;
    Ok((
        jar,
        Joined {
            member_id: member.id,
            session,
        },
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::members) struct ProfileRequest {
    nickname: String,
    interests: Vec<i64>,
}

/// Writes the given parts of `member`'s profile in one transaction (interests replaced
/// whole).
pub(super) async fn save_profile(
    state: &AppState,
    member: &members::Model,
    nickname: Option<String>,
    interests: Option<Vec<i16>>,
    marketing: Option<bool>,
) -> ApiResult<()> {
    let txn = crate::db::write_txn(&state.db).await?;
    let mut update: members::ActiveModel = member.clone().into();
    if let Some(nickname) = nickname {
        update.nickname = Set(Some(nickname));
    }
    if let Some(marketing) = marketing {
        update.marketing_opt_in = Set(marketing);
    }
    update.updated_at = Set(Utc::now());
    update.update(&txn).await?;
    if let Some(interests) = interests {
        member_interests::Entity::delete_many()
            .filter(member_interests::Column::MemberId.eq(member.id))
            .exec(&txn)
            .await?;
        for category_id in interests {
            member_interests::ActiveModel {
                member_id: Set(member.id),
                category_id: Set(category_id),
            }
            .insert(&txn)
            .await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

/// The join's last step: the nickname and the interests.
pub(in crate::members) async fn join_profile(
    state: &AppState,
    member: &members::Model,
    body: &ProfileRequest,
) -> ApiResult<()> {
    let nickname = check_nickname(&body.nickname)?;
    let interests = check_interests(&body.interests)?;
    save_profile(state, member, Some(nickname), Some(interests), None).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct AccountState {
    status: String,
    channel: String,
    email_verified: bool,
    certified: bool,
    profile_complete: bool,
    /// The next join step: certify, profile, or none.
    next_step: Option<&'static str>,
}

/// Where `member` stands in the join: certified, profile written, and the next step.
pub(in crate::members) fn account_state(member: members::Model) -> AccountState {
    let certified = member.certification_id.is_some();
    let profile_complete = member.nickname.is_some();
    let next_step = if !certified {
        Some("certify")
    } else if !profile_complete {
        Some("profile")
    } else {
        None
    };
    AccountState {
        status: member.status.to_string(),
        channel: member.signup_channel,
        email_verified: member.email_verified_at.is_some(),
        certified,
        profile_complete,
        next_step,
    }
}
