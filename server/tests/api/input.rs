//! What visitors send and what the site answers with it, from an outside review: control
//! characters at the edge, searches that are not a person searching, popular searches that
//! count people, feeds that stay XML, image addresses that resolve elsewhere, answers in the
//! product's words, and the security headers.

use crate::helpers::*;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::{json, Value};
use tidemark_server::entities::{businesses, posts, search_log};
use tidemark_server::search_index::{write_batch, LoggedSearch, MIN_VISITORS};

/// A guest as the web client is one: a browser-like client holding a guest id the server
/// handed out (cookie `tma_id`).
async fn guest(app: &TestApp) -> reqwest::Client {
    let client = browser();
    let response = client
        .post(app.url("/oauth/v1/guest/token"))
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, 200, "{body}");
    client
}

async fn search_with(client: &reqwest::Client, app: &TestApp, query: &str) -> (u16, Value) {
    read(
        client
            .get(app.url(&format!("/api/v1/search?q={query}")))
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn rows_for(app: &TestApp, normalized: &str) -> u64 {
    search_log::Entity::find()
        .filter(search_log::Column::Normalized.eq(normalized))
        .count(&app.state.db)
        .await
        .unwrap()
}

/// Waits until the search log holds `count` rows of `normalized` (searches are written off
/// the answer's path).
async fn logged(app: &TestApp, normalized: &str, count: u64) {
    for _ in 0..100 {
        if rows_for(app, normalized).await >= count {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!(
        "{normalized} was not logged {count} times on {}",
        app.database
    );
}

async fn popular_queries(app: &TestApp) -> Vec<String> {
    // Popular searches are served from memory for 3 seconds.
    tokio::time::sleep(std::time::Duration::from_millis(3_100)).await;
    let (status, body) = app.get("/api/v1/search/popular").await;
    assert_eq!(status, 200, "{body}");
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["query"].as_str().unwrap().to_string())
        .collect()
}

/// A post the searches below find.
async fn harbor_post(app: &TestApp) -> i64 {
    let master = app.signed_in("master@tidemark.test").await;
    let id = publish_post(
        app,
        &master,
        1,
        "Harbor lights",
        "<p>harbor lights and lighthouse stories</p>",
        &["harbor"],
    )
    .await;
    app.state.search.flush().await.unwrap();
    id
}

#[tokio::test]
async fn popular_searches_count_people_not_searches() {
    on_each_database(|app: TestApp| async move {
        harbor_post(&app).await;
        // One visitor searching seven times is one person: not popular.
        let keen = guest(&app).await;
        for _ in 0..7 {
            let (status, body) = search_with(&keen, &app, "lighthouse").await;
            assert_eq!(status, 200, "{body}");
        }
        logged(&app, "lighthouse", 7).await;
        assert!(
            !popular_queries(&app)
                .await
                .contains(&"lighthouse".to_string()),
            "one visitor made lighthouse popular on {}",
            app.database
        );
        // Guest ids nobody was given are nobody: three invented ones do not count either.
        for invented in ["made-up-1", "made-up-2", "made-up-3"] {
            let response = app
                .client
                .get(app.url("/api/v1/search?q=lighthouse"))
                .header("_tma_id", invented)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status().as_u16(), 200);
        }
        logged(&app, "lighthouse", 10).await;
        assert!(!popular_queries(&app)
            .await
            .contains(&"lighthouse".to_string()));
        // Enough people (guests the server knows, and a member) make it popular, counted
        // once each.
        let mut searchers = vec![guest(&app).await];
        searchers.push(app.signed_in("reader@tidemark.test").await);
        assert_eq!(MIN_VISITORS, 3, "the floor this scenario is written for");
        for client in &searchers {
            search_with(client, &app, "lighthouse").await;
            search_with(client, &app, "lighthouse").await;
        }
        logged(&app, "lighthouse", 14).await;
        let (status, body) = app.get("/api/v1/search/popular").await;
        assert_eq!(status, 200);
        tokio::time::sleep(std::time::Duration::from_millis(3_100)).await;
        let (_, body_now) = app.get("/api/v1/search/popular").await;
        let item = body_now["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|item| item["query"] == "lighthouse")
            .cloned()
            .unwrap_or_else(|| panic!("lighthouse is not popular: {body_now} (before: {body})"));
        assert_eq!(item["count"], 3, "three people, not fourteen searches");
        // The log keeps a keyed hash of the visitor, never the id itself.
        let rows = search_log::Entity::find()
            .filter(search_log::Column::Normalized.eq("lighthouse"))
            .all(&app.state.db)
            .await
            .unwrap();
        let member = rows.iter().find(|r| r.member_id.is_some()).unwrap();
        let hash = member.visitor.as_deref().unwrap();
        assert_eq!(hash.len(), 64);
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(hash, member.member_id.unwrap().to_string());
        assert!(rows
            .iter()
            .filter(|r| r
                .guest_id
                .as_deref()
                .is_some_and(|g| g.starts_with("made-up")))
            .all(|r| r.visitor.is_none()));
        assert_eq!(status, 200);
    })
    .await;
}

#[tokio::test]
async fn only_a_person_searching_in_the_web_client_is_logged() {
    on_each_database(|app: TestApp| async move {
        harbor_post(&app).await;
        // What a post's <img src="/media/../api/v1/search?q=…"> made a reader's browser send:
        // answered, not logged.
        let image = reqwest::Client::new()
            .get(app.url("/api/v1/search?q=harbor"))
            .header("sec-fetch-dest", "image")
            .header("_off_set", "540")
            .header("_tma_token", "")
            .header("_tmr_token", "")
            .send()
            .await
            .unwrap();
        assert_eq!(image.status().as_u16(), 200);
        // A call without SPEC's headers (a script, a crawler, a link opened in a tab).
        let bare = reqwest::Client::new()
            .get(app.url("/api/v1/search?q=harbor"))
            .send()
            .await
            .unwrap();
        assert_eq!(bare.status().as_u16(), 200);
        let no_tokens = reqwest::Client::new()
            .get(app.url("/api/v1/search?q=harbor"))
            .header("_off_set", "540")
            .send()
            .await
            .unwrap();
        assert_eq!(no_tokens.status().as_u16(), 200);
        // The web client's own call, last: once it is logged, the others would have been.
        let person = guest(&app).await;
        let response = person
            .get(app.url("/api/v1/search?q=harbor%20lights"))
            .header("sec-fetch-dest", "empty")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        logged(&app, "harbor lights", 1).await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert_eq!(rows_for(&app, "harbor").await, 0, "on {}", app.database);
    })
    .await;
}

#[tokio::test]
async fn control_characters_are_refused_at_the_edge_in_the_products_words() {
    on_each_database(|app: TestApp| async move {
        control_characters_in_a_query_string_are_refused(&app).await;
        let master = app.signed_in("master@tidemark.test").await;
        control_characters_in_json_fields_are_refused_by_name(&app, &master).await;
        line_breaks_and_tabs_are_text_and_nothing_refused_was_stored(&app, &master).await;
    })
    .await;
}

/// The post of these checks with `field` set to `value`.
fn post_with(field: &str, value: Value) -> Value {
    let mut post = json!({
        "categoryId": 1, "title": "제목", "summary": "요약",
        "bodyHtml": "<p>본문</p>", "tags": ["태그"], "action": "publish"
    });
    post[field] = value;
    post
}

/// A query string: search, suggestions, a list's paging. Tabs are text there.
async fn control_characters_in_a_query_string_are_refused(app: &TestApp) {
    for path in [
        "/api/v1/search?q=%00",
        "/api/v1/search?q=harbor%01",
        "/api/v1/search/suggestions?q=a%1Bb",
        "/api/v1/posts/popular?size=%00",
    ] {
        let (status, body) = app.get(path).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("104")),
            "{path}: {body}"
        );
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("contains a control character"),
            "{path}: {body}"
        );
    }
    // Tabs and line breaks are text; a search with them is fine.
    let (status, body) = app.get("/api/v1/search?q=harbor%09lights").await;
    assert_eq!(status, 200, "{body}");
}

