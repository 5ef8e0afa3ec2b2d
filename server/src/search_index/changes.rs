//! Keeping the index in line with the database's writes: a post's or a business's entry
//! brought up to date ([`SearchIndex::sync_post`], [`SearchIndex::sync_business`]), the wait
//! until searches see the changes, and the change log's position the index has applied.

use super::load::{business_doc, is_public, load_post_docs, public_condition};
use super::{db_error, Resync, SearchIndex, REBUILD_PAGE};
use crate::entities::{businesses, posts};
use chrono::Utc;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Duration;

impl SearchIndex {
    fn position_path(&self) -> PathBuf {
        self.root.join("change-log-position")
    }

    /// The change log's position this index has applied and committed, when it wrote one.
    pub fn applied_position(&self) -> Option<i64> {
        std::fs::read_to_string(self.position_path())
            .ok()?
            .trim()
            .parse()
            .ok()
    }

    /// Commits what was applied, then writes `position` beside the schema version (through a
    /// new file renamed over the old one, so a crash leaves one or the other).
    pub async fn store_position(&self, position: i64) -> Result<(), String> {
        self.flush().await?;
        let path = self.position_path();
        let fresh = path.with_extension("new");
        std::fs::write(&fresh, position.to_string())
            .and_then(|()| std::fs::rename(&fresh, &path))
            .map_err(|e| format!("search index: cannot write its change-log position: {e}"))
    }

    fn wake(&self) {
        if let Ok(wake) = self.wake.lock() {
            let _ = wake.send(());
        }
    }

    /// Waits until every change handed over so far is visible to searches (tests, the
    /// rebuild command). Changes become visible on their own within a fraction of a second.
    pub async fn flush(&self) -> Result<(), String> {
        let target = self.inner.queued.load(AtomicOrdering::SeqCst);
        let mut visible = self.inner.visible.subscribe();
        if *visible.borrow() >= target {
            return Ok(());
        }
        self.wake();
        let waited =
            tokio::time::timeout(Duration::from_secs(10), visible.wait_for(|v| *v >= target))
                .await
                .map_err(|_| "search index: changes not committed within 10 seconds".to_string())?
                .map(|_| ())
                .map_err(|_| "search index: the committer stopped".to_string());
        waited
    }

    /// Brings the post's entry in line with the database: added, replaced, or removed when
    /// the post is not public.
    pub async fn sync_post(&self, db: &DatabaseConnection, post_id: i64) -> Result<(), String> {
        self.note_resync(Resync::Post(post_id));
        let categories = self.categories_or_load(db).await?;
        let row = posts::Entity::find_by_id(post_id)
            .one(db)
            .await
            .map_err(db_error)?
            .filter(|post| is_public(post, Utc::now()));
        let document = match row {
            Some(row) => load_post_docs(db, vec![row], &categories, None)
                .await?
                .pop(),
            None => None,
        };
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || inner.apply_post(post_id, document))
            .await
            .map_err(|e| format!("search index: {e}"))??;
        self.wake();
        Ok(())
    }

    /// Brings the business's entry (and the business name on its posts) in line with the
    /// database.
    pub async fn sync_business(
        &self,
        db: &DatabaseConnection,
        business_id: i64,
    ) -> Result<(), String> {
        self.note_resync(Resync::Business(business_id));
        let row = businesses::Entity::find_by_id(business_id)
            .one(db)
            .await
            .map_err(db_error)?;
        let inner = self.inner.clone();
        let Some(row) = row else {
            // Gone, and its posts with it.
            tokio::task::spawn_blocking(move || inner.remove_business(business_id))
                .await
                .map_err(|e| format!("search index: {e}"))??;
            self.wake();
            return Ok(());
        };
        let renamed = self.stored_business_name(business_id).as_deref() != Some(row.name.as_str());
        let document = business_doc(&row);
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || inner.apply_business(document))
            .await
            .map_err(|e| format!("search index: {e}"))??;
        if renamed {
            // Its posts carry its name: they are indexed again.
            let categories = self.categories_or_load(db).await?;
            let mut after = 0i64;
            loop {
                let rows = posts::Entity::find()
                    .filter(public_condition(Utc::now()))
                    .filter(posts::Column::BusinessId.eq(business_id))
                    .filter(posts::Column::Id.gt(after))
                    .order_by_asc(posts::Column::Id)
                    .limit(REBUILD_PAGE)
                    .all(db)
                    .await
                    .map_err(db_error)?;
                let Some(last) = rows.last() else { break };
                after = last.id;
                let names = HashMap::from([(business_id, row.name.clone())]);
                let documents = load_post_docs(db, rows, &categories, Some(&names)).await?;
                let inner = self.inner.clone();
                tokio::task::spawn_blocking(move || -> Result<(), String> {
                    for document in documents {
                        inner.apply_post(document.0.id, Some(document))?;
                    }
                    Ok(())
                })
                .await
                .map_err(|e| format!("search index: {e}"))??;
            }
        }
        self.wake();
        Ok(())
    }

    fn note_resync(&self, change: Resync) {
        if self.inner.rebuilding.load(AtomicOrdering::SeqCst) {
            if let Ok(mut resync) = self.inner.resync.lock() {
                resync.push(change);
            }
        }
    }
}
