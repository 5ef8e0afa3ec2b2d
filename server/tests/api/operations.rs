//! What operators run the site with: `/metrics` (Prometheus' format, never public by
//! default), the API reference without the UI build, JSON logs.

use crate::helpers::{fresh_postgres, publish_post, TestApp};

const TOKEN: &str = "metrics-token-for-the-tests-only";

/// One sample's value: `name{labels…} value`, the labels given in any order.
fn sample(text: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    text.lines().find_map(|line| {
        let (series, value) = line.rsplit_once(' ')?;
        let (series_name, rest) = series.split_once('{').unwrap_or((series, ""));
        if series_name != name {
            return None;
        }
        let all = labels
            .iter()
            .all(|(key, value)| rest.contains(&format!("{key}=\"{value}\"")));
        all.then(|| value.parse().ok()).flatten()
    })
}

async fn scrape(app: &TestApp) -> String {
    let response = reqwest::Client::new()
        .get(app.url("/metrics"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain; version=0.0.4"));
    response.text().await.unwrap()
}

/// `reads`: how often readers read the new post. The tests' servers share one process and so
/// one recorder, where the kept answers' counts (each server's own) merge as the highest: the
/// second server reads more than the first to be seen moving.
async fn metrics_scenario(app: TestApp, reads: usize) {
    // Behind the token: no token, a wrong one, both refused in the product's words.
    let plain = reqwest::Client::new();
    let refused = plain.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    assert!(refused.text().await.unwrap().contains("metrics token"));
    let wrong = plain
        .get(app.url("/metrics"))
        .bearer_auth("metrics-token-for-the-tests-onlx")
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 401);

    let before = scrape(&app).await;
    let route = [
        ("route", "/api/v1/posts/{id}"),
        ("method", "GET"),
        ("status", "200"),
    ];
    let answered = |text: &str| sample(text, "tidemark_http_requests_total", &route).unwrap_or(0.0);

    // A business publishes; readers read the post (one miss, then kept).
    let master = app.signed_in("master@tidemark.test").await;
    let id = publish_post(&app, &master, 1, "지표가 움직이는 글", "<p>본문</p>", &[]).await;
    for _ in 0..reads {
        let (status, _) = app.get(&format!("/api/v1/posts/{id}")).await;
        assert_eq!(status, 200);
    }
    app.state.search.flush().await.unwrap();
    let after = scrape(&app).await;

    // Requests by route (the pattern, never the address) and status, with latencies.
    assert!(answered(&after) >= answered(&before) + 3.0, "{after}");
    assert!(
        !after.contains(&format!("/api/v1/posts/{id}\"")),
        "addresses are not labels"
    );
    let timed = [("route", "/api/v1/posts/{id}"), ("method", "GET")];
    assert!(
        sample(
            &after,
            "tidemark_http_request_duration_seconds_count",
            &timed
        )
        .unwrap()
            >= 3.0
    );
    assert!(after.contains("tidemark_http_request_duration_seconds_bucket{"));
    // Kept answers: the post's detail was kept after its first read.
    let hits = |text: &str| {
        sample(
            text,
            "tidemark_cache_lookups_total",
            &[("kind", "details"), ("result", "hit")],
        )
        .unwrap_or(0.0)
    };
    assert!(hits(&after) >= hits(&before) + 2.0, "{after}");
    // The search index holds the post, and searches see every change handed over.
    assert!(sample(&after, "tidemark_search_documents", &[("kind", "posts")]).unwrap() >= 1.0);
    assert!(sample(&after, "tidemark_search_index_bytes", &[]).unwrap() > 0.0);
    assert_eq!(
        sample(&after, "tidemark_search_uncommitted_changes", &[]),
        Some(0.0)
    );
    // On PostgreSQL the change log moved with the publication (one process on SQLite keeps
    // none), and this process has applied what it wrote.
    let position = |text: &str| sample(text, "tidemark_change_log_position", &[]).unwrap();
    if app.database == "postgres" {
        assert!(position(&after) > position(&before), "{after}");
    }
    assert!(sample(&after, "tidemark_change_log_lag_rows", &[]).is_some());
    // The mail outbox and the database pool.
    assert!(sample(&after, "tidemark_mail_outbox_backlog", &[]).is_some());
    assert!(sample(&after, "tidemark_db_pool_connections", &[("state", "open")]).unwrap() >= 1.0);
    assert!(sample(&after, "tidemark_db_pool_max_connections", &[]).unwrap() >= 1.0);
}

#[tokio::test]
async fn metrics_behind_a_token_count_answers_cache_hits_the_index_and_the_change_log() {
    let configure = |settings: &mut tidemark_server::Settings| {
        settings
            .raw
            .insert("TIDEMARK_METRICS_TOKEN".into(), TOKEN.into());
    };
    metrics_scenario(TestApp::spawn_custom(None, "sqlite", configure).await, 3).await;
    if let Some(database) = fresh_postgres().await {
        let app = TestApp::spawn_custom(Some(database.url.clone()), "postgres", configure).await;
        metrics_scenario(app, 8).await;
        database.drop().await;
    }
}

#[tokio::test]
async fn periodic_jobs_report_their_runs() {
    let app = TestApp::spawn_custom(None, "sqlite", |settings| {
        settings
            .raw
            .insert("TIDEMARK_METRICS_TOKEN".into(), TOKEN.into());
    })
    .await;
    // The WAL checkpoint runs every second on SQLite.
    let started = std::time::Instant::now();
    loop {
        let text = scrape(&app).await;
        let runs = sample(
            &text,
            "tidemark_job_runs_total",
            &[("job", "wal_checkpoint"), ("outcome", "ok")],
        );
        if runs.is_some_and(|runs| runs >= 2.0) {
            assert!(
                sample(
                    &text,
                    "tidemark_job_last_run_timestamp_seconds",
                    &[("job", "wal_checkpoint")]
                )
                .unwrap()
                    > 1.7e9
            );
            assert!(text.contains("tidemark_job_duration_seconds_bucket{job=\"wal_checkpoint\""));
            break;
        }
        assert!(
            started.elapsed().as_secs() < 20,
            "no checkpoint recorded: {text}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
}

#[tokio::test]
async fn metrics_are_not_public_by_default_and_have_their_own_address_when_asked() {
    let app = TestApp::spawn(None, "sqlite").await;
    let response = reqwest::get(app.url("/metrics")).await.unwrap();
    assert_eq!(response.status(), 404);
    assert!(!response.text().await.unwrap().contains("tidemark_"));

    let settings = tidemark_server::Settings {
        port: 0,
        data_dir: tempfile::tempdir().unwrap().keep(),
        raw: [
            (
                "TIDEMARK_METRICS_ADDR".to_string(),
                "127.0.0.1:0".to_string(),
            ),
            ("TIDEMARK_DEMO_CONTENT".to_string(), "off".to_string()),
        ]
        .into(),
        ..tidemark_server::Settings::default()
    };
    let app = tidemark_server::Application::build(settings).await.unwrap();
    let site = app.local_addr().unwrap();
    let private = app.metrics_addr().expect("a listener of its own");
    tokio::spawn(app.run_until_stopped());
    reqwest::get(format!("http://{site}/health")).await.unwrap();
    let text = reqwest::get(format!("http://{private}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("tidemark_db_pool_connections"), "{text}");
    let public = reqwest::get(format!("http://{site}/metrics"))
        .await
        .unwrap();
    assert_ne!(public.status(), 200, "not on the site's address");
    assert!(!public.text().await.unwrap().contains("tidemark_"));
}

#[tokio::test]
async fn the_api_reference_works_without_the_ui_build() {
    // The test server's UI folder has no api-docs/ in it: the page comes from the binary.
    let app = TestApp::spawn(None, "sqlite").await;
    for path in ["/api-docs", "/api-docs/"] {
        let response = reqwest::get(app.url(path)).await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        let csp = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("require-trusted-types"),
            "{csp}"
        );
        let page = response.text().await.unwrap();
        assert!(page.contains("/api-docs/swagger-ui-bundle.js"), "{page}");
    }
    for (path, kind) in [
        ("/api-docs/swagger-ui-bundle.js", "javascript"),
        ("/api-docs/swagger-ui.css", "text/css"),
        ("/api-docs/init.js", "javascript"),
        ("/api-docs/openapi.json", "application/json"),
    ] {
        let response = reqwest::get(app.url(path)).await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(content_type.contains(kind), "{path}: {content_type}");
        assert!(response.bytes().await.unwrap().len() > 200, "{path}");
    }
    assert_eq!(
        reqwest::get(app.url("/api-docs/secrets.txt"))
            .await
            .unwrap()
            .status(),
        404
    );
}

#[tokio::test]
async fn json_logs_give_one_object_a_line_with_the_request_s_id_route_status_latency_and_node() {
    use std::io::{BufRead, BufReader};
    let data = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_tidemark"))
        .env("TIDEMARK_LOG_FORMAT", "json")
        .env("PORT", port.to_string())
        .env("TIDEMARK_DATA_DIR", data.path().join("data"))
        .env("TIDEMARK_UI_DIR", data.path().join("ui"))
        .env("TIDEMARK_DEMO_CONTENT", "off")
        .env_remove("RUST_LOG")
        .env_remove("DATABASE_URL")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdout = server.stdout.take().unwrap();
    let lines = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<_>>()
    });
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let started = std::time::Instant::now();
    loop {
        let ready = client.get(format!("{base}/ready")).send().await;
        if ready.is_ok_and(|r| r.status() == 200) {
            break;
        }
        assert!(
            started.elapsed().as_secs() < 60,
            "the server never got ready"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // A search for someone's address: it must not reach the log.
    let answer = client
        .get(format!("{base}/api/v1/search?q=someone%40example.com"))
        .header("x-request-id", "request-for-the-log-test")
        .header("_off_set", "540")
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    // SIGTERM: the server finishes and its last lines are written.
    std::process::Command::new("kill")
        .arg(server.id().to_string())
        .status()
        .unwrap();
    server.wait().unwrap();
    let lines = lines.join().unwrap();
    assert!(!lines.is_empty());
    let objects: Vec<serde_json::Value> = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let answered = objects
        .iter()
        .find(|object| {
            object["span"]["id"] == "request-for-the-log-test" && object["message"] == "answered"
        })
        .unwrap_or_else(|| panic!("no answer line: {lines:#?}"));
    assert_eq!(answered["route"], "/api/v1/search");
    assert_eq!(answered["status"], status);
    assert!(answered["latency_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(answered["span"]["method"], "GET");
    assert!(answered["span"]["node"]
        .as_str()
        .is_some_and(|n| !n.is_empty()));
    assert!(
        !lines
            .iter()
            .any(|line| line.contains("someone@example.com") || line.contains("someone%40")),
        "personal data in the log"
    );
}
