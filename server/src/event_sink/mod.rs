//! Analytics events accepted without blocking the request path: handlers hand them to the
//! sink, which writes them in batches (group commit).
//!
//! One writer task owns the inserts into `analytics_events`. Handlers send it messages over a
//! bounded channel:
//!
//! - [`EventSink::record`] is fire-and-forget (follow, bookmark and the like, where the
//!   event is a side effect of a change already committed). It never waits: when the queue
//!   has room the event is queued at once; when it is full, a small task is spawned that
//!   waits for room (the event is kept, never dropped silently, and a warning is logged once
//!   per overflow episode).
//! - [`EventSink::submit`] resolves when the transaction holding its events has COMMITTED
//!   (a `oneshot` per submission). The intake and the beacons answer only then, so an event
//!   acknowledged to a browser is in the database. When the queue is full, `submit` waits
//!   for room: the callers feel the backpressure instead of the server's memory.
//!
//! The writer takes the first waiting message, then whatever else is already queued, up to
//! [`MAX_BATCH_ROWS`] rows, and writes them as multi-row INSERTs in one transaction. While a
//! batch is being written the next one fills, so the busier the intake the bigger the
//! batches (the classic group commit). A batch with nobody waiting on it (only `record`ed
//! events) lingers up to [`LINGER`] for company; a batch someone waits on is written as soon
//! as the queue is empty. A submission is never split over two transactions.
//!
//! A failed transaction is retried (three attempts in all, with a growing pause); if it still
//! fails, the submitters get an error (their clients may send again) and the number of
//! recorded events lost is logged as an error.
//!
//! While the database cannot be reached ([`Reach`], or a batch fails for want of a
//! connection), batches are **held** in memory instead, in order, up to [`HELD_MAX_EVENTS`]
//! events, and their submitters are answered at once: a reader's page sends its events as
//! beacons that never read the answer, so an event refused would be an event lost. The
//! writer looks every [`HELD_RETRY`] whether the database is back and then writes what it
//! holds first, in batches, before anything newer. Past the bound, a submission is answered
//! 503 with `Retry-After` (the sender may keep it and try again) and a recorded event is
//! counted lost with an error in the log, once per episode. Held events live in this
//! process: a server stopped while it holds some logs how many it drops (docs/operations.md,
//! "When the database is away").
//!
//! The writer ends when every [`EventSink`] is dropped, after writing what is queued. A
//! server shutting down calls [`EventSink::flush`] after the last request has been answered.

mod writer;

use crate::db::reach::Reach;
use crate::entities::posts;
use crate::entities::posts::PostStatus;
use crate::http::error::{ApiError, ApiResult, DATABASE_RETRY_AFTER};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

crate::named_words! {
    /// What a reader did (`analytics_events.kind`; docs/analytics.md says when each is sent).
    pub enum EventKind {
        Visit = "visit",
        Click = "click",
        View = "view",
        Follow = "follow",
        Unfollow = "unfollow",
        Bookmark = "bookmark",
        Unbookmark = "unbookmark",
        Share = "share",
        ReadThrough = "read_through",
    }
}

/// One event as a handler records it.
#[derive(Clone, Debug)]
pub struct Event {
    pub kind: EventKind,
    pub post_id: Option<i64>,
    pub business_id: Option<i64>,
    pub member_id: Option<i64>,
    pub guest_id: Option<String>,
    pub device_type: String,
    pub device_os: Option<String>,
    pub browser: Option<String>,
    pub offset_minutes: i32,
    pub occurred_at: chrono::DateTime<chrono::Utc>,
    /// A share's channel; a follow's or bookmark's source (SPEC §3); `None` otherwise.
    pub detail: Option<String>,
}

