//! Tests of the analytics API: the event intake (and the beacons on the same path), the
//! roll-up into `analytics_daily` and the posts' counters, and what a business reads.

use crate::helpers::*;
use chrono::{Datelike, Duration, FixedOffset, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::{json, Value};
use tidemark_server::analytics::rollup::{recent_days, roll_up, roll_up_pending};
use tidemark_server::entities::business_members::BusinessRole;
use tidemark_server::entities::certifications::CertificationStatus;
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{
    analytics_daily, analytics_events, analytics_pending, business_members, businesses,
    certifications, members, posts,
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

async fn daily_of(app: &TestApp, business: i64, post: Option<i64>) -> analytics_daily::Model {
    let mut query = analytics_daily::Entity::find()
        .filter(analytics_daily::Column::BusinessId.eq(business))
        .filter(analytics_daily::Column::Day.eq(day_text(today_kst())));
    query = match post {
        Some(post) => query.filter(analytics_daily::Column::PostId.eq(post)),
        None => query.filter(analytics_daily::Column::PostId.is_null()),
    };
    query
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("a daily row")
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

#[tokio::test]
async fn the_intake_checks_events_and_answers_once_they_are_stored() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        let before = events_count(&app).await;
        malformed_requests_are_refused_whole(&app, &f).await;
        only_the_events_of_public_posts_are_kept(&app, &f, before).await;
        a_beacon_sends_text_with_the_guest_id_in_its_cookie(&app, &f).await;
        a_signed_in_member_is_the_visitor(&app, &f).await;
        acknowledged_events_are_stored_events(&app, &f).await;
    })
    .await;
}

async fn malformed_requests_are_refused_whole(app: &TestApp, f: &Fixture) {
    let guest = &f.guests[0];
    for (events, why) in [
        (vec![event("like", f.first, "PC")], "unknown kind"),
        (
            vec![event("follow", f.first, "PC")],
            "follows have their own call",
        ),
        (vec![event("view", f.first, "WATCH")], "unknown device"),
        (
            vec![
                json!({"kind": "view", "postSeq": f.first, "offset": 540, "deviceType": "PC", "channel": "x"}),
            ],
            "a channel on a view",
        ),
        (
            vec![
                json!({"kind": "share", "postSeq": f.first, "offset": 540, "deviceType": "PC", "channel": "fax"}),
            ],
            "an unknown channel",
        ),
        (
            vec![json!({"kind": "view", "postSeq": f.first})],
            "missing fields",
        ),
        (
            (0..51).map(|_| event("view", f.first, "PC")).collect(),
            "more than 50",
        ),
        (vec![], "none"),
    ] {
        let (status, body) = send_as_guest(app, guest, events).await;
        assert_eq!(status, 400, "{why}: {body}");
        assert_eq!(body["code"], "104");
    }
    // No visitor: neither a session, nor a guest id.
    let (status, _) = app
        .post(
            "/api/v1/events",
            json!({"events": [event("view", f.first, "PC")]}),
        )
        .await;
    assert_eq!(status, 400);
}

async fn only_the_events_of_public_posts_are_kept(app: &TestApp, f: &Fixture, before: u64) {
    let guest = &f.guests[0];
    // A draft is not public: its events are refused one by one, the others kept...
    let (status, body) = send_as_guest(
        app,
        guest,
        vec![
            event("view", f.first, "PC"),
            event("view", f.draft, "PC"),
            event("view", 999_999, "PC"),
        ],
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["accepted"].as_i64(),
            body["data"]["refused"].as_i64()
        ),
        (Some(1), Some(2))
    );
    // ...and a request with nothing to keep is a 400.
    let (status, _) = send_as_guest(app, guest, vec![event("view", f.draft, "PC")]).await;
    assert_eq!(status, 400);
    assert_eq!(events_count(app).await, before + 1);
}

