//! Sessions: refresh-token families (one sign-in on one device), rotation on every use, and
//! revocation of the whole family when a used token comes back (ASVS 5.0 10.4.5).

use super::accounts::SignedIn;
use super::guard;
use crate::entities::members::MemberStatus;
use crate::entities::{members, refresh_token_families as families, refresh_tokens};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use tidemark_core::cookies::{ACCESS_TOKEN, REFRESH_TOKEN};
use utoipa::ToSchema;

/// The token a request presents: the cookie first (the web), then the header (APP web view and
/// API clients). Empty values count as absent, so an empty cookie (`tma=`, as a client clearing
/// it or an API tool sends) does not hide the header's token.
pub fn presented(
    parts_headers: &axum::http::HeaderMap,
    jar: &CookieJar,
    cookie: &str,
    header: &str,
) -> Option<String> {
    let filled = |value: &str| Some(value.trim().to_string()).filter(|v| !v.is_empty());
    jar.get(cookie).and_then(|c| filled(c.value())).or_else(|| {
        parts_headers
            .get(header)
            .and_then(|v| v.to_str().ok())
            .and_then(filled)
    })
}

#[cfg(test)]
mod presented_tests {
    use super::*;
    use axum::http::{HeaderMap, HeaderValue};

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn token(pairs: &[(&'static str, &str)]) -> Option<String> {
        let map = headers(pairs);
        presented(&map, &CookieJar::from_headers(&map), "tma", "_tma_token")
    }

    #[test]
    fn the_cookie_comes_first_and_an_empty_one_does_not_hide_the_header() {
        assert_eq!(
            token(&[("cookie", "tma=from-cookie"), ("_tma_token", "from-header")]).as_deref(),
            Some("from-cookie")
        );
        assert_eq!(
            token(&[("cookie", "tma="), ("_tma_token", "from-header")]).as_deref(),
            Some("from-header")
        );
        assert_eq!(
            token(&[("cookie", "tma= "), ("_tma_token", " from-header ")]).as_deref(),
            Some("from-header")
        );
        assert_eq!(token(&[("cookie", "tma=")]), None);
        assert_eq!(token(&[("_tma_token", "  ")]), None);
    }
}

pub fn presented_refresh(headers: &axum::http::HeaderMap, jar: &CookieJar) -> Option<String> {
    presented(headers, jar, REFRESH_TOKEN, "_tmr_token")
}

/// A signed-in member: a valid access token whose family is not revoked, of an active member.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub member: members::Model,
    pub family_id: i64,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        MaybeAuthUser::from_request_parts(parts, state)
            .await?
            .0
            .ok_or_else(|| ApiError::Unauthorized("sign in first".into()))
    }
}

/// The member if the request carries a valid session, otherwise nobody (never an error).
pub struct MaybeAuthUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(token) = presented(&parts.headers, &jar, ACCESS_TOKEN, "_tma_token") else {
            return Ok(MaybeAuthUser(None));
        };
        let Some(claims) = state.tokens.verify_access(&token, Utc::now().timestamp()) else {
            return Ok(MaybeAuthUser(None));
        };
        let Ok(member_id) = claims.sub.parse::<i64>() else {
            return Ok(MaybeAuthUser(None));
        };
        let family = families::Entity::find_by_id(claims.fam)
            .one(&state.db)
            .await?;
        if !family.is_some_and(|f| f.revoked_at.is_none() && f.member_id == member_id) {
            return Ok(MaybeAuthUser(None));
        }
        let member = members::Entity::find_by_id(member_id)
            .one(&state.db)
            .await?
            .filter(|m| m.status == MemberStatus::Active);
        Ok(MaybeAuthUser(member.map(|member| AuthUser {
            member,
            family_id: claims.fam,
        })))
    }
}

pub struct Issued {
    pub access: String,
    pub refresh: String,
    pub member_id: i64,
    pub family_id: i64,
    pub auto_login: bool,
}

