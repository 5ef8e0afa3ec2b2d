//! The built-in `local` OAuth 2 provider, for development and tests: it stands in for Kakao,
//! Naver and Google and speaks the same protocol (authorization code with PKCE S256). Here
//! its rules: the checks of an authorization request, the consent's code, and the token and
//! userinfo steps (which the server's own sign-in flow also calls in process). On by default
//! in demo mode, off in production unless `TIDEMARK_LOCAL_OAUTH=true` (see
//! `providers::local_enabled`).

use crate::entities::{local_oauth_codes as codes, local_oauth_tokens as tokens};
use crate::http::error::ApiError;
use crate::http::limits::RateLimits;
use crate::kernel::url::with_query;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

pub const CLIENT_ID: &str = "tidemark-local";
pub const AUTHORIZE_PATH: &str = "/oauth/local/authorize";
/// The path of this site's social callback page (SPEC §2); the only place codes may go.
pub const CALLBACK_PATH: &str = "/member/auth/callbackOauth";
const CODE_TTL_SECS: i64 = 5 * 60;
const TOKEN_TTL_SECS: i64 = 10 * 60;
const SCOPE: &str = "profile email";

/// The callback address of this site for one of the auth types, as the social flow builds it:
/// its path alone (the local provider's own, on whatever address the browser is at) or in full
/// at the public address.
pub fn is_site_callback(public_url: &str, uri: &str) -> bool {
    let (base, query) = uri.split_once('?').unwrap_or((uri, ""));
    (base == CALLBACK_PATH || base == format!("{public_url}{CALLBACK_PATH}"))
        && matches!(query, "" | "type=signin" | "type=join" | "type=auth")
}

/// S256 of RFC 7636: base64url(SHA-256(verifier)) without padding.
pub fn code_challenge_s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// RFC 7636 §4.1: 43–128 characters of `[A-Za-z0-9-._~]`.
fn valid_verifier(value: &str) -> bool {
    (43..=128).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
}

// ---------------------------------------------------------------------------------------
// The consent

/// The authorization request (RFC 6749 §4.1.1 with RFC 7636's challenge), as the query of the
/// page and as hidden fields of its form.
#[derive(Debug, Default, Deserialize)]
pub struct AuthorizeParams {
    response_type: Option<String>,
    client_id: Option<String>,
    redirect_uri: Option<String>,
    state: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    scope: Option<String>,
}

/// A checked authorization request.
pub struct Request {
    pub redirect_uri: String,
    pub state: String,
    pub code_challenge: String,
}

pub enum Refusal {
    /// The client or its return address cannot be trusted: say so here, never redirect.
    Page(String),
    /// Tell the client through its return address (RFC 6749 §4.1.2.1): the address to go to.
    Redirect(String),
}