/// sendBeacon: text/plain, no _off_set header, the guest id in its cookie.
async fn a_beacon_sends_text_with_the_guest_id_in_its_cookie(app: &TestApp, f: &Fixture) {
    let beacon = reqwest::Client::new()
        .post(app.url("/api/v1/events"))
        .header("content-type", "text/plain;charset=UTF-8")
        .header("cookie", format!("tma_id={}", f.guests[1]))
        .body(json!({"events": [event("read_through", f.second, "MOBILE")]}).to_string())
        .send()
        .await
        .unwrap();
    let (status, body) = read(beacon).await;
    assert_eq!(status, 200, "{body}");
    let stored = analytics_events::Entity::find()
        .filter(analytics_events::Column::GuestId.eq(&f.guests[1]))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the beacon's event is stored");
    assert_eq!(
        (
            stored.kind.as_str(),
            stored.post_id,
            stored.business_id,
            stored.device_os.as_deref()
        ),
        (
            "read_through",
            Some(f.second),
            Some(f.business),
            Some("AOS")
        )
    );
    assert_eq!(stored.day, day_text(today_kst()));
}

async fn a_signed_in_member_is_the_visitor(app: &TestApp, f: &Fixture) {
    let reader = app.signed_in("reader@tidemark.test").await;
    let (status, _) = read(
        reader
            .post(app.url("/api/v1/events"))
            .json(&json!({"events": [event("view", f.evil, "PC")]}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200);
    let member = analytics_events::Entity::find()
        .filter(analytics_events::Column::PostId.eq(f.evil))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .member_id;
    assert!(member.is_some());
}

/// Acknowledged means stored: counted right after the answers, without waiting.
async fn acknowledged_events_are_stored_events(app: &TestApp, f: &Fixture) {
    let before = events_count(app).await;
    let mut requests = Vec::new();
    for _ in 0..16 {
        let guest = new_guest_id(app).await;
        let client = app.client.clone();
        let url = app.url("/api/v1/events");
        let events: Vec<Value> = (0..50).map(|_| event("view", f.first, "PC")).collect();
        requests.push(tokio::spawn(async move {
            read(
                client
                    .post(url)
                    .header("_tma_id", guest)
                    .json(&json!({ "events": events }))
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        }));
    }
    let mut accepted = 0;
    for request in requests {
        let (status, body) = request.await.unwrap();
        assert_eq!(status, 200, "{body}");
        accepted += body["data"]["accepted"].as_u64().unwrap();
    }
    assert_eq!(accepted, 800);
    assert_eq!(events_count(app).await, before + 800, "{}", app.database);
}

#[tokio::test]
async fn the_beacons_go_through_the_same_sink() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        let visitor = &f.guests[0];
        let plain = reqwest::Client::new();
        let visit = plain
            .post(app.url("/visit/v1"))
            .header("content-type", "text/plain")
            .body(
                json!({"offset": 540, "tmaId": visitor, "deviceType": "PC", "deviceOs": "MAC"})
                    .to_string(),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(visit.status(), 200);
        let (status, _) = app
            .post(
                "/click/v1",
                json!({"postSeq": f.second, "offset": 540, "tmsId": visitor}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, _) = app
            .post("/visit/v1", json!({"offset": 540, "deviceType": "FRIDGE"}))
            .await;
        assert_eq!(status, 400);
        let rows = analytics_events::Entity::find()
            .filter(analytics_events::Column::GuestId.eq(visitor))
            .order_by_asc(analytics_events::Column::Id)
            .all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].kind.as_str(), rows[0].device_os.as_deref()),
            ("visit", Some("MAC"))
        );
        // The click knows its post's business, so the roll-up counts it.
        assert_eq!(
            (rows[1].kind.as_str(), rows[1].business_id),
            ("click", Some(f.business))
        );
        roll_up(&app.state.db, &recent_days(Utc::now()))
            .await
            .unwrap();
        assert_eq!(post_row(&app, f.second).await.click_count, 1);
    })
    .await;
}

#[tokio::test]
async fn the_roll_up_counts_a_view_once_per_visitor_and_day_and_refreshes_the_posts() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        traffic(&app, &f).await;
        a_bookmark_and_a_follow_are_recorded(&app, &f).await;
        let days = recent_days(Utc::now());
        let first_run = the_roll_up_counts_each_visitor_once_a_day(&app, &f, &days).await;
        the_posts_counters_and_scores_are_refreshed(&app, &f).await;
        running_the_roll_up_again_changes_nothing(&app, &f, &days, &first_run).await;
        a_returning_guest_adds_no_view_but_each_share_counts(&app, &f, &days).await;
    })
    .await;
}

