//! Posts and the public lists: writing, sanitising, scheduling, publishing, hiding and
//! removal; every list a post belongs to; paging, ETags, recommendations.

use crate::helpers::*;
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::HashSet;

fn ids(body: &Value) -> Vec<i64> {
    body["data"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("a list: {body}"))
        .iter()
        .map(|item| item["postSeq"].as_i64().unwrap())
        .collect()
}

const LISTS: [&str; 6] = [
    "/api/v1/posts/latest",
    "/api/v1/posts/popular",
    "/api/v1/posts/category/1?sort=POPULAR",
    "/api/v1/posts/category/1?sort=LATEST",
    "/api/v1/posts/report",
    "BUSINESS",
];

async fn in_lists(app: &TestApp, business: i64, post: i64) -> Vec<&'static str> {
    let mut found = Vec::new();
    for list in LISTS {
        let path = if list == "BUSINESS" {
            format!("/api/v1/businesses/{business}/posts")
        } else {
            list.to_string()
        };
        let (status, body) = app.get(&path).await;
        assert_eq!(status, 200, "{path}: {body}");
        if ids(&body).contains(&post) {
            found.push(list);
        }
    }
    found
}

#[tokio::test]
async fn a_published_post_appears_in_every_list_it_belongs_to_and_leaves_when_hidden() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let (status, body) = call(&app, &master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 1, "title": "디지털 마케팅 리포트 2026", "summary": "한 해의 흐름",
            "bodyHtml": "<p onclick=\"alert(1)\">본문 <script>alert(1)</script><a href=\"javascript:alert(1)\">링크</a></p><table><tr><td>표</td></tr></table>",
            "tags": ["마케팅", "리포트"], "isReport": true, "action": "publish"
        }))).await;
        assert_eq!(status, 200, "{}: {body}", app.database);
        let post = body["data"]["postSeq"].as_i64().unwrap();
        let html = body["data"]["bodyHtml"].as_str().unwrap();
        assert!(!html.contains("script") && !html.contains("onclick") && !html.contains("javascript:"), "{html}");
        assert!(html.contains("<table>") && html.contains("본문"), "{html}");
        assert_eq!(body["data"]["status"], "PUBLISHED");

        assert_eq!(in_lists(&app, business, post).await, LISTS.to_vec(), "{}", app.database);
        let (status, detail) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(status, 200);
        assert_eq!(detail["data"]["tags"], json!(["리포트", "마케팅"]));
        assert_eq!(detail["data"]["business"]["id"], business);
        let (_, profile) = app.get(&format!("/api/v1/businesses/{business}")).await;
        assert!(profile["data"]["postCounts"].as_array().unwrap().iter().any(|c| c["categoryId"] == 1 && c["count"].as_i64() >= Some(1)));

        // Hidden: gone from every list and from the public detail; its business still sees it.
        let (status, body) = call(&app, &master, Method::POST, &format!("/api/v1/posts/{post}/hide"), None).await;
        assert_eq!((status, body["data"]["status"].as_str()), (200, Some("HIDDEN")));
        assert!(in_lists(&app, business, post).await.is_empty());
        let (status, body) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("101")));
        let (status, _) = call(&app, &master, Method::GET, &format!("/api/v1/posts/{post}"), None).await;
        assert_eq!(status, 200);

        // Published again, then removed by an operator: gone, and the business cannot revive it.
        let (status, _) = call(&app, &master, Method::POST, &format!("/api/v1/posts/{post}/publish"), None).await;
        assert_eq!(status, 200);
        assert_eq!(in_lists(&app, business, post).await.len(), LISTS.len());
        let admin = app.signed_in("admin@tidemark.test").await;
        let (status, _) = call(&app, &master, Method::POST, &format!("/api/v1/admin/posts/{post}/remove"), Some(json!({"reason": "광고"}))).await;
        assert_eq!(status, 403);
        let (status, body) = call(&app, &admin, Method::POST, &format!("/api/v1/admin/posts/{post}/remove"), Some(json!({"reason": "광고성 글"}))).await;
        assert_eq!((status, body["data"]["status"].as_str()), (200, Some("REMOVED")), "{body}");
        assert!(in_lists(&app, business, post).await.is_empty());
        let (status, _) = call(&app, &master, Method::POST, &format!("/api/v1/posts/{post}/publish"), None).await;
        assert_eq!(status, 403);
    })
    .await;
}

