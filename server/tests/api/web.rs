//! The shell: /health, the app's pages with their status, assets, headers.

use crate::helpers::{call, fresh_postgres, on_each_database, publish_post, TestApp};

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
async fn a_server_without_its_web_ui_says_at_the_root_what_runs_and_where_the_api_reference_is() {
    let app = TestApp::spawn_custom(None, "sqlite", |settings| {
        settings.ui_dir = settings.data_dir.join("no-ui-built");
    })
    .await;
    let root = app.client.get(app.url("/")).send().await.unwrap();
    assert_eq!(root.status(), 200);
    assert_eq!(root.headers()["x-robots-tag"], "noindex");
    let text = root.text().await.unwrap();
    for said in [
        "Tidemark API",
        "href=\"/api-docs/\"",
        "href=\"/health\"",
        "npm start",
    ] {
        assert!(text.contains(said), "{said} in {text}");
    }
    // A page address has no page to show; the API and its reference run as ever.
    let page = app
        .client
        .get(app.url("/post/latest/list"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 404);
    let (status, body) = app.get("/health").await;
    assert_eq!(
        (status, &body["data"]["status"]),
        (200, &serde_json::json!("up"))
    );
    let docs = app
        .client
        .get(app.url("/api-docs/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(docs.status(), 200);
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

/// The UI's files beside its pages (the favicon, the boot script, the API documents' page and
/// its scripts) are served as they are; every other address is a page, `/` among them.
#[tokio::test]
async fn the_ui_s_own_files_are_served_beside_the_pages() {
    let app = TestApp::spawn_custom(None, "sqlite", |settings| {
        let ui = &settings.ui_dir;
        std::fs::write(ui.join("favicon.svg"), "<svg/>").unwrap();
        std::fs::create_dir_all(ui.join("static")).unwrap();
        std::fs::write(ui.join("static/init.js"), "window.docs = 1").unwrap();
    })
    .await;
    let get = |path: &'static str| {
        let request = app.client.get(app.url(path));
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.text().await.unwrap())
        }
    };
    assert_eq!(get("/favicon.svg").await, (200, "<svg/>".to_string()));
    assert_eq!(
        get("/static/init.js").await,
        (200, "window.docs = 1".to_string())
    );
    for (path, status) in [("/", 200), ("/favicon.png", 404), ("/static/nope.js", 404)] {
        let (got, body) = get(path).await;
        assert_eq!(got, status, "{path}");
        assert!(body.contains("id=root"), "{path} is a page: {body}");
    }
}

#[tokio::test]
async fn unknown_api_calls_answer_json() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, body) = app.get("/membership/v1/nothing-here").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "101");
}

#[tokio::test]
async fn answers_made_for_one_request_are_sent_in_gzip() {
    // A search is made for its request: a browser gets it in gzip (made at gzip's fast
    // level), not brotli, whose encoder costs more than the answer; it decodes to the answer.
    let app = TestApp::spawn(None, "sqlite").await;
    let answer = app
        .client
        .get(app.url("/api/v1/search?q=%EB%A7%88%EC%BC%80%ED%8C%85&type=CONTENTS"))
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["content-encoding"], "gzip");
    let bytes = answer.bytes().await.unwrap();
    let mut decoded = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut decoded)
        .unwrap();
    let body: serde_json::Value = serde_json::from_str(&decoded).unwrap();
    assert_eq!(body["code"], "0", "{decoded}");
    assert_eq!(body["data"]["total"], 0, "{decoded}");
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

/// A page every reader sees alike is made once per state of the catalogue: asked again it is
/// the same document, in each language its own; a new post is on the home page at once, and a
/// hidden post's page and its place on the home page are gone at once.
#[tokio::test]
async fn kept_pages_follow_every_change_at_once() {
    const SHELL: &str =
        r#"<!doctype html><html lang="ko"><head></head><body><div id="root"></div></body></html>"#;
    let spawn = |url: Option<String>, name: &'static str| {
        TestApp::spawn_custom(url, name, |settings| {
            std::fs::write(settings.ui_dir.join("index.html"), SHELL).unwrap()
        })
    };
    kept_pages_scenario(spawn(None, "sqlite").await).await;
    if let Some(database) = fresh_postgres().await {
        kept_pages_scenario(spawn(Some(database.url.clone()), "postgres").await).await;
        database.drop().await;
    }
}

