//! Kakao, Naver and Google against stand-ins for their token and userinfo endpoints.

use super::*;
use crate::helpers::fresh_postgres;
use axum::extract::{Form, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use std::sync::{Arc, Mutex};

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
