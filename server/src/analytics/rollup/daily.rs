//! The daily rows of the roll-up: `analytics_daily` per post and day from the events, and
//! per business and day (`post_id` NULL) from its posts' rows and its own events.

use super::{Counts, READ_CHUNK};
use crate::analytics::sql::{self, int, kind_in, kind_is, placeholders, READ_KINDS, VISITOR};
use crate::entities::{analytics_daily, businesses};
use crate::event_sink::EventKind::{self, *};
use sea_orm::sea_query::Query;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect,
    Value,
};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Daily rows per upsert statement (10 values each).
const UPSERT_CHUNK: usize = 500;

/// The kinds a post's daily row is made from (a visit names no post).
const POST_KINDS: &[EventKind] = &[
    View,
    ReadThrough,
    Click,
    Bookmark,
    Unbookmark,
    Share,
    Follow,
    Unfollow,
];
/// The kinds a business's distinct readers and followers are counted from.
const BUSINESS_KINDS: &[EventKind] = &[View, ReadThrough, Follow];

/// The per-post daily rows of the events `filter` (on `e`, with its `values`) selects, into
/// `daily`; the posts into `touched`.
pub(super) async fn post_rows(
    db: &DatabaseConnection,
    filter: &str,
    values: Vec<Value>,
    daily: &mut BTreeMap<(String, i64, Option<i64>), Counts>,
    touched: &mut Vec<i64>,
) -> Result<(), DbErr> {
    let (view, read, click) = (kind_is(View), kind_in(READ_KINDS), kind_is(Click));
    let (bookmark, share, follow) = (kind_is(Bookmark), kind_is(Share), kind_is(Follow));
    let read_through = kind_is(ReadThrough);
    let counted = kind_in(POST_KINDS);
    let rows = sql::query(
        db,
        &format!(
            "SELECT e.day AS day, p.business_id AS business_id, e.post_id AS post_id, \
             COUNT(DISTINCT CASE WHEN {view} THEN {VISITOR} END) AS views, \
             COUNT(DISTINCT CASE WHEN {read} THEN {VISITOR} END) AS readers, \
             SUM(CASE WHEN {click} THEN 1 ELSE 0 END) AS clicks, \
             COUNT(DISTINCT CASE WHEN {bookmark} THEN {VISITOR} END) AS bookmarks, \
             SUM(CASE WHEN {share} THEN 1 ELSE 0 END) AS shares, \
             COUNT(DISTINCT CASE WHEN {follow} THEN {VISITOR} END) AS follows, \
             COUNT(DISTINCT CASE WHEN {read_through} THEN {VISITOR} END) AS read_throughs \
             FROM analytics_events e JOIN posts p ON p.id = e.post_id \
             WHERE {filter} AND {counted} \
             GROUP BY e.day, p.business_id, e.post_id"
        ),
        values,
    )
    .await?;
    for row in &rows {
        let day: String = row.try_get("", "day")?;
        let business_id = int(row, "business_id")?;
        let post_id = int(row, "post_id")?;
        let counts = Counts {
            views: int(row, "views")?,
            readers: int(row, "readers")?,
            clicks: int(row, "clicks")?,
            bookmarks: int(row, "bookmarks")?,
            shares: int(row, "shares")?,
            follows: int(row, "follows")?,
            read_throughs: int(row, "read_throughs")?,
            ..Counts::default()
        };
        daily.insert((day, business_id, Some(post_id)), counts);
        touched.push(post_id);
    }
    Ok(())
}

/// Adds the business of each post row of `daily` to `by_day`: its totals that day changed.
pub(super) fn add_post_businesses(
    daily: &BTreeMap<(String, i64, Option<i64>), Counts>,
    by_day: &mut BTreeMap<String, BTreeSet<i64>>,
) {
    for (day, business_id, _) in daily.keys() {
        by_day.entry(day.clone()).or_default().insert(*business_id);
    }
}

