//! `tidemark backup DIR` while writers write, `tidemark restore DIR`, and the restored site
//! serving every write acknowledged before the backup began (docs/operations.md).

use crate::helpers::{call, TestApp};
use crate::uploads::{png_with_alpha, upload};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

fn tidemark(args: &[&str], data_dir: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tidemark"))
        .args(args)
        .env("TIDEMARK_DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .env_remove("TIDEMARK_S3_BUCKET")
        .output()
        .expect("the command runs")
}

fn said(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[tokio::test]
async fn a_backup_made_under_writers_restores_every_write_acknowledged_before_it_began() {
    let app = TestApp::spawn(None, "sqlite").await;
    let data_dir = app.state.settings.data_dir.clone();
    let master = app.signed_in("master@tidemark.test").await;
    let picture = png_with_alpha(64, 48);
    let (status, body) = upload(&app, &master, "cover.png", &picture, None).await;
    assert_eq!(status, 200, "{body}");
    let picture_url = body["data"]["url"].as_str().unwrap().to_string();
    let stored = app.client.get(app.url(&picture_url)).send().await.unwrap();
    let stored = stored.bytes().await.unwrap();

    // Three writers publish posts as fast as they are answered; each write is noted once
    // acknowledged.
    let acknowledged: Arc<Mutex<Vec<(i64, Instant)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let app = Arc::new(app);
    let mut writers = Vec::new();
    for writer in 0..3 {
        let (app, master, acknowledged, stop) = (
            app.clone(),
            master.clone(),
            acknowledged.clone(),
            stop.clone(),
        );
        writers.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::SeqCst) {
                n += 1;
                let (status, body) = call(
                    &app,
                    &master,
                    reqwest::Method::POST,
                    "/api/v1/posts",
                    Some(serde_json::json!({
                        "categoryId": 1, "title": format!("백업 중에 쓴 글 {writer}-{n}"),
                        "summary": "요약", "bodyHtml": "<p>본문</p>", "tags": [], "action": "publish"
                    })),
                )
                .await;
                assert_eq!(status, 200, "{body}");
                let id = body["data"]["postSeq"].as_i64().unwrap();
                acknowledged.lock().unwrap().push((id, Instant::now()));
            }
        }));
    }
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;

    // The backup, by the command, in a process of its own, while the writers go on.
    let folders = tempfile::tempdir().unwrap();
    let backup_dir = folders.path().join("backup");
    let began = Instant::now();
    let target = backup_dir.to_str().unwrap().to_string();
    let data = data_dir.clone();
    let made = tokio::task::spawn_blocking(move || tidemark(&["backup", &target], &data))
        .await
        .unwrap();
    let data = data_dir;
    assert!(made.status.success(), "{}", said(&made));
    assert!(said(&made).contains("backed up into"), "{}", said(&made));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    let before: Vec<i64> = acknowledged
        .iter()
        .filter(|(_, at)| *at < began)
        .map(|(id, _)| *id)
        .collect();
    let during = acknowledged.len() - before.len();
    assert!(
        before.len() >= 3,
        "writes before the backup: {}",
        before.len()
    );
    assert!(during >= 1, "the writers went on during the backup");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(backup_dir.join("backup.json")).unwrap()).unwrap();
    assert!(manifest["mediaFiles"].as_u64().unwrap() >= 1, "{manifest}");
    assert_eq!(manifest["tokenSecret"], true);

    // A restore under the running site is refused, and loses nothing.
    let backup = backup_dir.to_str().unwrap();
    let refused = tidemark(&["restore", backup, "--replace"], &data);
    assert!(!refused.status.success());
    assert!(
        said(&refused).contains("a server is running"),
        "{}",
        said(&refused)
    );
    assert!(data.join("tidemark.db").exists());

    // Restored into a new data folder, the site serves every post acknowledged before the
    // backup began, the picture, and the sessions signed with the copied secret.
    let restored_dir = folders.path().join("restored");
    let restored = tidemark(&["restore", backup], &restored_dir);
    assert!(restored.status.success(), "{}", said(&restored));
    let again = tidemark(&["restore", backup], &restored_dir);
    assert!(!again.status.success());
    assert!(said(&again).contains("--replace"), "{}", said(&again));

    let folder = restored_dir.clone();
    let restored = TestApp::spawn_custom(None, "sqlite", move |settings| {
        settings.data_dir = folder;
    })
    .await;
    for id in &before {
        let (status, body) = restored.get(&format!("/api/v1/posts/{id}")).await;
        assert_eq!(
            status, 200,
            "post {id}, acknowledged before the backup: {body}"
        );
    }
    let served = restored
        .client
        .get(restored.url(&picture_url))
        .send()
        .await
        .unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.bytes().await.unwrap(), stored);
    let (status, body) = call(
        &restored,
        &master,
        reqwest::Method::GET,
        "/api/v1/mypage/business",
        None,
    )
    .await;
    assert_eq!(status, 200, "the session made before the backup: {body}");
    // The restored site's search finds the restored posts (its index is rebuilt at start).
    let (status, body) = restored.get("/api/v1/search?q=%EB%B0%B1%EC%97%85").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.to_string().contains("백업 중에 쓴 글"), "{body}");
}

#[test]
fn a_postgresql_site_is_pointed_to_its_own_tools() {
    let folder = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tidemark"))
        .args(["backup", folder.path().join("b").to_str().unwrap()])
        .env("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
        .env("TIDEMARK_DATA_DIR", folder.path())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(said(&output).contains("pg_dump"), "{}", said(&output));
}