/// A bookmark and a follow, as the engagement calls record them.
async fn a_bookmark_and_a_follow_are_recorded(app: &TestApp, f: &Fixture) {
    let reader = members::Entity::find()
        .filter(members::Column::Email.eq("reader@tidemark.test"))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    tidemark_server::entities::bookmarks::ActiveModel {
        member_id: Set(reader.id),
        post_id: Set(f.first),
        source: Set("Bookmark_Content".into()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let engaged = |kind: &'static str, post: Option<i64>| tidemark_server::events::Event {
        kind,
        post_id: post,
        business_id: Some(f.business),
        member_id: Some(reader.id),
        guest_id: None,
        device_type: "PC".into(),
        device_os: None,
        browser: None,
        offset_minutes: 540,
        occurred_at: Utc::now(),
        detail: None,
    };
    app.state
        .events
        .submit(vec![
            engaged("bookmark", Some(f.first)),
            engaged("follow", None),
        ])
        .await
        .unwrap();
}

async fn the_roll_up_counts_each_visitor_once_a_day(
    app: &TestApp,
    f: &Fixture,
    days: &[String],
) -> tidemark_server::analytics::rollup::RollUp {
    let first_run = roll_up(&app.state.db, days).await.unwrap();
    assert_eq!(first_run.posts_counted, 3, "{first_run:?}");

    let first = daily_of(app, f.business, Some(f.first)).await;
    assert_eq!(
        (
            first.views,
            first.unique_readers,
            first.shares,
            first.read_throughs,
            first.bookmarks
        ),
        (3, 3, 1, 1, 1),
        "{}",
        app.database
    );
    let second = daily_of(app, f.business, Some(f.second)).await;
    assert_eq!((second.views, second.clicks), (1, 1));
    let total = daily_of(app, f.business, None).await;
    assert_eq!(
        (
            total.views,
            total.unique_readers,
            total.clicks,
            total.shares,
            total.follows_gained,
            total.bookmarks
        ),
        (5, 4, 1, 1, 1, 1),
        "{}",
        app.database
    );
    first_run
}

async fn the_posts_counters_and_scores_are_refreshed(app: &TestApp, f: &Fixture) {
    let post = post_row(app, f.first).await;
    assert_eq!(
        (
            post.view_count,
            post.unique_reader_count,
            post.share_count,
            post.bookmark_count
        ),
        (3, 3, 1, 1)
    );
    assert!(post.popular_score > 0.0);
    let fresh = post_row(app, f.evil).await;
    let draft = post_row(app, f.draft).await;
    assert_eq!(draft.popular_score, 0.0);
    // One view and the business's one new follower, an hour after publication.
    let expected = (1.0 + 5.0) / (1.0f64 + 2.0).powf(1.8);
    assert!(
        (fresh.popular_score - expected).abs() / expected < 0.05,
        "score {} vs {expected}",
        fresh.popular_score
    );
}

/// Running it again changes nothing: no duplicate rows, the same figures.
async fn running_the_roll_up_again_changes_nothing(
    app: &TestApp,
    f: &Fixture,
    days: &[String],
    first_run: &tidemark_server::analytics::rollup::RollUp,
) {
    let rows = analytics_daily::Entity::find()
        .count(&app.state.db)
        .await
        .unwrap();
    let again = roll_up(&app.state.db, days).await.unwrap();
    assert_eq!(again.daily_rows, first_run.daily_rows);
    assert_eq!(
        analytics_daily::Entity::find()
            .count(&app.state.db)
            .await
            .unwrap(),
        rows
    );
    assert_eq!(daily_of(app, f.business, Some(f.first)).await.views, 3);
}

/// New views tomorrow... are another day; today, a returning guest adds nothing.
async fn a_returning_guest_adds_no_view_but_each_share_counts(
    app: &TestApp,
    f: &Fixture,
    days: &[String],
) {
    traffic(app, f).await;
    roll_up(&app.state.db, days).await.unwrap();
    assert_eq!(daily_of(app, f.business, Some(f.first)).await.views, 3);
    assert_eq!(post_row(app, f.first).await.view_count, 3);
    // Clicks and shares are actions: each one counts.
    assert_eq!(post_row(app, f.first).await.share_count, 2);
    // A share keeps its channel; other kinds carry none.
    let shares = analytics_events::Entity::find()
        .filter(analytics_events::Column::Kind.eq("share"))
        .all(&app.state.db)
        .await
        .unwrap();
    assert_eq!(shares.len(), 2);
    assert!(shares
        .iter()
        .all(|row| row.detail.as_deref() == Some("kakao")));
    let views = analytics_events::Entity::find()
        .filter(analytics_events::Column::Kind.eq("view"))
        .all(&app.state.db)
        .await
        .unwrap();
    assert!(views.iter().all(|row| row.detail.is_none()));
}

fn figure(outline: &Value, name: &str) -> (i64, i64, Value) {
    let figure = &outline["data"]["totals"][name];
    (
        figure["value"].as_i64().unwrap(),
        figure["previous"].as_i64().unwrap(),
        figure["change"].clone(),
    )
}

#[tokio::test]
async fn the_outline_has_totals_series_top_posts_and_devices() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        traffic(&app, &f).await;
        roll_up(&app.state.db, &recent_days(Utc::now()))
            .await
            .unwrap();
        last_week_had_four_views(&app, &f).await;
        let master = app.signed_in("master@tidemark.test").await;
        let outline = the_outline_compares_totals_and_has_every_day(&app, &master, &f).await;
        the_outline_has_the_top_posts_and_the_devices(&outline, &f);
        the_same_period_reads_by_dates_and_bad_periods_are_400(&app, &master, &f, &outline).await;
    })
    .await;
}

