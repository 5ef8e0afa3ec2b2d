//! Following the others: the change log read from where this process stands (woken by
//! PostgreSQL's notifications through a listener, and every second anyway), the start that
//! brings the search index up to date before `/ready` says yes, and the heartbeat that says
//! this process is alive (its rounds are the `heartbeat` job's, `jobs.rs`).

use super::Change;
use crate::catalog::Forget;
use crate::state::AppState;
use sea_orm::DbBackend;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How often the change follower reads the log when no notification woke it.
const FOLLOW_EVERY: Duration = Duration::from_secs(1);
/// Rows of the log applied per read.
const FOLLOW_BATCH: u64 = 500;

impl AppState {
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

    /// Whether media are kept in this process's data folder (no S3 bucket): then only one
    /// process may serve them.
    pub fn local_media(&self) -> bool {
        !self.settings.is_set(&crate::settings::S3_BUCKET)
    }

    /// One heartbeat, under the data folder's name (the name the process joined with and
    /// says goodbye with); the media problem the other living processes make, if any. The
    /// first is written at start, the others by the `heartbeat` job (`jobs.rs`).
    pub async fn beat(&self) -> Result<Option<String>, sea_orm::DbErr> {
        let local_media = self.local_media();
        super::beat(
            &self.db,
            &self.node.folder,
            local_media,
            self.node.started_at,
        )
        .await?;
        let others = super::others_alive(&self.db, &self.node.folder).await?;
        Ok(super::media_conflict(local_media, &others))
    }

    /// Applies the next rows of the log; true when a full batch came (more may wait).
    pub async fn follow_once(&self) -> Result<bool, String> {
        let position = self.node.applied.load(Ordering::SeqCst);
        let rows = super::after(&self.db, position, FOLLOW_BATCH)
            .await
            .map_err(|e| e.to_string())?;
        if rows.is_empty() {
            return Ok(false);
        }
        // Every row read is applied (applying is idempotent: each reads the current rows);
        // the position moves only as far as no row can still appear before it.
        let ids: Vec<_> = rows.iter().map(|row| (row.id, row.at)).collect();
        let last = super::advance(position, &ids, chrono::Utc::now());
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
                    if let Err(error) = listener.listen(super::CHANNEL).await {
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

/// Joins the processes on the database (PostgreSQL): refuses to run with local media beside
/// another process, and starts saying it is alive.
pub async fn join_others(state: &AppState) -> Result<(), String> {
    if state.db.get_database_backend() != sea_orm::DbBackend::Postgres {
        return Ok(());
    }
    let db_error = |e: sea_orm::DbErr| format!("cluster: {e}");
    let local = state.local_media();
    let others = super::others_alive(&state.db, &state.node.folder)
        .await
        .map_err(db_error)?;
    if let Some(problem) = super::media_conflict(local, &others) {
        return Err(problem);
    }
    // The first heartbeat before serving; the `heartbeat` job says the rest.
    state.beat().await.map_err(db_error)?;
    Ok(())
}

/// Brings the search index up to date with the change log and starts following it (the
/// process already listens; `/ready` says 503 until this is done): an index built now
/// starts at the log's position of before the build; one kept from an earlier run catches up
/// from the position it stored (or is rebuilt when the log no longer holds its rows).
pub async fn follow_changes(state: &AppState) -> Result<(), String> {
    let db_error = |e: sea_orm::DbErr| format!("change log: {e}");
    let before = super::latest(&state.db).await.map_err(db_error)?;
    let rebuilt = state.search.ensure_built(&state.db).await?;
    let kept = state.search.applied_position().unwrap_or(0);
    let oldest = super::oldest(&state.db).await.map_err(db_error)?;
    let position = if rebuilt {
        before
    } else if oldest.is_some_and(|oldest| oldest > kept + 1) && kept < before {
        tracing::info!(
            kept,
            "search index: older than the change log keeps; rebuilding"
        );
        let from = super::latest(&state.db).await.map_err(db_error)?;
        state.search.rebuild(&state.db).await?;
        from
    } else {
        kept
    };
    state.search.store_position(position).await?;
    state.spawn_change_follower(position, before);
    Ok(())
}
