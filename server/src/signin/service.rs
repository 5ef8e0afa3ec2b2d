//! The rules of signing in: the checks of a sign-in request, the account status asked before
//! it, and the sign-in itself with its try counters and the record of attempts.

use crate::auth::accounts::{member_by_email, Email, SignedIn};
use crate::auth::{guard, password, session};
use crate::entities::members::{self, MemberStatus};
use crate::entities::{login_attempts, sign_in_tickets};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::passkeys::{self, Purpose};
use crate::signin::new_device;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use crate::two_step::service::{take_second_step, SecondStep};
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
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
        ask_second_step(state, &member, auto_login, body.device()).await?;
        return start_session(state, jar, &member, auto_login, Some(body.device())).await;
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
    let auto_login = body.auto_login.as_deref() == Some("Y");
    ask_second_step(state, &member, auto_login, body.device()).await?;
    start_session(state, jar, &member, auto_login, Some(body.device())).await
}

/// Starts the session of a sign-in that passed every step, and renews the browser's device
/// cookie for the account. A browser that had none (its first sign-in to this account) is a
/// new device: the member hears of it by mail ([`new_device::announce`]).
async fn start_session(
    state: &AppState,
    jar: CookieJar,
    member: &members::Model,
    auto_login: bool,
    device: Option<serde_json::Value>,
) -> ApiResult<(CookieJar, SignedIn)> {
    let now = Utc::now();
    let known = guard::knows_device(&state.tokens, &jar, member.id, now.timestamp());
    let jar = guard::remember_device(
        &state.tokens,
        jar,
        member.id,
        now.timestamp(),
        state.settings.secure_cookies(),
    )?;
    let (jar, signed_in) =
        session::sign_in(state, &state.db, jar, member.id, auto_login, device.clone()).await?;
    if !known {
        new_device::announce(state, member, device.as_ref(), signed_in.session_id, now).await?;
    }
    Ok((jar, signed_in))
}

/// How long a sign-in waits for its second step.
const TICKET_MINUTES: i64 = 5;

/// When the member has two-step sign-in on, the sign-in stops here: a ticket for the second
/// step is stored and the answer is 401, code 2010, with the ticket and the ways to finish.
async fn ask_second_step(
    state: &AppState,
    member: &members::Model,
    auto_login: bool,
    device: serde_json::Value,
) -> ApiResult<()> {
    if member.two_step_at.is_none() {
        return Ok(());
    }
    let now = Utc::now();
    let ticket = random_token();
    let expires_at = now + Duration::minutes(TICKET_MINUTES);
    sign_in_tickets::ActiveModel {
        ticket_hash: Set(hash_token(&ticket)),
        member_id: Set(member.id),
        auto_login: Set(auto_login),
        device: Set(Some(device)),
        device_key: Set(None),
        expires_at: Set(expires_at),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let mut methods = vec![SecondStepMethod::Code, SecondStepMethod::RecoveryCode];
    if passkeys::service::has_passkey(state, member.id).await? {
        methods.push(SecondStepMethod::Passkey);
    }
    Err(ApiError::SecondStep(
        serde_json::to_value(SecondStepNeeded {
            ticket,
            methods,
            expires_at,
        })
        .expect("the ticket serializes"),
    ))
}

/// A way to finish a sign-in.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(super) enum SecondStepMethod {
    /// A code from the member's authenticator app.
    Code,
    /// One of the member's recovery codes.
    RecoveryCode,
    /// One of the member's passkeys (options from `/membership/v1/passkey/options`).
    Passkey,
}

/// What a sign-in that waits for its second step answers in `data` (401, code 2010).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SecondStepNeeded {
    /// Sent back with the second step; good once, for five minutes.
    ticket: String,
    methods: Vec<SecondStepMethod>,
    expires_at: DateTime<Utc>,
}

/// The 401 answer of a sign-in that waits for its second step: code 2010.
#[derive(Serialize, ToSchema)]
pub(super) struct SecondStepBody {
    /// `2010`.
    code: String,
    message: String,
    data: SecondStepNeeded,
}

/// The second step of a sign-in: the ticket of its first, and one code.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SecondStepRequest {
    #[schema(max_length = 64)]
    ticket: String,
    /// The six digits the authenticator app shows now.
    #[schema(max_length = 16)]
    code: Option<String>,
    /// One of the recovery codes (used up by this sign-in).
    #[schema(max_length = 32)]
    recovery_code: Option<String>,
    /// The browser's answer with one of the member's passkeys (`PublicKeyCredential.toJSON()`).
    #[schema(value_type = Option<Object>)]
    passkey: Option<serde_json::Value>,
}

