//! The session calls of SPEC §7, exactly as written there.

use super::cookies;
use super::guard;
use super::password;
use super::session::{self, presented, presented_refresh, AuthUser};
use super::tokens::RENEW_WHEN_LEFT_SECS;
use crate::entities::{
    business_members, certifications, guest_sessions, login_attempts, member_interests, members,
};
use crate::envelope::NoData;
use crate::envelope::{ok, Ok};
use crate::error::{ApiError, ApiResult};
use crate::extract::Json;
use crate::limits::RateLimits;
use crate::openapi::ErrorBody;
use crate::security::ClientIp;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use tidemark_core::cookies::ACCESS_TOKEN;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account_status))
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(guest_token))
        .routes(routes!(token_check))
        .routes(routes!(token_profile))
}

/// The sign-in request of SPEC §3: credentials plus device information (the core builds it).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignInRequest {
    pub email: Option<String>,
    pub password: Option<String>,
    pub auth_token: Option<String>,
    pub channel: Option<String>,
    pub auto_login: Option<String>,
    pub device_type: Option<String>,
    pub device_os: Option<String>,
    pub browser: Option<String>,
    pub browser_ver: Option<String>,
    pub browser_agent: Option<String>,
    pub os_version: Option<String>,
    pub device_id: Option<String>,
    pub push_token: Option<String>,
}

impl SignInRequest {
    fn device(&self) -> serde_json::Value {
        let clip = |v: &Option<String>| {
            v.as_deref()
                .map(|s| s.chars().take(512).collect::<String>())
        };
        serde_json::json!({
            "deviceType": clip(&self.device_type),
            "deviceOs": clip(&self.device_os),
            "browser": clip(&self.browser),
            "browserVer": clip(&self.browser_ver),
            "browserAgent": clip(&self.browser_agent),
            "osVersion": clip(&self.os_version),
            "deviceId": clip(&self.device_id),
        })
    }

    fn check_sizes(&self) -> ApiResult<()> {
        let fields = [
            ("email", &self.email, 254),
            ("password", &self.password, 128),
            ("authToken", &self.auth_token, 4096),
            ("channel", &self.channel, 32),
            ("autoLogin", &self.auto_login, 1),
            ("deviceType", &self.device_type, 16),
            ("deviceOs", &self.device_os, 16),
            ("browser", &self.browser, 64),
            ("browserVer", &self.browser_ver, 64),
            ("browserAgent", &self.browser_agent, 1024),
            ("osVersion", &self.os_version, 64),
            ("deviceId", &self.device_id, 256),
            ("pushToken", &self.push_token, 4096),
        ];
        for (name, value, max) in fields {
            if value.as_deref().is_some_and(|v| v.chars().count() > max) {
                return Err(ApiError::bad_request(format!(
                    "{name} is longer than {max} characters"
                )));
            }
        }
        if !matches!(self.auto_login.as_deref(), None | Some("Y") | Some("N")) {
            return Err(ApiError::bad_request("autoLogin must be 'Y' or 'N'"));
        }
        Ok(())
    }
}

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
struct AccountStatus {
    status: String,
}

/// SPEC §5: called before sign-in; code 0 for an account that may sign in, 2002 for none.
#[utoipa::path(post, path = "/membership/v1/account/status", tag = "session", request_body = SignInRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<AccountStatus>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "2002: no such account", body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn account_status(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<SignInRequest>,
) -> ApiResult<Ok<AccountStatus>> {
    body.check_sizes()?;
    RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts")?;
    if body.auth_token.is_some() || body.channel.is_some() {
        let member = crate::social::member_signing_in(
            &state,
            body.auth_token.as_deref(),
            body.channel.as_deref(),
        )
        .await?;
        return Ok(ok(AccountStatus {
            status: member.status,
        }));
    }
    let email = valid_email(body.email.as_deref())?;
    match member_by_email(&state, &email).await? {
        Some(member) if member.status == "ACTIVE" => Ok(ok(AccountStatus {
            status: member.status,
        })),
        Some(member) if member.status == "LOCKED" => {
            Err(ApiError::Forbidden("this account is locked".into()))
        }
        _ => Err(ApiError::UserDoesNotExist),
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub access_token: String,
    pub refresh_token: String,
    pub auto_login: &'static str,
}

const WRONG_CREDENTIALS: &str = "the e-mail or the password is not right";

/// Signs in with e-mail and password; sets the cookies `tma`, `tmr` (HttpOnly) and `tml`.
#[utoipa::path(post, path = "/membership/v1/login", tag = "session", request_body = SignInRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<SignedIn>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Json(body): Json<SignInRequest>,
) -> ApiResult<(CookieJar, Ok<SignedIn>)> {
    body.check_sizes()?;
    RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts")?;
    if body.auth_token.is_some() || body.channel.is_some() {
        let member = crate::social::member_signing_in(
            &state,
            body.auth_token.as_deref(),
            body.channel.as_deref(),
        )
        .await?;
        let auto_login = body.auto_login.as_deref() == Some("Y");
        return crate::social::sign_in(&state, jar, &member, auto_login, body.device()).await;
    }
    let email = valid_email(body.email.as_deref())?;
    let password = body
        .password
        .clone()
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request("password is required"))?;
    let now = Utc::now();
    let member = member_by_email(&state, &email).await?;
    let (counter, allowance) = guard::sign_in_counter(
        &state.tokens,
        &jar,
        member.as_ref().map(|m| m.id),
        &email,
        now.timestamp(),
    );
    guard::take_try(
        &state.db,
        &counter,
        allowance,
        "failed sign-ins for this account",
        now,
    )
    .await?;
    // Unknown, withdrawn and locked accounts are checked against a dummy hash: every
    // refusal takes the same work and says the same thing.
    let hash = member
        .as_ref()
        .filter(|m| m.status == "ACTIVE")
        .and_then(|m| m.password_hash.clone());
    let verified = password::verify(password, hash).await?;
    // The record of sign-ins, for operators looking into an attack (erased with the account).
    login_attempts::ActiveModel {
        email_key: Set(email.clone()),
        ip: Set(ip),
        success: Set(verified),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let Some(member) = member.filter(|_| verified) else {
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS.into()));
    };
    guard::give_back(&state.db, &counter).await?;
    let jar = guard::remember_device(
        &state.tokens,
        jar,
        member.id,
        now.timestamp(),
        state.settings.secure_cookies(),
    )?;
    let auto_login = body.auto_login.as_deref() == Some("Y");
    let issued = session::start(
        &state,
        &state.db,
        member.id,
        auto_login,
        Some(body.device()),
    )
    .await?;
    let jar = cookies::with_session(
        jar,
        &issued.access,
        &issued.refresh,
        auto_login,
        state.settings.secure_cookies(),
    );
    Ok((
        jar,
        ok(SignedIn {
            access_token: issued.access,
            refresh_token: issued.refresh,
            auto_login: if auto_login { "Y" } else { "N" },
        }),
    ))
}

