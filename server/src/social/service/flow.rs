//! The rules of the social sign-in calls: start an authorization (a single-use state and a
//! PKCE verifier), finish it (claim the state, exchange the code, vouch for the identity), and
//! join with the identity.

use super::local::{code_challenge_s256, CALLBACK_PATH};
use crate::auth::accounts::SignedIn;
use crate::auth::accounts::{new_member, Joining};
use crate::auth::session::{self, AgentDevice};
use crate::entities::members::MemberStatus;
use crate::entities::{members, oauth_states, social_identities};
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::social::providers::{Channel, Provider};
use crate::social::signin::{issue_auth_token, member_of, verify_auth_token, AUTH_TOKEN_SECS};
use crate::state::AppState;
use axum_extra::extract::cookie::CookieJar;
use chrono::{Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// How long an authorization may take, from its start to the callback.
pub const STATE_TTL_SECS: i64 = 10 * 60;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuthorizeQuery {
    /// kakao, naver, google or local
    #[param(inline, value_type = SocialChannel)]
    channel: String,
    /// signin, join or auth (SPEC §3 auth types)
    #[serde(rename = "type")]
    #[param(inline, value_type = AuthType)]
    auth_type: String,
    /// A path of this site to return to after sign-in; anything else becomes `/`.
    redirect_url: Option<String>,
}

crate::word_schema! {
    /// A social sign-in provider (`local` is the built-in one).
    SocialChannel = ["kakao", "naver", "google", "local"]
}

crate::word_schema! {
    /// Why a social authorization was started: to sign in, to join, or to certify (SPEC §3).
    AuthType = ["signin", "join", "auth"]
}

/// The social sign-in channels this site offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Channels {
    /// The configured providers, in the order a page shows them (the built-in `local`
    /// provider last, and only where it is switched on).
    channels: Vec<Channel>,
}

