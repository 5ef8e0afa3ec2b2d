//! What every handler can reach, and the fan-out after a change: the change is written to
//! the change log (`crate::cluster`) and applied here at once; every other server process
//! on the database reads it from the log and applies it the same way.

use crate::catalog::Forget;
use crate::cluster::{self, Change};
use crate::http::limits::RateLimits;
use crate::mail::Mailer;
use crate::telemetry::figures;
use crate::tokens::TokenKeys;
use crate::Settings;
use sea_orm::{ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// What every handler can reach: one shared [`Shared`], so handing it to a handler is one
/// reference count, not one per part (a kept answer's whole request clones it several times;
/// a dozen counts shared between the cores took 3% of a list's answer).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The parts of [`AppState`].
pub struct Shared {
    pub db: DatabaseConnection,
    /// The embedded database's reads on the asking thread (`None` on PostgreSQL): the
    /// statements of a reader's miss.
    pub direct: Option<Arc<crate::db::direct::DirectReads>>,
    pub settings: Arc<Settings>,
    pub tokens: Arc<TokenKeys>,
    pub limits: Arc<RateLimits>,
    pub mailer: Arc<Mailer>,
    pub storage: Arc<dyn crate::storage::Storage>,
    pub search: Arc<crate::index::SearchIndex>,
    pub events: crate::events::EventSink,
    /// The public posts in memory, with their list orderings and cached pages.
    pub catalog: Arc<crate::catalog::Catalog>,
    /// This process among the others on the database: its name and where it stands in the
    /// change log.
    pub node: Arc<Node>,
}

/// This server process, as the change log and the job claims know it.
pub struct Node {
    /// A name of its own for this run (a new one at every start).
    pub id: String,
    /// The name of its data folder (kept in the folder): its heartbeat's, so a process
    /// restarted on the same folder after a crash takes its own place rather than counting as
    /// another process.
    pub folder: String,
    /// The change log's position applied here.
    pub applied: AtomicI64,
    /// True once the change log, as it stood when the process started, has been applied.
    pub caught_up: AtomicBool,
    /// Wakes the change follower (a PostgreSQL notification, or a test).
    pub wake: Notify,
}

impl Node {
    pub fn new(folder: String) -> Node {
        Node {
            id: uuid::Uuid::new_v4().simple().to_string(),
            folder,
            applied: AtomicI64::new(0),
            caught_up: AtomicBool::new(false),
            wake: Notify::new(),
        }
    }
}

/// How often the change follower reads the log when no notification woke it.
const FOLLOW_EVERY: Duration = Duration::from_secs(1);
/// Rows of the log applied per read.
const FOLLOW_BATCH: u64 = 500;

impl AppState {
    /// Commits a writer's transaction with what it changed recorded in it, then brings this
    /// process in line. On PostgreSQL the change-log rows go in `txn`, so the change and its
    /// record commit together or not at all, and the log's trigger signals the others at the
    /// commit; on SQLite there is no one to tell.
    pub async fn commit_with(
        &self,
        txn: DatabaseTransaction,
        changes: &[Change],
    ) -> Result<(), DbErr> {
        if txn.get_database_backend() != DbBackend::Sqlite {
            for change in changes {
                cluster::record(&txn, &self.node.id, *change).await?;
            }
        }
        txn.commit().await?;
        for change in changes {
            self.apply(*change).await;
        }
        Ok(())
    }

    /// Brings this process in line with one change.
    pub async fn apply(&self, change: Change) {
        match change {
            Change::Post(id) => {
                // The event intake's post cache forgets it, so a hidden post stops collecting
                // events now.
                self.events.forget_post(id);
                if let Err(error) = self.catalog.sync_post(&self.db, id).await {
                    tracing::warn!(%error, post = id, "catalogue: post not synced; the next reload brings it");
                }
                if let Err(error) = self.search.sync_post(&self.db, id).await {
                    tracing::warn!(%error, post = id, "search index: post not synced");
                }
            }
            Change::Business(id) => {
                self.sync_business(id).await;
                self.reload_catalog().await;
            }
            Change::PostCounts(id) => self.catalog.forget(Forget::Post(id)),
            Change::BusinessCounts(id) => self.catalog.forget(Forget::Business(id)),
            Change::Catalog => self.catalog.forget(Forget::Lists),
        }
    }

    async fn sync_business(&self, id: i64) {
        if let Err(error) = self.search.sync_business(&self.db, id).await {
            tracing::warn!(%error, business = id, "search index: business not synced");
        }
    }

    /// A business's name is on every card: the catalogue is read again.
    async fn reload_catalog(&self) {
        if let Err(error) = self.catalog.reload(&self.db).await {
            tracing::warn!(%error, "catalogue: not reloaded after a business changed");
        }
    }

    /// Follows the change log from `position` (the one the search index has applied): every
    /// row another process wrote is applied here, in order; the position is stored with the
    /// index once its changes are committed. On PostgreSQL a notification wakes it at once;
    /// it reads the log every second anyway, so a missed signal costs a second at most.
    pub fn spawn_change_follower(&self, position: i64, start_of_log: i64) {
        let state = self.clone();
        state.node.applied.store(position, Ordering::SeqCst);
        if position >= start_of_log {
            state.node.caught_up.store(true, Ordering::SeqCst);
        }
        if state.db.get_database_backend() == DbBackend::Postgres {
            spawn_listener(self.clone());
        }
        tokio::spawn(async move {
            loop {
                match state.follow_once().await {
                    Ok(more) if more => continue,
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "change log: not read"),
                }
                if state.node.applied.load(Ordering::SeqCst) >= start_of_log {
                    state.node.caught_up.store(true, Ordering::SeqCst);
                }
                let _ = tokio::time::timeout(FOLLOW_EVERY, state.node.wake.notified()).await;
            }
        });
    }

    /// Says this process is alive now and every 10 seconds; with local media, complains loudly
    /// whenever another process is alive on the same database.
    pub async fn spawn_heartbeat(&self, local_media: bool) -> Result<(), sea_orm::DbErr> {
        let started = chrono::Utc::now();
        self.beat(local_media, started).await?;
        let state = self.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(cluster::HEARTBEAT_EVERY).await;
                match figures::job("heartbeat", state.beat(local_media, started)).await {
                    Ok(Some(problem)) => {
                        tracing::error!(problem, "media cannot be served by every process")
                    }
                    Ok(None) => {}
                    Err(error) => tracing::warn!(%error, "cluster: heartbeat not written"),
                }
            }
        });
        Ok(())
    }

    /// One heartbeat, under the data folder's name (the name the process joined with and
    /// says goodbye with); the media problem the other living processes make, if any.
    pub async fn beat(
        &self,
        local_media: bool,
        started: chrono::DateTime<chrono::Utc>,
    ) -> Result<Option<String>, sea_orm::DbErr> {
        cluster::beat(&self.db, &self.node.folder, local_media, started).await?;
        let others = cluster::others_alive(&self.db, &self.node.folder).await?;
        Ok(cluster::media_conflict(local_media, &others))
    }

    /// Applies the next rows of the log; true when a full batch came (more may wait).
    pub async fn follow_once(&self) -> Result<bool, String> {
        let position = self.node.applied.load(Ordering::SeqCst);
        let rows = cluster::after(&self.db, position, FOLLOW_BATCH)
            .await
            .map_err(|e| e.to_string())?;
        if rows.is_empty() {
            return Ok(false);
        }
        // Every row read is applied (applying is idempotent: each reads the current rows);
        // the position moves only as far as no row can still appear before it.
        let ids: Vec<_> = rows.iter().map(|row| (row.id, row.at)).collect();
        let last = cluster::advance(position, &ids, chrono::Utc::now());
        // A read applies each change once (a busy post appears many times), and what is
        // done for the whole catalogue is done once at the end: many counts clear the cached
        // pages once, many businesses reload the catalogue once.
        let mut applied = HashSet::new();
        let (mut searched, mut catalogue, mut reload) = (false, false, false);
        for row in &rows {
            if row.node.as_deref() == Some(self.node.id.as_str()) || !applied.insert(row.change) {
                continue;
            }
            match row.change {
                Change::Catalog => catalogue = true,
                change @ (Change::PostCounts(_) | Change::BusinessCounts(_)) => {
                    self.apply(change).await;
                }
                Change::Business(id) => {
                    self.sync_business(id).await;
                    (searched, reload) = (true, true);
                }
                change => {
                    self.apply(change).await;
                    searched = true;
                }
            }
        }
        if reload {
            self.reload_catalog().await;
        } else if catalogue {
            self.catalog.forget(Forget::Lists);
        }
        if searched {
            self.search.store_position(last).await?;
        }
        self.node.applied.store(last, Ordering::SeqCst);
        Ok(rows.len() as u64 == FOLLOW_BATCH && last > position)
    }
}

/// LISTENs on the change log's channel and wakes the follower at each notification; on a
/// lost connection it connects again after a second (the follower reads every second
/// meanwhile).
fn spawn_listener(state: AppState) {
    let Some(url) = state.settings.database_url.clone() else {
        return;
    };
    tokio::spawn(async move {
        loop {
            match sqlx::postgres::PgListener::connect(&url).await {
                Ok(mut listener) => {
                    if let Err(error) = listener.listen(cluster::CHANNEL).await {
                        tracing::warn!(%error, "change log: cannot listen");
                    } else {
                        // Whatever was written while no one listened.
                        state.node.wake.notify_one();
                        while listener.recv().await.is_ok() {
                            state.node.wake.notify_one();
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "change log: cannot connect to listen"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

impl axum::extract::FromRef<AppState> for Arc<Settings> {
    fn from_ref(state: &AppState) -> Self {
        state.settings.clone()
    }
}