#[tokio::test]
async fn drafts_and_scheduled_posts_stay_invisible_until_their_time() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let (status, body) = call(&app, &master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 2, "title": "", "bodyHtml": "", "action": "draft"
        }))).await;
        assert_eq!((status, body["data"]["status"].as_str()), (200, Some("DRAFT")), "{body}");
        let draft = body["data"]["postSeq"].as_i64().unwrap();
        // A draft without a title cannot be published.
        let (status, _) = call(&app, &master, Method::POST, &format!("/api/v1/posts/{draft}/publish"), None).await;
        assert_eq!(status, 400);

        let at = (chrono::Utc::now() + chrono::Duration::seconds(2)).to_rfc3339();
        let (status, body) = call(&app, &master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 2, "title": "예약된 성공 사례", "bodyHtml": "<p>곧 공개</p>",
            "action": "schedule", "publishAt": at
        }))).await;
        assert_eq!((status, body["data"]["status"].as_str()), (200, Some("SCHEDULED")), "{body}");
        let scheduled = body["data"]["postSeq"].as_i64().unwrap();
        // Scheduling in the past is refused.
        let (status, _) = call(&app, &master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 2, "title": "과거", "bodyHtml": "<p>x</p>", "action": "schedule", "publishAt": "2020-01-01T09:00"
        }))).await;
        assert_eq!(status, 400);

        for post in [draft, scheduled] {
            assert!(in_lists(&app, business, post).await.is_empty());
            let (status, _) = app.get(&format!("/api/v1/posts/{post}")).await;
            assert_eq!(status, 404);
        }
        // Its own business sees both in its list.
        let (_, mine) = call(&app, &master, Method::GET, "/api/v1/mypage/posts", None).await;
        let own = ids(&mine);
        assert!(own.contains(&draft) && own.contains(&scheduled), "{mine}");
        let (_, drafts) = call(&app, &master, Method::GET, "/api/v1/mypage/posts?status=DRAFT", None).await;
        assert_eq!(ids(&drafts), vec![draft]);
        // The overview's counts by status agree with the list.
        let (status, counts) = call(&app, &master, Method::GET, "/api/v1/mypage/posts/counts", None).await;
        assert_eq!(status, 200, "{counts}");
        for (field, status) in [
            ("draft", "DRAFT"),
            ("scheduled", "SCHEDULED"),
            ("hidden", "HIDDEN"),
            ("removed", "REMOVED"),
        ] {
            let path = format!("/api/v1/mypage/posts?status={status}&size=50");
            let (_, page) = call(&app, &master, Method::GET, &path, None).await;
            assert_eq!(counts["data"][field].as_i64(), Some(ids(&page).len() as i64), "{field}: {counts}");
        }
        assert_eq!((counts["data"]["draft"].as_i64(), counts["data"]["scheduled"].as_i64()), (Some(1), Some(1)), "{counts}");

        // Nothing publishes it early; at its time it is published (by this call, or by the
        // server's own job if that came first).
        assert!(tidemark_server::content::publish_due(&app.state).await.unwrap().is_empty());
        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        let published = tidemark_server::content::publish_due(&app.state).await.unwrap();
        assert!(published.is_empty() || published == vec![scheduled], "{published:?}");
        let (status, detail) = app.get(&format!("/api/v1/posts/{scheduled}")).await;
        assert_eq!((status, detail["data"]["status"].as_str()), (200, Some("PUBLISHED")));
        assert!(in_lists(&app, business, scheduled).await.contains(&"/api/v1/posts/latest"));
    })
    .await;
}

#[tokio::test]
async fn bad_posts_are_refused_with_clear_errors_and_readers_cannot_write() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let base =
        json!({"categoryId": 1, "title": "제목", "bodyHtml": "<p>본문</p>", "action": "publish"});
    let cases = [
        ("categoryId", json!(10)),
        ("title", json!("가".repeat(101))),
        ("summary", json!("가".repeat(301))),
        (
            "tags",
            json!((0..11).map(|i| format!("태그{i}")).collect::<Vec<_>>()),
        ),
        ("action", json!("launch")),
        ("seriesOrder", json!(3)),
        ("bodyHtml", json!("가".repeat(200_000))),
        ("coverUploadId", json!(999_999)),
    ];
    for (field, value) in cases {
        let mut body = base.clone();
        body[field] = value;
        let (status, answer) = call(&app, &master, Method::POST, "/api/v1/posts", Some(body)).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("104")),
            "{field}: {answer}"
        );
        assert!(!answer["message"].as_str().unwrap().is_empty());
    }
    let (_, mine) = call(&app, &master, Method::GET, "/api/v1/mypage/posts", None).await;
    assert!(ids(&mine).is_empty(), "nothing half-written: {mine}");
    let reader = app.signed_in("reader@tidemark.test").await;
    let (status, _) = call(
        &app,
        &reader,
        Method::POST,
        "/api/v1/posts",
        Some(base.clone()),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = call(&app, &browser(), Method::POST, "/api/v1/posts", Some(base)).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn lists_page_by_cursor_and_answer_304_to_their_etag() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let mut made = Vec::new();
        for i in 0..23 {
            made.push(
                publish_post(
                    &app,
                    &master,
                    3,
                    &format!("제품 소식 {i}"),
                    "<p>새 기능</p>",
                    &[],
                )
                .await,
            );
        }
        every_list_pages_by_cursor_with_each_post_once(&app, &made).await;
        the_latest_come_first_and_bad_paging_is_400(&app, &made).await;
        a_list_answers_304_to_its_etag_until_a_post_changes_it(&app, &master).await;
    })
    .await;
}