/// Last week had 4 views (the previous period of a 7-day outline).
async fn last_week_had_four_views(app: &TestApp, f: &Fixture) {
    let today = today_kst();
    analytics_daily::ActiveModel {
        day: Set(day_text(today - Duration::days(8))),
        business_id: Set(f.business),
        post_id: Set(None),
        views: Set(4),
        unique_readers: Set(2),
        clicks: Set(0),
        bookmarks: Set(0),
        shares: Set(0),
        follows_gained: Set(0),
        read_throughs: Set(0),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
}

/// Answers the outline.
async fn the_outline_compares_totals_and_has_every_day(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
) -> Value {
    let today = today_kst();
    let path = format!(
        "/api/v1/businesses/{}/analytics/outline?period=7",
        f.business
    );
    let (status, outline) = read(master.get(app.url(&path)).send().await.unwrap()).await;
    assert_eq!(status, 200, "{outline}");
    let data = &outline["data"];
    assert_eq!(data["period"]["days"], 7);
    assert_eq!(data["period"]["to"], day_text(today));
    assert_eq!(data["period"]["from"], day_text(today - Duration::days(6)));
    assert_eq!(figure(&outline, "views"), (5, 4, json!(0.25)));
    assert_eq!(figure(&outline, "uniqueReaders"), (4, 0, Value::Null));
    assert_eq!(figure(&outline, "shares").0, 1);
    assert_eq!(figure(&outline, "clicks").0, 1);
    assert_eq!(figure(&outline, "readThroughs").0, 1);

    let series = data["series"].as_array().unwrap();
    assert_eq!(series.len(), 7, "every day, zeros included");
    assert_eq!(series[0]["views"], 0);
    assert_eq!(series[6]["day"], day_text(today));
    assert_eq!(
        (
            series[6]["views"].as_i64(),
            series[6]["uniqueReaders"].as_i64()
        ),
        (Some(5), Some(4))
    );
    assert!(series.iter().all(|d| d["followers"].is_i64()));
    outline
}

fn the_outline_has_the_top_posts_and_the_devices(outline: &Value, f: &Fixture) {
    let data = &outline["data"];
    let top = data["topPosts"].as_array().unwrap();
    assert_eq!(top[0]["postSeq"], f.first);
    assert_eq!(
        (top[0]["views"].as_i64(), top[0]["uniqueReaders"].as_i64()),
        (Some(3), Some(3))
    );
    assert_eq!(top[0]["title"], "타이드마크 출시 보도자료");
    assert_eq!(top.len(), 3);

    let devices = data["devices"].as_array().unwrap();
    assert_eq!(devices[0]["deviceType"], "MOBILE");
    assert_eq!(
        (devices[0]["readers"].as_i64(), devices[0]["share"].as_f64()),
        (Some(2), Some(0.5))
    );
    assert_eq!(devices.len(), 3);
}

/// The same period by dates; bad periods are 400.
async fn the_same_period_reads_by_dates_and_bad_periods_are_400(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    outline: &Value,
) {
    let today = today_kst();
    let from = day_text(today - Duration::days(6));
    let (status, by_dates) = read(
        master
            .get(app.url(&format!(
                "/api/v1/businesses/{}/analytics/outline?from={from}&to={}",
                f.business,
                day_text(today)
            )))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(by_dates["data"]["totals"], outline["data"]["totals"]);
    for bad in [
        "period=14",
        "from=2026-01-01",
        "from=2024-01-01&to=2025-06-01",
        "from=2026-13-01&to=2026-12-01",
        "period=7&from=2026-01-01&to=2026-01-02",
    ] {
        let (status, body) = read(
            master
                .get(app.url(&format!(
                    "/api/v1/businesses/{}/analytics/outline?{bad}",
                    f.business
                )))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
}

/// A reader (the member fixture) certified as `gender`, born on `birth_date`.
async fn certified_reader(app: &TestApp, n: usize, gender: &str, birth_date: &str) -> i64 {
    let now = Utc::now();
    let member = new_member(app, &format!("certified{n}@example.test")).await;
    let certification = certifications::ActiveModel {
        certify_no: Set(format!("analytics-test-{n}")),
        provider: Set("local".into()),
        purpose: Set("join".into()),
        status: Set(CertificationStatus::Completed),
        name: Set(Some("홍길동".into())),
        birth_date: Set(Some(birth_date.into())),
        gender: Set(Some(gender.into())),
        member_id: Set(Some(member.id)),
        created_at: Set(now),
        completed_at: Set(Some(now)),
        expires_at: Set(now + Duration::minutes(30)),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let mut update: members::ActiveModel = member.clone().into();
    update.certification_id = Set(Some(certification.id));
    update.update(&app.state.db).await.unwrap();
    member.id
}

#[tokio::test]
async fn the_reader_mix_shows_only_groups_of_five_or_more() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        let year = today_kst().year();
        let mut readers = Vec::new();
        for n in 0..6 {
            readers
                .push(certified_reader(&app, n, "female", &format!("{}-06-15", year - 25)).await);
        }
        for n in 6..8 {
            readers.push(certified_reader(&app, n, "male", &format!("{}0615", year - 45)).await);
        }
        let events = readers
            .iter()
            .map(|&member| tidemark_server::events::Event {
                kind: "view",
                post_id: Some(f.first),
                business_id: Some(f.business),
                member_id: Some(member),
                guest_id: None,
                device_type: "MOBILE".into(),
                device_os: Some("IOS".into()),
                browser: None,
                offset_minutes: 540,
                occurred_at: Utc::now(),
                detail: None,
            })
            .collect();
        app.state.events.submit(events).await.unwrap();
        roll_up(&app.state.db, &recent_days(Utc::now()))
            .await
            .unwrap();

        let manager = app.signed_in("manager@tidemark.test").await;
        let (status, outline) = read(
            manager
                .get(app.url(&format!(
                    "/api/v1/businesses/{}/analytics/outline?period=30",
                    f.business
                )))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{outline}");
        let mix = &outline["data"]["readers"];
        assert_eq!(
            mix["gender"],
            json!([{"group": "female", "readers": 6, "share": 1.0}])
        );
        assert_eq!(
            mix["ageBands"],
            json!([{"group": "20s", "readers": 6, "share": 1.0}])
        );
        assert_eq!(mix["hiddenGroups"], 2);
        // The two men in their forties are nowhere: not as a group, not as a count.
        let text = mix.to_string();
        assert!(
            !text.contains("\"male\"") && !text.contains("40s"),
            "{text}"
        );
        assert_eq!(figure(&outline, "uniqueReaders").0, 8);
    })
    .await;
}

async fn get_as(app: &TestApp, client: &reqwest::Client, path: &str) -> (u16, Value) {
    read(client.get(app.url(path)).send().await.unwrap()).await
}

#[tokio::test]
async fn contents_are_sorted_paged_and_exported_as_csv() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        traffic(&app, &f).await;
        roll_up(&app.state.db, &recent_days(Utc::now()))
            .await
            .unwrap();
        let master = app.signed_in("master@tidemark.test").await;
        let base = format!("/api/v1/businesses/{}/analytics/contents", f.business);
        contents_are_sorted_by_views_clicks_or_publication(&app, &master, &f, &base).await;
        contents_page_by_cursor_and_refuse_bad_parameters(&app, &master, &f, &base).await;
        the_csv_has_every_row_with_formulas_neutralised(&app, &master, &f, &base).await;
    })
    .await;
}

