//! Social sign-in (SPEC §3–§5, PRODUCT "Members"): the whole journey through the built-in local
//! provider as a browser and the callback page make it, the provider's own protocol checks,
//! and Kakao, Naver and Google against stand-in servers speaking their answer shapes.

use crate::helpers::{fresh_postgres, on_each_database, read, TestApp};
use axum::extract::{Form, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tidemark_core::oauth::{parse_oauth_callback, AuthType};
use tidemark_server::entities::{members, oauth_states, social_identities};

/// A person's browser on the provider's page: cookies, no redirects followed. It sends
/// `_off_set` like the API client does, so that these journeys do not depend on the CSRF
/// guard's exemption of `/oauth/local/`; `a_plain_browser_uses_the_provider_page` checks the
/// exemption itself (a real form post cannot send a custom header).
fn navigator() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("_off_set", reqwest::header::HeaderValue::from_static("540"));
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A browser posting a plain HTML form, and a provider's server-to-server call: no custom
/// headers at all.
fn plain_client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The sign-in request of SPEC §3 for a social sign-in, with device information.
fn social_sign_in(auth_token: &str, channel: &str) -> Value {
    json!({
        "authToken": auth_token, "channel": channel, "autoLogin": "N",
        "deviceType": "PC", "deviceOs": "MAC", "browser": "Chrome", "browserVer": "131.0",
        "browserAgent": "Mozilla/5.0", "osVersion": "14", "deviceId": "d-social", "pushToken": ""
    })
}

fn query_of(url: &str) -> HashMap<String, String> {
    let url = reqwest::Url::parse(&format!("http://site.test{url}"))
        .or_else(|_| reqwest::Url::parse(url))
        .unwrap();
    url.query_pairs().into_owned().collect()
}

fn location(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("location")
        .expect("a Location header")
        .to_str()
        .unwrap()
        .to_string()
}

fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// `GET /oauth/v1/social/authorize` as the UI calls it; the answer's `data`.
async fn authorize(app: &TestApp, channel: &str, auth_type: &str) -> Value {
    let (status, body) = app
        .get(&format!(
            "/oauth/v1/social/authorize?channel={channel}&type={auth_type}&redirectUrl=%2Fpost%2Flatest%2Flist%3Fsort%3DLATEST"
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// The person on the local provider's page: opens it, fills in the persona, and presses a
/// button. Answers the address the provider sends the browser back to.
async fn consent(
    app: &TestApp,
    authorize_url: &str,
    decision: &str,
    name: &str,
    email: &str,
) -> String {
    assert!(
        authorize_url.starts_with("/oauth/local/authorize?"),
        "{authorize_url}"
    );
    let browser = navigator();
    let page = browser.get(app.url(authorize_url)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let html = page.text().await.unwrap();
    for text in [
        "lang=\"ko\"",
        "허용",
        "Allow",
        "거부",
        "Deny",
        "이메일",
        "<style>",
    ] {
        assert!(html.contains(text), "the page shows {text}");
    }
    assert!(
        !html.contains("<script"),
        "no JavaScript on the provider's page"
    );
    let mut form = query_of(authorize_url);
    form.insert("decision".into(), decision.into());
    form.insert("name".into(), name.into());
    form.insert("email".into(), email.into());
    let answer = browser
        .post(app.url("/oauth/local/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 303, "{}", answer.text().await.unwrap());
    location(&answer)
}

/// The callback page: the core reads the return address, the page posts code and state.
async fn finish(app: &TestApp, channel: &str, callback: &str) -> (u16, Value) {
    let parsed = parse_oauth_callback(callback).expect("a callback address with its type");
    app.post(
        "/oauth/v1/social/token",
        json!({"channel": channel, "code": parsed.code.unwrap(), "state": parsed.state.unwrap()}),
    )
    .await
}

/// Authorize → consent → callback → authToken, for the local provider.
async fn local_token(app: &TestApp, auth_type: &str, name: &str, email: &str) -> Value {
    let started = authorize(app, "local", auth_type).await;
    let callback = consent(
        app,
        started["authorizeUrl"].as_str().unwrap(),
        "allow",
        name,
        email,
    )
    .await;
    let (status, body) = finish(app, "local", &callback).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn a_reader_joins_and_signs_in_with_the_local_provider() {
    on_each_database(|app: TestApp| async move {
        let email = "persona@tidemark.test";
        let (authorize_url, kept) = the_ui_is_told_where_to_send_the_browser(&app).await;
        let auth_token =
            the_provider_returns_a_code_for_the_kept_state(&app, &authorize_url, &kept, email)
                .await;
        let member_id =
            a_new_identity_joins_once_the_terms_are_accepted(&app, &auth_token, email).await;
        the_member_is_signed_in_at_once_and_joins_only_once(&app, &auth_token, email, member_id)
            .await;
        let access =
            signing_out_and_in_again_with_the_provider_sets_the_cookies(&app, email, member_id)
                .await;
        // The access token in the answer works as a header too (APP web view).
        let header_profile = crate::helpers::browser()
            .get(app.url("/oauth/v1/token/profile"))
            .header("_tma_token", access)
            .send()
            .await
            .unwrap();
        assert_eq!(header_profile.status(), 200);
    })
    .await;
}

/// The UI asks where to send the browser: an authorization address with PKCE (S256) and a
/// state the server keeps. Answers the address and the kept state.
async fn the_ui_is_told_where_to_send_the_browser(app: &TestApp) -> (String, oauth_states::Model) {
    let (status, offered) = app.get("/oauth/v1/social/channels").await;
    assert_eq!(
        (status, &offered["data"]["channels"]),
        (200, &json!(["local"])),
        "the local provider is offered in tests, and nothing unconfigured: {offered}"
    );
    let started = authorize(app, "local", "join").await;
    assert_eq!(started["channel"], "local");
    assert_eq!(started["type"], "join");
    assert_eq!(
        started["redirectUrl"], "/post/latest/list?sort=LATEST",
        "echoed for session storage"
    );
    let authorize_url = started["authorizeUrl"].as_str().unwrap();
    let params = query_of(authorize_url);
    assert_eq!(params["response_type"], "code");
    assert_eq!(params["client_id"], "tidemark-local");
    assert_eq!(params["code_challenge_method"], "S256");
    assert_eq!(params["code_challenge"].len(), 43);
    assert_eq!(
        params["redirect_uri"],
        format!(
            "{}/member/auth/callbackOauth?type=join",
            app.state.settings.public_url
        )
    );
    let kept = oauth_states::Entity::find()
        .filter(oauth_states::Column::State.eq(&params["state"]))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the state is kept");
    assert_eq!(
        (kept.provider.as_str(), kept.purpose.as_str()),
        ("local", "join")
    );
    let verifier = kept.code_verifier.clone().unwrap();
    assert!(verifier.len() >= 43);
    assert_eq!(
        s256(&verifier),
        params["code_challenge"],
        "the challenge is S256 of the kept verifier"
    );
    assert!(kept.expires_at > Utc::now() + Duration::minutes(9));
    (authorize_url.to_string(), kept)
}

/// The person allows; the provider returns to the callback page with code and state, which
/// the callback page trades for an auth token once. Answers the token.
async fn the_provider_returns_a_code_for_the_kept_state(
    app: &TestApp,
    authorize_url: &str,
    kept: &oauth_states::Model,
    email: &str,
) -> String {
    let callback = consent(app, authorize_url, "allow", "테스트 독자", email).await;
    let parsed = parse_oauth_callback(&callback).unwrap();
    assert_eq!(parsed.auth_type, AuthType::Join);
    assert_eq!(parsed.state.as_deref(), Some(kept.state.as_str()));
    assert!(parsed.code.is_some() && parsed.error.is_none());

    let (status, token) = finish(app, "local", &callback).await;
    assert_eq!(status, 200, "{token}");
    let data = &token["data"];
    assert_eq!(data["channel"], "local");
    assert_eq!(data["type"], "join");
    assert_eq!(data["email"], email);
    assert_eq!(data["name"], "테스트 독자");
    assert_eq!(data["accountExists"], false);
    let consumed = oauth_states::Entity::find_by_id(kept.id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert!(consumed.consumed_at.is_some(), "the state is used up");
    data["authToken"].as_str().unwrap().to_string()
}

/// SPEC §5: account status first; no account yet → 2002, the client goes to join, where the
/// terms must be accepted. Answers the new member's id.
async fn a_new_identity_joins_once_the_terms_are_accepted(
    app: &TestApp,
    auth_token: &str,
    email: &str,
) -> i64 {
    let (status, body) = app
        .post(
            "/membership/v1/account/status",
            social_sign_in(auth_token, "local"),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("2002")),
        "{body}"
    );

    let (status, body) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": "local",
            "terms": {"service": true, "privacy": false}}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "terms must be accepted: {body}"
    );
    let (status, joined) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": "local",
            "terms": {"service": true, "privacy": true, "marketing": true}}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["data"]["autoLogin"], "N");
    assert!(joined["data"]["accessToken"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    let member_id = joined["data"]["memberId"].as_i64().unwrap();
    let member = members::Entity::find_by_id(member_id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(member.signup_channel, "local");
    assert_eq!(member.email.as_deref(), Some(email));
    assert!(
        member.password_hash.is_none(),
        "a social account has no password"
    );
    assert!(member.marketing_opt_in && member.terms_agreed_at.is_some());
    member_id
}

async fn the_member_is_signed_in_at_once_and_joins_only_once(
    app: &TestApp,
    auth_token: &str,
    email: &str,
    member_id: i64,
) {
    let identity = social_identities::Entity::find()
        .filter(social_identities::Column::MemberId.eq(member_id))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the identity is linked");
    assert_eq!(identity.provider, "local");

    // Signed in at once (cookies).
    let (status, profile) = app.get("/oauth/v1/token/profile").await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["data"]["channel"], "local");
    assert_eq!(profile["data"]["email"], email);
    assert_eq!(profile["data"]["memberId"], member_id);

    // Joining twice with the same identity is refused.
    let (status, again) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": "local",
            "terms": {"service": true, "privacy": true}}),
        )
        .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("2007")),
        "{again}"
    );
}

/// Sign out, then sign in again with the provider: the session cookies of SPEC §3. Answers
/// the access token of the sign-in's answer.
async fn signing_out_and_in_again_with_the_provider_sets_the_cookies(
    app: &TestApp,
    email: &str,
    member_id: i64,
) -> String {
    app.post("/membership/v1/logout", json!({})).await;
    assert_eq!(app.get("/oauth/v1/token/profile").await.0, 401);
    let signin = local_token(app, "signin", "테스트 독자", email).await;
    assert_eq!(signin["type"], "signin");
    assert_eq!(
        signin["accountExists"], true,
        "the same e-mail is the same persona"
    );
    let auth_token = signin["authToken"].as_str().unwrap();
    let (status, body) = app
        .post(
            "/membership/v1/account/status",
            social_sign_in(auth_token, "local"),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (200, Some("0")), "{body}");
    let response = app
        .client
        .post(app.url("/membership/v1/login"))
        .json(&social_sign_in(auth_token, "local"))
        .send()
        .await
        .unwrap();
    let cookies: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    let (status, login) = read(response).await;
    assert_eq!(status, 200, "{login}");
    assert_eq!(login["code"], "0");
    assert_eq!(login["data"]["autoLogin"], "N");
    assert!(login["data"]["refreshToken"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    for name in ["tma=", "tmr=", "tml=N"] {
        assert!(
            cookies.iter().any(|c| c.starts_with(name)),
            "{name} in {cookies:?}"
        );
    }
    assert!(cookies
        .iter()
        .any(|c| c.starts_with("tma=") && c.contains("HttpOnly")));
    let (status, profile) = app.get("/oauth/v1/token/profile").await;
    assert_eq!(
        (status, profile["data"]["memberId"].as_i64()),
        (200, Some(member_id))
    );
    login["data"]["accessToken"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn declining_on_the_provider_page_returns_access_denied() {
    on_each_database(|app: TestApp| async move {
        let started = authorize(&app, "local", "signin").await;
        let authorize_url = started["authorizeUrl"].as_str().unwrap();
        let state = query_of(authorize_url)["state"].clone();
        let callback = consent(&app, authorize_url, "deny", "", "").await;
        assert!(
            callback.starts_with(&format!(
                "{}/member/auth/callbackOauth?type=signin&",
                app.state.settings.public_url
            )),
            "{callback}"
        );
        let parsed = parse_oauth_callback(&callback).unwrap();
        assert_eq!(parsed.error.as_deref(), Some("access_denied"));
        assert_eq!(parsed.state.as_deref(), Some(state.as_str()));
        assert_eq!(parsed.code, None);
        assert_eq!(parsed.auth_type, AuthType::Signin);

        // A bad persona shows the page again with a message, and no code.
        let mut form = query_of(authorize_url);
        form.extend(
            [
                ("decision", "allow"),
                ("name", "누구"),
                ("email", "not-an-address"),
            ]
            .map(|(k, v)| (k.to_string(), v.to_string())),
        );
        let answer = navigator()
            .post(app.url("/oauth/local/authorize"))
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 400);
        let html = answer.text().await.unwrap();
        assert!(
            html.contains("올바른 이메일") && html.contains("not-an-address"),
            "{html}"
        );
    })
    .await;
}

#[tokio::test]
async fn the_local_provider_refuses_foreign_return_addresses_and_missing_pkce() {
    let app = TestApp::spawn(None, "sqlite").await;
    let site_callback = format!(
        "{}/member/auth/callbackOauth?type=signin",
        app.state.settings.public_url
    );
    let challenge = s256(&"v".repeat(43));
    let page = |redirect_uri: &str, challenge: &str, client_id: &str| {
        format!(
            "/oauth/local/authorize?response_type=code&client_id={client_id}&redirect_uri={}&state=s-1&code_challenge={challenge}&code_challenge_method=S256",
            tidemark_core::route::encode_component(redirect_uri)
        )
    };
    for foreign in [
        "https://evil.example/member/auth/callbackOauth?type=signin",
        "http://localhost:8080.evil.example/member/auth/callbackOauth",
        &format!("{}/mypage", app.state.settings.public_url),
    ] {
        let answer = navigator()
            .get(app.url(&page(foreign, &challenge, "tidemark-local")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 400, "{foreign}");
        assert!(
            answer.headers().get("location").is_none(),
            "never redirected to {foreign}"
        );
        let mut form = query_of(&page(foreign, &challenge, "tidemark-local"));
        form.extend(
            [("decision", "allow"), ("name", "A"), ("email", "a@b.io")]
                .map(|(k, v)| (k.to_string(), v.to_string())),
        );
        let answer = navigator()
            .post(app.url("/oauth/local/authorize"))
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 400, "{foreign}");
        assert!(answer.headers().get("location").is_none());
    }
    let answer = navigator()
        .get(app.url(&page(&site_callback, &challenge, "someone-else")))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 400, "unknown client");
    // Without PKCE the client is told through its own return address.
    let answer = navigator()
        .get(app.url(&page(&site_callback, "", "tidemark-local")))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 303);
    let parsed = parse_oauth_callback(&location(&answer)).unwrap();
    assert_eq!(parsed.error.as_deref(), Some("invalid_request"));
    assert_eq!(parsed.state.as_deref(), Some("s-1"));
}

/// A code of the local provider for a verifier the test holds (the test acts as the client).
async fn local_code(app: &TestApp, verifier: &str, email: &str) -> (String, String) {
    let redirect_uri = format!(
        "{}/member/auth/callbackOauth?type=auth",
        app.state.settings.public_url
    );
    let mut form: HashMap<&str, String> = HashMap::new();
    for (name, value) in [
        ("response_type", "code"),
        ("client_id", "tidemark-local"),
        ("state", "st-9"),
        ("code_challenge_method", "S256"),
        ("decision", "allow"),
        ("name", "Tester"),
        ("email", email),
    ] {
        form.insert(name, value.to_string());
    }
    form.insert("redirect_uri", redirect_uri.clone());
    form.insert("code_challenge", s256(verifier));
    let answer = navigator()
        .post(app.url("/oauth/local/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 303);
    let parsed = parse_oauth_callback(&location(&answer)).unwrap();
    (parsed.code.unwrap(), redirect_uri)
}

/// The provider's token endpoint, called server to server (no browser headers).
async fn token_call(app: &TestApp, form: &[(&str, &str)]) -> (u16, Value) {
    read(
        navigator()
            .post(app.url("/oauth/local/token"))
            .form(form)
            .send()
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_plain_browser_uses_the_provider_page() {
    let app = TestApp::spawn(None, "sqlite").await;
    let started = authorize(&app, "local", "signin").await;
    let mut form = query_of(started["authorizeUrl"].as_str().unwrap());
    form.extend(
        [
            ("decision", "allow"),
            ("name", "Plain"),
            ("email", "plain@tidemark.test"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string())),
    );
    let answer = plain_client()
        .post(app.url("/oauth/local/authorize"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(
        answer.status(),
        303,
        "a consent form post needs no _off_set header"
    );
    let parsed = parse_oauth_callback(&location(&answer)).unwrap();
    let (status, body) = read(
        plain_client()
            .post(app.url("/oauth/local/token"))
            .form(&[
                ("grant_type", "authorization_code"),
                ("code", &parsed.code.unwrap()),
            ])
            .send()
            .await
            .unwrap(),
    )
    .await;
    // An RFC 6749 error from the provider (the request lacks client_id and verifier), not the
    // CSRF guard's 403.
    assert!(
        matches!(status, 400 | 401) && body["error"].is_string(),
        "the token endpoint answers a provider's client, not the CSRF guard: {status} {body}"
    );
}

#[tokio::test]
async fn states_codes_and_verifiers_are_single_use_and_checked() {
    on_each_database(|app: TestApp| async move {
        a_state_is_good_once(&app).await;
        a_state_started_in_another_browser_signs_nobody_in(&app).await;
        an_expired_state_is_refused(&app).await;
        // The provider's token endpoint: PKCE S256, one use per code.
        let verifier = "a".repeat(20) + &"B-._~9".repeat(5);
        a_wrong_verifier_uses_up_the_code(&app, &verifier).await;
        another_redirect_uri_is_refused(&app, &verifier).await;
        a_code_trades_once_for_a_token_that_reads_the_userinfo(&app, &verifier).await;
    })
    .await;
}

async fn a_state_is_good_once(app: &TestApp) {
    let started = authorize(app, "local", "signin").await;
    let callback = consent(
        app,
        started["authorizeUrl"].as_str().unwrap(),
        "allow",
        "A",
        "once@tidemark.test",
    )
    .await;
    let parsed = parse_oauth_callback(&callback).unwrap();
    let (code, state) = (parsed.code.unwrap(), parsed.state.unwrap());
    let (status, body) = app
        .post(
            "/oauth/v1/social/token",
            json!({"channel": "local", "code": code, "state": format!("{state}x")}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "wrong state: {body}"
    );
    let (status, body) = app
        .post(
            "/oauth/v1/social/token",
            json!({"channel": "kakao", "code": code, "state": state}),
        )
        .await;
    assert_eq!(status, 400, "another channel: {body}");
    let (status, body) = app
        .post(
            "/oauth/v1/social/token",
            json!({"channel": "local", "code": code, "state": state}),
        )
        .await;
    assert_eq!(
        status, 200,
        "refusals above did not use up the state: {body}"
    );
    let (status, body) = app
        .post(
            "/oauth/v1/social/token",
            json!({"channel": "local", "code": code, "state": state}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "state reuse: {body}"
    );
    assert!(body["message"].as_str().unwrap().contains("start again"));
}

/// A state started in another browser does not sign this one in (login CSRF).
async fn a_state_started_in_another_browser_signs_nobody_in(app: &TestApp) {
    let started = authorize(app, "local", "signin").await;
    let callback = consent(
        app,
        started["authorizeUrl"].as_str().unwrap(),
        "allow",
        "A",
        "csrf@tidemark.test",
    )
    .await;
    let parsed = parse_oauth_callback(&callback).unwrap();
    let victim = crate::helpers::browser();
    let (status, _) = read(
        victim
            .post(app.url("/oauth/v1/social/token"))
            .json(&json!({"channel": "local", "code": parsed.code, "state": parsed.state}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        status, 400,
        "the state cookie of the browser that started it is required"
    );
}

async fn an_expired_state_is_refused(app: &TestApp) {
    let started = authorize(app, "local", "signin").await;
    let callback = consent(
        app,
        started["authorizeUrl"].as_str().unwrap(),
        "allow",
        "A",
        "late@tidemark.test",
    )
    .await;
    let parsed = parse_oauth_callback(&callback).unwrap();
    oauth_states::Entity::update_many()
        .col_expr(
            oauth_states::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .filter(oauth_states::Column::State.eq(parsed.state.clone().unwrap()))
        .exec(&app.state.db)
        .await
        .unwrap();
    let (status, _) = finish(app, "local", &callback).await;
    assert_eq!(status, 400, "expired state");
}

/// A wrong verifier is refused, and the code is spent: the right one comes too late.
async fn a_wrong_verifier_uses_up_the_code(app: &TestApp, verifier: &str) {
    let (code, redirect_uri) = local_code(app, verifier, "pkce@tidemark.test").await;
    let wrong = "w".repeat(43);
    let (status, body) = token_call(
        app,
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", &redirect_uri),
            ("client_id", "tidemark-local"),
            ("code_verifier", &wrong),
        ],
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant")),
        "{body}"
    );
    let (status, body) = token_call(
        app,
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", &redirect_uri),
            ("client_id", "tidemark-local"),
            ("code_verifier", verifier),
        ],
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant")),
        "a code gets one attempt: {body}"
    );
}

async fn another_redirect_uri_is_refused(app: &TestApp, verifier: &str) {
    let (code, redirect_uri) = local_code(app, verifier, "pkce@tidemark.test").await;
    let (status, body) = token_call(
        app,
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", &format!("{redirect_uri}x")),
            ("client_id", "tidemark-local"),
            ("code_verifier", verifier),
        ],
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant")),
        "other redirect_uri: {body}"
    );
}

/// The right code, verifier and address give a bearer token once; it reads the persona.
async fn a_code_trades_once_for_a_token_that_reads_the_userinfo(app: &TestApp, verifier: &str) {
    let (code, redirect_uri) = local_code(app, verifier, "pkce@tidemark.test").await;
    let good = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", redirect_uri.as_str()),
        ("client_id", "tidemark-local"),
        ("code_verifier", verifier),
    ];
    let (status, body) = token_call(app, &[("grant_type", "password"), ("code", &code)]).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("unsupported_grant_type"))
    );
    let (status, token) = token_call(app, &good).await;
    assert_eq!(status, 200, "{token}");
    assert_eq!(token["token_type"], "Bearer");
    assert!(token["expires_in"].as_i64().unwrap() > 0);
    let (status, body) = token_call(app, &good).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant")),
        "reused code: {body}"
    );

    let access = token["access_token"].as_str().unwrap();
    let (status, info) = read(
        navigator()
            .get(app.url("/oauth/local/userinfo"))
            .bearer_auth(access)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["email"], "pkce@tidemark.test");
    assert_eq!(info["name"], "Tester");
    assert_eq!(info["sub"].as_str().unwrap().len(), 32);
    let answer = navigator()
        .get(app.url("/oauth/local/userinfo"))
        .bearer_auth("forged")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 401);
    assert!(answer.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .contains("invalid_token"));
}

#[tokio::test]
async fn social_sign_in_needs_a_genuine_token() {
    on_each_database(|app: TestApp| async move {
        a_social_sign_in_without_a_token_is_code_999(&app).await;
        let forged_ticket = app
            .state
            .tokens
            .issue_ticket("join", "a@b.io", 600, Utc::now().timestamp())
            .unwrap();
        let real = local_token(&app, "signin", "진짜", "genuine@tidemark.test").await;
        let real = real["authToken"].as_str().unwrap();
        forged_tampered_or_expired_tokens_answer_1003(&app, real, &forged_ticket).await;
        a_genuine_token_is_bound_to_its_channel_and_a_forged_one_joins_nobody(
            &app,
            real,
            &forged_ticket,
        )
        .await;
    })
    .await;
}

/// SPEC §8: a social sign-in without a token is code 999.
async fn a_social_sign_in_without_a_token_is_code_999(app: &TestApp) {
    for body in [
        json!({"channel": "local", "autoLogin": "N"}),
        social_sign_in("", "local"),
        social_sign_in("   ", "kakao"),
    ] {
        let (status, answer) = app.post("/membership/v1/login", body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("999")),
            "{body}: {answer}"
        );
        let (_, answer) = app.post("/membership/v1/account/status", body).await;
        assert_eq!(answer["code"], "999", "{answer}");
    }
}

async fn forged_tampered_or_expired_tokens_answer_1003(
    app: &TestApp,
    real: &str,
    forged_ticket: &str,
) {
    let mut tampered = real.to_string();
    tampered.replace_range(tampered.len() - 4.., "AAAA");
    let expired = app
        .state
        .tokens
        .issue_ticket(
            "social",
            r#"{"ch":"local","sub":"x","email":null,"name":null}"#,
            -1,
            Utc::now().timestamp(),
        )
        .unwrap();
    for token in [
        "forged.token.value",
        forged_ticket,
        tampered.as_str(),
        expired.as_str(),
    ] {
        let (status, answer) = app
            .post("/membership/v1/login", social_sign_in(token, "local"))
            .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (401, Some("1003")),
            "{token}: {answer}"
        );
        let (status, _) = app
            .post(
                "/membership/v1/account/status",
                social_sign_in(token, "local"),
            )
            .await;
        assert_eq!(status, 401);
    }
}

async fn a_genuine_token_is_bound_to_its_channel_and_a_forged_one_joins_nobody(
    app: &TestApp,
    real: &str,
    forged_ticket: &str,
) {
    let (status, _) = app
        .post("/membership/v1/login", social_sign_in(real, "naver"))
        .await;
    assert_eq!(status, 401, "a token is bound to its channel");
    let (status, _) = app
        .post("/membership/v1/login", json!({"authToken": real}))
        .await;
    assert_eq!(status, 400, "a token needs its channel");
    let (status, body) = app
        .post("/membership/v1/login", social_sign_in(real, "kakao-talk"))
        .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("104")));
    let (status, _) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": forged_ticket, "channel": "local",
                "terms": {"service": true, "privacy": true}}),
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(
        app.get("/oauth/v1/token/profile").await.0,
        401,
        "no session came of it"
    );
}