async fn every_list_pages_by_cursor_with_each_post_once(app: &TestApp, made: &[i64]) {
    for list in [
        "/api/v1/posts/latest",
        "/api/v1/posts/popular",
        "/api/v1/posts/category/3?sort=LATEST",
    ] {
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let sep = if list.contains('?') { '&' } else { '?' };
            let path = match &cursor {
                Some(c) => format!("{list}{sep}size=10&cursor={c}"),
                None => format!("{list}{sep}size=10"),
            };
            let (status, body) = app.get(&path).await;
            assert_eq!(status, 200, "{path}: {body}");
            seen.extend(ids(&body));
            match body["data"]["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => break,
            }
        }
        let unique: HashSet<_> = seen.iter().collect();
        assert_eq!(unique.len(), seen.len(), "{list}: no post twice");
        assert!(
            made.iter().all(|id| seen.contains(id)),
            "{list}: every post once"
        );
    }
}

async fn the_latest_come_first_and_bad_paging_is_400(app: &TestApp, made: &[i64]) {
    let (_, latest) = app.get("/api/v1/posts/latest?size=3").await;
    let mut expected = made.to_vec();
    expected.reverse();
    assert_eq!(ids(&latest), expected[..3].to_vec(), "newest first");
    for bad in [
        "/api/v1/posts/latest?size=51",
        "/api/v1/posts/latest?size=0",
        "/api/v1/posts/latest?cursor=%21%21",
        "/api/v1/posts/category/1?sort=OLDEST",
    ] {
        let (status, body) = app.get(bad).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("104")), "{bad}");
    }
}