/// What a second step offers as proof: a code of the app or a recovery code, or a passkey.
enum Proof<'a> {
    App(SecondStep<'a>),
    Passkey(&'a serde_json::Value),
}

/// Finishes a sign-in with its second step: the session starts as the first step asked.
pub(super) async fn second_step(
    state: &AppState,
    ip: String,
    jar: CookieJar,
    body: &SecondStepRequest,
) -> ApiResult<(CookieJar, SignedIn)> {
    RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts").await?;
    let proof = match (
        body.code.as_deref(),
        body.recovery_code.as_deref(),
        &body.passkey,
    ) {
        (Some(code), None, None) if code.len() <= 16 => Proof::App(SecondStep::Code(code)),
        (None, Some(code), None) if code.len() <= 32 => Proof::App(SecondStep::RecoveryCode(code)),
        (None, None, Some(answer)) => Proof::Passkey(answer),
        _ => {
            return Err(ApiError::bad_request(
                "send one of code (the six digits of the app), recoveryCode or passkey",
            ))
        }
    };
    let now = Utc::now();
    let expired = || ApiError::Unauthorized("the sign-in has expired: sign in again".into());
    if body.ticket.len() > 64 {
        return Err(expired());
    }
    let ticket = sign_in_tickets::Entity::find()
        .filter(sign_in_tickets::Column::TicketHash.eq(hash_token(&body.ticket)))
        .one(&state.db)
        .await?
        .filter(|t| t.used_at.is_none() && t.expires_at > now)
        .ok_or_else(expired)?;
    match proof {
        Proof::App(step) => take_second_step(state, ticket.member_id, step, now).await?,
        Proof::Passkey(answer) => {
            let owner = Some(ticket.member_id);
            passkeys::service::take_assertion(state, Purpose::SecondStep, None, answer, owner)
                .await?;
        }
    }
    // The ticket is good once: of two requests with right codes, one signs in.
    let claimed = sign_in_tickets::Entity::update_many()
        .col_expr(sign_in_tickets::Column::UsedAt, Expr::value(now))
        .filter(sign_in_tickets::Column::Id.eq(ticket.id))
        .filter(sign_in_tickets::Column::UsedAt.is_null())
        .exec(&state.db)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(expired());
    }
    let member = members::Entity::find_by_id(ticket.member_id)
        .one(&state.db)
        .await?
        .filter(|m| m.status == MemberStatus::Active)
        .ok_or_else(expired)?;
    start_session(state, jar, &member, ticket.auto_login, ticket.device).await
}

/// A sign-in with a passkey alone: the browser's answer and the sign-in request's other
/// fields (its device, whether to stay signed in), without an e-mail or a password.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasskeySignInRequest {
    /// `PublicKeyCredential.toJSON()` of the assertion, to options from
    /// `/membership/v1/passkey/options`.
    #[schema(value_type = Object)]
    credential: serde_json::Value,
    sign_in: SignInRequest,
}

/// Signs in with a passkey: the key stands for both steps (the authenticator verified the
/// member with a PIN or biometrics, which the checks require), so two-step sign-in asks no
/// more.
pub(super) async fn login_with_passkey(
    state: &AppState,
    ip: String,
    jar: CookieJar,
    body: &PasskeySignInRequest,
) -> ApiResult<(CookieJar, SignedIn)> {
    let request = &body.sign_in;
    request.check_sizes()?;
    if request.email.is_some() || request.password.is_some() || request.auth_token.is_some() {
        return Err(ApiError::bad_request(
            "a sign-in with a passkey sends no e-mail, password or social token",
        ));
    }
    RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts").await?;
    let member_id =
        passkeys::service::take_assertion(state, Purpose::SignIn, None, &body.credential, None)
            .await?;
    let member = members::Entity::find_by_id(member_id)
        .one(&state.db)
        .await?
        .filter(|m| m.status != MemberStatus::Withdrawn)
        .ok_or_else(|| ApiError::Unauthorized(WRONG_CREDENTIALS.into()))?;
    if member.status == MemberStatus::Locked {
        return Err(ApiError::Forbidden("this account is locked".into()));
    }
    let auto_login = request.auto_login.as_deref() == Some("Y");
    start_session(state, jar, &member, auto_login, Some(request.device())).await
}