#[tokio::test]
async fn an_email_of_another_account_is_not_taken_over() {
    on_each_database(|app: TestApp| async move {
        // The demo reader joined by e-mail; a provider persona with the same address.
        let email = "reader@tidemark.test";
        let before = members::Entity::find().count(&app.state.db).await.unwrap();
        let token = local_token(&app, "join", "사칭", email).await;
        assert_eq!(token["accountExists"], false);
        let (status, body) = app
            .post(
                "/membership/v1/join/social",
                json!({"authToken": token["authToken"], "channel": "local",
                "terms": {"service": true, "privacy": true}}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("2007")),
            "{body}"
        );
        assert_eq!(
            members::Entity::find().count(&app.state.db).await.unwrap(),
            before,
            "no member created"
        );
        assert_eq!(
            social_identities::Entity::find()
                .count(&app.state.db)
                .await
                .unwrap(),
            0,
            "nothing linked"
        );
        assert_eq!(app.get("/oauth/v1/token/profile").await.0, 401);
    })
    .await;
}

#[tokio::test]
async fn providers_that_are_not_configured_are_unavailable() {
    let app = TestApp::spawn_custom(None, "sqlite", |settings| {
        settings
            .raw
            .insert("TIDEMARK_LOCAL_OAUTH".into(), "false".into());
    })
    .await;
    let (status, offered) = app.get("/oauth/v1/social/channels").await;
    assert_eq!(
        (status, &offered["data"]["channels"]),
        (200, &json!([])),
        "no button for a provider that is not there: {offered}"
    );
    for channel in ["kakao", "naver", "google", "local"] {
        let (status, body) = app
            .get(&format!(
                "/oauth/v1/social/authorize?channel={channel}&type=signin"
            ))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("104")),
            "{channel}: {body}"
        );
    }
    let (status, body) = app
        .get("/oauth/v1/social/authorize?channel=line&type=signin")
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = app.get("/oauth/v1/social/authorize?channel=local").await;
    assert_eq!(status, 400, "type is required: {body}");
    let answer = navigator()
        .get(app.url("/oauth/local/authorize?response_type=code"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 404, "the local provider is switched off");
    let (status, _) = token_call(&app, &[("grant_type", "authorization_code")]).await;
    assert_eq!(status, 404);
}

