//! Processes of their own (the release command): one restarted on its folder catches up before
//! it is ready, and a lone one beats under the name it joined with.

use super::*;

/// A `tidemark` process of its own (the release command, not the test's in-process server),
/// on `data` and the shared database and bucket; killed when dropped.
struct Process {
    child: std::process::Child,
    base: String,
}

impl Process {
    fn start(url: &str, secret: &str, s3: &S3Server, data: &std::path::Path) -> Process {
        let port = free_port();
        let ui = data.join("ui");
        std::fs::create_dir_all(&ui).unwrap();
        std::fs::write(ui.join("index.html"), "<!doctype html><div id=root></div>").unwrap();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_tidemark"))
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DATABASE_URL", url)
            .env("TIDEMARK_HOST", "127.0.0.1")
            .env("TIDEMARK_PORT", port.to_string())
            .env("TIDEMARK_DATA_DIR", data.join("data"))
            .env("TIDEMARK_UI_DIR", &ui)
            .env("TIDEMARK_TOKEN_SECRET", secret)
            .env("TIDEMARK_DEMO_CONTENT", "off")
            .env("TIDEMARK_S3_BUCKET", &s3.bucket)
            .env("TIDEMARK_S3_ENDPOINT", s3.endpoint())
            .env("TIDEMARK_S3_REGION", "ap-northeast-2")
            .env("TIDEMARK_S3_ACCESS_KEY_ID", "tidemark-test")
            .env("TIDEMARK_S3_SECRET_ACCESS_KEY", "tidemark-test-secret")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the tidemark command starts");
        Process {
            child,
            base: format!("http://127.0.0.1:{port}"),
        }
    }

    /// Waits for `/ready` to answer 200 (at most 2 minutes).
    async fn ready(&mut self) {
        let started = Instant::now();
        loop {
            if let Ok(response) = reqwest::get(format!("{}/ready", self.base)).await {
                if response.status() == 200 {
                    return;
                }
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!("the process ended before it was ready: {status}");
            }
            assert!(started.elapsed() < Duration::from_secs(120), "never ready");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn status(&self, path: &str) -> u16 {
        reqwest::get(format!("{}{path}", self.base))
            .await
            .unwrap()
            .status()
            .as_u16()
    }

    async fn searched(&self, word: &str) -> Vec<i64> {
        let body: Value = reqwest::get(format!("{}/api/v1/search?q={word}&sort=LATEST", self.base))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids(&body, "postSeq")
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The position a process stored beside its search index.
fn stored_position(data: &std::path::Path) -> i64 {
    std::fs::read_to_string(data.join("data/search/change-log-position"))
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0)
}

/// A process killed, then started again on its own folder after writes it missed, catches up
/// from the position it stored before it says it is ready: the first answers after `/ready`
/// show the new post and not the hidden one, in the detail and in search, and its index was
/// brought forward, not left behind.
#[tokio::test]
async fn a_process_restarted_on_its_folder_catches_up_before_it_is_ready() {
    let Some(database) = fresh_postgres().await else {
        return;
    };
    let secret = "restart-test-secret-of-at-least-32-bytes-long";
    let s3 = S3Server::start("tidemark-restart").await;
    let a = node(&database.url, secret, &s3).await;
    let master = a.signed_in("master@tidemark.test").await;
    let old = publish_post(&a, &master, 1, "restartold 처음 글", "<p>본문</p>", &[]).await;

    let folder = tempfile::tempdir().unwrap();
    let mut b = Process::start(&database.url, secret, &s3, folder.path());
    b.ready().await;
    let mut seen = false;
    for _ in 0..80 {
        if b.searched("restartold").await.contains(&old) {
            seen = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(seen, "the running process never found the first post");
    drop(b);
    let before = stored_position(folder.path());

    // While it is down: a new post, and the first one hidden.
    let new = publish_post(&a, &master, 1, "restartnew 나중 글", "<p>본문</p>", &[]).await;
    let (status, _) = call(
        &a,
        &master,
        Method::POST,
        &format!("/api/v1/posts/{old}/hide"),
        None,
    )
    .await;
    assert_eq!(status, 200);

    let started = Instant::now();
    let mut b = Process::start(&database.url, secret, &s3, folder.path());
    b.ready().await;
    let caught_up = started.elapsed();
    assert_eq!(b.status(&format!("/api/v1/posts/{new}")).await, 200);
    assert_eq!(b.status(&format!("/api/v1/posts/{old}")).await, 404);
    assert_eq!(b.searched("restartnew").await, vec![new]);
    assert!(b.searched("restartold").await.is_empty());
    let after = stored_position(folder.path());
    assert!(
        after > before,
        "the index's stored position stayed at {before} (now {after})"
    );
    let latest = sync::latest(&a.state.db).await.unwrap();
    assert!(after <= latest, "stored {after}, the log ends at {latest}");
    println!(
        "restart: ready and caught up {} ms after the start, position {before} → {after}",
        caught_up.as_millis()
    );
}

/// A lone process's later heartbeats go under the name it joined with: it never takes
/// itself for a second process (which would fill its log with a media error every ten
/// seconds and refuse its own restart for the next 30 seconds).
#[tokio::test]
async fn a_lone_process_beats_under_the_name_it_joined_with() {
    let Some(database) = fresh_postgres().await else {
        return;
    };
    let secret = "scale-out-test-secret-of-at-least-32-bytes";
    let app =
        TestApp::try_spawn_custom(Some(database.url.clone()), "postgres", shared(secret, None))
            .await
            .expect("a lone process with local media starts");
    for _ in 0..2 {
        assert!(app.state.local_media());
        let problem = app.state.beat().await.unwrap();
        assert_eq!(problem, None, "the process took itself for another");
    }
    use sea_orm::EntityTrait;
    let rows = tidemark_server::entities::node_heartbeats::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(rows.len(), 1, "one process, one heartbeat: {rows:?}");
}