/// A JSON body: titles, summaries, tags, business fields, media-request titles.
async fn control_characters_in_json_fields_are_refused_by_name(
    app: &TestApp,
    master: &reqwest::Client,
) {
    let business = my_business(app, master).await;
    for (field, value, named) in [
        ("title", json!("제목\u{0}"), "title"),
        ("summary", json!("요약\u{7}"), "summary"),
        ("tags", json!(["좋은", "나쁜\u{1b}"]), "tags[1]"),
    ] {
        let (status, body) = call(
            app,
            master,
            reqwest::Method::POST,
            "/api/v1/posts",
            Some(post_with(field, value)),
        )
        .await;
        assert_eq!(status, 400, "{field}: {body}");
        assert_eq!(
            body["message"]
                .as_str()
                .unwrap()
                .split(" (")
                .next()
                .unwrap(),
            format!("the field {named} contains a control character"),
            "{body}"
        );
    }
    let (status, body) = call(
        app,
        master,
        reqwest::Method::POST,
        &format!("/api/v1/businesses/{business}/media-requests"),
        Some(json!({
            "title": "보도\u{0}자료", "body": "<p>본문</p>", "mediaTypes": ["ONLINE"]
        })),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("U+0000"),
        "{body}"
    );
}

async fn line_breaks_and_tabs_are_text_and_nothing_refused_was_stored(
    app: &TestApp,
    master: &reqwest::Client,
) {
    // Multi-line text keeps its line breaks and tabs.
    let fine = call(
        app,
        master,
        reqwest::Method::POST,
        "/api/v1/posts",
        Some(post_with("summary", json!("첫 줄\r\n\t둘째 줄"))),
    )
    .await;
    assert_eq!(fine.0, 200, "{}", fine.1);
    // Nothing of it was stored.
    let stored = posts::Entity::find().all(&app.state.db).await.unwrap();
    assert!(stored
        .iter()
        .all(|p| !p.title.contains('\u{0}') && !p.summary.contains('\u{7}')));
}

