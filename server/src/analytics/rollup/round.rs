//! The runs of the roll-up: whole days ([`roll_up`]), or what the events written since the
//! last run touched ([`roll_up_pending`], the background job's), each writing the daily rows
//! and then the posts' counters and scores.

use super::daily::{add_post_businesses, business_totals, post_rows, upsert_daily};
use super::score::refresh_posts;
use super::{RollUp, READ_CHUNK};
use crate::analytics::sql::{self, int, placeholders};
use crate::entities::analytics_pending;
use crate::kernel::kst::kst_day;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryOrder, QuerySelect, Value,
};
use std::collections::{BTreeMap, BTreeSet};

/// How often the background job runs.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Yesterday and today, KST, `yyyy-MM-dd`.
pub fn recent_days(now: DateTime<Utc>) -> Vec<String> {
    last_days(now, 2)
}

/// The last `n` KST days up to today, oldest first.
pub fn last_days(now: DateTime<Utc>, n: i64) -> Vec<String> {
    (0..n)
        .rev()
        .map(|back| kst_day(now - Duration::days(back)))
        .collect()
}

/// Recomputes `analytics_daily` for `days` (KST, `yyyy-MM-dd`), then the counters and scores
/// of the posts with events on those days and the age decay of the top posts: everything of
/// those days, whatever is pending (the demo and large data sets, and tests, call it).
pub async fn roll_up(db: &DatabaseConnection, days: &[String]) -> Result<RollUp, DbErr> {
    let mut done = RollUp::default();
    if days.is_empty() {
        return Ok(done);
    }
    let day_values = || {
        days.iter()
            .map(|d| Value::from(d.clone()))
            .collect::<Vec<_>>()
    };
    let day_list = placeholders(days.len());

    // Per post and day.
    let mut daily = BTreeMap::new();
    let mut touched = Vec::new();
    post_rows(
        db,
        &format!("e.day IN ({day_list})"),
        day_values(),
        &mut daily,
        &mut touched,
    )
    .await?;
    upsert_daily(db, &daily).await?;
    done.daily_rows = daily.len();

    // Per business and day: those of the posts' rows, and those events name without a post
    // (a follow from a profile), as the event writer marks them.
    let businesses = sql::query(
        db,
        &format!(
            "SELECT DISTINCT day, business_id FROM analytics_events \
             WHERE day IN ({day_list}) AND post_id IS NULL AND business_id IS NOT NULL"
        ),
        day_values(),
    )
    .await?;
    let mut by_day: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    for row in &businesses {
        by_day
            .entry(row.try_get("", "day")?)
            .or_default()
            .insert(int(row, "business_id")?);
    }
    add_post_businesses(&daily, &mut by_day);
    done.daily_rows += business_totals(db, &by_day).await?;

    refresh_posts(db, touched, &mut done).await?;
    Ok(done)
}

/// Marks the background job takes per run at most (the rest waits for the next minute).
pub const PENDING_PER_RUN: u64 = 50_000;

/// The background job's roll-up (`analytics_rollup`, every [`EVERY`]; the marks outlive a
/// stopped server, so days that ended while it was down are complete): only the days, posts
/// and businesses that had events since the last run (`analytics_pending`, which the event writer marks in the events'
/// transaction), then the age decay of the top posts. A quiet minute reads an empty table and
/// rescores the top posts, however many events the recent days hold; a busy one recomputes
/// what its events touched. The marks read are deleted at the end unless an event batch
/// marked them again meanwhile (their `marks` moved): those events are the next run's.
pub async fn roll_up_pending(db: &DatabaseConnection) -> Result<RollUp, DbErr> {
    use analytics_pending::Column as P;
    let marks: Vec<analytics_pending::Model> = analytics_pending::Entity::find()
        .order_by_asc(P::Day)
        .order_by_asc(P::PostId)
        .order_by_asc(P::BusinessId)
        .limit(PENDING_PER_RUN)
        .all(db)
        .await?;
    let mut done = RollUp::default();
    let mut posts_by_day: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let mut businesses_by_day: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    for mark in &marks {
        if mark.post_id != 0 {
            posts_by_day
                .entry(mark.day.clone())
                .or_default()
                .insert(mark.post_id);
        }
        if mark.business_id != 0 {
            businesses_by_day
                .entry(mark.day.clone())
                .or_default()
                .insert(mark.business_id);
        }
    }

    // Per post and day.
    let mut daily = BTreeMap::new();
    let mut touched = Vec::new();
    for (day, ids) in &posts_by_day {
        let ids: Vec<i64> = ids.iter().copied().collect();
        for chunk in ids.chunks(READ_CHUNK) {
            let mut values = vec![Value::from(day.clone())];
            values.extend(chunk.iter().map(|&id| Value::from(id)));
            post_rows(
                db,
                &format!("e.day = ? AND e.post_id IN ({})", placeholders(chunk.len())),
                values,
                &mut daily,
                &mut touched,
            )
            .await?;
        }
    }
    upsert_daily(db, &daily).await?;
    done.daily_rows = daily.len();
    add_post_businesses(&daily, &mut businesses_by_day);
    done.daily_rows += business_totals(db, &businesses_by_day).await?;

    refresh_posts(db, touched, &mut done).await?;
    settle_pending(db, &marks).await?;
    Ok(done)
}

