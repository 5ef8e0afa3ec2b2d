//! Two-step sign-in on my page (turned on, renewed, off, each after a recent password check)
//! and the codes a sign-in's second step takes, each once: a one-time code's step is taken by
//! one conditional UPDATE (`last_step < step`), a recovery code by one (`used_at IS NULL`), so
//! two requests racing with one code cannot both pass, on one process or several.

use super::codes;
use crate::auth::{guard, session, AuthUser};
use crate::entities::members::{self, MemberRole};
use crate::entities::{recovery_codes, security_events, totp_secrets};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

/// What the sealed secret is sealed for.
const SEALED_FOR: &str = "totp secret";
/// What a recovery code's keyed hash is made for.
const RECOVERY_HASH: &str = "recovery code";

/// Whether the member has two-step sign-in on, and what is left of it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct TwoStepStatus {
    /// On since, or null while it is off.
    on_since: Option<DateTime<Utc>>,
    /// Recovery codes not used yet (0 while it is off).
    recovery_codes_left: u64,
    /// Whether the member must keep it on: an operator.
    required: bool,
}

pub(super) async fn status(state: &AppState, member: &members::Model) -> ApiResult<TwoStepStatus> {
    let left = if member.two_step_at.is_some() {
        recovery_codes::Entity::find()
            .filter(recovery_codes::Column::MemberId.eq(member.id))
            .filter(recovery_codes::Column::UsedAt.is_null())
            .count(&state.db)
            .await?
    } else {
        0
    };
    Ok(TwoStepStatus {
        on_since: member.two_step_at,
        recovery_codes_left: left,
        required: member.role == MemberRole::Admin,
    })
}

/// A new authenticator app's secret, to be confirmed by its first code.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct TwoStepSetup {
    /// The secret typed by hand: base32 in groups of four.
    secret: String,
    /// The otpauth:// address an authenticator app reads.
    otpauth_url: String,
    /// The same address as a QR code: an SVG document.
    qr_svg: String,
}

/// Starts setting up an authenticator app: a new secret, stored sealed and unconfirmed (an
/// earlier unconfirmed one is replaced). Two-step sign-in stays off until a code confirms it.
pub(super) async fn set_up(state: &AppState, user: &AuthUser) -> ApiResult<TwoStepSetup> {
    session::require_recent_check(state, user).await?;
    if user.member.two_step_at.is_some() {
        return Err(ApiError::Conflict(
            "two-step sign-in is on already: turn it off first to use another app".into(),
        ));
    }
    let secret = codes::new_secret();
    let account = user.member.email.clone().unwrap_or_default();
    let otpauth_url = codes::otpauth_url(&secret, &account)
        .ok_or_else(|| ApiError::internal("otpauth address"))?;
    let qr_svg = codes::qr_svg(&otpauth_url).ok_or_else(|| ApiError::internal("QR code"))?;
    let txn = crate::db::write_txn(&state.db).await?;
    totp_secrets::Entity::delete_many()
        .filter(totp_secrets::Column::MemberId.eq(user.member.id))
        .exec(&txn)
        .await?;
    totp_secrets::ActiveModel {
        member_id: Set(user.member.id),
        sealed_secret: Set(state.tokens.seal(SEALED_FOR, &secret)),
        confirmed_at: Set(None),
        last_step: Set(0),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(TwoStepSetup {
        secret: codes::secret_text(&secret),
        otpauth_url,
        qr_svg,
    })
}

/// Recovery codes, shown once: only their keyed hashes are kept.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct RecoveryCodes {
    recovery_codes: Vec<String>,
}

/// Confirms the app being set up with its code: two-step sign-in is on, and ten recovery
/// codes are made.
pub(super) async fn confirm(
    state: &AppState,
    user: &AuthUser,
    code: &str,
) -> ApiResult<RecoveryCodes> {
    let now = Utc::now();
    let member = &user.member;
    let Some(row) = totp_secrets::Entity::find()
        .filter(totp_secrets::Column::MemberId.eq(member.id))
        .one(&state.db)
        .await?
        .filter(|row| row.confirmed_at.is_none())
    else {
        return Err(ApiError::Conflict(
            "no authenticator app is being set up: start again from the beginning".into(),
        ));
    };
    let counter = guard::codes_counter(member.id);
    guard::take_try(&state.db, &counter, guard::SECOND_STEPS, "code tries", now).await?;
    let secret = open(state, &row)?;
    let Some(step) = codes::step_of(&secret, code, now.timestamp() as u64) else {
        return Err(ApiError::Unauthorized(
            "the code is not right: enter the six digits your app shows now".into(),
        ));
    };
    guard::give_back(&state.db, &counter).await?;
    let recovery = codes::new_recovery_codes();
    let txn = crate::db::write_txn(&state.db).await?;
    let confirmed = totp_secrets::Entity::update_many()
        .col_expr(totp_secrets::Column::ConfirmedAt, Expr::value(now))
        .col_expr(totp_secrets::Column::LastStep, Expr::value(step as i64))
        .filter(totp_secrets::Column::Id.eq(row.id))
        .filter(totp_secrets::Column::ConfirmedAt.is_null())
        .exec(&txn)
        .await?;
    if confirmed.rows_affected != 1 {
        return Err(ApiError::Conflict(
            "two-step sign-in was turned on already".into(),
        ));
    }
    mark_on(state, &txn, member.id, &recovery, now).await?;
    record(&txn, member.id, "TWO_STEP_ON", None, now).await?;
    txn.commit().await?;
    Ok(RecoveryCodes {
        recovery_codes: recovery,
    })
}

