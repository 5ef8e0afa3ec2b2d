//! The single use of a completed certification (of the right purpose, completed within 30
//! minutes): attached to the account, a phone change, a password reset by phone, or a
//! re-authentication.

use super::{cancelled, required_id, Purpose};
use crate::certify::queries;
use crate::certify::USE_WITHIN_MINUTES;
use crate::entities::certifications::CertificationStatus;
use crate::entities::{certifications, members};
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const RESET_TTL_MINUTES: i64 = 30;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::certify) struct UseRequest {
    /// A certification completed by `POST /certify/v1/complete`.
    certify_no: Option<String>,
}

/// A certification as the member may see it: never the whole phone number.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::certify) struct CertifySummary {
    certify_no: String,
    name: Option<String>,
    /// yyyy-MM-dd
    birth_date: Option<String>,
    /// `male`, `female` or null.
    gender: Option<String>,
    phone_last4: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::certify) struct Certified {
    certify: CertifySummary,
}

impl From<&certifications::Model> for Certified {
    fn from(row: &certifications::Model) -> Self {
        let phone_last4 = row.phone.as_deref().and_then(phone_last4);
        Certified {
            certify: CertifySummary {
                certify_no: row.certify_no.clone(),
                name: row.name.clone(),
                birth_date: row.birth_date.clone(),
                gender: row.gender.clone(),
                phone_last4,
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::certify) struct ResetTicket {
    /// For `POST /membership/v1/password/reset` with `type: "phone"`; single use.
    token: String,
    expires_in_seconds: i64,
}

fn used() -> ApiError {
    ApiError::bad_request("this certification has been used already; certify again")
}

/// A completed certification of one of `purposes`, completed within the last 30 minutes.
/// Whether it is still unused is for the caller to claim (atomically).
async fn completed_certification(
    state: &AppState,
    certify_no: Option<&str>,
    purposes: &[Purpose],
    now: DateTime<Utc>,
) -> ApiResult<(certifications::Model, String)> {
    let certify_no = required_id(certify_no, "certifyNo")?;
    let row = queries::by_certify_no(&state.db, &certify_no)
        .await?
        .ok_or_else(|| ApiError::bad_request("no certification has this certifyNo"))?;
    match row.status {
        CertificationStatus::Completed => {}
        CertificationStatus::Cancelled => return Err(cancelled()),
        CertificationStatus::Requested => {
            return Err(ApiError::bad_request(
                "this certification is not completed: call /certify/v1/complete first",
            ))
        }
        CertificationStatus::Failed => {
            return Err(ApiError::bad_request("this certification has failed"))
        }
    }
    if !purposes.iter().any(|p| p.as_str() == row.purpose) {
        let wanted: Vec<&str> = purposes.iter().map(|p| p.as_str()).collect();
        return Err(ApiError::bad_request(format!(
            "this certification was made for {}; this call needs purpose {}",
            row.purpose,
            wanted.join(" or ")
        )));
    }
    let fresh = row
        .completed_at
        .is_some_and(|at| at > now - Duration::minutes(USE_WITHIN_MINUTES));
    if !fresh {
        return Err(ApiError::bad_request(format!(
            "this certification is older than {USE_WITHIN_MINUTES} minutes; certify again"
        )));
    }
    let person_key = row
        .person_key
        .clone()
        .ok_or_else(|| ApiError::internal("a completed certification without a person key"))?;
    Ok((row, person_key))
}

/// Re-authentication by certification, for members who have no password (social sign-in)
/// or prefer it: a fresh certification (purpose account or change) of the member's own person,
/// used once.
pub async fn reauthenticate(
    state: &AppState,
    member: &members::Model,
    certify_no: &str,
) -> ApiResult<()> {
    let now = Utc::now();
    let (row, person_key) = completed_certification(
        state,
        Some(certify_no),
        &[Purpose::Account, Purpose::Change],
        now,
    )
    .await?;
    if member.person_key.as_deref() != Some(person_key.as_str()) {
        return Err(ApiError::Forbidden(
            "this certification is of another person".into(),
        ));
    }
    if !queries::claim(&state.db, row.id, member.id).await? {
        return Err(used());
    }
    Ok(())
}

fn person_has_account() -> ApiError {
    ApiError::AccountExists(
        "an account for this person exists already: sign in to it or find its password".into(),
    )
}

/// Attaches a completed certification (purpose join or account) to `member`. PRODUCT: one
/// person, one reader account.
pub(in crate::certify) async fn attach_to_account(
    state: &AppState,
    member: members::Model,
    body: &UseRequest,
) -> ApiResult<Certified> {
    let now = Utc::now();
    let (row, person_key) = completed_certification(
        state,
        body.certify_no.as_deref(),
        &[Purpose::Join, Purpose::Account],
        now,
    )
    .await?;
    let already_ours = row.member_id == Some(member.id) && member.certification_id == Some(row.id);
    if already_ours {
        return Ok(Certified::from(&row));
    }
    if row.member_id.is_some() {
        return Err(used());
    }
    if member
        .person_key
        .as_deref()
        .is_some_and(|key| key != person_key)
    {
        return Err(ApiError::Forbidden(
            "this account is certified as another person".into(),
        ));
    }
    let holder = queries::other_member_of_person(&state.db, &person_key, member.id).await?;
    if holder.is_some() {
        return Err(person_has_account());
    }
    let txn = crate::db::write_txn(&state.db).await?;
    if !queries::claim(&txn, row.id, member.id).await? {
        return Err(used());
    }
    queries::certify_member(&txn, member, Some(person_key), row.id, now)
        .await
        // Another account took this person in the meantime.
        .map_err(on_unique(person_has_account))?;
    txn.commit().await?;
    Ok(Certified::from(&row))
}

/// The member's phone changes through a new certification of the same person.
pub(in crate::certify) async fn change_phone(
    state: &AppState,
    member: members::Model,
    body: &UseRequest,
) -> ApiResult<Certified> {
    let now = Utc::now();
    let (row, person_key) = completed_certification(
        state,
        body.certify_no.as_deref(),
        &[Purpose::Change, Purpose::Account],
        now,
    )
    .await?;
    let Some(own_key) = member.person_key.as_deref() else {
        return Err(ApiError::Forbidden(
            "this account is not certified yet: use /membership/v1/account/certify".into(),
        ));
    };
    if own_key != person_key {
        return Err(ApiError::Forbidden(
            "the certification is of another person than this account's".into(),
        ));
    }
    if row.member_id.is_some() {
        return Err(used());
    }
    let txn = crate::db::write_txn(&state.db).await?;
    if !queries::claim(&txn, row.id, member.id).await? {
        return Err(used());
    }
    queries::certify_member(&txn, member, None, row.id, now).await?;
    txn.commit().await?;
    Ok(Certified::from(&row))
}

/// Password recovery by phone: a completed certification (purpose password) of the person of
/// an active account with a password gives a single-use reset token.
pub(in crate::certify) async fn find_password_by_phone(
    state: &AppState,
    ip: &str,
    body: &UseRequest,
) -> ApiResult<ResetTicket> {
    RateLimits::check(
        &state.limits.recovery_ip,
        ip,
        "recovery requests from this address",
    )
    .await?;
    let now = Utc::now();
    let (row, person_key) =
        completed_certification(state, body.certify_no.as_deref(), &[Purpose::Password], now)
            .await?;
    if row.member_id.is_some() {
        return Err(used());
    }
    let member = queries::active_member_of_person(&state.db, &person_key)
        .await?
        .filter(|m| m.password_hash.is_some())
        .ok_or(ApiError::UserDoesNotExist)?;
    let token = random_token();
    let txn = crate::db::write_txn(&state.db).await?;
    if !queries::claim(&txn, row.id, member.id).await? {
        return Err(used());
    }
    queries::open_reset(
        &txn,
        member.id,
        hash_token(&token),
        now,
        now + Duration::minutes(RESET_TTL_MINUTES),
    )
    .await?;
    txn.commit().await?;
    Ok(ResetTicket {
        token,
        expires_in_seconds: RESET_TTL_MINUTES * 60,
    })
}

/// The last four digits of a phone number: all a member is ever shown of one (my page, their
/// own data file), so that a session taken over never yields the whole number.
pub fn phone_last4(phone: &str) -> Option<String> {
    let digits: Vec<char> = phone.chars().filter(char::is_ascii_digit).collect();
    (digits.len() >= 4).then(|| digits[digits.len() - 4..].iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_shows_only_the_last_four_digits() {
        let now = Utc::now();
        let row = certifications::Model {
            id: 1,
            certify_no: "tmc_1".into(),
            provider: "local".into(),
            provider_uid: Some("local_1".into()),
            purpose: "join".into(),
            status: CertificationStatus::Completed,
            name: Some("홍길동".into()),
            phone: Some("01012345678".into()),
            birth_date: Some("1990-01-31".into()),
            gender: Some("male".into()),
            person_key: Some("k".into()),
            member_id: None,
            created_at: now,
            completed_at: Some(now),
            expires_at: now,
        };
        let json = serde_json::to_value(Certified::from(&row)).unwrap();
        assert_eq!(json["certify"]["phoneLast4"], "5678");
        assert!(!json.to_string().contains("01012345678"));
    }
}