/// The channels whose provider is configured here.
pub fn channels(state: &AppState) -> Channels {
    Channels {
        channels: Channel::ALL
            .into_iter()
            .filter(|channel| Provider::configured(&state.settings, *channel).is_ok())
            .collect(),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Authorization {
    /// The provider's consent page: send the browser there.
    authorize_url: String,
    channel: Channel,
    #[serde(rename = "type")]
    auth_type: &'static str,
    /// The checked return path, to keep in session storage for after the callback.
    redirect_url: String,
    expires_in: i64,
}

fn parse_auth_type(value: &str) -> ApiResult<&'static str> {
    match value.trim() {
        "signin" => Ok("signin"),
        "join" => Ok("join"),
        "auth" => Ok("auth"),
        _ => Err(ApiError::bad_request("type must be signin, join or auth")),
    }
}

/// Starts a social sign-in: a single-use state and a PKCE verifier are kept for 10 minutes.
/// The answer, and the state for the browser's cookie.
pub async fn authorize(
    state: &AppState,
    ip: &str,
    query: &AuthorizeQuery,
) -> ApiResult<(Authorization, String)> {
    let channel = Channel::parse(&query.channel)?;
    let auth_type = parse_auth_type(&query.auth_type)?;
    let provider = Provider::configured(&state.settings, channel)?;
    RateLimits::check(&state.limits.login_ip, ip, "sign-in attempts").await?;
    let redirect_url = tidemark_core::route::post_login_target(query.redirect_url.as_deref());
    let oauth_state = crate::tokens::random_token();
    let verifier = crate::tokens::random_token();
    // The local provider is this server: its consent page and the return to the callback
    // are paths, so the browser stays at the address the person opened the site at
    // (127.0.0.1 or a LAN address alike), where the flow's session storage is.
    let site = match provider.channel {
        Channel::Local => "",
        _ => state.settings.public_url.as_str(),
    };
    let callback = format!("{site}{CALLBACK_PATH}?type={auth_type}");
    let now = Utc::now();
    oauth_states::Entity::delete_many()
        .filter(oauth_states::Column::ExpiresAt.lt(now))
        .exec(&state.db)
        .await?;
    oauth_states::ActiveModel {
        state: Set(oauth_state.clone()),
        provider: Set(channel.as_str().into()),
        code_verifier: Set(Some(verifier.clone())),
        redirect_uri: Set(callback.clone()),
        purpose: Set(auth_type.into()),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(STATE_TTL_SECS)),
        consumed_at: Set(None),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let authorization = Authorization {
        authorize_url: provider.authorize_url(
            &callback,
            &oauth_state,
            &code_challenge_s256(&verifier),
        ),
        channel,
        auth_type,
        redirect_url,
        expires_in: STATE_TTL_SECS,
    };
    Ok((authorization, oauth_state))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SocialTokenRequest {
    #[schema(value_type = SocialChannel)]
    channel: String,
    /// `code` of the callback address.
    code: String,
    /// `state` of the callback address.
    state: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialToken {
    /// For the sign-in request (SPEC §3) and join/social; valid 10 minutes.
    auth_token: String,
    channel: Channel,
    /// The auth type the authorization was started with.
    #[serde(rename = "type")]
    auth_type: String,
    /// The e-mail the provider vouches for, if it shared one.
    email: Option<String>,
    /// The provider's display name, to suggest as a nickname.
    name: Option<String>,
    /// Whether an active member has this identity (sign in) or not (join).
    account_exists: bool,
    expires_in: i64,
}

/// Finishes a social sign-in: checks the state (unexpired, unused, same channel, the one of
/// the browser's cookie `cookie_state`), exchanges the code with the provider using the PKCE
/// verifier, reads who signed in, and vouches for it with an authToken.
pub async fn token(
    state: &AppState,
    ip: &str,
    cookie_state: Option<&str>,
    body: &SocialTokenRequest,
) -> ApiResult<SocialToken> {
    let channel = Channel::parse(&body.channel)?;
    if body.code.trim().is_empty() || body.code.len() > 2048 {
        return Err(ApiError::bad_request("code is required"));
    }
    if body.state.trim().is_empty() || body.state.len() > 512 {
        return Err(ApiError::bad_request("state is required"));
    }
    let provider = Provider::configured(&state.settings, channel)?;
    RateLimits::check(&state.limits.login_ip, ip, "sign-in attempts").await?;
    let stale = || {
        ApiError::bad_request(
            "this sign-in is not valid any more (expired, already used, or started in another browser); please start again",
        )
    };
    if cookie_state != Some(body.state.as_str()) {
        return Err(stale());
    }
    let now = Utc::now();
    // Claim the state first: of two requests with the same state, one wins.
    let claimed = oauth_states::Entity::update_many()
        .col_expr(oauth_states::Column::ConsumedAt, Expr::value(now))
        .filter(oauth_states::Column::State.eq(&body.state))
        .filter(oauth_states::Column::Provider.eq(channel.as_str()))
        .filter(oauth_states::Column::ConsumedAt.is_null())
        .filter(oauth_states::Column::ExpiresAt.gt(now))
        .exec(&state.db)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(stale());
    }
    let started = oauth_states::Entity::find()
        .filter(oauth_states::Column::State.eq(&body.state))
        .one(&state.db)
        .await?
        .ok_or_else(stale)?;
    let verifier = started
        .code_verifier
        .as_deref()
        .ok_or_else(|| ApiError::internal("oauth state without a PKCE verifier"))?;
    let identity = provider
        .identify(
            state,
            body.code.trim(),
            verifier,
            &started.redirect_uri,
            &started.state,
        )
        .await?;
    let account_exists = member_of(&state.db, channel, &identity.subject)
        .await?
        .is_some_and(|m| m.status == MemberStatus::Active);
    let auth_token = issue_auth_token(state, channel, &identity)?;
    Ok(SocialToken {
        auth_token,
        channel,
        auth_type: started.purpose,
        email: identity.email,
        name: identity.name,
        account_exists,
        expires_in: AUTH_TOKEN_SECS,
    })
}

/// The terms of a join (the same shape as the e-mail join's).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SocialTerms {
    service: bool,
    privacy: bool,
    #[serde(default)]
    marketing: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SocialJoinRequest {
    auth_token: String,
    #[schema(value_type = SocialChannel)]
    channel: String,
    terms: SocialTerms,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialJoined {
    member_id: i64,
    #[serde(flatten)]
    session: SignedIn,
}

fn account_exists() -> ApiError {
    ApiError::AccountExists(
        "an account with this social identity exists already; sign in instead".into(),
    )
}

fn email_taken() -> ApiError {
    ApiError::AccountExists(
        "an account with this e-mail exists already; sign in with your e-mail and password".into(),
    )
}

/// Joins with a social identity: a member without a password (e-mail from the provider when
/// it shared one that no other account uses), linked to the identity, and signed in (the
/// session's cookies set on `jar`).
pub async fn join(
    state: &AppState,
    ip: &str,
    jar: CookieJar,
    device: AgentDevice,
    body: &SocialJoinRequest,
) -> ApiResult<(CookieJar, SocialJoined)> {
    if body.auth_token.len() > 4096 {
        return Err(ApiError::bad_request(
            "authToken is longer than 4096 characters",
        ));
    }
    let (channel, identity) =
        verify_auth_token(state, Some(&body.auth_token), Some(&body.channel))?;
    if !(body.terms.service && body.terms.privacy) {
        return Err(ApiError::bad_request(
            "the terms of service and the privacy policy must be accepted",
        ));
    }
    RateLimits::check(&state.limits.login_ip, ip, "sign-in attempts").await?;
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    if member_of(&txn, channel, &identity.subject).await?.is_some() {
        return Err(account_exists());
    }
    if let Some(email) = &identity.email {
        if members::Entity::find()
            .filter(members::Column::Email.eq(email))
            .one(&txn)
            .await?
            .is_some()
        {
            return Err(email_taken());
        }
    }
    let member = new_member(
        Joining {
            email: identity.email.clone(),
            password_hash: None,
            nickname: None,
            signup_channel: channel.as_str().into(),
            marketing_opt_in: body.terms.marketing,
        },
        now,
    )
    .insert(&txn)
    .await
    .map_err(on_unique(email_taken))?;
    social_identities::ActiveModel {
        member_id: Set(member.id),
        provider: Set(channel.as_str().into()),
        subject: Set(identity.subject.clone()),
        email: Set(identity.email.clone()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(on_unique(account_exists))?;
    let (jar, session) = session::sign_in_joined(state, &txn, jar, member.id, device).await?;
    txn.commit().await?;
    Ok((
        jar,
        SocialJoined {
            member_id: member.id,
            session,
        },
    ))
}