/// Ten new recovery codes after a recent password check; the old ones stop working.
pub(super) async fn renew_recovery_codes(
    state: &AppState,
    user: &AuthUser,
) -> ApiResult<RecoveryCodes> {
    session::require_recent_check(state, user).await?;
    if user.member.two_step_at.is_none() {
        return Err(ApiError::Conflict("two-step sign-in is off".into()));
    }
    let now = Utc::now();
    let recovery = codes::new_recovery_codes();
    let txn = crate::db::write_txn(&state.db).await?;
    replace_recovery_codes(state, &txn, user.member.id, &recovery, now).await?;
    record(&txn, user.member.id, "RECOVERY_CODES_RENEWED", None, now).await?;
    txn.commit().await?;
    Ok(RecoveryCodes {
        recovery_codes: recovery,
    })
}

/// Turns two-step sign-in off after a recent password check: the app's secret and the
/// recovery codes are erased. Operators keep it on.
pub(super) async fn turn_off(state: &AppState, user: &AuthUser) -> ApiResult<()> {
    if user.member.role == MemberRole::Admin {
        return Err(ApiError::TwoStepRequired(
            "operators keep two-step sign-in on".into(),
        ));
    }
    session::require_recent_check(state, user).await?;
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    erase(&txn, user.member.id).await?;
    record(&txn, user.member.id, "TWO_STEP_OFF", None, now).await?;
    txn.commit().await?;
    Ok(())
}