/// A batch closes at this many rows (a submission in progress is never split, so one may
/// go over by the size of its last submission).
pub const MAX_BATCH_ROWS: usize = 1000;
/// How long a batch of fire-and-forget events waits for more before it is written.
pub const LINGER: Duration = Duration::from_millis(20);
/// Queued messages (a submission is one message) before senders wait.
const QUEUE_CAPACITY: usize = 4096;
/// Rows per INSERT statement at most: 12 values a row stays far below SQLite's 32,766 and
/// PostgreSQL's 65,535 bound parameters. Statements hold a power of two of rows, so a batch
/// of any size uses at most nine statement shapes, each prepared once per connection and
/// then reused from the driver's statement cache.
const ROWS_PER_STATEMENT: usize = 256;
/// Attempts at writing one batch.
const ATTEMPTS: u32 = 3;
/// Events held in memory at most while the database is away (a few hundred bytes each: some
/// tens of megabytes at the bound; at a busy node's few hundred events a second, minutes of
/// outage).
pub const HELD_MAX_EVENTS: usize = 100_000;
/// How often a writer holding events looks whether the database is back.
pub const HELD_RETRY: Duration = Duration::from_millis(250);

enum Message {
    Record(Event),
    Submit {
        events: Vec<Event>,
        done: oneshot::Sender<Result<(), Refusal>>,
    },
    Flush(oneshot::Sender<()>),
}

/// Why a submission was not taken.
#[derive(Clone, Debug)]
enum Refusal {
    /// The database is away and the held events are at their bound.
    Full,
    /// The batch failed for another reason, after every attempt.
    Failed(String),
}

/// What the writer has done since it started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SinkStats {
    /// Transactions committed.
    pub batches: u64,
    /// Events committed.
    pub events: u64,
    /// Submissions acknowledged (committed).
    pub submissions: u64,
    /// Events that could not be written after every attempt.
    pub lost: u64,
    /// Events held in memory now, waiting for the database.
    pub held: u64,
}

#[derive(Default)]
struct Counters {
    batches: AtomicU64,
    events: AtomicU64,
    submissions: AtomicU64,
    lost: AtomicU64,
    held: AtomicU64,
}

/// Takes events and writes them in batches.
#[derive(Clone)]
pub struct EventSink {
    queue: mpsc::Sender<Message>,
    shared: Arc<Shared>,
}

struct Shared {
    db: DatabaseConnection,
    reach: Arc<Reach>,
    counters: Arc<Counters>,
    /// Recorded events waiting in spawned tasks for room in the queue.
    overflow: AtomicUsize,
    posts: PostDirectory,
}

impl EventSink {
    /// Starts the writer task (so this must be called within a tokio runtime); `reach` says
    /// whether the database can be reached.
    pub fn new(db: DatabaseConnection, reach: Arc<Reach>) -> Self {
        let (queue, inbox) = mpsc::channel(QUEUE_CAPACITY);
        let counters = Arc::new(Counters::default());
        let writer = writer::Writer::new(db.clone(), reach.clone(), counters.clone());
        tokio::spawn(writer.run(inbox));
        EventSink {
            queue,
            shared: Arc::new(Shared {
                db,
                reach,
                counters,
                overflow: AtomicUsize::new(0),
                posts: PostDirectory::default(),
            }),
        }
    }

