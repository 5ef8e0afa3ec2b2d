//! The rules of signing in: the checks of a sign-in request, the account status asked before
//! it, and the sign-in itself with its try counters and the record of attempts.

use crate::auth::accounts::{member_by_email, Email, SignedIn};
use crate::auth::{guard, password, session};
use crate::entities::login_attempts;
use crate::entities::members::MemberStatus;
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use axum_extra::extract::cookie::CookieJar;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, Set};
use serde::Deserialize;
use utoipa::ToSchema;

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
            // An app device's token at its own push service, kept with the session it signed
            // in (docs/notifications.md, "By web push").
            "pushToken": self.push_token.as_deref().map(|s| s.chars().take(4096).collect::<String>()),
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

const WRONG_CREDENTIALS: &str = "the e-mail or the password is not right";

/// SPEC §5: the status of the account that would sign in (`ACTIVE`); 2002 when there is none,
/// 403 when it is locked.
pub(super) async fn account_status(
    state: &AppState,
    ip: &str,
    body: &SignInRequest,
) -> ApiResult<String> {
    body.check_sizes()?;
    RateLimits::check(&state.limits.login_ip, ip, "sign-in attempts").await?;
    if body.auth_token.is_some() || body.channel.is_some() {
        let member = crate::social::member_signing_in(
            state,
            body.auth_token.as_deref(),
            body.channel.as_deref(),
        )
        .await?;
        return Ok(member.status.to_string());
    }
    let email = Email::parse(body.email.as_deref())?;
    match member_by_email(state, &email).await? {
        Some(member) if member.status == MemberStatus::Active => Ok(member.status.to_string()),
        Some(member) if member.status == MemberStatus::Locked => {
            Err(ApiError::Forbidden("this account is locked".into()))
        }
        _ => Err(ApiError::UserDoesNotExist),
    }
}

/// Signs in by social identity or by e-mail and password: the session starts and its cookies
/// (and the known-device cookie after a password) are set on `jar`.
pub(super) async fn login(
    state: &AppState,
    ip: String,
    jar: CookieJar,
    body: &SignInRequest,
) -> ApiResult<(CookieJar, SignedIn)> {
    body.check_sizes()?;
    RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts").await?;
    if body.auth_token.is_some() || body.channel.is_some() {
        let member = crate::social::member_signing_in(
            state,
            body.auth_token.as_deref(),
            body.channel.as_deref(),
        )
        .await?;
        let auto_login = body.auto_login.as_deref() == Some("Y");
        let (jar, signed_in) = session::sign_in(
            state,
            &state.db,
            jar,
            member.id,
            auto_login,
            Some(body.device()),
        )
        .await?;
        return Ok((jar, signed_in));
    }
    let email = Email::parse(body.email.as_deref())?;
    let password = body
        .password
        .clone()
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request("password is required"))?;
    let now = Utc::now();
    let member = member_by_email(state, &email).await?;
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
        .filter(|m| m.status == MemberStatus::Active)
        .and_then(|m| m.password_hash.clone());
    let verified = password::verify(password, hash).await?;
    // The record of sign-ins, for operators looking into an attack (erased with the account).
    login_attempts::ActiveModel {
        email_key: Set(email.to_string()),
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
    let (jar, signed_in) = session::sign_in(
        state,
        &state.db,
        jar,
        member.id,
        auto_login,
        Some(body.device()),
    )
    .await?;
    Ok((jar, signed_in))
}
