//! The pages: shared well, feeds of public posts only, and each page painting its first view
//! from the first answer of its calls.

use super::*;

#[tokio::test]
async fn pages_share_well_and_feeds_list_public_posts_only() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let post = publish_post(&app, &master, 7, "타이드마크 </script> 출시 \"발표\"", "<p>보도자료 본문</p>", &["출시"]).await;
        let at = (chrono::Utc::now() + chrono::Duration::hours(3)).to_rfc3339();
        let (_, scheduled) = call(&app, &master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 7, "title": "아직 비밀인 발표", "summary": "비밀 요약", "bodyHtml": "<p>비밀</p>", "action": "schedule", "publishAt": at
        }))).await;
        let scheduled = scheduled["data"]["postSeq"].as_i64().unwrap();

        let response = app.client.get(app.url(&format!("/post/{post}"))).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let html = response.text().await.unwrap();
        assert!(html.contains(r#"<meta property="og:type" content="article" />"#), "{html}");
        assert!(html.contains(&format!(r#"<link rel="canonical" href="http://localhost:8080/post/{post}" />"#)), "{html}");
        assert!(html.contains("&quot;발표&quot;"), "titles are escaped: {html}");
        assert!(html.contains(r#""@type":"NewsArticle""#), "{html}");
        assert!(!html.contains("</script> 출시"), "nothing closes a script early");
        let data = html.split(r#"<script id="tidemark-data" type="application/json">"#).nth(1).unwrap().split("</script>").next().unwrap();
        let data: Value = serde_json::from_str(data).unwrap();
        let detail = &data["calls"][format!("/api/v1/posts/{post}")];
        assert_eq!(detail["postSeq"], post);
        assert_eq!(detail["title"], "타이드마크 </script> 출시 \"발표\"");
        assert!(data.get("data").is_none(), "the detail is given once, as its call's answer");
        assert!(html.contains("id=root"));

        let (status, payload) = app.get(&format!("/post/{post}/_payload.json")).await;
        assert_eq!((status, payload["data"]["postSeq"].as_i64()), (200, Some(post)));

        let html = app.client.get(app.url(&format!("/business/profile/{business}"))).send().await.unwrap().text().await.unwrap();
        assert!(html.contains(r#""@type":"Organization""#) && html.contains(r#"content="profile""#), "{html}");

        // The scheduled post leaks nowhere.
        let response = app.client.get(app.url(&format!("/post/{scheduled}"))).send().await.unwrap();
        assert_eq!(response.status(), 404);
        assert!(!response.text().await.unwrap().contains("비밀"));
        let (status, _) = app.get(&format!("/post/{scheduled}/_payload.json")).await;
        assert_eq!(status, 404);

        let text = |path: String| {
            let client = app.client.clone();
            let url = app.url(&path);
            async move {
                let response = client.get(url).send().await.unwrap();
                assert_eq!(response.status(), 200, "{path}");
                let kind = response.headers()["content-type"].to_str().unwrap().to_string();
                (kind, response.text().await.unwrap())
            }
        };
        let (kind, index) = text("/sitemap.xml".into()).await;
        assert!(kind.starts_with("application/xml"));
        assert!(index.contains("/sitemaps/posts-1.xml"), "{index}");
        let (_, posts) = text("/sitemaps/posts-1.xml".into()).await;
        assert!(posts.contains(&format!("/post/{post}</loc>")));
        assert!(!posts.contains(&format!("/post/{scheduled}</loc>")));
        for feed in ["/rss.xml".to_string(), "/rss/category/7.xml".into(), format!("/rss/business/{business}.xml")] {
            let (kind, rss) = text(feed.clone()).await;
            assert!(kind.starts_with("application/rss+xml"), "{feed}");
            assert!(rss.contains(&format!("/post/{post}</guid>")), "{feed}: {rss}");
            assert!(rss.contains("&lt;/script&gt;"), "{feed}: escaped");
            assert!(!rss.contains("아직 비밀인 발표"), "{feed}");
        }
        let (_, robots) = text("/robots.txt".into()).await;
        assert!(robots.contains("Sitemap: http://localhost:8080/sitemap.xml"));
        let (status, _) = app.get("/rss/category/12.xml").await;
        assert_eq!(status, 404);
    })
    .await;
}

/// The inline data of a page: `{"path", "data", "calls"}`.
fn inline_data(html: &str) -> Value {
    let data = html
        .split(r#"<script id="tidemark-data" type="application/json">"#)
        .nth(1)
        .unwrap_or_else(|| panic!("inline data: {html}"))
        .split("</script>")
        .next()
        .unwrap();
    serde_json::from_str(data).unwrap_or_else(|error| panic!("{error}: {data}"))
}

/// What is inside the root element of the test shell (`<div id=root></div>`).
fn root_of(html: &str) -> &str {
    let start = html.find("<div id=root>").expect("the root element") + "<div id=root>".len();
    let end = html.rfind("</div>").unwrap();
    &html[start..end]
}

async fn page_html(app: &TestApp, path: &str, language: Option<&str>) -> String {
    let mut request = app.client.get(app.url(path));
    if let Some(language) = language {
        request = request.header("accept-language", language);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

#[tokio::test]
async fn pages_paint_their_first_view_from_the_first_answer() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let (hostile_post, scheduled) = first_view_posts(&app, &master).await;
        let home = the_home_page_paints_the_answers_of_its_three_calls(&app, scheduled).await;
        a_hostile_title_is_text_never_markup(&home);
        english_readers_get_english_unless_they_chose_korean(&app).await;
        a_post_page_paints_its_detail_and_related_posts(&app, hostile_post).await;
        list_pages_paint_the_list_their_sort_names(&app).await;
        a_business_page_paints_its_head_and_first_posts(&app, &master).await;
        // Other pages stay as they were.
        let html = page_html(&app, "/mobile/category", None).await;
        assert!(html.contains("<div id=root></div>") && !html.contains("tidemark-data"));
    })
    .await;
}

/// A title that tries to close the page's scripts.
const HOSTILE_TITLE: &str = "<script>alert(1)</script> 그리고 </script><!-- \"끝\"";

/// Nine posts in three categories, one with [`HOSTILE_TITLE`], a post scheduled for later and
/// an operators' collection of the two. Answers the hostile and the scheduled post.
async fn first_view_posts(app: &TestApp, master: &reqwest::Client) -> (i64, i64) {
    let mut titles = Vec::new();
    for i in 0..9 {
        let title = format!("첫 화면 글 {i}");
        publish_post(app, master, 1 + (i % 3), &title, "<p>본문</p>", &["첫화면"]).await;
        titles.push(title);
    }
    let evil_post = publish_post(
        app,
        master,
        2,
        HOSTILE_TITLE,
        "<p>본문 <strong>굵게</strong></p>",
        &["첫화면"],
    )
    .await;
    let at = (chrono::Utc::now() + chrono::Duration::hours(3)).to_rfc3339();
    let (status, scheduled) = call(app, master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 1, "title": "아직 비밀인 첫 화면", "summary": "비밀 요약", "bodyHtml": "<p>비밀</p>", "action": "schedule", "publishAt": at, "tags": ["첫화면"]
        }))).await;
    assert_eq!(status, 200, "{scheduled}");
    let scheduled = scheduled["data"]["postSeq"].as_i64().unwrap();
    let admin = app.signed_in("admin@tidemark.test").await;
    let (status, body) = call(app, &admin, Method::POST, "/api/v1/admin/recommendations", Some(json!({
            "titleKo": "편집자 추천", "titleEn": "Editors' picks", "postSeqs": [evil_post, scheduled]
        }))).await;
    assert_eq!(status, 200, "{body}");
    (evil_post, scheduled)
}

/// The home page: hero, categories, the collection, popular and latest; the three calls
/// answered inline exactly as the API answers them. Answers the page.
async fn the_home_page_paints_the_answers_of_its_three_calls(
    app: &TestApp,
    scheduled: i64,
) -> String {
    let html = page_html(app, "/", None).await;
    let root = root_of(&html);
    assert!(
        root.contains(r#"<section class="hero"><h1>기업이 전하는 이야기, 한곳에서</h1>"#),
        "{root}"
    );
    assert!(root
        .contains(r#"<span class="session-pending" aria-hidden="true" data-session=""></span>"#));
    assert!(root.contains(r#"<h2 id="popular-title">인기 콘텐츠</h2>"#));
    assert_eq!(
        root.matches(r#"<li><a href="/post/category/list/"#).count(),
        18,
        "nine categories in the menu and the grid"
    );
    let popular_section = root
        .split(r#"<h2 id="popular-title">"#)
        .nth(1)
        .unwrap()
        .split("</section>")
        .next()
        .unwrap();
    assert_eq!(
        popular_section
            .matches(r#"<article class="post-card""#)
            .count(),
        8
    );
    let data = inline_data(&html);
    assert_eq!(data["path"], "/");
    let calls = data["calls"].as_object().unwrap();
    assert_eq!(calls.len(), 3, "{calls:?}");
    for address in [
        "/api/v1/recommendations",
        "/api/v1/posts/popular?size=8",
        "/api/v1/posts/latest?size=8",
    ] {
        let (status, answer) = app.get(address).await;
        assert_eq!(status, 200);
        assert_eq!(calls[address], answer["data"], "{address}");
    }
    for item in calls["/api/v1/posts/popular?size=8"]["items"]
        .as_array()
        .unwrap()
    {
        let title = item["title"].as_str().unwrap();
        let escaped = title
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;");
        assert!(
            popular_section.contains(&format!(r#"<h3 class="post-card-title">{escaped}</h3>"#)),
            "{title}"
        );
    }
    assert_eq!(
        calls["/api/v1/recommendations"][0]["items"]
            .as_array()
            .unwrap()
            .len(),
        1,
        "the scheduled post is not in the collection"
    );
    assert!(root.contains("편집자 추천"));
    // The first two cards load at once, the others lazily.
    assert_eq!(root.matches(r#"<article class="post-card""#).count(), 17);
    // The scheduled post is nowhere.
    assert!(
        !html.contains("아직 비밀인") && !html.contains("비밀 요약"),
        "{html}"
    );
    assert!(!html.contains(&format!(r#"data-post-seq="{scheduled}""#)));
    assert!(!html.contains(&format!(r#""postSeq":{scheduled}"#)));
    html
}

/// A hostile title is text, never markup, in the view and in the data.
fn a_hostile_title_is_text_never_markup(html: &str) {
    assert!(!html.contains("<script>alert(1)"), "{html}");
    assert!(!html.contains("</script> 그리고"));
    assert!(html.contains(
        "&lt;script&gt;alert(1)&lt;/script&gt; 그리고 &lt;/script&gt;&lt;!-- &quot;끝&quot;"
    ));
    assert_eq!(html.matches("<script").count(), 1, "only the data script");
}

/// English readers get English texts and category names.
async fn english_readers_get_english_unless_they_chose_korean(app: &TestApp) {
    let english = page_html(app, "/", Some("en-US,en;q=0.9,ko;q=0.5")).await;
    assert!(english.contains("<h1>What businesses have to say, in one place</h1>"));
    assert!(english.contains("Success stories") && english.contains("Editors&#39; picks"));
    let cookie = app
        .client
        .get(app.url("/"))
        .header("accept-language", "en")
        .header("cookie", "tm_lang=ko")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        cookie.contains("<h1>기업이 전하는 이야기, 한곳에서</h1>"),
        "the saved choice wins"
    );
}

/// A post: its view inside the root, its detail and related posts inline.
async fn a_post_page_paints_its_detail_and_related_posts(app: &TestApp, evil_post: i64) {
    let html = page_html(app, &format!("/post/{evil_post}"), None).await;
    let root = root_of(&html);
    assert!(root.contains(r#"<h1 id="post-title" class="post-title">&lt;script&gt;alert(1)&lt;/script&gt; 그리고 &lt;/script&gt;&lt;!-- &quot;끝&quot;</h1>"#), "{root}");
    assert!(
        root.contains("<p>본문 <strong>굵게</strong></p>"),
        "the sanitised body as it is"
    );
    assert!(!html.contains("<script>alert(1)"));
    assert_eq!(
        html.matches("<script").count(),
        2,
        "JSON-LD and the data only"
    );
    let data = inline_data(&html);
    let calls = data["calls"].as_object().unwrap();
    let detail = format!("/api/v1/posts/{evil_post}");
    let related = format!("/api/v1/posts/{evil_post}/related");
    assert_eq!(calls[&detail]["title"], HOSTILE_TITLE);
    assert_eq!(calls.len(), 2, "{calls:?}");
    let (_, answer) = app.get(&detail).await;
    assert_eq!(calls[&detail], answer["data"]);
    let (_, answer) = app.get(&related).await;
    assert_eq!(calls[&related], answer["data"]);
    assert!(!calls[&related].as_array().unwrap().is_empty());
    assert!(!html.contains("아직 비밀인"), "a related post is public");
}

/// A list with sort=LATEST shows the latest list; popular with LATEST is the latest too.
async fn list_pages_paint_the_list_their_sort_names(app: &TestApp) {
    for (path, address) in [
        (
            "/post/latest/list?sort=LATEST",
            "/api/v1/posts/latest?size=20",
        ),
        (
            "/post/popular/list?sort=LATEST",
            "/api/v1/posts/latest?size=20",
        ),
        ("/post/latest/list", "/api/v1/posts/popular?size=20"),
        (
            "/post/category/list/1?sort=LATEST&timestamp=5",
            "/api/v1/posts/category/1?size=20&sort=LATEST",
        ),
        (
            "/post/category/list/2?sort=nonsense",
            "/api/v1/posts/category/2?size=20&sort=POPULAR",
        ),
    ] {
        let html = page_html(app, path, None).await;
        let data = inline_data(&html);
        let calls = data["calls"].as_object().unwrap();
        assert_eq!(calls.keys().collect::<Vec<_>>(), vec![address], "{path}");
        let (_, answer) = app.get(address).await;
        assert_eq!(calls[address], answer["data"], "{path}");
        let root = root_of(&html);
        // The cards' grid in its frame (its class says rows of three for a multiple of three).
        assert!(
            root.contains(r#"<div class="post-grid-frame"><div class="post-grid"#)
                && root.contains(r#" data-testid="post-list">"#),
            "{path}: {root}"
        );
        assert!(!root.contains("아직 비밀인"), "{path}");
    }
    let html = page_html(app, "/post/category/list/1?sort=LATEST&timestamp=5", None).await;
    assert!(html.contains(r#"<a href="/post/category/list/1?sort=LATEST&amp;timestamp=5" aria-current="page">최신</a>"#), "{html}");
    assert!(
        html.contains(r#"<a href="/post/category/list/1?sort=POPULAR&amp;timestamp=5">인기</a>"#)
    );
    assert!(html.contains("<h1>인사이트</h1>"));
}

/// A business: its head and first posts.
async fn a_business_page_paints_its_head_and_first_posts(app: &TestApp, master: &reqwest::Client) {
    let business = my_business(app, master).await;
    let html = page_html(app, &format!("/business/profile/{business}"), None).await;
    let data = inline_data(&html);
    let calls = data["calls"].as_object().unwrap();
    let posts = format!("/api/v1/businesses/{business}/posts?size=20");
    let (_, answer) = app.get(&posts).await;
    assert_eq!(calls[&posts], answer["data"]);
    let (_, answer) = app.get(&format!("/api/v1/businesses/{business}")).await;
    assert_eq!(
        calls[&format!("/api/v1/businesses/{business}")],
        answer["data"]
    );
    let root = root_of(&html);
    assert!(
        root.contains(r#"<div class="page business-page">"#),
        "{root}"
    );
    assert_eq!(root.matches(r#"<article class="post-card""#).count(), 10);
    assert!(!root.contains("아직 비밀인"));
}
