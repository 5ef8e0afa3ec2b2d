//! The fan-out after a change: a writer commits with the changes it made recorded in its
//! transaction ([`AppState::commit_with`]), and each is applied in this process at once
//! ([`AppState::apply`]); every other process reads the rows and applies them the same way
//! (`follower.rs`).

use super::{record, Change};
use crate::catalog::Forget;
use crate::state::AppState;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbBackend, DbErr};

impl AppState {
    /// Commits a writer's transaction with what it changed recorded in it, then brings this
    /// process in line. On PostgreSQL the change-log rows go in `txn`, so the change and its
    /// record commit together or not at all, and the log's trigger signals the others at the
    /// commit; on SQLite there is no one to tell. A changed post that the change made public
    /// for the first time has its announcement queued in `txn` too (`fanout`), so followers
    /// hear of exactly the posts that became public, whichever call made them so.
    pub async fn commit_with(
        &self,
        txn: DatabaseTransaction,
        changes: &[Change],
    ) -> Result<(), DbErr> {
        let now = chrono::Utc::now();
        for change in changes {
            if let Change::Post(id) = change {
                crate::fanout::queue_announcement(&txn, *id, now).await?;
            }
        }
        if txn.get_database_backend() != DbBackend::Sqlite {
            for change in changes {
                record(&txn, &self.node.id, *change).await?;
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

    pub(super) async fn sync_business(&self, id: i64) {
        if let Err(error) = self.search.sync_business(&self.db, id).await {
            tracing::warn!(%error, business = id, "search index: business not synced");
        }
    }

    /// A business's name is on every card: the catalogue is read again.
    pub(super) async fn reload_catalog(&self) {
        if let Err(error) = self.catalog.reload(&self.db).await {
            tracing::warn!(%error, "catalogue: not reloaded after a business changed");
        }
    }
}
