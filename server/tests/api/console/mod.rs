//! What the business console calls: a post's revisions and restoring one, the version that
//! refuses an edit made over someone else's, preview links, the own posts list's filters,
//! tag suggestions, sending an invitation again, the audit log's filter and editing a media
//! request while it waits. Each is refused to another business's people and to readers.

mod history;
mod lists;
mod previews;
mod team;

use crate::helpers::*;
use reqwest::{Client, Method};
use serde_json::{json, Value};

/// The business of another member (its master), to knock on the demo business's doors.
pub(super) async fn other_business(app: &TestApp) -> Client {
    new_member(app, "other.owner@example.test").await;
    let other = app.signed_in("other.owner@example.test").await;
    let (status, body) = send(app, &other, Method::POST, "/api/v1/businesses", Some(json!({
        "registrationNumber": "220-81-62517", "name": "다른회사", "description": "다른 회사입니다.",
        "industry": "소프트웨어", "homepage": "https://other.example", "foundedYear": 2018,
        "employeeBand": "11-50"
    }))).await;
    assert_eq!(status, 200, "{body}");
    other
}

pub(super) async fn send(
    app: &TestApp,
    client: &Client,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    call(app, client, method, path, body).await
}

pub(super) async fn get(app: &TestApp, client: &Client, path: &str) -> (u16, Value) {
    call(app, client, Method::GET, path, None).await
}

/// A whole post as the editor sends it.
pub(super) fn post_body(title: &str, category: i64, tags: &[&str], action: &str) -> Value {
    json!({
        "categoryId": category, "title": title, "summary": format!("{title} 요약"),
        "bodyHtml": format!("<p>{title} 본문</p>"), "tags": tags, "action": action
    })
}

pub(super) async fn new_post(app: &TestApp, client: &Client, body: Value) -> i64 {
    let (status, answer) = send(app, client, Method::POST, "/api/v1/posts", Some(body)).await;
    assert_eq!(status, 200, "{}: {answer}", app.database);
    answer["data"]["postSeq"].as_i64().unwrap()
}

/// Every `(method, path, body)` answers `status` to `client`.
pub(super) async fn all_refused(
    app: &TestApp,
    client: &Client,
    status: u16,
    calls: &[(Method, String, Option<Value>)],
) {
    for (method, path, body) in calls {
        let (got, answer) = send(app, client, method.clone(), path, body.clone()).await;
        assert_eq!(got, status, "{} {method} {path}: {answer}", app.database);
    }
}

#[tokio::test]
async fn console_calls_are_in_the_openapi_document() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, doc) = app.get("/api-docs/openapi.json").await;
    assert_eq!(status, 200);
    for (path, method) in [
        ("/api/v1/posts/{id}/revisions", "get"),
        ("/api/v1/posts/{id}/revisions/{revisionId}", "get"),
        ("/api/v1/posts/{id}/revisions/{revisionId}/restore", "post"),
        ("/api/v1/posts/{id}/previews", "post"),
        ("/api/v1/posts/{id}/previews", "get"),
        ("/api/v1/posts/{id}/previews/{previewId}", "delete"),
        ("/api/v1/previews/{token}", "get"),
        ("/api/v1/tags/suggest", "get"),
        (
            "/api/v1/businesses/{id}/invitations/{invitationId}/resend",
            "post",
        ),
        ("/api/v1/media-requests/{id}", "put"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    let audit = doc["paths"]["/api/v1/businesses/{id}/audit"]["get"].to_string();
    for action in [
        "INVITATION_RESENT",
        "OWNERSHIP_TRANSFERRED",
        "MANAGER_REMOVED",
    ] {
        assert!(audit.contains(action), "{action}");
    }
    let input = doc["components"]["schemas"]["PostInput"].to_string();
    assert!(input.contains("baseVersion"), "{input}");
}