async fn contents_are_sorted_by_views_clicks_or_publication(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    base: &str,
) {
    let (status, page) = get_as(app, master, &format!("{base}?period=7")).await;
    assert_eq!(status, 200, "{page}");
    let items = page["data"]["items"].as_array().unwrap();
    let order: Vec<i64> = items
        .iter()
        .map(|i| i["postSeq"].as_i64().unwrap())
        .collect();
    // By views, most first; ties newest first; the draft is not listed.
    assert_eq!(order, vec![f.first, f.evil, f.second]);
    assert_eq!(
        (
            items[0]["views"].as_i64(),
            items[0]["uniqueReaders"].as_i64(),
            items[0]["shares"].as_i64(),
            items[0]["readThroughs"].as_i64()
        ),
        (Some(3), Some(3), Some(1), Some(1))
    );
    assert!(page["data"]["nextCursor"].is_null());

    let (_, by_clicks) = get_as(app, master, &format!("{base}?sort=clicks")).await;
    assert_eq!(by_clicks["data"]["items"][0]["postSeq"], f.second);
    let (_, oldest) = get_as(app, master, &format!("{base}?sort=publishedAt&order=asc")).await;
    assert_eq!(oldest["data"]["items"][0]["postSeq"], f.first);
}

async fn contents_page_by_cursor_and_refuse_bad_parameters(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    base: &str,
) {
    let (_, first_page) = get_as(app, master, &format!("{base}?size=2")).await;
    assert_eq!(first_page["data"]["items"].as_array().unwrap().len(), 2);
    let cursor = first_page["data"]["nextCursor"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, second_page) = get_as(app, master, &format!("{base}?size=2&cursor={cursor}")).await;
    assert_eq!(second_page["data"]["items"][0]["postSeq"], f.second);
    assert!(second_page["data"]["nextCursor"].is_null());
    for bad in [
        "sort=likes",
        "order=up",
        "size=0",
        "size=51",
        "cursor=@@",
        "period=365",
    ] {
        let (status, _) = get_as(app, master, &format!("{base}?{bad}")).await;
        assert_eq!(status, 400, "{bad}");
    }
}

