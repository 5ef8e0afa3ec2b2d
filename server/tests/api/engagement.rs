//! Follows and bookmarks: idempotent, exact counts under concurrent clicks, the reader's
//! own lists.

use crate::helpers::*;
use reqwest::Method;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter};
use serde_json::json;
use tidemark_server::entities::analytics_events;

#[tokio::test]
async fn follows_and_bookmarks_are_idempotent_and_counted_exactly_under_concurrency() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let post = publish_post(&app, &master, 1, "팔로우할 만한 글", "<p>x</p>", &[]).await;
        let mut readers = Vec::new();
        for i in 0..8 {
            let email = format!("fan{i}@example.test");
            new_member(&app, &email).await;
            readers.push(app.signed_in(&email).await);
        }
        let ties = (business, post);
        three_clicks_at_once_count_each_reader_once(&app, &readers, ties).await;
        each_tie_is_an_event_that_keeps_where_it_was_clicked(&app, ties).await;
        undoing_twice_is_undoing_once(&app, &readers[0], ties).await;
        a_reader_sees_its_own_ties(&app, &readers, ties).await;
    })
    .await;
}

/// Every reader clicks three times at once, on both buttons: eight followers, eight bookmarks.
async fn three_clicks_at_once_count_each_reader_once(
    app: &TestApp,
    readers: &[reqwest::Client],
    (business, post): (i64, i64),
) {
    let mut clicks = Vec::new();
    for reader in readers {
        for _ in 0..3 {
            for (path, source) in [
                (format!("/api/v1/follows/{business}"), "Follow_Content"),
                (format!("/api/v1/bookmarks/{post}"), "Bookmark_Content"),
            ] {
                let request = reader.put(app.url(&path)).json(&json!({"source": source}));
                clicks.push(tokio::spawn(async move {
                    read(request.send().await.unwrap()).await
                }));
            }
        }
    }
    for click in clicks {
        let (status, body) = click.await.unwrap();
        assert_eq!(status, 200, "{}: {body}", app.database);
    }
    let (_, profile) = app.get(&format!("/api/v1/businesses/{business}")).await;
    assert_eq!(profile["data"]["followerCount"], 8, "{}", app.database);
    let (_, detail) = app.get(&format!("/api/v1/posts/{post}")).await;
    assert_eq!(detail["data"]["bookmarkCount"], 8);
}

/// Each follow and bookmark made is an analytics event that keeps where it was clicked.
async fn each_tie_is_an_event_that_keeps_where_it_was_clicked(
    app: &TestApp,
    (business, post): (i64, i64),
) {
    app.state.events.flush().await;
    for (kind, source) in [
        ("follow", "Follow_Content"),
        ("bookmark", "Bookmark_Content"),
    ] {
        let sources: Vec<Option<String>> = analytics_events::Entity::find()
            .filter(analytics_events::Column::Kind.eq(kind))
            .filter(
                Condition::any()
                    .add(analytics_events::Column::PostId.eq(post))
                    .add(analytics_events::Column::BusinessId.eq(business)),
            )
            .all(&app.state.db)
            .await
            .unwrap()
            .into_iter()
            .map(|row| row.detail)
            .collect();
        assert_eq!(sources, vec![Some(source.to_string()); 8], "{kind}");
    }
}

/// Unfollowing twice is unfollowing once; so is removing a bookmark.
async fn undoing_twice_is_undoing_once(
    app: &TestApp,
    reader: &reqwest::Client,
    (business, post): (i64, i64),
) {
    for _ in 0..2 {
        let (status, body) = call(
            app,
            reader,
            Method::DELETE,
            &format!("/api/v1/follows/{business}"),
            None,
        )
        .await;
        assert_eq!(
            (status, body["data"]["followerCount"].as_i64()),
            (200, Some(7))
        );
    }
    let (status, body) = call(
        app,
        reader,
        Method::DELETE,
        &format!("/api/v1/bookmarks/{post}"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["data"]["bookmarkCount"].as_i64()),
        (200, Some(7))
    );
}

/// What the reader sees of its own ties.
async fn a_reader_sees_its_own_ties(
    app: &TestApp,
    readers: &[reqwest::Client],
    (business, post): (i64, i64),
) {
    let (_, detail) = call(
        app,
        &readers[1],
        Method::GET,
        &format!("/api/v1/posts/{post}"),
        None,
    )
    .await;
    assert_eq!(
        (
            detail["data"]["bookmarked"].as_bool(),
            detail["data"]["business"]["following"].as_bool()
        ),
        (Some(true), Some(true))
    );
    let (status, mine) = call(
        app,
        &readers[1],
        Method::GET,
        &format!("/api/v1/me/state?posts={post},999&businesses={business}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            mine["data"]["bookmarked"].clone(),
            mine["data"]["following"].clone()
        ),
        (json!([post]), json!([business]))
    );
    let (_, follows) = call(app, &readers[1], Method::GET, "/api/v1/me/follows", None).await;
    assert_eq!(follows["data"]["items"][0]["id"], business);
    let (_, bookmarks) = call(app, &readers[1], Method::GET, "/api/v1/me/bookmarks", None).await;
    assert_eq!(bookmarks["data"]["items"][0]["postSeq"], post);
    let (_, none) = call(app, &readers[0], Method::GET, "/api/v1/me/bookmarks", None).await;
    assert_eq!(none["data"]["items"], json!([]));
}

#[tokio::test]
async fn ties_need_a_session_a_known_source_and_a_public_post() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;
    let (_, draft) = call(
        &app,
        &master,
        Method::POST,
        "/api/v1/posts",
        Some(json!({"categoryId": 1, "title": "초안", "bodyHtml": "", "action": "draft"})),
    )
    .await;
    let draft = draft["data"]["postSeq"].as_i64().unwrap();
    let reader = app.signed_in("reader@tidemark.test").await;
    let (status, _) = call(
        &app,
        &browser(),
        Method::PUT,
        &format!("/api/v1/follows/{business}"),
        Some(json!({"source": "Follow_Content"})),
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = call(
        &app,
        &reader,
        Method::PUT,
        &format!("/api/v1/follows/{business}"),
        Some(json!({"source": "Bookmark_Content"})),
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = call(
        &app,
        &reader,
        Method::PUT,
        "/api/v1/follows/999999",
        Some(json!({"source": "Follow_Content"})),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = call(
        &app,
        &reader,
        Method::PUT,
        &format!("/api/v1/bookmarks/{draft}"),
        Some(json!({"source": "Bookmark_Content"})),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = call(
        &app,
        &reader,
        Method::GET,
        "/api/v1/me/state?posts=a,b",
        None,
    )
    .await;
    assert_eq!(status, 400);
}
