//! The roll-up into `analytics_daily` and the posts' counters: a view once per visitor and day,
//! refreshed counters and scores, idempotent runs, and the minute's job over what new events
//! touched.

use super::*;
use tidemark_server::analytics::rollup::roll_up_pending;
use tidemark_server::entities::analytics_pending;
use tidemark_server::event_sink::EventKind;

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
    let engaged = |kind: EventKind, post: Option<i64>| tidemark_server::event_sink::Event {
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
            engaged(EventKind::Bookmark, Some(f.first)),
            engaged(EventKind::Follow, None),
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
