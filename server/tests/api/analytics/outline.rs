//! What a business reads first: the outline (totals, series, top posts, devices) and the
//! reader mix, shown only for groups of five or more.

use super::*;
use tidemark_server::entities::certifications;
use tidemark_server::entities::certifications::CertificationStatus;

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
            .map(|&member| tidemark_server::event_sink::Event {
                kind: tidemark_server::event_sink::EventKind::View,
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
