//! The local provider's own protocol checks: return addresses and PKCE, its page without
//! scripts, and states, codes and verifiers that are single use and checked.

use super::*;
use sea_orm::prelude::Expr;

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
        // A path is this site's only when it is the callback's own.
        "//evil.example/member/auth/callbackOauth?type=signin",
        "/mypage",
        "member/auth/callbackOauth?type=signin",
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
