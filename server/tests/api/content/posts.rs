//! Writing posts: a published post in every list it belongs to until it is hidden, drafts and
//! scheduled posts invisible until their time, and bad posts refused with clear errors.

use super::*;

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
        check_password(&app, &admin).await;
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