/// The CSV: BOM, CRLF line ends, header, every row, formulas neutralised.
async fn the_csv_has_every_row_with_formulas_neutralised(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    base: &str,
) {
    let response = master
        .get(app.url(&format!("{base}.csv?period=7")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "UTF-8 byte order mark");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    // Excel on Windows ends lines with CRLF: every line break is one.
    assert!(text.ends_with("\r\n"), "CRLF line ends");
    assert_eq!(
        text.matches('\n').count(),
        text.matches("\r\n").count(),
        "no bare LF: {text:?}"
    );
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(header[..2], ["번호".to_string(), "제목".to_string()]);
    assert_eq!(header.len(), 10);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(&rows[0][1], "타이드마크 출시 보도자료");
    assert_eq!(&rows[0][4], "3");
    let evil = rows.iter().find(|r| r[0] == f.evil.to_string()).unwrap();
    assert_eq!(&evil[1], format!("'{EVIL_TITLE}"));
}

#[tokio::test]
async fn analytics_are_for_the_business_people_and_operators_only() {
    on_each_database(|app: TestApp| async move {
        let business = demo_business(&app).await;
        // Another business with its manager.
        let now = Utc::now();
        let other = businesses::ActiveModel {
            name: Set("다른 회사".into()),
            description: Set("".into()),
            industry: Set("IT".into()),
            registration_number: Set("1048145672".into()),
            follower_count: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&app.state.db)
        .await
        .unwrap();
        let stranger = new_member(&app, "other-manager@example.test").await;
        business_members::ActiveModel {
            business_id: Set(other.id),
            member_id: Set(stranger.id),
            role: Set(BusinessRole::Manager),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&app.state.db)
        .await
        .unwrap();

        let paths = [
            format!("/api/v1/businesses/{business}/analytics/outline"),
            format!("/api/v1/businesses/{business}/analytics/contents"),
            format!("/api/v1/businesses/{business}/analytics/contents.csv"),
        ];
        let anonymous = browser();
        let reader = app.signed_in("reader@tidemark.test").await;
        let other_manager = app.signed_in("other-manager@example.test").await;
        let manager = app.signed_in("manager@tidemark.test").await;
        let admin = app.signed_in("admin@tidemark.test").await;
        for path in &paths {
            assert_eq!(get_as(&app, &anonymous, path).await.0, 401, "{path}");
            assert_eq!(get_as(&app, &reader, path).await.0, 403, "{path}");
            assert_eq!(get_as(&app, &other_manager, path).await.0, 403, "{path}");
            let (status, body) = get_as(&app, &manager, path).await;
            assert_eq!(status, 200, "{path}: {body}");
            assert_eq!(get_as(&app, &admin, path).await.0, 200, "{path}");
        }
        // The other business's manager reads their own.
        let (status, _) = get_as(
            &app,
            &other_manager,
            &format!("/api/v1/businesses/{}/analytics/outline", other.id),
        )
        .await;
        assert_eq!(status, 200);
        // An operator asking about no business gets a 404.
        let (status, _) = get_as(&app, &admin, "/api/v1/businesses/987654/analytics/outline").await;
        assert_eq!(status, 404);
    })
    .await;
}

/// Every `analytics_daily` row, ordered, without its id.
async fn daily_rows(app: &TestApp) -> Vec<(String, i64, Option<i64>, [i64; 7])> {
    analytics_daily::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                r.day,
                r.business_id,
                r.post_id,
                [
                    r.views,
                    r.unique_readers,
                    r.clicks,
                    r.bookmarks,
                    r.shares,
                    r.follows_gained,
                    r.read_throughs,
                ],
            )
        })
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