/// ETag and 304; a new post changes the page.
async fn a_list_answers_304_to_its_etag_until_a_post_changes_it(
    app: &TestApp,
    master: &reqwest::Client,
) {
    let response = app
        .client
        .get(app.url("/api/v1/posts/latest"))
        .send()
        .await
        .unwrap();
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    assert!(response.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("max-age"));
    let again = app
        .client
        .get(app.url("/api/v1/posts/latest"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    publish_post(app, master, 3, "또 하나의 소식", "<p>x</p>", &[]).await;
    let changed = app
        .client
        .get(app.url("/api/v1/posts/latest"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    assert_ne!(changed.headers()["etag"].to_str().unwrap(), etag);
}

#[tokio::test]
async fn the_popular_head_shows_at_most_two_posts_of_one_business() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    for i in 0..6 {
        publish_post(
            &app,
            &master,
            1,
            &format!("데모 회사 글 {i}"),
            "<p>x</p>",
            &[],
        )
        .await;
    }
    new_member(&app, "second@example.test").await;
    let second = app.signed_in("second@example.test").await;
    let (status, _) = call(&app, &second, Method::POST, "/api/v1/businesses", Some(json!({
        "registrationNumber": "220-81-62517", "name": "둘째 회사", "description": "설명", "industry": "제조"
    }))).await;
    assert_eq!(status, 200);
    for i in 0..3 {
        publish_post(
            &app,
            &second,
            1,
            &format!("둘째 회사 글 {i}"),
            "<p>x</p>",
            &[],
        )
        .await;
    }
    let (_, popular) = app.get("/api/v1/posts/popular").await;
    let items = popular["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 9, "never loses a post");
    let mut per_business = std::collections::HashMap::new();
    for item in &items[..4] {
        *per_business
            .entry(item["business"]["id"].as_i64().unwrap())
            .or_insert(0) += 1;
    }
    assert!(per_business.values().all(|n| *n <= 2), "{per_business:?}");
}

#[tokio::test]
async fn the_interest_list_gives_a_reason_for_each_post() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let from_followed = publish_post(&app, &master, 5, "채용 공고", "<p>x</p>", &[]).await;
        new_member(&app, "maker@example.test").await;
        let maker = app.signed_in("maker@example.test").await;
        let (status, _) = call(&app, &maker, Method::POST, "/api/v1/businesses", Some(json!({
            "registrationNumber": "220-81-62517", "name": "관심 회사", "description": "설명", "industry": "제조"
        }))).await;
        assert_eq!(status, 200);
        let in_category = publish_post(&app, &maker, 4, "우리 회사 문화", "<p>x</p>", &[]).await;
        let unrelated = publish_post(&app, &maker, 7, "보도자료", "<p>x</p>", &[]).await;

        new_member(&app, "curious@example.test").await;
        let reader = app.signed_in("curious@example.test").await;
        let (status, _) = call(&app, &reader, Method::PUT, "/mypage/v1/profile", Some(json!({"interests": [4]}))).await;
        assert_eq!(status, 200);
        let (status, _) = call(&app, &reader, Method::PUT, &format!("/api/v1/follows/{business}"), Some(json!({"source": "Follow_CorpProfile"}))).await;
        assert_eq!(status, 200);
        let (status, body) = call(&app, &reader, Method::GET, "/api/v1/posts/interest", None).await;
        assert_eq!(status, 200, "{body}");
        let items = body["data"]["items"].as_array().unwrap();
        let reason = |id: i64| items.iter().find(|i| i["postSeq"] == id).map(|i| i["reason"].as_str().unwrap().to_string());
        assert_eq!(reason(from_followed).as_deref(), Some("followed_business"));
        assert_eq!(reason(in_category).as_deref(), Some("category_interest"));
        assert_eq!(reason(unrelated), None);
        // Newest first with LATEST; POPULAR (the default) pages by place through the same posts.
        let (_, latest) = call(&app, &reader, Method::GET, "/api/v1/posts/interest?sort=LATEST", None).await;
        assert_eq!(ids(&latest)[..2], [in_category, from_followed]);
        let mut walked = Vec::new();
        let mut path = "/api/v1/posts/interest?sort=POPULAR&size=1".to_string();
        loop {
            let (status, page) = call(&app, &reader, Method::GET, &path, None).await;
            assert_eq!(status, 200, "{page}");
            walked.extend(ids(&page));
            match page["data"]["nextCursor"].as_str() {
                Some(cursor) => path = format!("/api/v1/posts/interest?sort=POPULAR&size=1&cursor={cursor}"),
                None => break,
            }
        }
        let (_, popular) = call(&app, &reader, Method::GET, "/api/v1/posts/interest?sort=POPULAR", None).await;
        assert_eq!(walked, ids(&popular), "one post a page, in the popular order, none twice");
        let mut both = walked.clone();
        both.sort();
        let mut newest = ids(&latest);
        newest.sort();
        assert_eq!(both, newest, "the same posts either way");
        let (status, _) = call(&app, &reader, Method::GET, "/api/v1/posts/interest?sort=OLDEST", None).await;
        assert_eq!(status, 400);
        let (status, _) = app.get("/api/v1/posts/interest").await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn operators_curate_recommendations_and_related_posts_share_tags() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let a = publish_post(&app, &master, 1, "AI 도입기", "<p>x</p>", &["AI", "도입"]).await;
    let b = publish_post(&app, &master, 2, "AI 성공 사례", "<p>x</p>", &["AI"]).await;
    let c = publish_post(&app, &master, 6, "공지", "<p>x</p>", &[]).await;
    let collection =
        json!({"titleKo": "에디터 추천", "titleEn": "Editors' picks", "postSeqs": [c, a]});
    let (status, _) = call(
        &app,
        &master,
        Method::POST,
        "/api/v1/admin/recommendations",
        Some(collection.clone()),
    )
    .await;
    assert_eq!(status, 403);
    let admin = app.signed_in("admin@tidemark.test").await;
    let (status, body) = call(
        &app,
        &admin,
        Method::POST,
        "/api/v1/admin/recommendations",
        Some(collection),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    let (_, home) = app.get("/api/v1/recommendations").await;
    let section = home["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap();
    assert_eq!(section["titleKo"], "에디터 추천");
    assert_eq!(
        ids(&json!({"data": {"items": section["items"]}})),
        vec![c, a],
        "the operators' order"
    );
    let (status, one) = app
        .get(&format!("/api/v1/recommendations/{id}?size=1"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(ids(&one), vec![c]);
    assert!(one["data"]["nextCursor"].is_string());
    let (status, _) = call(
        &app,
        &admin,
        Method::POST,
        "/api/v1/admin/recommendations",
        Some(json!({"titleKo": "x", "titleEn": "x", "postSeqs": [999_999]})),
    )
    .await;
    assert_eq!(status, 400);

    let (status, related) = app.get(&format!("/api/v1/posts/{a}/related")).await;
    assert_eq!(status, 200);
    let related: Vec<i64> = related["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["postSeq"].as_i64().unwrap())
        .collect();
    assert_eq!(
        related.first(),
        Some(&b),
        "the post sharing a tag comes first"
    );
    assert!(!related.contains(&a));
}

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