/// The business rows (`post_id` NULL) of `by_day`, day → businesses: the sums of the
/// business's post rows of the day as stored (so every post counts, not only those this run
/// recomputed), its distinct readers over all its posts and the followers it gained.
/// Returns the rows written.
pub(super) async fn business_totals(
    db: &DatabaseConnection,
    by_day: &BTreeMap<String, BTreeSet<i64>>,
) -> Result<usize, DbErr> {
    let mut totals: BTreeMap<(String, i64, Option<i64>), Counts> = BTreeMap::new();
    for (day, ids) in by_day {
        let ids: Vec<i64> = ids.iter().copied().collect();
        for chunk in ids.chunks(READ_CHUNK) {
            let list = placeholders(chunk.len());
            let values = || {
                let mut values = vec![Value::from(day.clone())];
                values.extend(chunk.iter().map(|&id| Value::from(id)));
                values
            };
            for &business_id in chunk {
                totals.insert((day.clone(), business_id, None), Counts::default());
            }
            let sums = sql::query(
                db,
                &format!(
                    "SELECT business_id, CAST(SUM(views) AS BIGINT) AS views, \
                     CAST(SUM(clicks) AS BIGINT) AS clicks, \
                     CAST(SUM(bookmarks) AS BIGINT) AS bookmarks, \
                     CAST(SUM(shares) AS BIGINT) AS shares, \
                     CAST(SUM(read_throughs) AS BIGINT) AS read_throughs \
                     FROM analytics_daily WHERE day = ? AND business_id IN ({list}) \
                     AND post_id IS NOT NULL GROUP BY business_id"
                ),
                values(),
            )
            .await?;
            for row in &sums {
                let total = totals
                    .entry((day.clone(), int(row, "business_id")?, None))
                    .or_default();
                total.views = int(row, "views")?;
                total.clicks = int(row, "clicks")?;
                total.bookmarks = int(row, "bookmarks")?;
                total.shares = int(row, "shares")?;
                total.read_throughs = int(row, "read_throughs")?;
            }
            // Its posts' events (through the posts' `(post_id, day)` index) and the events
            // that name it without a post (a follow from its profile).
            // The outer query reads the union as `e` too, so the kinds read the same.
            let (read, follow) = (kind_in(READ_KINDS), kind_is(Follow));
            let counted = kind_in(BUSINESS_KINDS);
            let distinct = sql::query(
                db,
                &format!(
                    "SELECT business_id, \
                     COUNT(DISTINCT CASE WHEN {read} THEN visitor END) AS readers, \
                     COUNT(DISTINCT CASE WHEN {follow} THEN visitor END) AS follows \
                     FROM (SELECT p.business_id AS business_id, e.kind AS kind, {VISITOR} AS visitor \
                     FROM posts p JOIN analytics_events e ON e.post_id = p.id \
                     WHERE e.day = ? AND p.business_id IN ({list}) AND {counted} \
                     UNION ALL SELECT e.business_id AS business_id, e.kind AS kind, {VISITOR} AS visitor \
                     FROM analytics_events e \
                     WHERE e.day = ? AND e.business_id IN ({list}) AND e.post_id IS NULL \
                     AND {counted}) AS e \
                     GROUP BY business_id"
                ),
                values().into_iter().chain(values()).collect(),
            )
            .await?;
            for row in &distinct {
                let total = totals
                    .entry((day.clone(), int(row, "business_id")?, None))
                    .or_default();
                total.readers = int(row, "readers")?;
                total.follows = int(row, "follows")?;
            }
        }
    }
    // A business named by an event that no longer exists has no row to write.
    let known = existing_businesses(db, &totals).await?;
    totals.retain(|(_, business_id, _), _| known.contains(business_id));
    upsert_daily(db, &totals).await?;
    Ok(totals.len())
}

/// Which of the businesses of `rows` exist.
async fn existing_businesses(
    db: &DatabaseConnection,
    rows: &BTreeMap<(String, i64, Option<i64>), Counts>,
) -> Result<HashSet<i64>, DbErr> {
    let ids: BTreeSet<i64> = rows.keys().map(|(_, id, _)| *id).collect();
    let ids: Vec<i64> = ids.into_iter().collect();
    let mut known = HashSet::new();
    for chunk in ids.chunks(READ_CHUNK) {
        let found: Vec<i64> = businesses::Entity::find()
            .select_only()
            .column(businesses::Column::Id)
            .filter(businesses::Column::Id.is_in(chunk.to_vec()))
            .into_tuple()
            .all(db)
            .await?;
        known.extend(found);
    }
    Ok(known)
}

pub(super) async fn upsert_daily(
    db: &DatabaseConnection,
    daily: &BTreeMap<(String, i64, Option<i64>), Counts>,
) -> Result<(), DbErr> {
    use analytics_daily::Column as C;
    let rows: Vec<_> = daily.iter().collect();
    for chunk in rows.chunks(UPSERT_CHUNK) {
        let mut insert = Query::insert();
        insert
            .into_table(analytics_daily::Entity)
            .columns([
                C::Day,
                C::BusinessId,
                C::PostId,
                C::Views,
                C::UniqueReaders,
                C::Clicks,
                C::Bookmarks,
                C::Shares,
                C::FollowsGained,
                C::ReadThroughs,
            ])
            .on_conflict(
                analytics_daily::on_conflict()
                    .update_columns([
                        C::Views,
                        C::UniqueReaders,
                        C::Clicks,
                        C::Bookmarks,
                        C::Shares,
                        C::FollowsGained,
                        C::ReadThroughs,
                    ])
                    .to_owned(),
            );
        for ((day, business_id, post_id), c) in chunk {
            insert.values_panic([
                day.clone().into(),
                (*business_id).into(),
                (*post_id).into(),
                c.views.into(),
                c.readers.into(),
                c.clicks.into(),
                c.bookmarks.into(),
                c.shares.into(),
                c.follows.into(),
                c.read_throughs.into(),
            ]);
        }
        db.execute(&insert).await?;
    }
    Ok(())
}