async fn kept_pages_scenario(app: TestApp) {
    {
        let page = |path: String, lang: &'static str| {
            let request = app
                .client
                .get(app.url(&path))
                .header("accept-language", lang);
            async move {
                let response = request.send().await.unwrap();
                (response.status().as_u16(), response.text().await.unwrap())
            }
        };
        let master = app.signed_in("master@tidemark.test").await;
        let (_, home) = page("/".into(), "ko").await;
        let title = "keptpage 보관된 페이지";
        assert!(!home.contains(title));
        let post = publish_post(&app, &master, 1, title, "<p>본문</p>", &["보관", "keep"]).await;
        let (_, home) = page("/".into(), "ko").await;
        assert!(
            home.contains(title),
            "the new post is on the home page at once"
        );

        let ready = || async {
            app.client
                .get(app.url("/ready"))
                .send()
                .await
                .unwrap()
                .json::<serde_json::Value>()
                .await
                .unwrap()
        };
        let cache = || async {
            let ready = ready().await;
            let details = &ready["data"]["cache"]["details"];
            (
                details["hits"].as_u64().unwrap(),
                details["misses"].as_u64().unwrap(),
            )
        };
        let before = cache().await;
        let (status, first) = page(format!("/post/{post}"), "ko").await;
        assert_eq!(
            cache().await,
            before,
            "a page made on a miss looks for no kept detail"
        );
        assert_eq!(status, 200);
        assert!(first.contains(title) && first.contains(r#"<html lang="ko">"#));
        let (_, again) = page(format!("/post/{post}"), "ko").await;
        assert_eq!(first, again, "the same document");
        // Kept with its compressed bytes: a browser gets gzip at first and brotli once it is
        // made (the same document once decoded), with its own ETag, and 304 when it holds it.
        let browser = || {
            app.client
                .get(app.url(&format!("/post/{post}")))
                .header("accept-language", "ko")
                .header("accept-encoding", "gzip, deflate, br")
                .send()
        };
        let mut compressed = browser().await.unwrap();
        for _ in 0..100 {
            if compressed.headers()["content-encoding"] == "br" {
                break;
            }
            assert_eq!(compressed.headers()["content-encoding"], "gzip");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            compressed = browser().await.unwrap();
        }
        assert_eq!(compressed.headers()["content-encoding"], "br");
        assert!(compressed.headers()["vary"]
            .to_str()
            .unwrap()
            .contains("Accept-Encoding"));
        let etag = compressed.headers()["etag"].to_str().unwrap().to_string();
        assert!(etag.ends_with("-br\""), "{etag}");
        let bytes = compressed.bytes().await.unwrap();
        assert!(bytes.len() < first.len() / 2);
        let mut decoded = String::new();
        std::io::Read::read_to_string(
            &mut brotli::Decompressor::new(&bytes[..], 4096),
            &mut decoded,
        )
        .unwrap();
        assert_eq!(decoded, first, "the same document, compressed");
        let held = app
            .client
            .get(app.url(&format!("/post/{post}")))
            .header("accept-language", "ko")
            .header("accept-encoding", "gzip, deflate, br")
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(held.status(), 304);
        // The browser keeps its copy under the 304's headers: the page's policy, which runs
        // the app's scripts, not the API's.
        let policy = held.headers()["content-security-policy"].to_str().unwrap();
        assert!(policy.contains("script-src 'self'"), "{policy}");
        let ready = ready().await;
        let documents = &ready["data"]["cache"]["documents"];
        assert!(documents["hits"].as_u64().unwrap() >= 2, "{ready}");
        assert!(documents["misses"].as_u64().unwrap() >= 1, "{ready}");
        // A guest's call for the post: made and kept once (one miss), then kept (hits).
        let (hits, misses) = cache().await;
        for _ in 0..2 {
            let answer = app
                .client
                .get(app.url(&format!("/api/v1/posts/{post}")))
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status(), 200);
        }
        assert_eq!(cache().await, (hits + 1, misses + 1));
        let (_, english) = page(format!("/post/{post}"), "en").await;
        assert!(
            english.contains(r#"<html lang="en">"#),
            "each language its own"
        );

        // The periodic refresh keeps the pages when nothing changed, and reloads when a
        // visible post's row did (a popular score the roll-up stored).
        let catalog = &app.state.catalog;
        let generation = catalog.answers.generation();
        assert!(!catalog.refresh(&app.state.db).await.unwrap());
        assert_eq!(
            catalog.answers.generation(),
            generation,
            "a quiet refresh keeps the pages"
        );
        use sea_orm::{ActiveModelTrait, EntityTrait, Set};
        let row = tidemark_server::entities::posts::Entity::find_by_id(post)
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        let mut row: tidemark_server::entities::posts::ActiveModel = row.into();
        row.popular_score = Set(42.5);
        row.update(&app.state.db).await.unwrap();
        // Only scores moved: the entries keep their tags (they are not read again).
        let held = catalog.snapshot();
        let tags = held.entries.tags(&held.entries[&post]).to_vec();
        assert_eq!(tags.len(), 2);
        assert!(catalog.refresh(&app.state.db).await.unwrap());
        assert!(
            catalog.answers.generation() > generation,
            "a new score drops them"
        );
        let snapshot = catalog.snapshot();
        assert_eq!(snapshot.score(&snapshot.entries[&post]), 42.5);
        assert_eq!(snapshot.entries.tags(&snapshot.entries[&post]), tags);

        let (status, _) = call(
            &app,
            &master,
            reqwest::Method::POST,
            &format!("/api/v1/posts/{post}/hide"),
            None,
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = page(format!("/post/{post}"), "ko").await;
        assert_eq!(status, 404, "a hidden post's page is gone at once");
        let (_, home) = page("/".into(), "ko").await;
        assert!(!home.contains(title), "and its place on the home page");
    }
}
