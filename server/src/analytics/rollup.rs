//! The roll-up: `analytics_daily` recomputed from the raw events, then the posts' counters
//! and popular score. A background job runs it every minute over what the events written
//! since its last run touched ([`roll_up_pending`]: the days, posts and businesses the event
//! writer marks in `analytics_pending`, in the events' own transaction); [`roll_up`]
//! recomputes whole days and can be called directly.
//!
//! Everything here is a recomputation from the event log, never an increment, so running it
//! twice, or after a crash halfway, gives the same rows (upserts on the daily table's unique
//! key, plain `UPDATE`s of the counters; a mark is deleted only after its rows are written).
//!
//! Per post and day:
//! - `views`: distinct visitors with a `view` (a view counts once per visitor, post and day);
//! - `unique_readers`: distinct visitors with a `view` or a `read_through`;
//! - `clicks`, `shares`: events;
//! - `bookmarks`, `follows_gained`, `read_throughs`: distinct visitors with such an event
//!   (bookmarking, removing and bookmarking again the same day counts once).
//!
//! Per business and day (`post_id` NULL): the sums of its posts' rows, except
//! `unique_readers` (distinct visitors over all its posts) and `follows_gained` (distinct
//! visitors with a `follow` of the business that day, from a post or from its profile).
//!
//! Then, for every post with events on those days, its lifetime counters are recomputed from
//! its events (which the `(post_id, day)` index serves): `view_count` (the sum of its daily
//! views: distinct visitor-days), `viewer_count` (distinct visitors with a view, ever),
//! `unique_reader_count`, `click_count`, `share_count`; `bookmark_count` is its current
//! `bookmarks` rows. Its popular score is [`popular_score`] of its distinct viewers, never
//! of raw view events (follows are of a business, not of a post, so the follows term is the
//! followers the business gained since the post was published). A visitor is a member or a
//! guest id the server issued: the intake stores nothing else (`visitor.rs`).
//! Scores decay with age even without events, so the [`RESCORED_TOP`] published posts with the
//! highest scores are rescored too, from their stored counters. Updates go in batches of
//! [`UPDATE_CHUNK`] posts per statement; nothing reads or writes the posts that had no
//! events since the last run, so the work follows the traffic, not the size of the catalogue
//! nor the events the day already holds (a quiet minute costs a read of an empty table and
//! the top posts' rescoring).

use super::sql::{self, int, placeholders, READ_KINDS, VISITOR};
use crate::entities::posts::PostStatus;
use crate::entities::{analytics_daily, analytics_pending, businesses, posts};
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Query;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Value,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// How often the background job runs.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(60);
/// Published posts rescored each run for the age decay, besides those with events.
pub const RESCORED_TOP: u64 = 2000;
/// The age exponent of the popular score.
pub const GRAVITY: f64 = 1.8;
/// Posts per `IN (…)` list of the reading queries.
const READ_CHUNK: usize = 500;
/// Posts per `UPDATE` statement.
pub const UPDATE_CHUNK: usize = 200;
/// Daily rows per upsert statement (10 values each).
const UPSERT_CHUNK: usize = 500;

/// What one run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollUp {
    /// `analytics_daily` rows written (post rows and business totals).
    pub daily_rows: usize,
    /// Posts whose counters were recomputed (they had events on the days).
    pub posts_counted: usize,
    /// Other published posts whose score was refreshed for its age.
    pub posts_rescored: usize,
}

/// Yesterday and today, KST, `yyyy-MM-dd`.
pub fn recent_days(now: DateTime<Utc>) -> Vec<String> {
    last_days(now, 2)
}

/// The last `n` KST days up to today, oldest first.
pub fn last_days(now: DateTime<Utc>, n: i64) -> Vec<String> {
    (0..n)
        .rev()
        .map(|back| super::kst_day(now - Duration::days(back)))
        .collect()
}