#[tokio::test]
async fn the_search_log_writer_survives_a_row_the_database_refuses() {
    on_each_database(|app: TestApp| async move {
        let search = |query: &str| LoggedSearch {
            query: query.into(),
            member_id: None,
            guest_id: None,
            result_count: 1,
            at: Utc::now(),
        };
        // A NUL byte is refused by PostgreSQL, which fails a multi-row INSERT as a whole;
        // the edge refuses it now, but the writer must not lose real searches to one row.
        write_batch(
            &app.state.db,
            &app.state.tokens,
            vec![search("before"), search("bad\u{0}row"), search("after")],
        )
        .await;
        assert_eq!(rows_for(&app, "before").await, 1, "on {}", app.database);
        assert_eq!(rows_for(&app, "after").await, 1, "on {}", app.database);
    })
    .await;
}

/// Every character of `document` is one XML 1.0 allows, and it parses to the end.
fn assert_xml(document: &str) {
    let forbidden: Vec<char> = document
        .chars()
        .filter(|&c| {
            !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        })
        .collect();
    assert!(
        forbidden.is_empty(),
        "characters XML 1.0 forbids: {forbidden:?}"
    );
    let mut reader = quick_xml::Reader::from_str(document);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(quick_xml::events::Event::Text(text)) => {
                text.decode().expect("text decodes");
            }
            Ok(_) => {}
            Err(error) => panic!("not XML: {error}\n{document}"),
        }
    }
}

#[tokio::test]
async fn feeds_stay_xml_whatever_titles_and_names_hold() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        // The API still takes the two non-characters; the feed writer drops them.
        let id = publish_post(
            &app,
            &master,
            3,
            "Odd \u{fffe}title\u{ffff}",
            "<p>body</p>",
            &[],
        )
        .await;
        // Text stored before the edge refused control characters (PostgreSQL cannot hold NUL,
        // so SOH stands for them).
        let mut post: posts::ActiveModel = posts::Entity::find_by_id(id)
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap()
            .into();
        post.summary = Set("old\u{1}summary\u{ffff}".into());
        post.update(&app.state.db).await.unwrap();
        let mut named: businesses::ActiveModel = businesses::Entity::find_by_id(business)
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap()
            .into();
        named.name = Set("Name\u{fffe}\u{2}Co".into());
        named.description = Set("About\u{ffff}".into());
        named.update(&app.state.db).await.unwrap();
        app.state
            .catalog
            .sync_post(&app.state.db, id)
            .await
            .unwrap();

        for path in [
            "/rss.xml".to_string(),
            "/rss/category/3.xml".to_string(),
            format!("/rss/business/{business}.xml"),
        ] {
            let response = app.client.get(app.url(&path)).send().await.unwrap();
            assert_eq!(response.status().as_u16(), 200, "{path}");
            let document = response.text().await.unwrap();
            assert_xml(&document);
            assert!(document.contains("Odd title"), "{path}: {document}");
            assert!(document.contains("oldsummary"), "{path}: {document}");
        }
        let document = app
            .client
            .get(app.url(&format!("/rss/business/{business}.xml")))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(document.contains("NameCo · Tidemark"), "{document}");
    })
    .await;
}

