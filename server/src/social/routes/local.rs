//! The built-in `local` OAuth 2 provider's addresses: the consent page (HTML for a person,
//! no script) with its form, and the token and userinfo endpoints. The rules are in
//! [`crate::social::service::local`].

use crate::http::error::ApiError;
use crate::http::security::ClientIp;
use crate::kernel::html::escape_html;
use crate::social::providers::local_enabled;
use crate::social::service::local::{
    decide, exchange, no_store, userinfo, AuthorizeParams, Decided, Decision, LocalTokenAnswer,
    LocalTokenRequest, LocalUserInfo, OAuthError, Refusal, Request, AUTHORIZE_PATH, CLIENT_ID,
};
use crate::state::AppState;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Form, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};

fn not_found() -> Response {
    ApiError::NotFound("the local sign-in provider is switched off on this site".into())
        .into_response()
}

// ---------------------------------------------------------------------------------------
// The consent page

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
    match decide(&state, &ip, form).await {
        Decided::Refused(message) => error_page(&message),
        Decided::Redirect(to) => Redirect::to(&to).into_response(),
        Decided::Retry {
            request,
            name,
            email,
            problem,
        } => consent_page(
            StatusCode::BAD_REQUEST,
            &request,
            &name,
            &email,
            Some(problem),
        ),
        Decided::Failed(error) => error.into_response(),
    }
}

// ---------------------------------------------------------------------------------------
// Token and userinfo endpoints

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