/// Deletes the marks the run read, unless an event batch marked one again after it was
/// read (its `marks` differ): that one stays for the next run.
async fn settle_pending(
    db: &DatabaseConnection,
    marks: &[analytics_pending::Model],
) -> Result<(), DbErr> {
    for chunk in marks.chunks(SETTLE_CHUNK) {
        let rows = vec!["(?, ?, ?, ?)"; chunk.len()].join(", ");
        let values = chunk
            .iter()
            .flat_map(|m| {
                [
                    Value::from(m.day.clone()),
                    m.post_id.into(),
                    m.business_id.into(),
                    m.marks.into(),
                ]
            })
            .collect();
        db.execute_raw(sql::statement(
            db.get_database_backend(),
            &format!(
                "DELETE FROM analytics_pending \
                 WHERE (day, post_id, business_id, marks) IN (VALUES {rows})"
            ),
            values,
        ))
        .await?;
    }
    Ok(())
}

/// Marks deleted per statement (4 values each).
const SETTLE_CHUNK: usize = 250;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// An event batch written while a run works marks again what the run read: the run must
    /// leave that mark, or the batch's events would wait for another event on the same key.
    #[tokio::test]
    async fn a_mark_moved_after_the_run_read_it_stays_for_the_next_run() {
        let (_dir, db) = crate::db::migrated_sqlite().await;
        let sink = crate::event_sink::EventSink::new(
            db.clone(),
            std::sync::Arc::new(crate::db::reach::Reach::local()),
        );
        let view = |guest: &str| crate::event_sink::Event {
            kind: crate::event_sink::EventKind::View,
            post_id: Some(7),
            business_id: Some(3),
            member_id: None,
            guest_id: Some(guest.into()),
            device_type: "PC".into(),
            device_os: None,
            browser: None,
            offset_minutes: 540,
            occurred_at: Utc::now(),
            detail: None,
        };
        let marks = || async {
            analytics_pending::Entity::find()
                .all(&db)
                .await
                .unwrap()
                .into_iter()
                .map(|m| (m.post_id, m.business_id, m.marks))
                .collect::<Vec<_>>()
        };
        sink.submit(vec![view("g1"), view("g2")]).await.unwrap();
        assert_eq!(
            marks().await,
            vec![(7, 3, 1)],
            "one mark for one day, post and business"
        );
        let read = analytics_pending::Entity::find().all(&db).await.unwrap();
        sink.submit(vec![view("g3")]).await.unwrap();
        settle_pending(&db, &read).await.unwrap();
        assert_eq!(marks().await, vec![(7, 3, 2)], "the moved mark was deleted");
        let read = analytics_pending::Entity::find().all(&db).await.unwrap();
        settle_pending(&db, &read).await.unwrap();
        assert_eq!(
            marks().await,
            vec![],
            "a mark unchanged since it was read is done"
        );
    }

    #[test]
    fn recent_days_are_yesterday_and_today_in_korea() {
        // 2026-11-22 20:00 UTC is already the 23rd in Korea.
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 20, 0, 0).unwrap();
        assert_eq!(recent_days(now), vec!["2026-11-22", "2026-11-23"]);
        assert_eq!(last_days(now, 7).first().unwrap(), "2026-11-17");
    }
}
