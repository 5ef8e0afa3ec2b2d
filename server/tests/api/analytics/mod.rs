//! Tests of the analytics API: the event intake (and the beacons on the same path), the
//! roll-up into `analytics_daily` and the posts' counters, and what a business reads.

mod access;
mod contents;
mod intake;
mod outline;
mod rollup;

use crate::helpers::*;
use chrono::{Datelike, Duration, FixedOffset, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::{json, Value};
use tidemark_server::analytics::rollup::{recent_days, roll_up};
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{
    analytics_daily, analytics_events, business_members, businesses, members, posts,
};

const EVIL_TITLE: &str = "=HYPERLINK(\"http://evil.example\",\"보기\")";

fn today_kst() -> chrono::NaiveDate {
    Utc::now()
        .with_timezone(&FixedOffset::east_opt(9 * 3600).unwrap())
        .date_naive()
}

fn day_text(day: chrono::NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// The demo business (its master is master@tidemark.test).
async fn demo_business(app: &TestApp) -> i64 {
    let master = members::Entity::find()
        .filter(members::Column::Email.eq("master@tidemark.test"))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    business_members::Entity::find()
        .filter(business_members::Column::MemberId.eq(master.id))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .business_id
}

async fn new_post(
    app: &TestApp,
    business_id: i64,
    title: &str,
    status: &str,
    age_hours: i64,
) -> i64 {
    let now = Utc::now();
    let published = now - Duration::hours(age_hours);
    posts::ActiveModel {
        business_id: Set(business_id),
        author_member_id: Set(None),
        category_id: Set(7),
        title: Set(title.into()),
        summary: Set("요약".into()),
        body_html: Set("<p>본문</p>".into()),
        body_text: Set("본문".into()),
        status: Set(PostStatus::parse(status).expect("a post status")),
        published_at: Set((status == "PUBLISHED").then_some(published)),
        created_at: Set(published),
        updated_at: Set(published),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
    .id
}

/// Three published posts of the demo business (one with a formula for a title) and a draft.
struct Fixture {
    business: i64,
    first: i64,
    second: i64,
    evil: i64,
    draft: i64,
    /// Four guest ids the server issued.
    guests: Vec<String>,
}

async fn fixture(app: &TestApp) -> Fixture {
    let business = demo_business(app).await;
    Fixture {
        business,
        first: new_post(app, business, "타이드마크 출시 보도자료", "PUBLISHED", 30).await,
        second: new_post(app, business, "채용 공고", "PUBLISHED", 5).await,
        evil: new_post(app, business, EVIL_TITLE, "PUBLISHED", 1).await,
        draft: new_post(app, business, "쓰는 중", "DRAFT", 0).await,
        guests: vec![
            new_guest_id(app).await,
            new_guest_id(app).await,
            new_guest_id(app).await,
            new_guest_id(app).await,
        ],
    }
}

fn event(kind: &str, post: i64, device: &str) -> Value {
    json!({"kind": kind, "postSeq": post, "offset": 540, "deviceType": device, "deviceOs": "AOS", "browser": "Chrome"})
}

/// Sends events as a guest (header `_tma_id`).
async fn send_as_guest(app: &TestApp, guest: &str, events: Vec<Value>) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/api/v1/events"))
        .header("_tma_id", guest)
        .json(&json!({ "events": events }))
        .send()
        .await
        .unwrap();
    read(response).await
}

/// The traffic of the main scenario: four guests on three posts, today.
async fn traffic(app: &TestApp, f: &Fixture) {
    let sent = [
        (
            &f.guests[0],
            vec![
                event("view", f.first, "MOBILE"),
                // The same guest, the same post, the same day: counted once.
                event("view", f.first, "MOBILE"),
                event("read_through", f.first, "MOBILE"),
                json!({"kind": "share", "postSeq": f.first, "offset": 540, "deviceType": "MOBILE", "channel": "kakao"}),
                event("click", f.second, "MOBILE"),
            ],
        ),
        (
            &f.guests[1],
            vec![event("view", f.first, "PC"), event("view", f.second, "PC")],
        ),
        (&f.guests[2], vec![event("view", f.first, "MOBILE")]),
        (&f.guests[3], vec![event("view", f.evil, "TABLET")]),
    ];
    for (guest, events) in sent {
        let n = events.len();
        let (status, body) = send_as_guest(app, guest, events).await;
        assert_eq!(status, 200, "{}: {body}", app.database);
        assert_eq!(body["data"]["accepted"], n);
        assert_eq!(body["data"]["refused"], 0);
    }
}

async fn post_row(app: &TestApp, id: i64) -> posts::Model {
    posts::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
}

async fn get_as(app: &TestApp, client: &reqwest::Client, path: &str) -> (u16, Value) {
    read(client.get(app.url(path)).send().await.unwrap()).await
}