/// Ends the session of the presented refresh (or access) token and clears the cookies.
#[utoipa::path(post, path = "/membership/v1/logout", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<NoData>)))]
async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Ok<NoData>)> {
    let mut family = match presented_refresh(&headers, &jar) {
        Some(refresh) => session::family_of(&state, &refresh).await?,
        None => None,
    };
    if family.is_none() {
        family = presented(&headers, &jar, ACCESS_TOKEN, "_tma_token")
            .and_then(|token| state.tokens.verify_access(&token, Utc::now().timestamp()))
            .map(|claims| claims.fam);
    }
    if let Some(family) = family {
        session::revoke_family(&state.db, family, "logout").await?;
    }
    Ok((
        cookies::without_session(jar, state.settings.secure_cookies()),
        ok(None),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GuestSession {
    session_id: String,
}

/// A guest id (cookie `tma_id`, 24 hours), signed by this server: analytics count only the
/// guest ids it issued (`TokenKeys::verify_guest_id`).
#[utoipa::path(post, path = "/oauth/v1/guest/token", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<GuestSession>), (status = 429, body = ErrorBody)))]
async fn guest_token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Ok<GuestSession>)> {
    RateLimits::check(&state.limits.guest_ip, &ip, "guest ids")?;
    let now = Utc::now();
    let session_id = state.tokens.issue_guest_id(now.timestamp());
    guest_sessions::ActiveModel {
        session_id: Set(session_id.clone()),
        device: Set(None),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(tidemark_core::cookies::GUEST_MAX_AGE_SECS)),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let jar = cookies::with_guest(jar, &session_id, state.settings.secure_cookies());
    Ok((jar, ok(GuestSession { session_id })))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckedTokens {
    /// A new access token, or null when the presented one is still good.
    access_token: Option<String>,
    refresh_token: Option<String>,
}

#[utoipa::path(post, path = "/oauth/v1/token/check", tag = "session",
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<CheckedTokens>), (status = 401, body = ErrorBody)))]
/// SPEC §4: the client calls this at most every 10 minutes; a still-fresh access token is left
/// alone, otherwise the refresh token is rotated and new cookies set.
async fn token_check(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<(CookieJar, Ok<CheckedTokens>), (CookieJar, ApiError)> {
    let secure = state.settings.secure_cookies();
    let now = Utc::now().timestamp();
    if let Some(claims) = presented(&headers, &jar, ACCESS_TOKEN, "_tma_token")
        .and_then(|t| state.tokens.verify_access(&t, now))
    {
        let family_active = crate::entities::refresh_token_families::Entity::find_by_id(claims.fam)
            .one(&state.db)
            .await
            .map_err(|e| (jar.clone(), e.into()))?
            .is_some_and(|f| f.revoked_at.is_none());
        if family_active && claims.exp - now > RENEW_WHEN_LEFT_SECS {
            return Ok((
                jar,
                ok(CheckedTokens {
                    access_token: None,
                    refresh_token: None,
                }),
            ));
        }
    }
    let Some(refresh) = presented_refresh(&headers, &jar) else {
        return Err((
            cookies::without_session(jar, secure),
            ApiError::Unauthorized("no session".into()),
        ));
    };
    match session::rotate(&state, &refresh).await {
        Ok(issued) => {
            let jar = cookies::with_session(
                jar,
                &issued.access,
                &issued.refresh,
                issued.auto_login,
                secure,
            );
            Ok((
                jar,
                ok(CheckedTokens {
                    access_token: Some(issued.access),
                    refresh_token: Some(issued.refresh),
                }),
            ))
        }
        Err(error) => Err((cookies::without_session(jar, secure), error)),
    }
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
    let user_auth_name = match (&business, member.role.as_str()) {
        (_, "ADMIN") => "ADMIN".to_string(),
        (Some(link), _) => link.role.clone(),
        (None, _) => "USER".to_string(),
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

/// The signed-in member's profile (SPEC §7).
#[utoipa::path(get, path = "/oauth/v1/token/profile", tag = "session",
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Profile>), (status = 401, body = ErrorBody)))]
async fn token_profile(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Profile>> {
    Ok(ok(profile_of(&state, &user.member).await?))
}