// ---------------------------------------------------------------------------------------
// Kakao, Naver and Google against stand-ins for their token and userinfo endpoints

#[derive(Clone, Copy)]
enum Shape {
    Kakao,
    Naver,
    Google,
}

#[derive(Clone)]
struct Stub {
    shape: Shape,
    /// Every form the token endpoint received.
    forms: Arc<Mutex<Vec<HashMap<String, String>>>>,
}

const STUB_ACCESS: &str = "stub-access-token";
const STUB_SECRET: &str = "stub-client-secret";
const STUB_DETAIL: &str = "internal detail of the provider";

async fn stub_token(
    State(stub): State<Stub>,
    Form(form): Form<HashMap<String, String>>,
) -> axum::response::Response {
    stub.forms.lock().unwrap().push(form.clone());
    let good = form.get("grant_type").map(String::as_str) == Some("authorization_code")
        && form.get("code").map(String::as_str) == Some("good-code")
        && form.get("client_secret").map(String::as_str) == Some(STUB_SECRET)
        && form.get("code_verifier").is_some_and(|v| v.len() >= 43);
    if good {
        return axum::Json(
            json!({"access_token": STUB_ACCESS, "token_type": "bearer", "expires_in": 21599,
            "refresh_token": "stub-refresh"}),
        )
        .into_response();
    }
    let error = json!({"error": "invalid_grant", "error_description": STUB_DETAIL});
    match stub.shape {
        // Naver answers its errors with 200.
        Shape::Naver => axum::Json(error).into_response(),
        _ => (StatusCode::BAD_REQUEST, axum::Json(error)).into_response(),
    }
}

