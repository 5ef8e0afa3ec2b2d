//! Analytics that cannot be inflated (docs/security.md): only a member or a guest id the
//! server issued counts; a view counts once per visitor, post and KST day; the popular
//! score counts distinct viewers; every analytics call is limited per address and per
//! visitor; and the beacons take SPEC §3's whole device info.

use crate::helpers::*;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::{json, Value};
use tidemark_server::analytics::rollup::{popular_score, recent_days, roll_up};
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{analytics_daily, analytics_events, businesses, members, posts};
use tidemark_server::event_sink::Event;
use tidemark_server::http::limits::{BEACON_IP_BURST, BEACON_VISITOR_BURST};
use tidemark_server::tokens::{TokenKeys, GUEST_ID_VALID_SECS};

async fn some_business(app: &TestApp) -> i64 {
    businesses::Entity::find()
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the demo business")
        .id
}

async fn published_post(app: &TestApp, business_id: i64, title: &str, age_hours: i64) -> i64 {
    let published = Utc::now() - Duration::hours(age_hours);
    posts::ActiveModel {
        business_id: Set(business_id),
        author_member_id: Set(None),
        category_id: Set(7),
        title: Set(title.into()),
        summary: Set("요약".into()),
        body_html: Set("<p>본문</p>".into()),
        body_text: Set("본문".into()),
        status: Set(PostStatus::Published),
        published_at: Set(Some(published)),
        created_at: Set(published),
        updated_at: Set(published),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

fn view(post: i64) -> Value {
    json!({"kind": "view", "postSeq": post, "offset": 540, "deviceType": "PC"})
}

/// `POST /api/v1/events` from a plain client (one address: the test's) with the guest id
/// in the `_tma_id` header.
async fn send(app: &TestApp, guest: &str, events: Vec<Value>) -> (u16, Value) {
    read(
        reqwest::Client::new()
            .post(app.url("/api/v1/events"))
            .header("_tma_id", guest)
            .json(&json!({ "events": events }))
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn post_row(app: &TestApp, id: i64) -> posts::Model {
    posts::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
}

async fn events_count(app: &TestApp) -> u64 {
    analytics_events::Entity::find()
        .count(&app.state.db)
        .await
        .unwrap()
}

/// Where `post` stands in the popular list the readers get (first page, 50).
async fn popular_rank(app: &TestApp, post: i64) -> Option<usize> {
    app.state.catalog.reload(&app.state.db).await.unwrap();
    let (status, body) = app.get("/api/v1/posts/popular?size=50").await;
    assert_eq!(status, 200, "{body}");
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .position(|item| item["postSeq"] == post)
}

/// Guest ids the server never issued: made up, other shapes, forged or altered signatures,
/// another server's, expired.
fn made_up_ids(app: &TestApp, real: &str, n: usize) -> Vec<String> {
    let now = Utc::now().timestamp();
    let (payload, signature) = real.rsplit_once('.').unwrap();
    let (nonce, _) = payload.split_once('.').unwrap();
    let other_server = TokenKeys::from_secret(b"not-this-servers-secret-not-this");
    (0..n)
        .map(|i| match i % 7 {
            0 => format!("guest-{i}"),
            1 => format!("3f2a9c1e-6b7d-4e8f-9a0b-{i:012}"),
            2 => format!("{nonce}{i}.{now}.{signature}"),
            3 => format!("{payload}.{}", &"AAAAAAAAAAAAAAAAAAAAAA"),
            4 => other_server.issue_guest_id(now),
            5 => app
                .state
                .tokens
                .issue_guest_id(now - GUEST_ID_VALID_SECS - 60 - i as i64),
            _ => format!("{nonce}.{}.{signature}", now + i as i64 + 1),
        })
        .collect()
}

#[tokio::test]
async fn made_up_guest_ids_from_one_address_do_not_move_a_post_in_popular() {
    on_each_database(|app: TestApp| async move {
        let business = some_business(&app).await;
        let mut ranked = Vec::new();
        for n in 0..4 {
            ranked.push(published_post(&app, business, &format!("읽힌 글 {n}"), 10).await);
        }
        let target = published_post(&app, business, "노리는 글", 10).await;
        // Four real guests: the first post has four viewers, the next three, ...
        for readers in 0..4 {
            let guest = new_guest_id(&app).await;
            let events = ranked[..4 - readers].iter().map(|&p| view(p)).collect();
            let (status, body) = send(&app, &guest, events).await;
            assert_eq!(status, 200, "{body}");
        }
        let days = recent_days(Utc::now());
        roll_up(&app.state.db, &days).await.unwrap();
        let before = popular_rank(&app, target).await;
        assert!(before.is_some() && before > popular_rank(&app, ranked[3]).await);
        let stored = events_count(&app).await;

        // 200 requests from one address, each with a guest id the server never issued.
        let real = new_guest_id(&app).await;
        for forged in made_up_ids(&app, &real, 200) {
            let (status, body) = send(&app, &forged, vec![view(target)]).await;
            assert_eq!(status, 400, "{forged}: {body}");
            assert_eq!(body["code"], "104");
        }
        assert_eq!(events_count(&app).await, stored, "nothing stored");
        roll_up(&app.state.db, &days).await.unwrap();
        let post = post_row(&app, target).await;
        assert_eq!(
            (post.view_count, post.viewer_count, post.popular_score),
            (0, 0, 0.0),
            "{}",
            app.database
        );
        assert_eq!(popular_rank(&app, target).await, before, "{}", app.database);
    })
    .await;
}

#[tokio::test]
async fn a_forged_guest_id_counts_on_no_beacon_and_a_real_one_does() {
    on_each_database(|app: TestApp| async move {
        let business = some_business(&app).await;
        let post = published_post(&app, business, "글", 2).await;
        let real = new_guest_id(&app).await;
        let plain = reqwest::Client::new();
        let stored = events_count(&app).await;
        for forged in made_up_ids(&app, &real, 7) {
            // The beacons answer as SPEC's beacons do, and store nothing...
            let visit = plain
                .post(app.url("/visit/v1"))
                .header("content-type", "text/plain")
                .body(json!({"offset": 540, "tmaId": forged, "deviceType": "PC"}).to_string())
                .send()
                .await
                .unwrap();
            assert_eq!(visit.status(), 200, "{forged}");
            let click = plain
                .post(app.url("/click/v1"))
                .header("cookie", format!("tma_id={forged}"))
                .body(json!({"postSeq": post, "offset": 540, "tmsId": forged}).to_string())
                .send()
                .await
                .unwrap();
            assert_eq!(click.status(), 200, "{forged}");
            // ...and the events call says why it took nothing.
            let (status, body) = send(&app, &forged, vec![view(post)]).await;
            assert_eq!(status, 400, "{forged}: {body}");
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .contains("not issued by this server"),
                "{body}"
            );
        }
        assert_eq!(events_count(&app).await, stored, "{}", app.database);

        // The id the server issued counts, wherever it travels; a forged header next to it
        // changes nothing.
        let visit = plain
            .post(app.url("/visit/v1"))
            .body(json!({"offset": 540, "tmaId": real, "deviceType": "PC"}).to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(visit.status(), 200);
        let click = plain
            .post(app.url("/click/v1"))
            .header("_tma_id", "guest-made-up")
            .header("cookie", format!("tma_id={real}"))
            .body(json!({"postSeq": post, "offset": 540, "tmsId": "analysis-1"}).to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(click.status(), 200);
        let (status, body) = send(&app, &real, vec![view(post)]).await;
        assert_eq!(status, 200, "{body}");
        let kinds: Vec<String> = analytics_events::Entity::find()
            .filter(analytics_events::Column::GuestId.eq(&real))
            .all(&app.state.db)
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.kind)
            .collect();
        assert_eq!(kinds, ["visit", "click", "view"], "{}", app.database);
        assert_eq!(events_count(&app).await, stored + 3);
    })
    .await;
}

#[tokio::test]
async fn a_view_counts_once_per_visitor_and_day_and_popular_counts_distinct_viewers() {
    on_each_database(|app: TestApp| async move {
        let business = some_business(&app).await;
        let post = published_post(&app, business, "두 번 읽힌 글", 5).await;
        let days = the_same_guest_and_member_twice_today_are_two_views(&app, post).await;
        a_view_yesterday_is_another_view_but_the_same_viewer(&app, (business, post), &days).await;
    })
    .await;
}

/// The same guest and the same member each view the post twice today. Answers the days the
/// roll-up counted.
async fn the_same_guest_and_member_twice_today_are_two_views(
    app: &TestApp,
    post: i64,
) -> Vec<String> {
    let guest = new_guest_id(app).await;
    let reader = app.signed_in("reader@tidemark.test").await;
    for _ in 0..2 {
        let (status, body) = send(app, &guest, vec![view(post)]).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = read(
            reader
                .post(app.url("/api/v1/events"))
                .json(&json!({"events": [view(post), view(post)]}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let days = recent_days(Utc::now());
    roll_up(&app.state.db, &days).await.unwrap();
    let today = analytics_daily::Entity::find()
        .filter(analytics_daily::Column::PostId.eq(post))
        .filter(analytics_daily::Column::Day.eq(days[1].clone()))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("today's row");
    assert_eq!(
        (today.views, today.unique_readers),
        (2, 2),
        "{}",
        app.database
    );
    let row = post_row(app, post).await;
    assert_eq!((row.view_count, row.viewer_count), (2, 2));
    days
}

/// The member viewed it yesterday too: another visitor-day for the views shown, but the same
/// viewer for the popular score.
async fn a_view_yesterday_is_another_view_but_the_same_viewer(
    app: &TestApp,
    (business, post): (i64, i64),
    days: &[String],
) {
    let member = members::Entity::find()
        .filter(members::Column::Email.eq("reader@tidemark.test"))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    app.state
        .events
        .submit(vec![Event {
            kind: tidemark_server::event_sink::EventKind::View,
            post_id: Some(post),
            business_id: Some(business),
            member_id: Some(member.id),
            guest_id: None,
            device_type: "PC".into(),
            device_os: None,
            browser: None,
            offset_minutes: 540,
            occurred_at: Utc::now() - Duration::days(1),
            detail: None,
        }])
        .await
        .unwrap();
    roll_up(&app.state.db, days).await.unwrap();
    let row = post_row(app, post).await;
    assert_eq!(
        (row.view_count, row.viewer_count),
        (3, 2),
        "{}",
        app.database
    );
    let published = row.published_at.unwrap();
    let two_viewers = popular_score(2, 0, 0, published, Utc::now());
    let three_views = popular_score(3, 0, 0, published, Utc::now());
    assert!(
        (row.popular_score - two_viewers).abs() < (row.popular_score - three_views).abs()
            && (row.popular_score - two_viewers).abs() / two_viewers < 0.01,
        "score {} for two viewers {two_viewers}",
        row.popular_score
    );
}

#[tokio::test]
async fn every_beacon_takes_the_whole_device_info_of_spec() {
    on_each_database(|app: TestApp| async move {
        let business = some_business(&app).await;
        let post = published_post(&app, business, "글", 2).await;
        let guest = new_guest_id(&app).await;
        let device = json!({
            "deviceType": "MOBILE", "deviceOs": "AOS", "browser": "Chrome", "browserVer": "131.0",
            "browserAgent": "Mozilla/5.0 (Linux; Android 14; SM-S921N) Chrome/131.0 Mobile",
            "osVersion": "14", "deviceId": "device-7", "pushToken": "fcm-token-1"
        });
        let with_device = |fields: Value| {
            let mut body = device.clone();
            body.as_object_mut()
                .unwrap()
                .extend(fields.as_object().unwrap().clone());
            body
        };
        let plain = reqwest::Client::new();
        for (path, body) in [
            ("/visit/v1", with_device(json!({"offset": 540, "tmaId": guest, "accessToken": ""}))),
            (
                "/click/v1",
                with_device(json!({"postSeq": post, "offset": 540, "tmsId": guest, "accessToken": ""})),
            ),
            (
                "/api/v1/events",
                json!({"events": [with_device(json!({"kind": "view", "postSeq": post, "offset": 540}))]}),
            ),
        ] {
            let (status, answer) = read(
                plain
                    .post(app.url(path))
                    .header("content-type", "text/plain;charset=UTF-8")
                    .header("_tma_id", &guest)
                    .body(body.to_string())
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(status, 200, "{path}: {answer}");
        }
        let stored = analytics_events::Entity::find()
            .filter(analytics_events::Column::GuestId.eq(&guest))
            .all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(stored.len(), 3, "{}", app.database);
        assert!(stored.iter().all(|e| e.device_type == "MOBILE"
            && e.device_os.as_deref() == Some("AOS")
            && e.browser.as_deref() == Some("Chrome")));
        roll_up(&app.state.db, &recent_days(Utc::now())).await.unwrap();
        assert_eq!(post_row(&app, post).await.view_count, 1);

        // Still: what is not device info is an unknown field.
        let (status, body) = app
            .post("/visit/v1", with_device(json!({"offset": 540, "tmaId": guest, "fax": "1"})))
            .await;
        assert_eq!(status, 400, "{body}");
        assert!(body["message"].as_str().unwrap().contains("fax"), "{body}");
    })
    .await;
}

#[tokio::test]
async fn analytics_calls_are_limited_per_visitor_and_per_address() {
    on_each_database(|app: TestApp| async move {
        let business = some_business(&app).await;
        let post = published_post(&app, business, "글", 2).await;
        let guest = new_guest_id(&app).await;
        let burst_began =
            a_visitor_gets_its_burst_then_429_with_retry_after(&app, post, &guest).await;
        the_visit_beacon_of_that_visitor_is_limited_too_but_not_another_visitor(
            &app,
            post,
            &guest,
            burst_began,
        )
        .await;
        an_address_gets_its_burst_whoever_the_visitors(&app, post).await;
        calls_that_would_not_count_are_held_to_the_addresss_allowance(&app, post).await;
    })
    .await;
}

/// Events per request of a visitor's burst.
const PER_REQUEST: usize = 40;

/// `n` views of `post`.
fn batch(post: i64, n: usize) -> Vec<Value> {
    (0..n).map(|_| view(post)).collect()
}

/// One visitor: the burst, then 429 with the usual envelope and Retry-After. Answers when the
/// burst began: the visitor's allowance refills from then on, while the burst is still sent.
async fn a_visitor_gets_its_burst_then_429_with_retry_after(
    app: &TestApp,
    post: i64,
    guest: &str,
) -> std::time::Instant {
    let burst_began = std::time::Instant::now();
    for _ in 0..BEACON_VISITOR_BURST as usize / PER_REQUEST {
        let (status, body) = send(app, guest, batch(post, PER_REQUEST)).await;
        assert_eq!(status, 200, "{body}");
    }
    let response = reqwest::Client::new()
        .post(app.url("/api/v1/events"))
        .header("_tma_id", guest)
        .json(&json!({"events": batch(post, PER_REQUEST)}))
        .send()
        .await
        .unwrap();
    assert!(response.headers().contains_key("retry-after"));
    let (status, body) = read(response).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("429")),
        "{body}"
    );
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("too many analytics events from this visitor"),
        "{body}"
    );
    burst_began
}

/// The visit beacon of the same visitor is limited too (only what refills meanwhile, one a
/// second, gets through, however slow the machine); another visitor is not.
async fn the_visit_beacon_of_that_visitor_is_limited_too_but_not_another_visitor(
    app: &TestApp,
    post: i64,
    guest: &str,
    burst_began: std::time::Instant,
) {
    let mut through = 0;
    for _ in 0..3 {
        let visit = reqwest::Client::new()
            .post(app.url("/visit/v1"))
            .body(json!({"offset": 540, "tmaId": guest, "deviceType": "PC"}).to_string())
            .send()
            .await
            .unwrap();
        through += usize::from(visit.status() != 429);
    }
    assert!(
        through <= burst_began.elapsed().as_secs() as usize,
        "{through} visits through {:?} after the burst began",
        burst_began.elapsed()
    );
    let (status, body) = send(app, &new_guest_id(app).await, batch(post, 1)).await;
    assert_eq!(status, 200, "{body}");
}

/// One address: at most its burst (plus what refills meanwhile, 50 a second, however slow the
/// machine), whoever the visitors.
async fn an_address_gets_its_burst_whoever_the_visitors(app: &TestApp, post: i64) {
    let started = std::time::Instant::now();
    let mut sent = (BEACON_VISITOR_BURST as usize / PER_REQUEST + 1) * PER_REQUEST + 2;
    // Five visitors at once, 250 events a round: far faster than the refill however slow the
    // machine (a build beside the tests), so the limit is met well within the bound below.
    let body = loop {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "{sent} events in {:?} and the address is not limited",
            started.elapsed()
        );
        let mut guests = Vec::new();
        for _ in 0..5 {
            guests.push(new_guest_id(app).await);
        }
        let answers = futures_util::future::join_all(
            guests.iter().map(|guest| send(app, guest, batch(post, 50))),
        )
        .await;
        if let Some((_, body)) = answers.iter().find(|(status, _)| *status == 429) {
            sent += 50 * answers.iter().filter(|(status, _)| *status == 200).count();
            break body.clone();
        }
        for (status, body) in &answers {
            assert_eq!(*status, 200, "{body}");
        }
        sent += 250;
    };
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("too many analytics events;"),
        "{body}"
    );
    let refilled = 50 * (started.elapsed().as_secs() as usize + 1);
    assert!(
        sent <= BEACON_IP_BURST as usize + refilled + 200,
        "{sent} events before the limit ({refilled} refilled meanwhile)"
    );
}

/// Calls that would not count are held to the address's allowance as well: of five batches
/// of 50 sent back to back, only what refills meanwhile (a batch a second) gets through.
async fn calls_that_would_not_count_are_held_to_the_addresss_allowance(app: &TestApp, post: i64) {
    let started = std::time::Instant::now();
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(send(app, "guest-made-up", batch(post, 50)).await.0);
    }
    let through = statuses.iter().filter(|s| **s != 429).count();
    assert!(
        through <= 1 + started.elapsed().as_secs() as usize,
        "{statuses:?} in {:?}",
        started.elapsed()
    );
}
