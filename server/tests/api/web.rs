//! The shell: /health, the app's pages with their status, assets, headers.

use crate::helpers::{on_each_database, TestApp};

#[tokio::test]
async fn health_answers_in_the_api_envelope() {
    on_each_database(|app: TestApp| async move {
        let (status, body) = app.get("/health").await;
        assert_eq!(status, 200);
        assert_eq!(body["code"], "0");
        assert_eq!(body["data"]["status"], "up");
    })
    .await;
}

#[tokio::test]
async fn pages_get_the_app_shell_with_their_status_and_headers() {
    let app = TestApp::spawn(None, "sqlite").await;
    for (path, status) in [
        ("/", 200),
        ("/post/latest/list", 200),
        ("/post/42", 404),
        ("/mypage/user/edit", 200),
        ("/no/such/page", 404),
        ("/post/abc", 404),
    ] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status().as_u16(), status, "{path}");
        let headers = response.headers().clone();
        assert_eq!(headers["cache-control"], "no-cache", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["x-frame-options"], "DENY");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval'")
                && csp.contains("frame-ancestors 'none'"),
            "{csp}"
        );
        assert!(headers.contains_key("x-request-id"));
        assert!(response.text().await.unwrap().contains("id=root"));
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = TestApp::spawn(None, "sqlite").await;
    let response = app
        .client
        .get(app.url("/assets/app-1a2b.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let missing = app
        .client
        .get(app.url("/assets/nope.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn unknown_api_calls_answer_json() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, body) = app.get("/membership/v1/nothing-here").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "101");
}

#[tokio::test]
async fn the_openapi_document_lists_every_call() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, doc) = app.get("/api-docs/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for (path, method) in [
        ("/membership/v1/login", "post"),
        ("/membership/v1/account/status", "post"),
        ("/membership/v1/logout", "post"),
        ("/oauth/v1/guest/token", "post"),
        ("/oauth/v1/token/check", "post"),
        ("/oauth/v1/token/profile", "get"),
        ("/membership/v1/join/email/code", "post"),
        ("/membership/v1/join", "post"),
        ("/membership/v1/password/reset", "post"),
        ("/mypage/v1/profile", "put"),
        ("/mypage/v1/withdraw", "post"),
        ("/visit/v1", "post"),
        ("/click/v1", "post"),
    ] {
        assert!(
            doc["paths"][path][method].is_object(),
            "{method} {path} is documented"
        );
    }
}