    /// Queues one event; never waits on the database (nor on a full queue).
    pub fn record(&self, event: Event) {
        match self.queue.try_send(Message::Record(event)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(message)) => {
                let Ok(runtime) = tokio::runtime::Handle::try_current() else {
                    tracing::error!("analytics event lost: queue full outside a runtime");
                    self.shared.counters.lost.fetch_add(1, Ordering::Relaxed);
                    return;
                };
                if self.shared.overflow.fetch_add(1, Ordering::AcqRel) == 0 {
                    tracing::warn!(
                        "analytics queue full: events wait for room (the database is slow)"
                    );
                }
                let queue = self.queue.clone();
                let shared = self.shared.clone();
                runtime.spawn(async move {
                    if queue.send(message).await.is_err() {
                        tracing::error!("analytics event lost: the writer has stopped");
                        shared.counters.lost.fetch_add(1, Ordering::Relaxed);
                    }
                    shared.overflow.fetch_sub(1, Ordering::AcqRel);
                });
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {
                tracing::error!("analytics event lost: the writer has stopped");
                self.shared.counters.lost.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Queues events and resolves once the transaction holding them has committed, or, while
    /// the database is away, once they are held to be written on its return.
    pub async fn submit(&self, events: Vec<Event>) -> Result<(), ApiError> {
        if events.is_empty() {
            return Ok(());
        }
        let (done, committed) = oneshot::channel();
        self.queue
            .send(Message::Submit { events, done })
            .await
            .map_err(|_| ApiError::internal("analytics writer stopped"))?;
        match committed.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(Refusal::Full)) => Err(ApiError::Unavailable {
                message: "the database is unavailable for a moment and this server holds all \
                          the analytics events it can; please send them again shortly"
                    .into(),
                retry_after: DATABASE_RETRY_AFTER,
            }),
            Ok(Err(Refusal::Failed(error))) => {
                Err(ApiError::internal(format!("analytics batch: {error}")))
            }
            Err(_) => Err(ApiError::internal("analytics writer stopped mid-batch")),
        }
    }

    /// Resolves when every event recorded or submitted before the call is committed (or
    /// given up after the retries). The server calls it at shutdown, after the last request.
    pub async fn flush(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.shared.overflow.load(Ordering::Acquire) > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let (done, flushed) = oneshot::channel();
        if self.queue.send(Message::Flush(done)).await.is_ok() {
            let _ = flushed.await;
        }
        let held = self.shared.counters.held.load(Ordering::Relaxed);
        if held > 0 {
            tracing::error!(
                held,
                "analytics events held while the database is away are dropped at shutdown"
            );
        }
    }

    /// What the writer has done so far.
    pub fn stats(&self) -> SinkStats {
        let c = &self.shared.counters;
        SinkStats {
            batches: c.batches.load(Ordering::Relaxed),
            events: c.events.load(Ordering::Relaxed),
            submissions: c.submissions.load(Ordering::Relaxed),
            lost: c.lost.load(Ordering::Relaxed),
            held: c.held.load(Ordering::Relaxed),
        }
    }

    /// The business and visibility of each known post among `ids` (unknown ones are left
    /// out), from a cache kept for [`POST_TTL`]: one query for all the misses. While the
    /// database is away, `held` answers for the misses instead (the public posts this
    /// process holds: id → business).
    pub async fn posts(
        &self,
        ids: &[i64],
        held: impl Fn(i64) -> Option<i64> + Sync,
    ) -> ApiResult<HashMap<i64, PostInfo>> {
        let away = !self.shared.reach.up();
        Ok(self
            .shared
            .posts
            .lookup(
                &self.shared.db,
                ids,
                away.then_some(&held as &(dyn Fn(i64) -> Option<i64> + Sync)),
            )
            .await?)
    }

    /// Drops a post from the cache (its status or business changed); optional, entries
    /// expire on their own after [`POST_TTL`].
    pub fn forget_post(&self, id: i64) {
        self.shared.posts.forget(id);
    }
}

/// What the intake needs to know about a post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PostInfo {
    pub business_id: i64,
    /// Published: readers may see it, so its events count.
    pub public: bool,
}

/// How long the cache trusts what it knows of a post (a post hidden or removed stops
/// collecting events at most this long after).
pub const POST_TTL: Duration = Duration::from_secs(60);
/// Entries before the cache starts over (unknown ids are cached too, so a client sending
/// random ids cannot grow it without bound).
const POST_CACHE_MAX: usize = 100_000;

/// post id → (what it is, or `None` when there is no such post; when it was read).
#[derive(Default)]
struct PostDirectory {
    entries: RwLock<HashMap<i64, (Option<PostInfo>, Instant)>>,
}

