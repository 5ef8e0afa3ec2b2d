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
//! The writer ends when every [`EventSink`] is dropped, after writing what is queued. A
//! server shutting down calls [`EventSink::flush`] after the last request has been answered.

use crate::entities::posts::PostStatus;
use crate::entities::{analytics_events, posts};
use crate::http::error::{ApiError, ApiResult};
use sea_orm::sea_query::Query;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect,
};
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

enum Message {
    Record(Event),
    Submit {
        events: Vec<Event>,
        done: oneshot::Sender<Result<(), String>>,
    },
    Flush(oneshot::Sender<()>),
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
}

#[derive(Default)]
struct Counters {
    batches: AtomicU64,
    events: AtomicU64,
    submissions: AtomicU64,
    lost: AtomicU64,
}

/// Takes events and writes them in batches.
#[derive(Clone)]
pub struct EventSink {
    queue: mpsc::Sender<Message>,
    shared: Arc<Shared>,
}

struct Shared {
    db: DatabaseConnection,
    counters: Arc<Counters>,
    /// Recorded events waiting in spawned tasks for room in the queue.
    overflow: AtomicUsize,
    posts: PostDirectory,
}

impl EventSink {
    /// Starts the writer task (so this must be called within a tokio runtime).
    pub fn new(db: DatabaseConnection) -> Self {
        let (queue, inbox) = mpsc::channel(QUEUE_CAPACITY);
        let counters = Arc::new(Counters::default());
        tokio::spawn(write_loop(db.clone(), inbox, counters.clone()));
        EventSink {
            queue,
            shared: Arc::new(Shared {
                db,
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

    /// Queues events and resolves once the transaction holding them has committed.
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
            Ok(Err(error)) => Err(ApiError::internal(format!("analytics batch: {error}"))),
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
    }

    /// What the writer has done so far.
    pub fn stats(&self) -> SinkStats {
        let c = &self.shared.counters;
        SinkStats {
            batches: c.batches.load(Ordering::Relaxed),
            events: c.events.load(Ordering::Relaxed),
            submissions: c.submissions.load(Ordering::Relaxed),
            lost: c.lost.load(Ordering::Relaxed),
        }
    }

    /// The business and visibility of each known post among `ids` (unknown ones are left
    /// out), from a cache kept for [`POST_TTL`]: one query for all the misses.
    pub async fn posts(&self, ids: &[i64]) -> ApiResult<HashMap<i64, PostInfo>> {
        Ok(self.shared.posts.lookup(&self.shared.db, ids).await?)
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
    async fn lookup(
        &self,
        db: &DatabaseConnection,
        ids: &[i64],
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

/// The messages of one transaction.
#[derive(Default)]
struct Batch {
    events: Vec<Event>,
    submitters: Vec<oneshot::Sender<Result<(), String>>>,
    flushes: Vec<oneshot::Sender<()>>,
    /// Fire-and-forget events in `events`.
    recorded: usize,
}

impl Batch {
    fn push(&mut self, message: Message) {
        match message {
            Message::Record(event) => {
                self.events.push(event);
                self.recorded += 1;
            }
            Message::Submit { events, done } => {
                self.events.extend(events);
                self.submitters.push(done);
            }
            Message::Flush(done) => self.flushes.push(done),
        }
    }

    /// Someone is waiting on this batch: write it as soon as the queue is empty.
    fn awaited(&self) -> bool {
        !self.submitters.is_empty() || !self.flushes.is_empty()
    }
}

async fn write_loop(
    db: DatabaseConnection,
    mut inbox: mpsc::Receiver<Message>,
    counters: Arc<Counters>,
) {
    while let Some(first) = inbox.recv().await {
        let mut batch = Batch::default();
        batch.push(first);
        let deadline = tokio::time::Instant::now() + LINGER;
        while batch.events.len() < MAX_BATCH_ROWS {
            match inbox.try_recv() {
                Ok(message) => batch.push(message),
                Err(mpsc::error::TryRecvError::Disconnected) => break,
                Err(mpsc::error::TryRecvError::Empty) if batch.awaited() => break,
                Err(mpsc::error::TryRecvError::Empty) => {
                    match tokio::time::timeout_at(deadline, inbox.recv()).await {
                        Ok(Some(message)) => batch.push(message),
                        Ok(None) | Err(_) => break,
                    }
                }
            }
        }
        write_batch(&db, batch, &counters).await;
    }
}

/// Writes one batch (with retries) and tells everyone waiting on it.
async fn write_batch(db: &DatabaseConnection, batch: Batch, counters: &Counters) {
    let mut outcome = Ok(());
    if !batch.events.is_empty() {
        for attempt in 1..=ATTEMPTS {
            outcome = insert_events(db, &batch.events).await;
            match &outcome {
                Ok(()) => break,
                Err(error) if attempt < ATTEMPTS => {
                    tracing::warn!(%error, attempt, rows = batch.events.len(), "analytics batch failed; retrying");
                    tokio::time::sleep(Duration::from_millis(50 * 4u64.pow(attempt - 1))).await;
                }
                Err(_) => {}
            }
        }
    }
    match &outcome {
        Ok(()) => {
            if !batch.events.is_empty() {
                counters.batches.fetch_add(1, Ordering::Relaxed);
                counters
                    .events
                    .fetch_add(batch.events.len() as u64, Ordering::Relaxed);
            }
            counters
                .submissions
                .fetch_add(batch.submitters.len() as u64, Ordering::Relaxed);
        }
        Err(error) => {
            tracing::error!(
                %error,
                recorded_lost = batch.recorded,
                submissions_refused = batch.submitters.len(),
                "analytics batch could not be written"
            );
            counters
                .lost
                .fetch_add(batch.recorded as u64, Ordering::Relaxed);
        }
    }
    let answer = outcome.map_err(|e| e.to_string());
    for done in batch.submitters {
        let _ = done.send(answer.clone());
    }
    for done in batch.flushes {
        let _ = done.send(());
    }
}

/// Multi-row INSERTs in one transaction.
async fn insert_events(db: &DatabaseConnection, events: &[Event]) -> Result<(), DbErr> {
    use analytics_events::Column as C;
    let txn = crate::db::write_txn(db).await?;
    let mut rest = events;
    while !rest.is_empty() {
        let (chunk, after) = rest.split_at(statement_rows(rest.len()));
        rest = after;
        let mut insert = Query::insert();
        insert.into_table(analytics_events::Entity).columns([
            C::Kind,
            C::PostId,
            C::BusinessId,
            C::MemberId,
            C::GuestId,
            C::DeviceType,
            C::DeviceOs,
            C::Browser,
            C::OffsetMinutes,
            C::Day,
            C::OccurredAt,
            C::Detail,
        ]);
        for event in chunk {
            insert.values_panic([
                event.kind.as_str().into(),
                event.post_id.into(),
                event.business_id.into(),
                event.member_id.into(),
                event.guest_id.clone().into(),
                event.device_type.clone().into(),
                event.device_os.clone().into(),
                event.browser.clone().into(),
                event.offset_minutes.into(),
                crate::kernel::kst::kst_day(event.occurred_at).into(),
                event.occurred_at.into(),
                event.detail.clone().into(),
            ]);
        }
        txn.execute(&insert).await?;
    }
    mark_pending(&txn, events).await?;
    txn.commit().await
}

/// Rows marked per statement (4 values each).
const MARKS_PER_STATEMENT: usize = 250;

/// Marks what the events leave for the analytics roll-up to recompute (`analytics_pending`:
/// their KST days, posts and businesses, 0 for none), in the events' transaction: a mark
/// already there has its `marks` moved, which tells a roll-up running now that it must not
/// delete the row it read (crate::analytics::rollup).
async fn mark_pending(txn: &impl ConnectionTrait, events: &[Event]) -> Result<(), DbErr> {
    let keys: std::collections::BTreeSet<(String, i64, i64)> = events
        .iter()
        .map(|event| {
            (
                crate::kernel::kst::kst_day(event.occurred_at),
                event.post_id.unwrap_or(0),
                event.business_id.unwrap_or(0),
            )
        })
        .collect();
    let keys: Vec<_> = keys.into_iter().collect();
    for chunk in keys.chunks(MARKS_PER_STATEMENT) {
        let rows = vec!["(?, ?, ?, 1)"; chunk.len()].join(", ");
        let values = chunk
            .iter()
            .flat_map(|(day, post, business)| {
                [day.clone().into(), (*post).into(), (*business).into()]
            })
            .collect();
        txn.execute_raw(crate::db::statement(
            txn.get_database_backend(),
            &format!(
                "INSERT INTO analytics_pending (day, post_id, business_id, marks) VALUES {rows} \
                 ON CONFLICT (day, post_id, business_id) \
                 DO UPDATE SET marks = analytics_pending.marks + 1"
            ),
            values,
        ))
        .await?;
    }
    Ok(())
}

/// How many of `remaining` rows the next statement takes: the largest power of two that fits.
fn statement_rows(remaining: usize) -> usize {
    let fits = remaining.min(ROWS_PER_STATEMENT);
    1 << (usize::BITS - 1 - fits.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::{ConnectOptions, Database, PaginatorTrait};
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
        let sink = EventSink::new(db.clone());
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
        let sink = EventSink::new(db.clone());
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

    #[test]
    fn statements_hold_a_power_of_two_of_rows() {
        let mut shapes = std::collections::BTreeSet::new();
        for batch in 1..=2000 {
            let (mut rest, mut taken) = (batch, 0);
            while rest > 0 {
                let rows = statement_rows(rest);
                assert!(rows.is_power_of_two() && rows <= rest && rows <= ROWS_PER_STATEMENT);
                shapes.insert(rows);
                rest -= rows;
                taken += rows;
            }
            assert_eq!(taken, batch);
        }
        assert_eq!(shapes.len(), 9);
        assert_eq!(statement_rows(700), 256);
        assert_eq!(statement_rows(50), 32);
    }

    #[tokio::test]
    async fn unknown_posts_are_cached_as_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(&dir).await;
        let sink = EventSink::new(db);
        let found = sink.posts(&[1, 2, 2, 3]).await.unwrap();
        assert!(found.is_empty());
        let entries = sink.shared.posts.entries.read().unwrap().len();
        assert_eq!(entries, 3);
    }
}
