//! The event intake: malformed requests refused whole, only public posts' events kept, beacons
//! with the guest id in their cookie through the same sink, and acknowledged means stored.

use super::*;

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
