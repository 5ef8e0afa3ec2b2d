//! Social sign-in (SPEC §3–§5, PRODUCT "Members"): the whole journey through the built-in local
//! provider as a browser and the callback page make it, the provider's own protocol checks,
//! and Kakao, Naver and Google against stand-in servers speaking their answer shapes.

mod codes_and_states;
mod local_provider;
mod sign_in;
mod stand_ins;

use crate::helpers::{on_each_database, read, TestApp};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use tidemark_core::oauth::parse_oauth_callback;
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