async fn stub_userinfo(State(stub): State<Stub>, headers: HeaderMap) -> axum::response::Response {
    if headers.get("authorization").and_then(|v| v.to_str().ok())
        != Some(&format!("Bearer {STUB_ACCESS}"))
    {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"msg": "this access token does not exist"})),
        )
            .into_response();
    }
    axum::Json(match stub.shape {
        Shape::Kakao => json!({"id": 3141592653u64, "connected_at": "2026-11-22T06:00:00Z",
            "properties": {"nickname": "카카오 독자"},
            "kakao_account": {"profile_nickname_needs_agreement": false, "profile": {"nickname": "카카오 독자"},
                "has_email": true, "email_needs_agreement": false, "is_email_valid": true,
                "is_email_verified": true, "email": "Reader.Kakao@kakao.test"}}),
        Shape::Naver => json!({"resultcode": "00", "message": "success",
            "response": {"id": "nv-32bitstring", "email": "reader@naver.test", "name": "네이버 독자", "nickname": "nv"}}),
        Shape::Google => json!({"sub": "109876543210", "email": "reader@gmail.test", "email_verified": true,
            "name": "Google Reader", "picture": "https://example.invalid/p.png"}),
    })
    .into_response()
}

/// A provider's token and userinfo endpoints on a port of this machine.
async fn spawn_stub(shape: Shape) -> (String, Stub) {
    let stub = Stub {
        shape,
        forms: Arc::default(),
    };
    let router = axum::Router::new()
        .route("/token", axum::routing::post(stub_token))
        .route("/userinfo", axum::routing::get(stub_userinfo))
        .with_state(stub.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (base, stub)
}

async fn remote_provider_journey(
    app: TestApp,
    stub: Stub,
    channel: &str,
    expected: (&str, &str, &str),
) {
    let (subject, email, name) = expected;
    let (state, callback_uri) =
        the_authorization_address_names_client_pkce_and_callback(&app, channel).await;
    a_bad_code_is_refused_without_the_providers_words(&app, channel, &state).await;
    let auth_token = a_good_code_brings_the_persona_and_our_verifier_reaches_the_provider(
        &app,
        &stub,
        channel,
        &callback_uri,
        (email, name),
    )
    .await;
    the_persona_joins_with_the_providers_subject(&app, channel, &auth_token, (subject, email))
        .await;
}

/// Answers the state and the callback address.
async fn the_authorization_address_names_client_pkce_and_callback(
    app: &TestApp,
    channel: &str,
) -> (String, String) {
    let started = authorize(app, channel, "join").await;
    let authorize_url = started["authorizeUrl"].as_str().unwrap();
    let prefix = format!("https://{channel}.provider.test/authorize?");
    assert!(authorize_url.starts_with(&prefix), "{authorize_url}");
    let params = query_of(authorize_url);
    assert_eq!(params["client_id"], format!("{channel}-client"));
    assert_eq!(params["response_type"], "code");
    assert_eq!(params["code_challenge_method"], "S256");
    let callback_uri = format!(
        "{}/member/auth/callbackOauth?type=join",
        app.state.settings.public_url
    );
    assert_eq!(params["redirect_uri"], callback_uri);
    if channel == "google" {
        assert_eq!(params["scope"], "openid email profile");
    }
    (params["state"].clone(), callback_uri)
}

/// The provider refuses a bad code: a clear 400, nothing of the provider's answer or our secret.
async fn a_bad_code_is_refused_without_the_providers_words(
    app: &TestApp,
    channel: &str,
    state: &str,
) {
    let (status, refused) = app
        .post(
            "/oauth/v1/social/token",
            json!({"channel": channel, "code": "bad-code", "state": state}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("104")),
        "{refused}"
    );
    let text = refused.to_string();
    assert!(
        !text.contains(STUB_DETAIL)
            && !text.contains(STUB_SECRET)
            && !text.contains("invalid_grant"),
        "{text}"
    );
}

/// The state was used up by the bad code: start again, as the UI would. Answers the auth token.
async fn a_good_code_brings_the_persona_and_our_verifier_reaches_the_provider(
    app: &TestApp,
    stub: &Stub,
    channel: &str,
    callback_uri: &str,
    (email, name): (&str, &str),
) -> String {
    let started = authorize(app, channel, "join").await;
    let params = query_of(started["authorizeUrl"].as_str().unwrap());
    let callback = format!("{callback_uri}&code=good-code&state={}", params["state"]);
    let (status, token) = finish(app, channel, &callback).await;
    assert_eq!(status, 200, "{token}");
    let data = &token["data"];
    assert_eq!(
        (data["email"].as_str(), data["name"].as_str()),
        (Some(email), Some(name))
    );
    assert_eq!(data["accountExists"], false);

    // What the provider received: the code with our verifier (S256 of it is the challenge).
    let form = stub.forms.lock().unwrap().last().cloned().unwrap();
    assert_eq!(form["grant_type"], "authorization_code");
    assert_eq!(form["client_id"], format!("{channel}-client"));
    assert_eq!(form["redirect_uri"], callback_uri);
    assert_eq!(s256(&form["code_verifier"]), params["code_challenge"]);
    if channel == "naver" {
        assert_eq!(
            form["state"], params["state"],
            "Naver checks the state again"
        );
    }
    data["authToken"].as_str().unwrap().to_string()
}

async fn the_persona_joins_with_the_providers_subject(
    app: &TestApp,
    channel: &str,
    auth_token: &str,
    (subject, email): (&str, &str),
) {
    let (status, joined) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": auth_token, "channel": channel,
            "terms": {"service": true, "privacy": true}}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let (_, profile) = app.get("/oauth/v1/token/profile").await;
    assert_eq!(profile["data"]["channel"], channel);
    assert_eq!(profile["data"]["email"], email);
    let identity = social_identities::Entity::find()
        .filter(social_identities::Column::Provider.eq(channel))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(identity.subject, subject);
    let (status, body) = app
        .post(
            "/membership/v1/account/status",
            social_sign_in(auth_token, channel),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (200, Some("0")), "{body}");
}