/// The popular score of a post: its weight — distinct viewers + 3 × bookmarks + 5 ×
/// followers its business gained since the post was published — over (age in hours +
/// 2)^[`GRAVITY`]: recent engagement wins over old totals. A viewer counts once, however
/// many days or times they come back.
pub fn popular_score(
    viewers: i64,
    bookmarks: i64,
    follows: i64,
    published_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> f64 {
    let age_hours = (now - published_at).num_seconds().max(0) as f64 / 3600.0;
    let weight = viewers as f64 + 3.0 * bookmarks as f64 + 5.0 * follows as f64;
    weight / (age_hours + 2.0).powf(GRAVITY)
}

/// id, business_id, published_at, created_at, viewer_count, bookmark_count
type TopRow = (i64, i64, Option<DateTime<Utc>>, DateTime<Utc>, i64, i64);
/// id, business_id, status, published_at, created_at
type MetaRow = (i64, i64, PostStatus, Option<DateTime<Utc>>, DateTime<Utc>);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    views: i64,
    /// Distinct visitors with a view (posts' lifetime only).
    viewers: i64,
    readers: i64,
    clicks: i64,
    bookmarks: i64,
    shares: i64,
    follows: i64,
    read_throughs: i64,
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

/// The per-post daily rows of the events `filter` (on `e`, with its `values`) selects, into
/// `daily`; the posts into `touched`.
async fn post_rows(
    db: &DatabaseConnection,
    filter: &str,
    values: Vec<Value>,
    daily: &mut BTreeMap<(String, i64, Option<i64>), Counts>,
    touched: &mut Vec<i64>,
) -> Result<(), DbErr> {
    let rows = sql::query(
        db,
        &format!(
            "SELECT e.day AS day, p.business_id AS business_id, e.post_id AS post_id, \
             COUNT(DISTINCT CASE WHEN e.kind = 'view' THEN {VISITOR} END) AS views, \
             COUNT(DISTINCT CASE WHEN e.kind IN {READ_KINDS} THEN {VISITOR} END) AS readers, \
             SUM(CASE WHEN e.kind = 'click' THEN 1 ELSE 0 END) AS clicks, \
             COUNT(DISTINCT CASE WHEN e.kind = 'bookmark' THEN {VISITOR} END) AS bookmarks, \
             SUM(CASE WHEN e.kind = 'share' THEN 1 ELSE 0 END) AS shares, \
             COUNT(DISTINCT CASE WHEN e.kind = 'follow' THEN {VISITOR} END) AS follows, \
             COUNT(DISTINCT CASE WHEN e.kind = 'read_through' THEN {VISITOR} END) AS read_throughs \
             FROM analytics_events e JOIN posts p ON p.id = e.post_id \
             WHERE {filter} AND e.kind IN \
             ('view', 'read_through', 'click', 'bookmark', 'unbookmark', 'share', 'follow', 'unfollow') \
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
fn add_post_businesses(
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
async fn business_totals(
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
            let distinct = sql::query(
                db,
                &format!(
                    "SELECT business_id, \
                     COUNT(DISTINCT CASE WHEN kind IN {READ_KINDS} THEN visitor END) AS readers, \
                     COUNT(DISTINCT CASE WHEN kind = 'follow' THEN visitor END) AS follows \
                     FROM (SELECT p.business_id AS business_id, e.kind AS kind, {VISITOR} AS visitor \
                     FROM posts p JOIN analytics_events e ON e.post_id = p.id \
                     WHERE e.day = ? AND p.business_id IN ({list}) \
                     AND e.kind IN ('view', 'read_through', 'follow') \
                     UNION ALL SELECT e.business_id AS business_id, e.kind AS kind, {VISITOR} AS visitor \
                     FROM analytics_events e \
                     WHERE e.day = ? AND e.business_id IN ({list}) AND e.post_id IS NULL \
                     AND e.kind IN ('view', 'read_through', 'follow')) AS v \
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

/// The lifetime counters and score of the `touched` posts, then the age decay of the top
/// posts that were not among them.
async fn refresh_posts(
    db: &DatabaseConnection,
    mut touched: Vec<i64>,
    done: &mut RollUp,
) -> Result<(), DbErr> {
    touched.sort_unstable();
    touched.dedup();
    let now = Utc::now();
    for chunk in touched.chunks(READ_CHUNK) {
        let updates = recount(db, chunk, now).await?;
        done.posts_counted += updates.len();
        for part in updates.chunks(UPDATE_CHUNK) {
            update_posts(db, part, true).await?;
        }
    }

    // The age decay of the most popular posts that had no events.
    let touched: HashSet<i64> = touched.into_iter().collect();
    let top: Vec<TopRow> = most_popular().into_tuple().all(db).await?;
    let top: Vec<_> = top
        .into_iter()
        .filter(|(id, ..)| !touched.contains(id))
        .collect();
    for chunk in top.chunks(READ_CHUNK) {
        let follows = BusinessFollows::of(db, chunk.iter().map(|t| t.1)).await?;
        let updates: Vec<PostUpdate> = chunk
            .iter()
            .map(
                |&(id, business_id, published_at, created_at, viewers, bookmarks)| {
                    let published_at = published_at.unwrap_or(created_at);
                    PostUpdate {
                        id,
                        counts: Counts::default(),
                        score: popular_score(
                            viewers,
                            bookmarks,
                            follows.since(business_id, published_at),
                            published_at,
                            now,
                        ),
                    }
                },
            )
            .collect();
        done.posts_rescored += updates.len();
        for part in updates.chunks(UPDATE_CHUNK) {
            update_posts(db, part, false).await?;
        }
    }
    Ok(())
}

async fn upsert_daily(
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

struct PostUpdate {
    id: i64,
    counts: Counts,
    score: f64,
}

/// The lifetime counters and score of `ids`, from their events and bookmarks. The kinds are
/// picked inside the aggregates: a `kind IN (…)` in `WHERE` makes SQLite's planner read the
/// `(kind, day)` index (every view ever) instead of the `(post_id, day)` one.
async fn recount(
    db: &DatabaseConnection,
    ids: &[i64],
    now: DateTime<Utc>,
) -> Result<Vec<PostUpdate>, DbErr> {
    let values = || ids.iter().map(|&id| Value::from(id)).collect::<Vec<_>>();
    let list = placeholders(ids.len());
    let rows = sql::query(
        db,
        &format!(
            "SELECT e.post_id AS post_id, \
             COUNT(DISTINCT CASE WHEN e.kind = 'view' THEN {VISITOR} || '|' || e.day END) AS views, \
             COUNT(DISTINCT CASE WHEN e.kind = 'view' THEN {VISITOR} END) AS viewers, \
             COUNT(DISTINCT CASE WHEN e.kind IN {READ_KINDS} THEN {VISITOR} END) AS readers, \
             SUM(CASE WHEN e.kind = 'click' THEN 1 ELSE 0 END) AS clicks, \
             SUM(CASE WHEN e.kind = 'share' THEN 1 ELSE 0 END) AS shares \
             FROM analytics_events e WHERE e.post_id IN ({list}) GROUP BY e.post_id"
        ),
        values(),
    )
    .await?;
    let mut counts: HashMap<i64, Counts> = HashMap::new();
    for row in &rows {
        counts.insert(
            int(row, "post_id")?,
            Counts {
                views: int(row, "views")?,
                viewers: int(row, "viewers")?,
                readers: int(row, "readers")?,
                clicks: int(row, "clicks")?,
                shares: int(row, "shares")?,
                ..Counts::default()
            },
        );
    }
    let bookmarks = sql::query(
        db,
        &format!(
            "SELECT post_id, COUNT(*) AS n FROM bookmarks WHERE post_id IN ({list}) \
             GROUP BY post_id"
        ),
        values(),
    )
    .await?;
    for row in &bookmarks {
        counts.entry(int(row, "post_id")?).or_default().bookmarks = int(row, "n")?;
    }
    let meta: Vec<MetaRow> = posts::Entity::find()
        .select_only()
        .columns([
            posts::Column::Id,
            posts::Column::BusinessId,
            posts::Column::Status,
            posts::Column::PublishedAt,
            posts::Column::CreatedAt,
        ])
        .filter(posts::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    let follows = BusinessFollows::of(db, meta.iter().map(|m| m.1)).await?;
    Ok(meta
        .into_iter()
        .map(|(id, business_id, status, published_at, created_at)| {
            let c = counts.get(&id).copied().unwrap_or_default();
            let published_at = published_at.unwrap_or(created_at);
            let score = if status == PostStatus::Published {
                popular_score(
                    c.viewers,
                    c.bookmarks,
                    follows.since(business_id, published_at),
                    published_at,
                    now,
                )
            } else {
                0.0
            };
            PostUpdate {
                id,
                counts: c,
                score,
            }
        })
        .collect())
}

/// The [`RESCORED_TOP`] published posts of the highest scores, with what their scores are
/// made of. Every column is in the index `idx_posts_popular`, so the reading never reaches
/// the posts' rows (whose bodies come first in SQLite).
fn most_popular() -> sea_orm::Select<posts::Entity> {
    posts::Entity::find()
        .select_only()
        .columns([
            posts::Column::Id,
            posts::Column::BusinessId,
            posts::Column::PublishedAt,
            posts::Column::CreatedAt,
            posts::Column::ViewerCount,
            posts::Column::BookmarkCount,
        ])
        .filter(posts::Column::Status.eq(PostStatus::Published))
        .filter(posts::Column::PopularScore.gt(0.0))
        .order_by_desc(posts::Column::PopularScore)
        .limit(RESCORED_TOP)
}

/// Followers each business gained per KST day: distinct visitors with a `follow` event (a
/// reader following, leaving and following again the same day counts once).
struct BusinessFollows(HashMap<i64, Vec<(String, i64)>>);

/// The statement of [`BusinessFollows::of`] for `businesses` ids: through the partial index
/// `idx_analytics_events_follows`, which holds the follow events alone (through the
/// businesses' index it read every event of theirs to keep the few follows).
fn follows_by_day(businesses: usize) -> String {
    format!(
        "SELECT e.business_id AS business_id, e.day AS day, \
         COUNT(DISTINCT {VISITOR}) AS follows FROM analytics_events e \
         WHERE e.kind = 'follow' AND e.business_id IN ({}) \
         GROUP BY e.business_id, e.day",
        placeholders(businesses)
    )
}

impl BusinessFollows {
    async fn of(
        db: &DatabaseConnection,
        businesses: impl Iterator<Item = i64>,
    ) -> Result<BusinessFollows, DbErr> {
        let mut ids: Vec<i64> = businesses.collect();
        ids.sort_unstable();
        ids.dedup();
        let mut by_business: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
        for chunk in ids.chunks(READ_CHUNK) {
            let rows = sql::query(
                db,
                &follows_by_day(chunk.len()),
                chunk.iter().map(|&id| Value::from(id)).collect(),
            )
            .await?;
            for row in &rows {
                by_business
                    .entry(int(row, "business_id")?)
                    .or_default()
                    .push((row.try_get("", "day")?, int(row, "follows")?));
            }
        }
        Ok(BusinessFollows(by_business))
    }

    /// Followers the business gained from the KST day of `published_at` on: the follows
    /// term of the post's score.
    fn since(&self, business_id: i64, published_at: DateTime<Utc>) -> i64 {
        let first = super::kst_day(published_at);
        self.0.get(&business_id).map_or(0, |days| {
            days.iter()
                .filter(|(day, _)| *day >= first)
                .map(|(_, n)| n)
                .sum()
        })
    }
}

/// One `UPDATE posts SET col = CASE id WHEN … END …` for a batch of posts: the counters too
/// when `counters`, else the score only. Only numbers are written into the SQL text.
async fn update_posts(
    db: &DatabaseConnection,
    updates: &[PostUpdate],
    counters: bool,
) -> Result<(), DbErr> {
    if updates.is_empty() {
        return Ok(());
    }
    let case = |value: &dyn Fn(&PostUpdate) -> String| {
        let mut text = String::from("CASE id");
        for u in updates {
            text.push_str(&format!(" WHEN {} THEN {}", u.id, value(u)));
        }
        text.push_str(" END");
        text
    };
    let mut sets = Vec::new();
    if counters {
        sets.push(format!(
            "view_count = {}",
            case(&|u| u.counts.views.to_string())
        ));
        sets.push(format!(
            "viewer_count = {}",
            case(&|u| u.counts.viewers.to_string())
        ));
        sets.push(format!(
            "unique_reader_count = {}",
            case(&|u| u.counts.readers.to_string())
        ));
        sets.push(format!(
            "click_count = {}",
            case(&|u| u.counts.clicks.to_string())
        ));
        sets.push(format!(
            "bookmark_count = {}",
            case(&|u| u.counts.bookmarks.to_string())
        ));
        sets.push(format!(
            "share_count = {}",
            case(&|u| u.counts.shares.to_string())
        ));
    }
    // Scientific notation keeps every value a valid numeric literal on both databases.
    sets.push(format!(
        "popular_score = {}",
        case(&|u| format!("{:.12e}", u.score))
    ));
    let ids: Vec<String> = updates.iter().map(|u| u.id.to_string()).collect();
    let text = format!(
        "UPDATE posts SET {} WHERE id IN ({})",
        sets.join(", "),
        ids.join(", ")
    );
    db.execute_unprepared(&text).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// An event batch written while a run works marks again what the run read: the run must
    /// leave that mark, or the batch's events would wait for another event on the same key.
    #[tokio::test]
    async fn a_mark_moved_after_the_run_read_it_stays_for_the_next_run() {
        let (_dir, db) = crate::db::migrated_sqlite().await;
        let sink = crate::events::EventSink::new(db.clone());
        let view = |guest: &str| crate::events::Event {
            kind: "view",
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
    fn the_score_favours_recent_engagement() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        let fresh = popular_score(100, 0, 0, now - Duration::hours(2), now);
        let old = popular_score(100, 0, 0, now - Duration::hours(48), now);
        assert!(fresh > old);
        // 100 / (2 + 2)^1.8
        assert!((fresh - 100.0 / 4f64.powf(1.8)).abs() < 1e-9);
        // A bookmark weighs three views, a follow five.
        let weighted = popular_score(0, 1, 1, now, now);
        assert!((weighted - 8.0 / 2f64.powf(1.8)).abs() < 1e-9);
        // Published in the future (clock skew): age 0, not negative.
        assert_eq!(
            popular_score(1, 0, 0, now + Duration::hours(1), now),
            popular_score(1, 0, 0, now, now)
        );
    }

    #[test]
    fn recent_days_are_yesterday_and_today_in_korea() {
        // 2026-11-22 20:00 UTC is already the 23rd in Korea.
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 20, 0, 0).unwrap();
        assert_eq!(recent_days(now), vec!["2026-11-22", "2026-11-23"]);
        assert_eq!(last_days(now, 7).first().unwrap(), "2026-11-17");
    }

    /// The minute's rescoring reads the most popular posts from an index alone: in SQLite
    /// the posts' bodies come before their score and counters in each row.
    #[tokio::test]
    async fn the_most_popular_posts_are_read_from_an_index_alone() {
        use sea_orm::QueryTrait;
        let (_dir, db) = crate::db::migrated_sqlite().await;
        let sqlite = sea_orm::DbBackend::Sqlite;
        let plan = crate::db::query_plan(&db, most_popular().build(sqlite))
            .await
            .unwrap();
        assert!(
            plan.contains("USING COVERING INDEX idx_posts_popular"),
            "{plan}"
        );
        assert!(!plan.contains("TEMP B-TREE FOR ORDER BY"), "{plan}");
    }

    /// The followers each business gained are counted from the follow events alone: through
    /// the businesses' index, the minute's rescoring read every event of theirs (the whole
    /// table at 100,000 posts, 1.8 s and 150 MB of page cache) to keep a few thousand.
    #[tokio::test]
    async fn the_follows_are_read_from_their_own_index() {
        let (_dir, db) = crate::db::migrated_sqlite().await;
        let statement = sea_orm::Statement::from_sql_and_values(
            sea_orm::DbBackend::Sqlite,
            follows_by_day(3),
            [1i64, 2, 3].map(Value::from),
        );
        let plan = crate::db::query_plan(&db, statement).await.unwrap();
        assert!(
            plan.contains("USING COVERING INDEX idx_analytics_events_follows"),
            "{plan}"
        );
    }
}
