//! The whole story through the API, on both databases: a business registers, invites a
//! manager who joins, the manager publishes a post that shows in every list it belongs to and
//! in Korean search and suggestions, readers follow and bookmark it, and the business sees it
//! in its analytics.

use crate::helpers::*;
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use tidemark_server::entities::mail_outbox;

fn post_ids(body: &Value) -> Vec<i64> {
    body["data"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("a list: {body}"))
        .iter()
        .filter_map(|item| item["postSeq"].as_i64())
        .collect()
}

#[tokio::test]
async fn a_business_publishes_and_readers_find_follow_bookmark_and_count() {
    on_each_database(|app: TestApp| async move {
        let (founder, business) = a_member_registers_a_business(&app).await;
        let writer = a_manager_joins_through_the_mailed_invitation(&app, &founder, business).await;
        let post =
            the_manager_publishes_into_every_list_it_belongs_to(&app, &writer, business).await;
        korean_search_and_suggestions_find_it(&app, business, post).await;
        readers_follow_bookmark_and_view_it(&app, business, post).await;
        the_business_sees_it_in_its_analytics(&app, &writer, business, post).await;
    })
    .await;
}

/// Answers the founder's browser and the business.
async fn a_member_registers_a_business(app: &TestApp) -> (reqwest::Client, i64) {
    let db = app.database;
    new_member(app, "founder@journey.test").await;
    let founder = app.signed_in("founder@journey.test").await;
    let (status, body) = call(
        app,
        &founder,
        Method::POST,
        "/api/v1/businesses",
        Some(json!({
            "registrationNumber": "124-81-00998", "name": "여정컴퍼니", "industry": "마케팅",
            "description": "디지털 마케팅 대행사"
        })),
    )
    .await;
    assert_eq!(status, 200, "{db}: {body}");
    (founder, body["data"]["id"].as_i64().unwrap())
}

/// It invites a manager, who joins through the mailed link; answers the manager's browser.
async fn a_manager_joins_through_the_mailed_invitation(
    app: &TestApp,
    founder: &reqwest::Client,
    business: i64,
) -> reqwest::Client {
    let db = app.database;
    let (status, _) = call(
        app,
        founder,
        Method::POST,
        &format!("/api/v1/businesses/{business}/invitations"),
        Some(json!({"email": "writer@journey.test"})),
    )
    .await;
    assert_eq!(status, 200);
    let mail = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq("writer@journey.test"))
        .order_by_desc(mail_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let token: String = mail
        .body_text
        .split("token=")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let writer = browser();
    let (status, body) = call(app, &writer, Method::POST, "/api/v1/invitations/join", Some(json!({
            "token": token, "password": "Story-pass-2026", "nickname": "작가", "terms": {"service": true, "privacy": true}
        }))).await;
    assert_eq!(status, 200, "{db}: {body}");
    writer
}

/// The manager publishes a post whose body holds only the inflected compound; answers it.
async fn the_manager_publishes_into_every_list_it_belongs_to(
    app: &TestApp,
    writer: &reqwest::Client,
    business: i64,
) -> i64 {
    let db = app.database;
    let (status, body) = call(app, writer, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 2, "title": "여정컴퍼니 고객 성공 이야기", "summary": "고객과 함께 걸은 1년",
            "bodyHtml": "<p>우리는 디지털마케팅을 새로 설계했습니다.</p>", "tags": ["고객성공"], "action": "publish"
        }))).await;
    assert_eq!(status, 200, "{db}: {body}");
    let post = body["data"]["postSeq"].as_i64().unwrap();

    for list in [
        "/api/v1/posts/latest",
        "/api/v1/posts/popular",
        "/api/v1/posts/category/2?sort=LATEST",
        "/api/v1/posts/category/2?sort=POPULAR",
    ] {
        let (_, body) = app.get(list).await;
        assert!(post_ids(&body).contains(&post), "{db}: {list}");
    }
    let (_, body) = app
        .get(&format!("/api/v1/businesses/{business}/posts"))
        .await;
    assert_eq!(post_ids(&body), vec![post]);
    post
}

/// Korean search finds it by a word inside the compound, and suggestions know it.
async fn korean_search_and_suggestions_find_it(app: &TestApp, business: i64, post: i64) {
    let db = app.database;
    app.state.search.flush().await.unwrap();
    let (status, body) = app
        .get("/api/v1/search?q=%EB%A7%88%EC%BC%80%ED%8C%85")
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        post_ids(&body).contains(&post),
        "{db}: 마케팅 finds 디지털마케팅을: {body}"
    );
    let (_, body) = app
        .get("/api/v1/search?q=%EC%97%AC%EC%A0%95&type=BUSINESS")
        .await;
    assert_eq!(body["data"]["items"][0]["businessId"], business, "{body}");
    for prefix in ["%EC%97%AC%EC%A0%95", "%E3%85%87%E3%85%88%E3%85%8B"] {
        let (_, body) = app
            .get(&format!(
                "/api/v1/search/suggestions?q={prefix}&mode=Typing"
            ))
            .await;
        let texts: Vec<&str> = body["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|i| i["text"].as_str())
            .collect();
        assert!(
            texts.iter().any(|t| t.contains("여정컴퍼니")),
            "{db}: {prefix}: {texts:?}"
        );
    }
}

async fn readers_follow_bookmark_and_view_it(app: &TestApp, business: i64, post: i64) {
    for i in 0..3 {
        let email = format!("fan{i}@journey.test");
        new_member(app, &email).await;
        let reader = app.signed_in(&email).await;
        let (status, _) = call(
            app,
            &reader,
            Method::PUT,
            &format!("/api/v1/follows/{business}"),
            Some(json!({"source": "Follow_Content"})),
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = call(
            app,
            &reader,
            Method::PUT,
            &format!("/api/v1/bookmarks/{post}"),
            Some(json!({"source": "Bookmark_Content"})),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = call(app, &reader, Method::POST, "/api/v1/events", Some(json!({
                "events": [{"kind": "view", "postSeq": post, "offset": 540, "deviceType": "MOBILE", "deviceOs": "IOS"}]
            }))).await;
        assert_eq!(status, 200, "{body}");
    }
    app.state.events.flush().await;
}

async fn the_business_sees_it_in_its_analytics(
    app: &TestApp,
    writer: &reqwest::Client,
    business: i64,
    post: i64,
) {
    let db = app.database;
    let today = tidemark_server::analytics::rollup::recent_days(chrono::Utc::now());
    tidemark_server::analytics::rollup::roll_up(&app.state.db, &today)
        .await
        .unwrap();
    let (status, body) = call(
        app,
        writer,
        Method::GET,
        &format!("/api/v1/businesses/{business}/analytics/outline?period=7"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{db}: {body}");
    let outline = &body["data"];
    assert_eq!(outline["totals"]["views"]["value"], 3, "{db}: {outline}");
    assert_eq!(
        outline["totals"]["bookmarks"]["value"], 3,
        "{db}: {outline}"
    );
    assert_eq!(
        outline["totals"]["followsGained"]["value"], 3,
        "{db}: {outline}"
    );
    assert_eq!(outline["topPosts"][0]["postSeq"], post, "{db}: {outline}");
    let (_, profile) = app.get(&format!("/api/v1/businesses/{business}")).await;
    assert_eq!(profile["data"]["followerCount"], 3);
    let (_, detail) = app.get(&format!("/api/v1/posts/{post}")).await;
    assert_eq!(detail["data"]["bookmarkCount"], 3);
}