async fn on_each_database_with_provider(
    shape: Shape,
    channel: &'static str,
    expected: (&str, &str, &str),
) {
    let (stub_base, stub) = spawn_stub(shape).await;
    let configure = |settings: &mut tidemark_server::Settings| {
        let prefix = format!("TIDEMARK_{}", channel.to_ascii_uppercase());
        for (name, value) in [
            ("CLIENT_ID", format!("{channel}-client")),
            ("CLIENT_SECRET", STUB_SECRET.to_string()),
            (
                "AUTH_URL",
                format!("https://{channel}.provider.test/authorize"),
            ),
            ("TOKEN_URL", format!("{stub_base}/token")),
            ("USERINFO_URL", format!("{stub_base}/userinfo")),
        ] {
            settings.raw.insert(format!("{prefix}_{name}"), value);
        }
    };
    let app = TestApp::spawn_custom(None, "sqlite", configure).await;
    let (_, offered) = app.get("/oauth/v1/social/channels").await;
    let offered = offered["data"]["channels"].as_array().unwrap().clone();
    assert!(
        offered.contains(&json!(channel)),
        "a configured provider is offered: {offered:?}"
    );
    remote_provider_journey(app, stub.clone(), channel, expected).await;
    if let Some(database) = fresh_postgres().await {
        let app = TestApp::spawn_custom(Some(database.url.clone()), "postgres", configure).await;
        remote_provider_journey(app, stub, channel, expected).await;
        database.drop().await;
    }
}

