//! Two server processes on one PostgreSQL database behave as one (docs/scale-out.md): each
//! kind of write on one is seen by the other — detail, page, lists, search, sitemap — within
//! the propagation time, a hidden post is gone everywhere, a session holds on both, and a
//! periodic job's period goes to one process. The delays are printed.

mod processes;
mod two_processes;

use crate::helpers::*;
use reqwest::Method;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tidemark_server::sync;

/// The settings every node shares: the database, the token secret and the media bucket.
fn shared(secret: &str, s3: Option<&S3Server>) -> impl FnOnce(&mut tidemark_server::Settings) {
    let secret = secret.to_string();
    let bucket = s3.map(|s3| (s3.endpoint(), s3.bucket.clone()));
    move |settings| {
        settings.token_secret = Some(secret);
        if let Some((endpoint, bucket)) = bucket {
            for (name, value) in [
                ("TIDEMARK_S3_BUCKET", bucket.as_str()),
                ("TIDEMARK_S3_ENDPOINT", endpoint.as_str()),
                ("TIDEMARK_S3_REGION", "ap-northeast-2"),
                ("TIDEMARK_S3_ACCESS_KEY_ID", "tidemark-test"),
                ("TIDEMARK_S3_SECRET_ACCESS_KEY", "tidemark-test-secret"),
            ] {
                settings.raw.insert(name.into(), value.into());
            }
        }
    }
}

async fn node(url: &str, secret: &str, s3: &S3Server) -> TestApp {
    TestApp::spawn_custom(Some(url.to_string()), "postgres", shared(secret, Some(s3))).await
}

async fn status(app: &TestApp, path: &str) -> u16 {
    app.client
        .get(app.url(path))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn text(app: &TestApp, path: &str) -> String {
    app.client
        .get(app.url(path))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

fn ids(body: &Value, key: &str) -> Vec<i64> {
    body["data"]["items"]
        .as_array()
        .map(|items| items.iter().filter_map(|item| item[key].as_i64()).collect())
        .unwrap_or_default()
}

async fn searched(app: &TestApp, word: &str) -> Vec<i64> {
    ids(
        &app.get(&format!("/api/v1/search?q={word}&sort=LATEST"))
            .await
            .1,
        "postSeq",
    )
}

async fn latest(app: &TestApp) -> Vec<i64> {
    ids(&app.get("/api/v1/posts/latest?size=50").await.1, "postSeq")
}