/// Turns two-step sign-in on for `member_id` with a secret and recovery codes given, unless it
/// is on already: the demo operator's, whose secret is published (docs/security.md).
pub async fn turn_on_with(
    state: &AppState,
    member_id: i64,
    secret: &[u8],
    recovery: &[String],
) -> ApiResult<()> {
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    let on = members::Entity::find_by_id(member_id)
        .one(&txn)
        .await?
        .is_some_and(|m| m.two_step_at.is_some());
    if !on {
        erase(&txn, member_id).await?;
        totp_secrets::ActiveModel {
            member_id: Set(member_id),
            sealed_secret: Set(state.tokens.seal(SEALED_FOR, secret)),
            confirmed_at: Set(Some(now)),
            last_step: Set(0),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        mark_on(state, &txn, member_id, recovery, now).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Two-step sign-in on for `member_id`, with `recovery` as its recovery codes (the app's
/// secret is confirmed by the caller, in the same transaction).
async fn mark_on(
    state: &AppState,
    txn: &impl ConnectionTrait,
    member_id: i64,
    recovery: &[String],
    now: DateTime<Utc>,
) -> ApiResult<()> {
    members::Entity::update_many()
        .col_expr(members::Column::TwoStepAt, Expr::value(now))
        .filter(members::Column::Id.eq(member_id))
        .exec(txn)
        .await?;
    replace_recovery_codes(state, txn, member_id, recovery, now).await
}

/// Erases a member's app secret and recovery codes and marks two-step sign-in off (turning it
/// off, withdrawal).
pub async fn erase(db: &impl ConnectionTrait, member_id: i64) -> ApiResult<()> {
    totp_secrets::Entity::delete_many()
        .filter(totp_secrets::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    recovery_codes::Entity::delete_many()
        .filter(recovery_codes::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    members::Entity::update_many()
        .col_expr(
            members::Column::TwoStepAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(members::Column::Id.eq(member_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The second step a sign-in offers: a code from the app or a recovery code.
pub enum SecondStep<'a> {
    Code(&'a str),
    RecoveryCode(&'a str),
}

/// Takes a second step for `member_id`: the tries counted (5 failures in 15 minutes), the
/// code taken once. A refusal says what was wrong and is written to the member's record.
pub async fn take_second_step(
    state: &AppState,
    member_id: i64,
    step: SecondStep<'_>,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    let counter = guard::codes_counter(member_id);
    guard::take_try(&state.db, &counter, guard::SECOND_STEPS, "code tries", now).await?;
    let taken = match step {
        SecondStep::Code(code) => take_code(state, member_id, code, now).await?,
        SecondStep::RecoveryCode(code) => take_recovery_code(state, member_id, code, now).await?,
    };
    match taken {
        Ok(kind) => {
            guard::give_back(&state.db, &counter).await?;
            if let Some(kind) = kind {
                record(&state.db, member_id, kind, None, now).await?;
            }
            Ok(())
        }
        Err(refusal) => {
            record(&state.db, member_id, "CODE_REFUSED", None, now).await?;
            Err(ApiError::Unauthorized(refusal.into()))
        }
    }
}

/// A one-time code: right, of a step after the last one taken, and taken by this request.
async fn take_code(
    state: &AppState,
    member_id: i64,
    code: &str,
    now: DateTime<Utc>,
) -> ApiResult<Result<Option<&'static str>, &'static str>> {
    let Some(row) = totp_secrets::Entity::find()
        .filter(totp_secrets::Column::MemberId.eq(member_id))
        .filter(totp_secrets::Column::ConfirmedAt.is_not_null())
        .one(&state.db)
        .await?
    else {
        return Ok(Err("two-step sign-in is off for this account"));
    };
    let secret = open(state, &row)?;
    let Some(step) = codes::step_of(&secret, code, now.timestamp() as u64) else {
        return Ok(Err(
            "the code is not right: enter the six digits your app shows now",
        ));
    };
    let taken = totp_secrets::Entity::update_many()
        .col_expr(totp_secrets::Column::LastStep, Expr::value(step as i64))
        .filter(totp_secrets::Column::Id.eq(row.id))
        .filter(totp_secrets::Column::LastStep.lt(step as i64))
        .exec(&state.db)
        .await?;
    if taken.rows_affected != 1 {
        return Ok(Err(
            "this code was used already: wait for the next one your app shows",
        ));
    }
    Ok(Ok(None))
}

/// A recovery code: one of the member's, not used yet, and used by this request.
async fn take_recovery_code(
    state: &AppState,
    member_id: i64,
    code: &str,
    now: DateTime<Utc>,
) -> ApiResult<Result<Option<&'static str>, &'static str>> {
    let normal = codes::normal_recovery_code(code);
    if normal.len() != 10 {
        return Ok(Err("a recovery code has ten letters and digits"));
    }
    let taken = recovery_codes::Entity::update_many()
        .col_expr(recovery_codes::Column::UsedAt, Expr::value(now))
        .filter(recovery_codes::Column::MemberId.eq(member_id))
        .filter(recovery_codes::Column::CodeHash.eq(recovery_hash(state, &normal)))
        .filter(recovery_codes::Column::UsedAt.is_null())
        .exec(&state.db)
        .await?;
    if taken.rows_affected != 1 {
        return Ok(Err(
            "the recovery code is not right, or it was used already",
        ));
    }
    Ok(Ok(Some("RECOVERY_CODE_USED")))
}

async fn replace_recovery_codes(
    state: &AppState,
    db: &impl ConnectionTrait,
    member_id: i64,
    codes: &[String],
    now: DateTime<Utc>,
) -> ApiResult<()> {
    recovery_codes::Entity::delete_many()
        .filter(recovery_codes::Column::MemberId.eq(member_id))
        .exec(db)
        .await?;
    recovery_codes::Entity::insert_many(codes.iter().map(|code| recovery_codes::ActiveModel {
        member_id: Set(member_id),
        code_hash: Set(recovery_hash(state, &codes::normal_recovery_code(code))),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }))
    .exec(db)
    .await?;
    Ok(())
}

/// A keyed hash of a recovery code, so the table holds nothing a copy of it could use.
fn recovery_hash(state: &AppState, normal: &str) -> String {
    state.tokens.pseudonym(RECOVERY_HASH, normal)
}

fn open(state: &AppState, row: &totp_secrets::Model) -> ApiResult<Vec<u8>> {
    state
        .tokens
        .open(SEALED_FOR, &row.sealed_secret)
        .ok_or_else(|| {
            ApiError::internal(format!(
                "member {}'s app secret does not open with this token secret",
                row.member_id
            ))
        })
}

/// Writes one line of the member's security record (docs/security.md lists the kinds).
pub async fn record(
    db: &impl ConnectionTrait,
    member_id: i64,
    kind: &str,
    detail: Option<String>,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    security_events::ActiveModel {
        member_id: Set(member_id),
        kind: Set(kind.to_string()),
        detail: Set(detail.map(|d| d.chars().take(200).collect())),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
