//! Links made into blocks (`POST /api/v1/embeds`) against a local web server: a page becomes a
//! card with its picture kept as an upload; a YouTube link becomes a video with its title and
//! thumbnail from a local oEmbed provider (`TIDEMARK_OEMBED_URL`), or without them when the
//! provider is away; and the fetcher refuses redirects to loopback, link-local and private
//! addresses, a host whose DNS answer is loopback, a slow answer and a huge one.

use crate::helpers::*;
use crate::uploads::png_with_alpha;
use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sea_orm::EntityTrait;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;
use tidemark_server::link_fetch::{Fetcher, Limit, Refusal};

/// The local web: a page with Open Graph tags, its picture, an oEmbed provider, redirects to
/// addresses that are not public, a slow answer and huge ones. `other` is a second listener
/// on loopback that nothing allows.
#[derive(Clone)]
struct Web {
    addr: SocketAddr,
    other: SocketAddr,
}

async fn page(State(web): State<Web>) -> Response {
    let html = format!(
        r#"<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>예비 제목</title>
        <meta property="og:title" content="타이드마크, 기업 소식 플랫폼 출시">
        <meta property="og:description" content="한국 기업이 소식을 전하는 새 방법.">
        <meta property="og:image" content="http://{}/og.png">
        <meta property="og:site_name" content="예시 뉴스"></head><body><p>본문</p></body></html>"#,
        web.addr
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

async fn picture() -> Response {
    (
        [(header::CONTENT_TYPE, "image/png")],
        png_with_alpha(120, 63),
    )
        .into_response()
}

async fn oembed(State(web): State<Web>, Query(query): Query<HashMap<String, String>>) -> Response {
    let url = query.get("url").cloned().unwrap_or_default();
    if !url.starts_with("https://www.youtube.com/watch?v=") {
        return StatusCode::NOT_FOUND.into_response();
    }
    axum::Json(json!({
        "type": "video", "version": "1.0", "provider_name": "YouTube",
        "title": "타이드마크 출시 영상", "thumbnail_url": format!("http://{}/thumb.png", web.addr),
        "thumbnail_width": 480, "thumbnail_height": 360
    }))
    .into_response()
}

fn redirect(to: String) -> Response {
    (StatusCode::FOUND, [(header::LOCATION, to)]).into_response()
}

async fn slow() -> Response {
    tokio::time::sleep(Duration::from_secs(30)).await;
    "late".into_response()
}

/// A page whose head never ends: 20 MB of it, sent as it is made.
async fn huge_page() -> Response {
    let chunks = (0..20 * 16).map(|i| {
        let chunk = if i == 0 {
            b"<html><head><title>endless</title>".to_vec()
        } else {
            vec![b' '; 64 * 1024]
        };
        Ok::<_, std::io::Error>(chunk)
    });
    let body = Body::from_stream(futures_util::stream::iter(chunks));
    ([(header::CONTENT_TYPE, "text/html")], body).into_response()
}

/// A picture of 50 MB, said so in its length.
async fn huge_picture() -> Response {
    (
        [(header::CONTENT_TYPE, "image/png")],
        vec![0u8; 50 * 1024 * 1024],
    )
        .into_response()
}

/// A picture of 12 MB without a length.
async fn huge_picture_unsaid() -> Response {
    let chunks = (0..12 * 16).map(|_| Ok::<_, std::io::Error>(vec![0u8; 64 * 1024]));
    let body = Body::from_stream(futures_util::stream::iter(chunks));
    ([(header::CONTENT_TYPE, "image/png")], body).into_response()
}

async fn start_web() -> Web {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let other = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let web = Web {
        addr: listener.local_addr().unwrap(),
        other: other.local_addr().unwrap(),
    };
    let secret = Router::new().fallback(|| async { "the internal service's secret" });
    tokio::spawn(async move { axum::serve(other, secret).await.unwrap() });
    let to = web.clone();
    let app = Router::new()
        .route("/news", get(page))
        .route("/og.png", get(picture))
        .route("/thumb.png", get(picture))
        .route("/oembed", get(oembed))
        .route(
            "/to-loopback",
            get(move || async move { redirect(format!("http://{}/", to.other)) }),
        )
        .route(
            "/to-localhost",
            get({
                let port = web.other.port();
                move || async move { redirect(format!("http://localhost:{port}/")) }
            }),
        )
        .route(
            "/to-metadata",
            get(|| async { redirect("http://169.254.169.254/latest/meta-data/".into()) }),
        )
        .route(
            "/to-private",
            get(|| async { redirect("http://10.20.30.40/admin".into()) }),
        )
        .route(
            "/to-mapped",
            get(|| async { redirect("http://[::ffff:127.0.0.1]/".into()) }),
        )
        .route(
            "/to-file",
            get(|| async { redirect("file:///etc/passwd".into()) }),
        )
        .route("/loop", get(|| async { redirect("/loop".into()) }))
        .route("/slow", get(slow))
        .route("/huge", get(huge_page))
        .route("/huge.png", get(huge_picture))
        .route("/huge-unsaid.png", get(huge_picture_unsaid))
        .route("/not-found", get(|| async { StatusCode::NOT_FOUND }))
        .with_state(web.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    web
}

#[tokio::test]
async fn the_fetcher_refuses_what_is_not_public_slow_or_huge() {
    let web = start_web().await;
    let fetcher = Fetcher::new(vec![web.addr]).with_time_limit(Duration::from_secs(2));
    let get = |path: &str| {
        let fetcher = fetcher.clone();
        let link = format!("http://{}{path}", web.addr);
        async move {
            fetcher
                .get(&link, "*/*", Limit::Whole(11 * 1024 * 1024))
                .await
        }
    };
    // The allowed address answers.
    let page = get("/news").await.expect("the allowed page");
    assert_eq!(page.content_type, "text/html");
    // Every redirect is checked like the first address.
    for (path, shown) in [
        ("/to-loopback", web.other.to_string()),
        ("/to-localhost", web.other.to_string()),
        ("/to-metadata", "169.254.169.254:80".to_string()),
        ("/to-private", "10.20.30.40:80".to_string()),
        ("/to-mapped", "[::ffff:127.0.0.1]:80".to_string()),
    ] {
        match get(path).await {
            Err(Refusal::NotPublic(why)) => assert!(why.contains(&shown), "{path}: {why}"),
            other => panic!("{path}: {other:?}"),
        }
    }
    assert!(matches!(get("/to-file").await, Err(Refusal::NotPublic(_))));
    assert!(matches!(get("/loop").await, Err(Refusal::Failed(why)) if why.contains("redirects")));
    assert!(matches!(get("/not-found").await, Err(Refusal::Failed(why)) if why.contains("404")));
    // Slow: given up at the time limit.
    let started = std::time::Instant::now();
    assert_eq!(get("/slow").await.unwrap_err(), Refusal::TooSlow);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // Huge: by its declared length, or once the limit is read.
    for path in ["/huge.png", "/huge-unsaid.png"] {
        assert!(
            matches!(get(path).await, Err(Refusal::TooLarge { .. })),
            "{path}"
        );
    }
    // A page is read up to its start only, and says it was cut.
    let start = fetcher
        .get(
            &format!("http://{}/huge", web.addr),
            "text/html",
            Limit::Start(512 * 1024),
        )
        .await
        .unwrap();
    assert_eq!(start.body.len(), 512 * 1024);
    assert!(start.cut);
    // Without the exception, the same server is refused like any loopback address.
    let strict = Fetcher::default();
    assert!(matches!(
        strict
            .get(
                &format!("http://{}/news", web.addr),
                "*/*",
                Limit::Whole(1024)
            )
            .await,
        Err(Refusal::NotPublic(_))
    ));
}

async fn embed(app: &TestApp, client: &reqwest::Client, url: &str) -> (u16, Value) {
    call(
        app,
        client,
        reqwest::Method::POST,
        "/api/v1/embeds",
        Some(json!({ "url": url })),
    )
    .await
}

async fn links_become_cards_and_videos(app: TestApp, web: &Web) {
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;

    // A page: its card, its picture kept as the business's upload.
    let (status, body) = embed(&app, &master, &format!("http://{}/news", web.addr)).await;
    assert_eq!(status, 200, "{body}");
    let card = &body["data"];
    assert_eq!(card["kind"], "linkCard", "{body}");
    assert_eq!(card["title"], "타이드마크, 기업 소식 플랫폼 출시");
    assert_eq!(card["description"], "한국 기업이 소식을 전하는 새 방법.");
    assert_eq!(card["site"], "예시 뉴스");
    let image = card["image"]["url"].as_str().expect("the picture is kept");
    assert!(image.starts_with("/media/images/"), "{image}");
    let upload = card["image"]["id"].as_i64().unwrap();
    let row = tidemark_server::entities::uploads::Entity::find_by_id(upload)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.business_id, Some(business));
    assert_eq!(
        app.client
            .get(app.url(image))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );

    // A YouTube link: the privacy-enhanced player, its title and thumbnail from the provider.
    let (status, body) = embed(&app, &master, "https://youtu.be/dQw4w9WgXcQ?t=42").await;
    assert_eq!(status, 200, "{body}");
    let video = &body["data"];
    assert_eq!(video["kind"], "video");
    assert_eq!(video["provider"], "youtube");
    assert_eq!(
        video["player"],
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42"
    );
    assert_eq!(
        video["page"],
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s"
    );
    assert_eq!(video["title"], "타이드마크 출시 영상");
    assert!(video["thumbnail"]["url"]
        .as_str()
        .unwrap()
        .starts_with("/media/images/"));
    // A provider that does not know the video: the block all the same, without them.
    let (status, body) = embed(&app, &master, "https://vimeo.com/76979871").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["player"],
        "https://player.vimeo.com/video/76979871?dnt=1"
    );
    assert_eq!(body["data"]["title"], Value::Null);
    assert_eq!(body["data"]["thumbnail"], Value::Null);

    // Asked for a video only, a page is refused without being read.
    let (status, body) = call(
        &app,
        &master,
        reqwest::Method::POST,
        "/api/v1/embeds",
        Some(json!({ "url": format!("http://{}/news", web.addr), "videoOnly": true })),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("not a YouTube"),
        "{body}"
    );
    let (status, body) = call(
        &app,
        &master,
        reqwest::Method::POST,
        "/api/v1/embeds",
        Some(json!({ "url": "https://tv.naver.com/v/23456789", "videoOnly": true })),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["player"],
        "https://tv.naver.com/embed/23456789"
    );

    // Refused, each in words the writer reads.
    for (url, words) in [
        (
            format!("http://{}/to-metadata", web.addr),
            "169.254.169.254:80 is not a public address",
        ),
        (
            format!("http://{}/to-loopback", web.addr),
            "is not a public address",
        ),
        (
            "http://192.168.0.1/router".to_string(),
            "is not a public address",
        ),
        (
            "javascript:alert(1)".to_string(),
            "url must be a web address",
        ),
        ("mailto:a@b.kr".to_string(), "url must be a web address"),
        (format!("http://{}/huge", web.addr), "no title"),
    ] {
        let (status, body) = embed(&app, &master, &url).await;
        assert_eq!(status, 400, "{url}: {body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{url}: {message}");
    }
    // Only a business's people make blocks.
    let reader = app.signed_in("reader@tidemark.test").await;
    assert_eq!(
        embed(&app, &reader, "https://youtu.be/dQw4w9WgXcQ").await.0,
        403
    );
    assert_eq!(
        embed(&app, &browser(), "https://youtu.be/dQw4w9WgXcQ")
            .await
            .0,
        401
    );
    // A body keeps the video and the card as the editor writes them.
    let video_block = format!(
        "<figure class=\"video\"><img src=\"{}\" alt=\"타이드마크 출시 영상\"><iframe src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?start=42\" title=\"타이드마크 출시 영상\"></iframe></figure>",
        video["thumbnail"]["url"].as_str().unwrap()
    );
    let id = publish_post(
        &app,
        &master,
        1,
        "영상이 있는 글",
        &format!("<p>소개</p>{video_block}"),
        &[],
    )
    .await;
    // Readers get a play button holding the player's address, and no frame.
    let (status, body) = app.get(&format!("/api/v1/posts/{id}")).await;
    assert_eq!(status, 200);
    let shown = body["data"]["bodyHtml"].as_str().unwrap();
    assert!(!shown.contains("<iframe"), "{shown}");
    assert!(
        shown.contains("<button type=\"button\" class=\"video-play\" data-play=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42&amp;autoplay=1\""),
        "{shown}"
    );
    assert_eq!(
        body["data"]["bodySource"],
        Value::Null,
        "readers never get the stored body"
    );
    // The business's people get the body as stored, to edit: the frame as the sanitiser keeps it.
    let (status, body) = call(
        &app,
        &master,
        reqwest::Method::GET,
        &format!("/api/v1/posts/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let stored = body["data"]["bodySource"].as_str().unwrap();
    assert!(
        stored.contains("<iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42\" title=\"타이드마크 출시 영상\" sandbox=\"allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox\""),
        "{stored}"
    );
    // The first view of the post's page is the readers' body too.
    let page = app
        .client
        .get(app.url(&format!("/post/{id}")))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("class=\"video-play\" data-play="),
        "the first view has the play button"
    );
    assert!(!page.contains("<iframe"), "the first view has no frame");
}

#[tokio::test]
async fn writers_make_links_into_cards_and_videos_on_each_database() {
    let web = start_web().await;
    let configure = |settings: &mut tidemark_server::Settings| {
        settings
            .raw
            .insert("TIDEMARK_FETCH_ALLOW".into(), web.addr.to_string());
        settings
            .raw
            .insert("TIDEMARK_OEMBED_URL".into(), format!("http://{}", web.addr));
    };
    links_become_cards_and_videos(TestApp::spawn_custom(None, "sqlite", configure).await, &web)
        .await;
    if let Some(database) = fresh_postgres().await {
        let app = TestApp::spawn_custom(Some(database.url.clone()), "postgres", configure).await;
        links_become_cards_and_videos(app, &web).await;
        database.drop().await;
    }
}
