//! The built-in `local` OAuth 2 provider, for development and tests: it stands in for Kakao,
//! Naver and Google and speaks the same protocol (authorization code with PKCE S256), with a
//! consent page where the developer types a test persona. On by default in demo mode, off in
//! production unless `TIDEMARK_LOCAL_OAUTH=true` (see `providers::local_enabled`).

use super::providers::{local_enabled, with_query};
use crate::entities::{local_oauth_codes as codes, local_oauth_tokens as tokens};
use crate::http::error::ApiError;
use crate::http::limits::RateLimits;
use crate::http::security::ClientIp;
use crate::kernel::html::escape_html;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Form, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
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

fn not_found() -> Response {
    ApiError::NotFound("the local sign-in provider is switched off on this site".into())
        .into_response()
}

/// The callback address of this site for one of the auth types, as the social flow builds it.
pub fn is_site_callback(public_url: &str, uri: &str) -> bool {
    let (base, query) = uri.split_once('?').unwrap_or((uri, ""));
    base == format!("{public_url}{CALLBACK_PATH}")
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
// The consent page

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
struct Request {
    redirect_uri: String,
    state: String,
    code_challenge: String,
}

enum Refusal {
    /// The client or its return address cannot be trusted: say so here, never redirect.
    Page(String),
    /// Tell the client through its return address (RFC 6749 §4.1.2.1): the address to go to.
    Redirect(String),
}

impl AuthorizeParams {
    fn check(&self, public_url: &str) -> Result<Request, Refusal> {
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

const STYLE: &str = "\
body{margin:0;padding:0 16px;font-family:system-ui,-apple-system,'Apple SD Gothic Neo','Malgun Gothic',sans-serif;background:#eef2f6;color:#17212b}\
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}\
h1{font-size:1.3rem;margin:0 0 4px}h1 small{display:block;font-size:.85rem;color:#5b6b7b;font-weight:normal}\
p{line-height:1.5;font-size:.95rem;word-break:keep-all}.en{color:#5b6b7b;font-size:.85rem}\
label{display:block;margin:16px 0 6px;font-weight:600}label span{font-weight:normal;color:#5b6b7b}\
input[type=text],input[type=email]{box-sizing:border-box;width:100%;padding:10px;border:1px solid #c5ced8;border-radius:8px;font-size:1rem}\
.actions{display:flex;gap:12px;margin-top:24px}button{flex:1;padding:12px;border-radius:8px;font-size:1rem;cursor:pointer;border:1px solid #0b5cad}\
.allow{background:#0b5cad;color:#fff}.deny{background:#fff;color:#0b5cad}\
.error{background:#fdecea;color:#8a1c12;padding:10px;border-radius:8px}";

fn page(status: StatusCode, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"ko\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>Tidemark 로컬 로그인 / Local sign-in</title><style>{STYLE}</style></head>\
         <body><main>{body}</main></body></html>"
    );
    (status, [(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
}

fn error_page(message: &str) -> Response {
    page(
        StatusCode::BAD_REQUEST,
        &format!(
            "<h1>로그인 요청을 처리할 수 없습니다<small>This sign-in request cannot be served</small></h1>\
             <p class=\"error\">{}</p>",
            escape_html(message)
        ),
    )
}

fn consent_page(
    status: StatusCode,
    request: &Request,
    name: &str,
    email: &str,
    error: Option<&str>,
) -> Response {
    let hidden = [
        ("response_type", "code"),
        ("client_id", CLIENT_ID),
        ("redirect_uri", request.redirect_uri.as_str()),
        ("state", request.state.as_str()),
        ("code_challenge", request.code_challenge.as_str()),
        ("code_challenge_method", "S256"),
    ]
    .iter()
    .map(|(name, value)| {
        format!(
            "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
            escape_html(value)
        )
    })
    .collect::<String>();
    let error = error
        .map(|e| format!("<p class=\"error\">{}</p>", escape_html(e)))
        .unwrap_or_default();
    page(
        status,
        &format!(
            "<h1>Tidemark 로컬 로그인<small>Local sign-in provider</small></h1>\
             <p>개발과 테스트를 위한 내장 로그인 제공자입니다. 카카오·네이버·구글 대신, 아래에 적은 테스트 사용자로 \
             Tidemark에 로그인합니다.</p>\
             <p class=\"en\">A built-in provider for development and tests: it stands in for Kakao, Naver and Google \
             and signs you in to Tidemark as the test persona below.</p>{error}\
             <form method=\"post\" action=\"{AUTHORIZE_PATH}\">{hidden}\
             <label for=\"name\">표시 이름 <span>/ Display name</span></label>\
             <input type=\"text\" id=\"name\" name=\"name\" maxlength=\"40\" required value=\"{name}\" placeholder=\"테스트 사용자\">\
             <label for=\"email\">이메일 <span>/ E-mail</span></label>\
             <input type=\"email\" id=\"email\" name=\"email\" maxlength=\"254\" required value=\"{email}\" placeholder=\"tester@tidemark.test\">\
             <p class=\"en\">Tidemark에 이름과 이메일을 제공합니다. / Tidemark will receive this name and e-mail.</p>\
             <div class=\"actions\">\
             <button class=\"deny\" type=\"submit\" name=\"decision\" value=\"deny\" formnovalidate>거부 / Deny</button>\
             <button class=\"allow\" type=\"submit\" name=\"decision\" value=\"allow\">허용 / Allow</button>\
             </div></form>",
            name = escape_html(name),
            email = escape_html(email),
        ),
    )
}

/// The consent page of the local provider (HTML, no script).
pub async fn authorize_page(
    State(state): State<AppState>,
    query: Result<Query<AuthorizeParams>, QueryRejection>,
) -> Response {
    if !local_enabled(&state.settings) {
        return not_found();
    }
    let Ok(Query(params)) = query else {
        return error_page("잘못된 요청입니다 / malformed request");
    };
    match params.check(&state.settings.public_url) {
        Ok(request) => consent_page(StatusCode::OK, &request, "", "", None),
        Err(Refusal::Page(message)) => error_page(&message),
        Err(Refusal::Redirect(to)) => Redirect::to(&to).into_response(),
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

/// The person's answer: a code for the client (303 to its callback), or `access_denied`.
pub async fn authorize_decision(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    form: Result<Form<Decision>, FormRejection>,
) -> Response {
    if !local_enabled(&state.settings) {
        return not_found();
    }
    let Ok(Form(form)) = form else {
        return error_page("잘못된 요청입니다 / malformed request");
    };
    let request = match form.params.check(&state.settings.public_url) {
        Ok(request) => request,
        Err(Refusal::Page(message)) => return error_page(&message),
        Err(Refusal::Redirect(to)) => return Redirect::to(&to).into_response(),
    };
    if form.decision.as_deref() != Some("allow") {
        return Redirect::to(&with_query(
            &request.redirect_uri,
            &[("error", "access_denied"), ("state", &request.state)],
        ))
        .into_response();
    }
    if let Err(error) = RateLimits::check(&state.limits.login_ip, &ip, "sign-in attempts") {
        return error.into_response();
    }
    let name = form.name.as_deref().unwrap_or("").trim().to_string();
    let email_input = form.email.as_deref().unwrap_or("").trim().to_string();
    let retry = |message: &str| {
        consent_page(
            StatusCode::BAD_REQUEST,
            &request,
            &name,
            &email_input,
            Some(message),
        )
    };
    let Ok(email) = crate::auth::accounts::valid_email(Some(&email_input)) else {
        return retry("올바른 이메일 주소를 적어 주세요 / Enter a valid e-mail address");
    };
    let count = name.chars().count();
    if !(1..=40).contains(&count) || name.chars().any(char::is_control) {
        return retry("표시 이름은 1–40자입니다 / The display name must be 1–40 characters");
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
            email: Set(Some(email.clone())),
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
        return ApiError::from(error).into_response();
    }
    Redirect::to(&with_query(
        &request.redirect_uri,
        &[("code", &code), ("state", &request.state)],
    ))
    .into_response()
}

/// The persona's stable id: the same e-mail is the same person on every sign-in.
pub fn persona_subject(email: &str) -> String {
    hash_token(&format!("tidemark-local:{email}"))[..32].to_string()
}

// ---------------------------------------------------------------------------------------
// Token and userinfo endpoints

/// An RFC 6749 §5.2 error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthError {
    #[serde(skip)]
    status: StatusCode,
    pub error: &'static str,
    pub error_description: String,
}

impl OAuthError {
    fn new(error: &'static str, description: impl Into<String>) -> Self {
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
fn no_store() -> [(header::HeaderName, &'static str); 2] {
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

/// The local provider's token endpoint (RFC 6749 §4.1.3, PKCE S256, single-use codes of 5 minutes).
#[utoipa::path(post, path = "/oauth/local/token", tag = "social",
    request_body(content = LocalTokenRequest, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = LocalTokenAnswer), (status = 400, description = "RFC 6749 error", body = OAuthError),
        (status = 401, description = "invalid_client", body = OAuthError), (status = 404, description = "local provider switched off")))]
pub async fn token(
    State(state): State<AppState>,
    form: Result<Form<LocalTokenRequest>, FormRejection>,
) -> Response {
    if !local_enabled(&state.settings) {
        return not_found();
    }
    let Ok(Form(request)) = form else {
        return OAuthError::new(
            "invalid_request",
            "the body must be application/x-www-form-urlencoded",
        )
        .into_response();
    };
    match exchange(&state, request).await {
        Ok(answer) => (no_store(), axum::Json(answer)).into_response(),
        Err(error) => error.into_response(),
    }
}

/// The local provider's userinfo endpoint: `Authorization: Bearer <access_token>`.
#[utoipa::path(get, path = "/oauth/local/userinfo", tag = "social",
    params(("Authorization" = String, Header, description = "Bearer <access_token>")),
    responses((status = 200, body = LocalUserInfo), (status = 401, description = "invalid_token", body = OAuthError),
        (status = 404, description = "local provider switched off")))]
pub async fn userinfo_endpoint(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if !local_enabled(&state.settings) {
        return not_found();
    }
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.get(..7)
                .filter(|scheme| scheme.eq_ignore_ascii_case("bearer "))
                .map(|_| &v[7..])
        })
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let Some(bearer) = bearer else {
        return OAuthError::new(
            "invalid_token",
            "an Authorization: Bearer header is required",
        )
        .into_response();
    };
    match userinfo(&state, bearer).await {
        Ok(info) => (no_store(), axum::Json(info)).into_response(),
        Err(error) => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for other in [
            "https://evil.example/member/auth/callbackOauth?type=join",
            "https://tidemark.example.evil.example/member/auth/callbackOauth",
            "https://tidemark.example/member/auth/callbackOauth?type=join&next=//evil",
            "https://tidemark.example/somewhere",
            "/member/auth/callbackOauth",
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