impl PostDirectory {
    /// With `held`, the database is away: the misses are answered from it (and not cached).
    async fn lookup(
        &self,
        db: &DatabaseConnection,
        ids: &[i64],
        held: Option<&(dyn Fn(i64) -> Option<i64> + Sync)>,
    ) -> Result<HashMap<i64, PostInfo>, DbErr> {
        let now = Instant::now();
        let mut found = HashMap::new();
        let mut missing = Vec::new();
        {
            let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
            for &id in ids {
                match entries.get(&id) {
                    Some((info, at)) if now.duration_since(*at) < POST_TTL => {
                        if let Some(info) = info {
                            found.insert(id, *info);
                        }
                    }
                    _ => missing.push(id),
                }
            }
        }
        if missing.is_empty() {
            return Ok(found);
        }
        if let Some(held) = held {
            for id in missing {
                if let Some(business_id) = held(id) {
                    let public = true;
                    found.insert(
                        id,
                        PostInfo {
                            business_id,
                            public,
                        },
                    );
                }
            }
            return Ok(found);
        }
        missing.sort_unstable();
        missing.dedup();
        let rows: Vec<(i64, i64, PostStatus)> = posts::Entity::find()
            .select_only()
            .columns([
                posts::Column::Id,
                posts::Column::BusinessId,
                posts::Column::Status,
            ])
            .filter(posts::Column::Id.is_in(missing.clone()))
            .into_tuple()
            .all(db)
            .await?;
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if entries.len() + missing.len() > POST_CACHE_MAX {
            entries.clear();
        }
        for &id in &missing {
            entries.insert(id, (None, now));
        }
        for (id, business_id, status) in rows {
            let info = PostInfo {
                business_id,
                public: status == PostStatus::Published,
            };
            entries.insert(id, (Some(info), now));
            found.insert(id, info);
        }
        Ok(found)
    }