impl AuthorizeParams {
    pub fn check(&self, public_url: &str) -> Result<Request, Refusal> {
        let field = |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or("").to_string();
        if field(&self.client_id) != CLIENT_ID {
            return Err(Refusal::Page(format!(
                "알 수 없는 client_id입니다 / unknown client_id (expected {CLIENT_ID})"
            )));
        }
        let redirect_uri = field(&self.redirect_uri);
        if !is_site_callback(public_url, &redirect_uri) {
            return Err(Refusal::Page(
                "redirect_uri가 이 사이트의 콜백 주소가 아닙니다 / redirect_uri is not this site's callback address"
                    .into(),
            ));
        }
        let state = field(&self.state);
        let fail = |error: &str, description: &str| {
            let mut params = vec![("error", error), ("error_description", description)];
            if !state.is_empty() {
                params.push(("state", state.as_str()));
            }
            Refusal::Redirect(with_query(&redirect_uri, &params))
        };
        if field(&self.response_type) != "code" {
            return Err(fail(
                "unsupported_response_type",
                "only response_type=code is supported",
            ));
        }
        if state.is_empty() || state.len() > 512 {
            return Err(fail("invalid_request", "state is required"));
        }
        let code_challenge = field(&self.code_challenge);
        if field(&self.code_challenge_method) != "S256" || code_challenge.len() != 43 {
            return Err(fail(
                "invalid_request",
                "PKCE is required: code_challenge with code_challenge_method=S256",
            ));
        }
        let _ = &self.scope;
        Ok(Request {
            redirect_uri,
            state,
            code_challenge,
        })
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct Decision {
    #[serde(flatten)]
    params: AuthorizeParams,
    decision: Option<String>,
    name: Option<String>,
    email: Option<String>,
}

/// What becomes of the person's answer on the consent page.
pub enum Decided {
    /// The request cannot be trusted: a page says why.
    Refused(String),
    /// Back to the client's callback: with a code, or with an error.
    Redirect(String),
    /// The form again as it was sent, with what to correct.
    Retry {
        request: Request,
        name: String,
        email: String,
        problem: &'static str,
    },
    /// A limit or a fault, answered as the API answers it.
    Failed(ApiError),
}

/// The person's answer: a single-use code (5 minutes) for the persona typed in, bound to the
/// request's return address and PKCE challenge, or `access_denied`.
pub async fn decide(state: &AppState, ip: &str, form: Decision) -> Decided {
    let request = match form.params.check(&state.settings.public_url) {
        Ok(request) => request,
        Err(Refusal::Page(message)) => return Decided::Refused(message),
        Err(Refusal::Redirect(to)) => return Decided::Redirect(to),
    };
    if form.decision.as_deref() != Some("allow") {
        return Decided::Redirect(with_query(
            &request.redirect_uri,
            &[("error", "access_denied"), ("state", &request.state)],
        ));
    }
    if let Err(error) = RateLimits::check(&state.limits.login_ip, ip, "sign-in attempts").await {
        return Decided::Failed(error);
    }
    let name = form.name.as_deref().unwrap_or("").trim().to_string();
    let email_input = form.email.as_deref().unwrap_or("").trim().to_string();
    let Ok(email) = crate::auth::accounts::Email::parse(Some(&email_input)) else {
        return Decided::Retry {
            request,
            name,
            email: email_input,
            problem: "올바른 이메일 주소를 적어 주세요 / Enter a valid e-mail address",
        };
    };
    let count = name.chars().count();
    if !(1..=40).contains(&count) || name.chars().any(char::is_control) {
        return Decided::Retry {
            request,
            name,
            email: email_input,
            problem: "표시 이름은 1–40자입니다 / The display name must be 1–40 characters",
        };
    }
    let code = random_token();
    let now = Utc::now();
    let stored = async {
        codes::Entity::delete_many()
            .filter(codes::Column::ExpiresAt.lt(now))
            .exec(&state.db)
            .await?;
        codes::ActiveModel {
            code_hash: Set(hash_token(&code)),
            client_id: Set(CLIENT_ID.into()),
            redirect_uri: Set(request.redirect_uri.clone()),
            code_challenge: Set(Some(request.code_challenge.clone())),
            subject: Set(persona_subject(&email)),
            email: Set(Some(email.to_string())),
            name: Set(Some(name.clone())),
            created_at: Set(now),
            expires_at: Set(now + Duration::seconds(CODE_TTL_SECS)),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(&state.db)
        .await
    }
    .await;
    if let Err(error) = stored {
        return Decided::Failed(ApiError::from(error));
    }
    Decided::Redirect(with_query(
        &request.redirect_uri,
        &[("code", &code), ("state", &request.state)],
    ))
}

/// The persona's stable id: the same e-mail is the same person on every sign-in.
pub fn persona_subject(email: &str) -> String {
    hash_token(&format!("tidemark-local:{email}"))[..32].to_string()
}

// ---------------------------------------------------------------------------------------
// Token and userinfo

/// An RFC 6749 §5.2 error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthError {
    #[serde(skip)]
    status: StatusCode,
    pub error: &'static str,
    pub error_description: String,
}

impl OAuthError {
    pub fn new(error: &'static str, description: impl Into<String>) -> Self {
        let status = match error {
            "invalid_client" | "invalid_token" => StatusCode::UNAUTHORIZED,
            "server_error" => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        OAuthError {
            status,
            error,
            error_description: description.into(),
        }
    }
}

impl From<sea_orm::DbErr> for OAuthError {
    fn from(error: sea_orm::DbErr) -> Self {
        tracing::error!(%error, "local OAuth provider: database");
        OAuthError::new("server_error", "please try again")
    }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let mut response = (self.status, no_store(), axum::Json(&self)).into_response();
        if self.error == "invalid_token" {
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                header::HeaderValue::from_static("Bearer error=\"invalid_token\""),
            );
        }
        response
    }
}

/// RFC 6749 §5.1: token answers are never cached.
pub fn no_store() -> [(header::HeaderName, &'static str); 2] {
    [
        (header::CACHE_CONTROL, "no-store"),
        (header::PRAGMA, "no-cache"),
    ]
}

/// The token request (RFC 6749 §4.1.3 with RFC 7636's verifier), form-encoded.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LocalTokenRequest {
    pub grant_type: Option<String>,
    pub code: Option<String>,
    pub redirect_uri: Option<String>,
    pub client_id: Option<String>,
    pub code_verifier: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LocalTokenAnswer {
    pub access_token: String,
    /// "Bearer"
    pub token_type: &'static str,
    pub expires_in: i64,
    pub scope: &'static str,
}

/// The checks of the token endpoint; the server's own sign-in flow calls this in process.
pub async fn exchange(
    state: &AppState,
    request: LocalTokenRequest,
) -> Result<LocalTokenAnswer, OAuthError> {
    let field = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    if field(request.grant_type).as_deref() != Some("authorization_code") {
        return Err(OAuthError::new(
            "unsupported_grant_type",
            "grant_type must be authorization_code",
        ));
    }
    let client_id = field(request.client_id);
    if client_id.as_deref() != Some(CLIENT_ID) {
        return Err(OAuthError::new("invalid_client", "unknown client_id"));
    }
    let (Some(code), Some(redirect_uri), Some(verifier)) = (
        field(request.code),
        field(request.redirect_uri),
        field(request.code_verifier),
    ) else {
        return Err(OAuthError::new(
            "invalid_request",
            "code, redirect_uri and code_verifier are required",
        ));
    };
    if !valid_verifier(&verifier) {
        return Err(OAuthError::new(
            "invalid_request",
            "code_verifier must be 43–128 characters of A-Z a-z 0-9 - . _ ~",
        ));
    }
    let invalid = |why: &str| OAuthError::new("invalid_grant", why);
    let now = Utc::now();
    let Some(row) = codes::Entity::find()
        .filter(codes::Column::CodeHash.eq(hash_token(&code)))
        .one(&state.db)
        .await?
    else {
        return Err(invalid("unknown code"));
    };
    // Claimed before anything else: a code is good for one attempt, right or wrong.
    let claimed = codes::Entity::update_many()
        .col_expr(codes::Column::UsedAt, Expr::value(now))
        .filter(codes::Column::Id.eq(row.id))
        .filter(codes::Column::UsedAt.is_null())
        .exec(&state.db)
        .await?;
    if claimed.rows_affected == 0 {
        return Err(invalid("the code was used already"));
    }
    if row.expires_at <= now {
        return Err(invalid("the code has expired"));
    }
    if row.redirect_uri != redirect_uri || row.client_id != CLIENT_ID {
        return Err(invalid(
            "redirect_uri does not match the authorization request",
        ));
    }
    if row.code_challenge.as_deref() != Some(code_challenge_s256(&verifier).as_str()) {
        return Err(invalid("code_verifier does not match the code_challenge"));
    }
    tokens::Entity::delete_many()
        .filter(tokens::Column::ExpiresAt.lt(now))
        .exec(&state.db)
        .await?;
    let access_token = random_token();
    tokens::ActiveModel {
        token_hash: Set(hash_token(&access_token)),
        subject: Set(row.subject),
        email: Set(row.email),
        name: Set(row.name),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(TOKEN_TTL_SECS)),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(LocalTokenAnswer {
        access_token,
        token_type: "Bearer",
        expires_in: TOKEN_TTL_SECS,
        scope: SCOPE,
    })
}

/// OpenID Connect's userinfo shape.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocalUserInfo {
    pub sub: String,
    pub email: Option<String>,
    pub name: Option<String>,
}

pub async fn userinfo(state: &AppState, access_token: &str) -> Result<LocalUserInfo, OAuthError> {
    let token = tokens::Entity::find()
        .filter(tokens::Column::TokenHash.eq(hash_token(access_token.trim())))
        .filter(tokens::Column::ExpiresAt.gt(Utc::now()))
        .one(&state.db)
        .await?
        .ok_or_else(|| OAuthError::new("invalid_token", "the access token is not valid"))?;
    Ok(LocalUserInfo {
        sub: token.subject,
        email: token.email,
        name: token.name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::html::escape_html;

    #[test]
    fn s256_matches_rfc_7636_appendix_b() {
        assert_eq!(
            code_challenge_s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        assert!(valid_verifier(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        ));
        assert!(!valid_verifier("short"));
        assert!(!valid_verifier(&"a b".repeat(20)));
    }

    #[test]
    fn only_this_sites_callback_is_a_return_address() {
        let site = "https://tidemark.example";
        assert!(is_site_callback(
            site,
            "https://tidemark.example/member/auth/callbackOauth?type=join"
        ));
        assert!(is_site_callback(
            site,
            "https://tidemark.example/member/auth/callbackOauth"
        ));
        // The path alone: the same site, at whatever address the browser has it open.
        assert!(is_site_callback(
            site,
            "/member/auth/callbackOauth?type=signin"
        ));
        for other in [
            "https://evil.example/member/auth/callbackOauth?type=join",
            "https://tidemark.example.evil.example/member/auth/callbackOauth",
            "https://tidemark.example/member/auth/callbackOauth?type=join&next=//evil",
            "https://tidemark.example/somewhere",
            "//evil.example/member/auth/callbackOauth",
            "/member/auth/callbackOauth?type=signin&next=//evil",
            "/somewhere",
            "member/auth/callbackOauth",
        ] {
            assert!(!is_site_callback(site, other), "{other}");
        }
    }

    #[test]
    fn the_page_escapes_what_it_echoes() {
        assert_eq!(
            escape_html("\"><script>&'"),
            "&quot;&gt;&lt;script&gt;&amp;&#39;"
        );
        assert_eq!(persona_subject("a@b.io"), persona_subject("a@b.io"));
        assert_ne!(persona_subject("a@b.io"), persona_subject("c@b.io"));
    }
}