#[tokio::test]
async fn kakao_sign_in_against_a_stand_in() {
    on_each_database_with_provider(
        Shape::Kakao,
        "kakao",
        ("3141592653", "reader.kakao@kakao.test", "카카오 독자"),
    )
    .await;
}

#[tokio::test]
async fn naver_sign_in_against_a_stand_in() {
    on_each_database_with_provider(
        Shape::Naver,
        "naver",
        ("nv-32bitstring", "reader@naver.test", "네이버 독자"),
    )
    .await;
}

#[tokio::test]
async fn google_sign_in_against_a_stand_in() {
    on_each_database_with_provider(
        Shape::Google,
        "google",
        ("109876543210", "reader@gmail.test", "Google Reader"),
    )
    .await;
}

#[tokio::test]
async fn the_social_calls_are_documented() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, doc) = app.get("/api-docs/openapi.json").await;
    assert_eq!(status, 200);
    for (path, method) in [
        ("/oauth/v1/social/authorize", "get"),
        ("/oauth/v1/social/token", "post"),
        ("/membership/v1/join/social", "post"),
        ("/oauth/local/token", "post"),
        ("/oauth/local/userinfo", "get"),
    ] {
        let operation = &doc["paths"][path][method];
        assert_eq!(
            operation["tags"],
            json!(["social"]),
            "{method} {path}: {operation}"
        );
    }
    let parameters = doc["paths"]["/oauth/v1/social/authorize"]["get"]["parameters"].to_string();
    for name in ["\"channel\"", "\"type\"", "\"redirectUrl\""] {
        assert!(parameters.contains(name), "{name} in {parameters}");
    }
    let schemas = &doc["components"]["schemas"];
    for schema in [
        "SocialTokenRequest",
        "SocialToken",
        "SocialJoinRequest",
        "LocalTokenRequest",
        "OAuthError",
    ] {
        assert!(schemas[schema].is_object(), "{schema} is described");
    }
    assert!(
        schemas["OAuthError"]["properties"]["status"].is_null(),
        "the HTTP status is not a field"
    );
}