#[tokio::test]
async fn image_addresses_stay_on_the_platforms_media_and_agree_with_the_csp() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let body = "<p>a</p><img src=\"/media/../api/v1/search?q=forced\" alt=\"1\">\
                    <img src=\"/media/%2e%2e/api/v1/search?q=forced\" alt=\"2\">\
                    <img src=\"/media/..\\api/v1/search?q=forced\" alt=\"3\">\
                    <img src=\"https://tracker.example/pixel.gif\" alt=\"4\">\
                    <img src=\"/media/images/kept.jpg\" alt=\"5\">";
        let id = publish_post(&app, &master, 1, "Images", body, &[]).await;
        let stored = posts::Entity::find_by_id(id)
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        let html = stored.body_html;
        assert!(!html.contains(".."), "{html}");
        assert!(!html.to_ascii_lowercase().contains("%2e"), "{html}");
        assert!(!html.contains("tracker.example"), "{html}");
        assert!(
            html.contains("<img src=\"/media/images/kept.jpg\" alt=\"5\">"),
            "{html}"
        );
        // The pages' policy allows the site's own images and nothing the body policy drops.
        let page = app.client.get(app.url("/")).send().await.unwrap();
        let csp = page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        let img_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("img-src"))
            .unwrap();
        assert!(img_src.contains("'self'"), "{csp}");
        assert!(
            !img_src.contains("https:") && !img_src.contains("http:"),
            "{csp}"
        );
    })
    .await;
}

#[tokio::test]
async fn rejections_answer_in_the_products_words() {
    on_each_database(|app: TestApp| async move {
        let (status, body) = app.get("/api/v1/search?q=a&q=b").await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"], "the query string has a duplicate parameter q",
            "{body}"
        );
        let (status, body) = app.get("/api/v1/posts/popular?size=many").await;
        assert_eq!(status, 400);
        let message = body["message"].as_str().unwrap();
        assert!(message.starts_with("the query parameter size"), "{body}");
        for internal in ["Failed to deserialize", "invalid digit", "`"] {
            assert!(!message.contains(internal), "{body}");
        }
        let (status, body) = app.get("/api/v1/posts/abc").await;
        assert_eq!(status, 400, "{body}");
        let message = body["message"].as_str().unwrap();
        assert!(
            !message.contains("Cannot parse") && !message.contains("i64"),
            "{body}"
        );

        // A broken image: the product's sentence, none of the decoder's words or the file's
        // bytes.
        let master = app.signed_in("master@tidemark.test").await;
        let boundary = "----tidemark-input-1";
        let mut form = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\
             Content-Type: image/png\r\n\r\n"
        )
        .into_bytes();
        form.extend_from_slice(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDRSECRET-BYTES-IN-THE-FILE");
        form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let (status, body) = read(
            master
                .post(app.url("/api/v1/uploads"))
                .header(
                    "content-type",
                    format!("multipart/form-data; boundary={boundary}"),
                )
                .body(form)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            body["message"],
            "this image could not be read: upload a PNG, JPEG, GIF or WebP file"
        );
    })
    .await;
}

#[tokio::test]
async fn hsts_is_sent_only_when_the_site_is_https() {
    let plain = TestApp::spawn(None, "sqlite").await;
    let response = plain.client.get(plain.url("/")).send().await.unwrap();
    assert!(!response.headers().contains_key("strict-transport-security"));

    let secure = TestApp::spawn_custom(None, "sqlite", |settings| {
        settings.public_url = "https://tidemark.example".into();
    })
    .await;
    for path in ["/", "/api/v1/search/popular", "/rss.xml"] {
        let response = secure.client.get(secure.url(path)).send().await.unwrap();
        assert_eq!(
            response.headers()["strict-transport-security"],
            "max-age=63072000; includeSubDomains",
            "{path}"
        );
    }
    // The pages require Trusted Types, through the web client's two policies only; the API
    // reference (Swagger UI) does not.
    let page = secure.client.get(secure.url("/")).send().await.unwrap();
    let csp = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("require-trusted-types-for 'script'"), "{csp}");
    assert!(
        csp.contains("trusted-types tidemark-post-body tidemark-boot"),
        "{csp}"
    );
}
