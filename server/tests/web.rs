//! The server's HTTP surface, through the router as the network would reach it.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tidemark_server::{app, Settings};
use tower::ServiceExt;

fn ui_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><div id=root></div>",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(
        dir.path().join("assets/app-1a2b.js"),
        "console.log('tidemark')",
    )
    .unwrap();
    dir
}

async fn get(dir: &tempfile::TempDir, path: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let settings = Settings {
        ui_dir: dir.path().to_path_buf(),
        ..Settings::default()
    };
    let response = app(&settings)
        .unwrap()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn health_answers_in_the_api_envelope() {
    let dir = ui_dir();
    let (status, _, body) = get(&dir, "/health").await;
    assert_eq!(status, StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["code"], "0");
    assert_eq!(json["data"]["status"], "up");
}

#[tokio::test]
async fn known_pages_get_the_app_shell() {
    let dir = ui_dir();
    for path in [
        "/",
        "/post/latest/list",
        "/post/42",
        "/search?sort=LATEST",
        "/mypage/user/edit",
    ] {
        let (status, headers, body) = get(&dir, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(body.contains("id=root"), "{path}");
        assert_eq!(headers["cache-control"], "no-cache");
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
}

#[tokio::test]
async fn unknown_pages_get_the_shell_with_404() {
    let dir = ui_dir();
    for path in ["/no/such/page", "/post/abc", "/post/category/list/10"] {
        let (status, _, body) = get(&dir, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            body.contains("id=root"),
            "the UI still renders its 404 page for {path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let dir = ui_dir();
    let (status, headers, body) = get(&dir, "/assets/app-1a2b.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("tidemark"));
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let (missing, _, _) = get(&dir, "/assets/nope.js").await;
    assert_eq!(missing, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn without_a_built_ui_pages_say_how_to_build_it() {
    let empty = tempfile::tempdir().unwrap();
    let (status, _, body) = get(&empty, "/").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(body.contains("npm start"));
}
