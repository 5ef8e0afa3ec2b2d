//! The public lists: paging by cursor, ETags and 304, the popular head, the interest list's
//! reasons, and operators' recommendations with related posts.

use super::*;
use std::collections::HashSet;

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