    fn forget(&self, id: i64) {
        self.entries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::analytics_events;
    use sea_orm::{ConnectOptions, ConnectionTrait, Database, PaginatorTrait, QueryOrder};
    use tidemark_migration::{Migrator, MigratorTrait};

    async fn database(dir: &tempfile::TempDir) -> DatabaseConnection {
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
        let mut options = ConnectOptions::new(url);
        options.sqlx_logging(false).max_connections(4);
        let db = Database::connect(options).await.unwrap();
        db.execute_unprepared("PRAGMA journal_mode=WAL")
            .await
            .unwrap();
        Migrator::up(&db, None).await.unwrap();
        db
    }

    fn view(n: i64) -> Event {
        Event {
            kind: EventKind::View,
            post_id: Some(n % 7 + 1),
            business_id: Some(1),
            member_id: None,
            guest_id: Some(format!("guest-{n}")),
            device_type: "PC".into(),
            device_os: None,
            browser: None,
            offset_minutes: 540,
            occurred_at: chrono::Utc::now(),
            detail: None,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_submissions_are_all_committed_in_fewer_transactions() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let sink = EventSink::new(db.clone(), Arc::new(Reach::local()));
        let submissions = 200;
        let tasks: Vec<_> = (0..submissions)
            .map(|i| {
                let sink = sink.clone();
                tokio::spawn(async move {
                    let events = (0..5).map(|j| view(i * 5 + j)).collect();
                    sink.submit(events).await
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        // Acknowledged means committed: the rows are there without waiting.
        let rows = analytics_events::Entity::find().count(&db).await.unwrap();
        assert_eq!(rows, 1000);
        let stats = sink.stats();
        eprintln!(
            "{submissions} submissions in {} transactions",
            stats.batches
        );
        assert_eq!(stats.events, 1000);
        assert_eq!(stats.submissions, submissions as u64);
        assert!(
            stats.batches < submissions as u64 / 2,
            "group commit: {} transactions for {submissions} submissions",
            stats.batches
        );
        assert_eq!(stats.lost, 0);
    }

    #[tokio::test]
    async fn recorded_events_are_written_by_flush() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let sink = EventSink::new(db.clone(), Arc::new(Reach::local()));
        for n in 0..25 {
            sink.record(view(n));
        }
        sink.flush().await;
        let rows = analytics_events::Entity::find()
            .filter(analytics_events::Column::Kind.eq(EventKind::View.as_str()))
            .count(&db)
            .await
            .unwrap();
        assert_eq!(rows, 25);
        let day = analytics_events::Entity::find()
            .one(&db)
            .await
            .unwrap()
            .unwrap()
            .day;
        assert_eq!(day, crate::kernel::kst::kst_day(chrono::Utc::now()));
    }

    #[tokio::test]
    async fn unknown_posts_are_cached_as_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let sink = EventSink::new(db, Arc::new(Reach::local()));
        let found = sink.posts(&[1, 2, 2, 3], |_| None).await.unwrap();
        assert!(found.is_empty());
        let entries = sink.shared.posts.entries.read().unwrap().len();
        assert_eq!(entries, 3);
    }

    async fn rows(db: &DatabaseConnection) -> u64 {
        analytics_events::Entity::find().count(db).await.unwrap()
    }

    #[tokio::test]
    async fn events_are_held_while_the_database_is_away_and_written_first_on_its_return() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let reach = Arc::new(Reach::local());
        let sink = EventSink::new(db.clone(), reach.clone());
        reach.note(false);
        // Answered at once (held), not after the pool's time-out.
        sink.submit((0..30).map(view).collect()).await.unwrap();
        for n in 30..35 {
            sink.record(view(n));
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while sink.stats().held < 35 {
            assert!(Instant::now() < deadline, "{:?}", sink.stats());
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(
            rows(&db).await,
            0,
            "nothing is written while the database is away"
        );
        assert_eq!(sink.stats().submissions, 1);

        reach.note(true);
        let deadline = Instant::now() + Duration::from_secs(5);
        while rows(&db).await < 35 {
            assert!(Instant::now() < deadline, "{:?}", sink.stats());
            tokio::time::sleep(HELD_RETRY).await;
        }
        let stats = sink.stats();
        assert_eq!(
            (stats.held, stats.events, stats.lost),
            (0, 35, 0),
            "{stats:?}"
        );
        // Newer events follow the held ones.
        sink.submit(vec![view(35)]).await.unwrap();
        assert_eq!(rows(&db).await, 36);
        let guests: Vec<Option<String>> = analytics_events::Entity::find()
            .order_by_asc(analytics_events::Column::Id)
            .all(&db)
            .await
            .unwrap()
            .into_iter()
            .map(|row| row.guest_id)
            .collect();
        let expected: Vec<Option<String>> = (0..36).map(|n| Some(format!("guest-{n}"))).collect();
        assert_eq!(guests, expected, "written in the order they came");
    }

    #[tokio::test]
    async fn a_held_batch_the_database_keeps_refusing_is_dropped_and_counted_not_kept_ahead_of_the_rest(
    ) {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let reach = Arc::new(Reach::local());
        let sink = EventSink::new(db.clone(), reach.clone());
        reach.note(false);
        sink.submit((0..5).map(view).collect()).await.unwrap();
        // Back, but refusing these rows for a reason of its own (here: no table to take them).
        db.execute_unprepared("ALTER TABLE analytics_events RENAME TO analytics_events_away")
            .await
            .unwrap();
        reach.note(true);
        let deadline = Instant::now() + Duration::from_secs(5);
        while sink.stats().held > 0 {
            assert!(Instant::now() < deadline, "{:?}", sink.stats());
            tokio::time::sleep(HELD_RETRY).await;
        }
        assert_eq!(sink.stats().lost, 5, "{:?}", sink.stats());
        db.execute_unprepared("ALTER TABLE analytics_events_away RENAME TO analytics_events")
            .await
            .unwrap();
        // What comes next is not held behind them.
        sink.submit(vec![view(5)]).await.unwrap();
        assert_eq!(rows(&db).await, 1);
    }

    #[tokio::test]
    async fn past_the_bound_a_submission_is_refused_with_retry_after_and_a_record_is_counted_lost()
    {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let reach = Arc::new(Reach::local());
        let sink = EventSink::new(db.clone(), reach.clone());
        reach.note(false);
        sink.submit((0..HELD_MAX_EVENTS as i64).map(view).collect())
            .await
            .unwrap();
        let refused = sink.submit(vec![view(0)]).await.unwrap_err();
        assert!(
            matches!(refused, ApiError::Unavailable { retry_after, .. } if retry_after == DATABASE_RETRY_AFTER),
            "{refused:?}"
        );
        sink.record(view(1));
        sink.flush().await;
        let stats = sink.stats();
        assert_eq!(
            (stats.held, stats.lost),
            (HELD_MAX_EVENTS as u64, 1),
            "{stats:?}"
        );
        assert_eq!(rows(&db).await, 0);
    }
}