async fn counters(app: &TestApp, ids: &[i64]) -> Vec<[i64; 6]> {
    let mut all = Vec::new();
    for &id in ids {
        let p = post_row(app, id).await;
        all.push([
            p.view_count,
            p.viewer_count,
            p.unique_reader_count,
            p.click_count,
            p.bookmark_count,
            p.share_count,
        ]);
    }
    all
}

/// The minute's job recomputes only what the events since its last run touched (the marks
/// the event writer leaves), with the same daily rows and counters as a recomputation of the
/// whole days; a quiet minute recomputes nothing.
#[tokio::test]
async fn the_minutes_roll_up_recomputes_what_new_events_touched_as_whole_days_would() {
    on_each_database(|app: TestApp| async move {
        let db = &app.state.db;
        let f = fixture(&app).await;
        roll_up_pending(db).await.unwrap();
        traffic(&app, &f).await;
        a_bookmark_and_a_follow_are_recorded(&app, &f).await;
        let marks = analytics_pending::Entity::find().all(db).await.unwrap();
        assert!(
            marks.iter().any(|m| m.post_id == f.first)
                && marks
                    .iter()
                    .any(|m| m.post_id == 0 && m.business_id == f.business),
            "{}: {marks:?}",
            app.database
        );

        let run = roll_up_pending(db).await.unwrap();
        assert_eq!(run.posts_counted, 3, "{}: {run:?}", app.database);
        assert_eq!(
            analytics_pending::Entity::find().count(db).await.unwrap(),
            0
        );
        assert_eq!(daily_of(&app, f.business, Some(f.first)).await.views, 3);
        let by_minute = (
            daily_rows(&app).await,
            counters(&app, &[f.first, f.second, f.evil]).await,
        );

        roll_up(db, &recent_days(Utc::now())).await.unwrap();
        let by_days = (
            daily_rows(&app).await,
            counters(&app, &[f.first, f.second, f.evil]).await,
        );
        assert_eq!(by_minute, by_days, "{}", app.database);

        let quiet = roll_up_pending(db).await.unwrap();
        assert_eq!(
            (quiet.daily_rows, quiet.posts_counted),
            (0, 0),
            "{}: {quiet:?}",
            app.database
        );
    })
    .await;
}
