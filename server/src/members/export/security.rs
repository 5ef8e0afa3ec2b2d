//! The data file's account security: the sessions and their devices, the two-step sign-in
//! setting, the passkeys by name and the account's security record. Dates, names and counts
//! only: never the app's secret, a recovery code or a key.

use crate::entities::{
    members, passkeys, recovery_codes, refresh_token_families as families, security_events,
    totp_secrets,
};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use serde_json::Value;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Session {
    started_at: DateTime<Utc>,
    last_used_at: DateTime<Utc>,
    keep_signed_in: bool,
    device: Option<Value>,
    ended_at: Option<DateTime<Utc>>,
    ended_because: Option<String>,
}

/// The two-step sign-in setting: dates and a count, never the app's secret or a code.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TwoStep {
    on_since: Option<DateTime<Utc>>,
    app_added_at: Option<DateTime<Utc>>,
    recovery_codes_left: usize,
}

/// A passkey by the name the member gave it (never its key).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Passkey {
    name: String,
    added_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SecurityEvent {
    kind: String,
    detail: Option<String>,
    at: DateTime<Utc>,
}

pub(super) struct Security {
    pub sessions: Vec<Session>,
    pub two_step: TwoStep,
    pub passkeys: Vec<Passkey>,
    pub security_record: Vec<SecurityEvent>,
}

pub(super) async fn collect(
    db: &impl ConnectionTrait,
    member: &members::Model,
) -> Result<Security, DbErr> {
    let id = member.id;
    let sessions = families::Entity::find()
        .filter(families::Column::MemberId.eq(id))
        .order_by_asc(families::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Session {
            started_at: row.created_at,
            last_used_at: row.last_used_at,
            keep_signed_in: row.auto_login,
            device: row.device,
            ended_at: row.revoked_at,
            ended_because: row.revoked_reason,
        })
        .collect();

    let app = totp_secrets::Entity::find()
        .filter(totp_secrets::Column::MemberId.eq(id))
        .filter(totp_secrets::Column::ConfirmedAt.is_not_null())
        .one(db)
        .await?;
    let recovery_codes_left = recovery_codes::Entity::find()
        .filter(recovery_codes::Column::MemberId.eq(id))
        .filter(recovery_codes::Column::UsedAt.is_null())
        .all(db)
        .await?
        .len();
    let two_step = TwoStep {
        on_since: member.two_step_at,
        app_added_at: app.and_then(|app| app.confirmed_at),
        recovery_codes_left,
    };
    let passkeys = passkeys::Entity::find()
        .filter(passkeys::Column::MemberId.eq(id))
        .order_by_asc(passkeys::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Passkey {
            name: row.name,
            added_at: row.created_at,
            last_used_at: row.last_used_at,
        })
        .collect();
    let security_record = security_events::Entity::find()
        .filter(security_events::Column::MemberId.eq(id))
        .order_by_asc(security_events::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| SecurityEvent {
            kind: row.kind,
            detail: row.detail,
            at: row.created_at,
        })
        .collect();
    Ok(Security {
        sessions,
        two_step,
        passkeys,
        security_record,
    })
}