/// Starts a session: a new family with its first refresh token and an access token, written
/// through `db` (the caller's transaction when the account is new), and the cookies `tma`,
/// `tmr` (HttpOnly) and `tml` set on `jar`. Every way in (e-mail, social, join, invitation)
/// goes through here.
pub async fn sign_in(
    state: &AppState,
    db: &impl ConnectionTrait,
    jar: CookieJar,
    member_id: i64,
    auto_login: bool,
    device: Option<serde_json::Value>,
) -> Result<(CookieJar, SignedIn), ApiError> {
    let issued = start(state, db, member_id, auto_login, device).await?;
    let jar = super::cookies::with_session(
        jar,
        &issued.access,
        &issued.refresh,
        auto_login,
        state.settings.secure_cookies(),
    );
    Ok((
        jar,
        SignedIn {
            access_token: issued.access,
            refresh_token: issued.refresh,
            auto_login: if auto_login { "Y" } else { "N" },
            session_id: issued.family_id,
        },
    ))
}

/// A new family with its first refresh token, and an access token.
async fn start(
    state: &AppState,
    db: &impl ConnectionTrait,
    member_id: i64,
    auto_login: bool,
    device: Option<serde_json::Value>,
) -> Result<Issued, ApiError> {
    let now = Utc::now();
    let family = families::ActiveModel {
        member_id: Set(member_id),
        auto_login: Set(auto_login),
        device: Set(device),
        password_checked_at: Set(None),
        created_at: Set(now),
        last_used_at: Set(now),
        revoked_at: Set(None),
        revoked_reason: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let refresh = insert_refresh(db, &family, now).await?;
    let access = state
        .tokens
        .issue_access(member_id, family.id, now.timestamp())
        .map_err(ApiError::internal)?;
    Ok(Issued {
        access,
        refresh,
        member_id,
        family_id: family.id,
        auto_login,
    })
}

/// The family's next refresh token: good for 30 days in a session kept, 12 hours in one that
/// is not (`tidemark_core::cookies::refresh_lifetime_secs`).
async fn insert_refresh(
    db: &impl ConnectionTrait,
    family: &families::Model,
    now: DateTime<Utc>,
) -> Result<String, ApiError> {
    let token = random_token();
    let lifetime = tidemark_core::cookies::refresh_lifetime_secs(family.auto_login);
    refresh_tokens::ActiveModel {
        family_id: Set(family.id),
        token_hash: Set(hash_token(&token)),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(lifetime)),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

pub async fn revoke_family(
    db: &impl ConnectionTrait,
    family_id: i64,
    reason: &str,
) -> Result<(), ApiError> {
    families::Entity::update_many()
        .col_expr(families::Column::RevokedAt, Expr::value(Utc::now()))
        .col_expr(families::Column::RevokedReason, Expr::value(reason))
        .filter(families::Column::Id.eq(family_id))
        .filter(families::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

pub async fn revoke_all_of(
    db: &impl ConnectionTrait,
    member_id: i64,
    reason: &str,
) -> Result<(), ApiError> {
    families::Entity::update_many()
        .col_expr(families::Column::RevokedAt, Expr::value(Utc::now()))
        .col_expr(families::Column::RevokedReason, Expr::value(reason))
        .filter(families::Column::MemberId.eq(member_id))
        .filter(families::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// A field of the device a session's sign-in described (`deviceType`, `deviceOs`, `browser`,
/// `browserVer`, …), trimmed and at most 60 characters; `None` when it said nothing.
pub fn device_field(device: Option<&serde_json::Value>, key: &str) -> Option<String> {
    device
        .and_then(|device| device.get(key))
        .and_then(serde_json::Value::as_str)
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(|text| text.chars().take(60).collect())
}

/// The browser a session's sign-in described, with its version when it gave one
/// ("Chrome 131").
pub fn device_browser(device: Option<&serde_json::Value>) -> Option<String> {
    match (
        device_field(device, "browser"),
        device_field(device, "browserVer"),
    ) {
        (Some(name), Some(version)) => Some(format!("{name} {version}")),
        (name, _) => name,
    }
}

/// Ends every session of `member_id` but `keep` (the one asking); answers how many ended.
pub async fn revoke_all_but(
    db: &impl ConnectionTrait,
    member_id: i64,
    keep: i64,
    reason: &str,
) -> Result<u64, ApiError> {
    Ok(families::Entity::update_many()
        .col_expr(families::Column::RevokedAt, Expr::value(Utc::now()))
        .col_expr(families::Column::RevokedReason, Expr::value(reason))
        .filter(families::Column::MemberId.eq(member_id))
        .filter(families::Column::Id.ne(keep))
        .filter(families::Column::RevokedAt.is_null())
        .exec(db)
        .await?
        .rows_affected)
}

/// Exchanges a refresh token for a new pair. A token that was already used revokes its whole
/// family: either it was stolen, or the thief has the newer one.
pub async fn rotate(state: &AppState, presented: &str) -> Result<Issued, ApiError> {
    let denied = || ApiError::Unauthorized("the session has ended; sign in again".into());
    let db = &state.db;
    let now = Utc::now();
    let Some(token) = refresh_tokens::Entity::find()
        .filter(refresh_tokens::Column::TokenHash.eq(hash_token(presented)))
        .one(db)
        .await?
    else {
        return Err(denied());
    };
    let family = families::Entity::find_by_id(token.family_id)
        .one(db)
        .await?
        .ok_or_else(denied)?;
    if family.revoked_at.is_some() || token.expires_at <= now {
        return Err(denied());
    }
    if token.used_at.is_some() {
        tracing::warn!(
            family = family.id,
            member = family.member_id,
            "refresh token reused: family revoked"
        );
        revoke_family(db, family.id, "reuse").await?;
        return Err(denied());
    }
    // Claim the token; if another request claimed it first, this is a reuse too.
    let claimed = refresh_tokens::Entity::update_many()
        .col_expr(refresh_tokens::Column::UsedAt, Expr::value(now))
        .filter(refresh_tokens::Column::Id.eq(token.id))
        .filter(refresh_tokens::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    if claimed.rows_affected == 0 {
        revoke_family(db, family.id, "reuse").await?;
        return Err(denied());
    }
    let member = members::Entity::find_by_id(family.member_id)
        .one(db)
        .await?;
    if member.is_none_or(|m| m.status != MemberStatus::Active) {
        revoke_family(db, family.id, "inactive").await?;
        return Err(denied());
    }
    let refresh = insert_refresh(db, &family, now).await?;
    let mut touched: families::ActiveModel = family.clone().into();
    touched.last_used_at = Set(now);
    touched.update(db).await?;
    let access = state
        .tokens
        .issue_access(family.member_id, family.id, now.timestamp())
        .map_err(ApiError::internal)?;
    Ok(Issued {
        access,
        refresh,
        member_id: family.member_id,
        family_id: family.id,
        auto_login: family.auto_login,
    })
}

/// The device a request comes from, as the core reads its `User-Agent` (the sign-in body's
/// device fields, for the calls that start a session without them: joining by e-mail, by a
/// social account or by an invitation).
pub struct AgentDevice(pub Option<serde_json::Value>);

impl<S: Send + Sync> FromRequestParts<S> for AgentDevice {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let agent = parts
            .headers
            .get(axum::http::header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
            .filter(|agent| !agent.is_empty());
        Ok(AgentDevice(agent.and_then(device_of_agent)))
    }
}

/// The device fields of a user agent, in the shape a sign-in's body gives them.
fn device_of_agent(agent: &str) -> Option<serde_json::Value> {
    let mut device = serde_json::to_value(tidemark_core::device::detect_device(agent)).ok()?;
    device["browserAgent"] = agent.chars().take(512).collect::<String>().into();
    Some(device)
}

/// Starts the first session of a member who has just joined, on the browser that joined: its
/// device read from the request, and the browser remembered as the member's, so that a later
/// sign-in from it is no new device.
pub async fn sign_in_joined(
    state: &AppState,
    db: &impl ConnectionTrait,
    jar: CookieJar,
    member_id: i64,
    device: AgentDevice,
) -> Result<(CookieJar, SignedIn), ApiError> {
    let jar = guard::remember_device(
        &state.tokens,
        jar,
        member_id,
        Utc::now().timestamp(),
        state.settings.secure_cookies(),
    )?;
    sign_in(state, db, jar, member_id, false, device.0).await
}

/// The family a refresh token belongs to, used or not (for sign-out).
pub async fn family_of(state: &AppState, presented: &str) -> Result<Option<i64>, ApiError> {
    Ok(refresh_tokens::Entity::find()
        .filter(refresh_tokens::Column::TokenHash.eq(hash_token(presented)))
        .one(&state.db)
        .await?
        .map(|t| t.family_id))
}

/// How long a password check opens sensitive changes for, on the session that made it
/// (PRODUCT: five minutes).
pub const CHECK_VALID_MINUTES: i64 = 5;

/// Marks the session of `family_id` checked at `now` (a password or a passkey confirmed it is
/// the member): what needs a recent check accepts it for [`CHECK_VALID_MINUTES`].
pub async fn mark_checked(
    state: &AppState,
    family_id: i64,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let marked = families::Entity::update_many()
        .col_expr(families::Column::PasswordCheckedAt, Expr::value(now))
        .filter(families::Column::Id.eq(family_id))
        .filter(families::Column::RevokedAt.is_null())
        .exec(&state.db)
        .await?;
    if marked.rows_affected == 1 {
        Ok(())
    } else {
        Err(ApiError::Unauthorized("sign in first".into()))
    }
}

/// What cannot be undone asks for a second look: a new password, withdrawal, handing a
/// business over, closing it, removing a member of its team, an operator's removal of a post
/// and verification of a business need a check on this session in the last five minutes (a
/// sign-in is not one: a session taken from a signed-in browser must not act on its own);
/// without one the call answers 403 / 2013 ([`ApiError::ConfirmItsYou`]).
pub async fn require_recent_check(state: &AppState, user: &AuthUser) -> Result<(), ApiError> {
    let family = families::Entity::find_by_id(user.family_id)
        .one(&state.db)
        .await?;
    let recent = family
        .and_then(|f| f.password_checked_at)
        .is_some_and(|at| Utc::now() - at < chrono::Duration::minutes(CHECK_VALID_MINUTES));
    if recent {
        Ok(())
    } else {
        Err(ApiError::ConfirmItsYou)
    }
}

/// How long a check opens what needs one.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checked {
    valid_until: DateTime<Utc>,
}

/// "Confirm it's you", whatever the proof (the password, a passkey): the try is counted first
/// (one counter per member for every kind of proof, [`guard::PASSWORD_CHECKS`]), `proof` runs,
/// and a proof that holds gives the try back and marks this session checked for the next
/// [`CHECK_VALID_MINUTES`]. A proof that fails answers its own error and keeps the try counted.
pub async fn confirm_it_is(
    state: &AppState,
    user: &AuthUser,
    proof: impl std::future::Future<Output = Result<(), ApiError>>,
) -> Result<Checked, ApiError> {
    let now = Utc::now();
    let counter = guard::check_counter(user.member.id);
    guard::take_try(
        &state.db,
        &counter,
        guard::PASSWORD_CHECKS,
        "password checks",
        now,
    )
    .await?;
    proof.await?;
    guard::give_back(&state.db, &counter).await?;
    mark_checked(state, user.family_id, now).await?;
    Ok(Checked {
        valid_until: now + Duration::minutes(CHECK_VALID_MINUTES),
    })
}
