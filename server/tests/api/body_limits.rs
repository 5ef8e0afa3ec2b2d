//! Request bodies over their call's limit: 413 with the limit in the product's words, an answer
//! the client can read whatever it sent, and nothing of the body stored.

use crate::helpers::*;
use serde_json::json;

/// A body over its call's limit answers 413 with the limit in the product's words, and the
/// client reads that answer even when it sent megabytes (the server takes the rest before it
/// answers, instead of closing the connection under the client); nothing of it is stored.
#[tokio::test]
async fn a_body_over_the_limit_is_refused_with_413_and_the_limit_the_client_can_read() {
    let app = TestApp::spawn(None, "sqlite").await;
    let guest = browser();
    for size in [300 * 1024, 5 * 1024 * 1024] {
        let body = json!({ "email": "x".repeat(size), "password": "secret" });
        let response = guest
            .post(app.url("/membership/v1/login"))
            .json(&body)
            .send()
            .await
            .unwrap_or_else(|e| panic!("a {size}-byte body: no answer was read: {e}"));
        let (status, answer) = read(response).await;
        assert_eq!(status, 413, "{size} bytes: {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains("at most 256 KB"), "{message}");
        assert!(!message.contains("?"), "{message}");
    }

    // A post's writing call has its own limit, said as such.
    let master = app.signed_in("master@tidemark.test").await;
    let (status, answer) = call(
        &app,
        &master,
        reqwest::Method::POST,
        "/api/v1/posts",
        Some(json!({ "title": "큰 글", "body": "가".repeat(600 * 1024) })),
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("at most 1.5 MB"),
        "{answer}"
    );
    let (status, mine) = call(
        &app,
        &master,
        reqwest::Method::GET,
        "/api/v1/mypage/posts?q=%ED%81%B0%20%EA%B8%80",
        None,
    )
    .await;
    assert_eq!(status, 200, "{mine}");
    assert!(!mine.to_string().contains("큰 글"), "{mine}");

    // Within the limit the same call goes on to its own checks.
    let (status, answer) = read(
        guest
            .post(app.url("/membership/v1/login"))
            .json(&json!({ "email": "x".repeat(1000), "password": "secret" }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_ne!(status, 413, "{answer}");
}
