//! Filling the index anew from the database: at start when it is new, outdated or empty
//! ([`SearchIndex::ensure_built`]), and on demand ([`SearchIndex::rebuild`]), with the
//! suggestions and the categories' names the documents carry.

use super::fields::BusinessDoc;
use super::load::{
    any_public_post, business_doc, category_list, load_post_docs, load_suggestions,
    public_condition,
};
use super::suggest::{ContentSuggestions, PostSuggestion};
use super::{db_error, poisoned, Resync, SearchIndex, Target, REBUILD_PAGE};
use crate::entities::{businesses, categories, posts};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Instant;
use utoipa::ToSchema;

/// What a rebuild did.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RebuildReport {
    pub posts: u64,
    pub businesses: u64,
    pub millis: u64,
}

/// Where a rebuild stands: posts indexed of those to index, and the last one's report.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RebuildProgress {
    pub running: bool,
    /// Public posts indexed so far, of `total` (counted when the rebuild began).
    pub done: u64,
    pub total: u64,
    pub last: Option<RebuildReport>,
    pub last_finished_at: Option<chrono::DateTime<Utc>>,
    /// Why the last rebuild failed, when it did.
    pub last_error: Option<String>,
}

impl SearchIndex {
    /// At start: rebuilds the index when it is new, of an older schema, or empty while the
    /// database has public posts (answering true); otherwise loads the suggestions from the
    /// database.
    pub async fn ensure_built(&self, db: &DatabaseConnection) -> Result<bool, String> {
        let reason = if self.inner.needs_rebuild.load(AtomicOrdering::SeqCst) {
            Some("new or of another schema version")
        } else if self.count(Target::Contents) == 0 && any_public_post(db).await? {
            Some("empty while the database has public posts")
        } else {
            None
        };
        match reason {
            Some(reason) => {
                tracing::info!(reason, "search index: rebuilding from the database");
                let report = self.rebuild(db).await?;
                tracing::info!(?report, "search index rebuilt");
            }
            None => {
                self.load_categories(db).await?;
                let loaded = load_suggestions(db, &self.categories()).await?;
                tracing::info!(
                    entries = loaded.table.len(),
                    megabytes = loaded.approximate_bytes() / 1_000_000,
                    "search suggestions loaded"
                );
                *self.inner.suggestions.write().map_err(poisoned)? = loaded;
            }
        }
        self.refresh_query_suggestions(db).await?;
        Ok(reason.is_some())
    }

    /// Drops everything and indexes every public post and every business again; the
    /// suggestions are rebuilt too. Searches keep seeing the old index until the end.
    pub async fn rebuild(&self, db: &DatabaseConnection) -> Result<RebuildReport, String> {
        let _one_at_a_time = self.inner.rebuild_lock.lock().await;
        let started = Instant::now();
        self.inner.rebuilding.store(true, AtomicOrdering::SeqCst);
        self.set_progress(|progress| {
            progress.running = true;
            progress.done = 0;
            progress.total = 0;
        });
        let result = self.rebuild_all(db).await;
        if result.is_err() {
            let inner = self.inner.clone();
            let _ = tokio::task::spawn_blocking(move || {
                if let Ok(mut writer) = inner.writer.lock() {
                    let _ = writer.rollback();
                }
            })
            .await;
        }
        self.inner.rebuilding.store(false, AtomicOrdering::SeqCst);
        let replay = std::mem::take(&mut *self.inner.resync.lock().map_err(poisoned)?);
        for change in replay {
            let outcome = match change {
                Resync::Post(id) => self.sync_post(db, id).await,
                Resync::Business(id) => self.sync_business(db, id).await,
            };
            if let Err(error) = outcome {
                tracing::warn!(%error, "search index: a change during the rebuild not replayed");
            }
        }
        let (posts, businesses) = match result {
            Ok(counts) => counts,
            Err(error) => {
                self.set_progress(|progress| {
                    progress.running = false;
                    progress.last_error = Some(error.clone());
                });
                return Err(error);
            }
        };
        self.inner
            .needs_rebuild
            .store(false, AtomicOrdering::SeqCst);
        let report = RebuildReport {
            posts,
            businesses,
            millis: started.elapsed().as_millis() as u64,
        };
        self.set_progress(|progress| {
            progress.running = false;
            progress.last = Some(report.clone());
            progress.last_finished_at = Some(Utc::now());
            progress.last_error = None;
        });
        Ok(report)
    }

    /// Where the current or the last rebuild stands.
    pub fn progress(&self) -> RebuildProgress {
        self.inner
            .progress
            .lock()
            .map(|progress| progress.clone())
            .unwrap_or_default()
    }

    fn set_progress(&self, change: impl FnOnce(&mut RebuildProgress)) {
        if let Ok(mut progress) = self.inner.progress.lock() {
            change(&mut progress);
        }
    }

    async fn rebuild_all(&self, db: &DatabaseConnection) -> Result<(u64, u64), String> {
        self.load_categories(db).await?;
        let categories = self.categories();
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || inner.clear())
            .await
            .map_err(|e| format!("search index: {e}"))??;

        let business_rows = businesses::Entity::find()
            .order_by_asc(businesses::Column::Id)
            .all(db)
            .await
            .map_err(db_error)?;
        let names: HashMap<i64, String> = business_rows
            .iter()
            .map(|b| (b.id, b.name.clone()))
            .collect();
        let business_suggestions: Vec<(i64, String, i64)> = business_rows
            .iter()
            .map(|b| (b.id, b.name.clone(), b.follower_count))
            .collect();
        let business_count = business_rows.len() as u64;
        let documents: Vec<BusinessDoc> = business_rows.iter().map(business_doc).collect();
        drop(business_rows);
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || -> Result<(), String> {
            for document in documents {
                inner.add_business(&document)?;
            }
            Ok(())
        })
        .await
        .map_err(|e| format!("search index: {e}"))??;

        let total = posts::Entity::find()
            .filter(public_condition(Utc::now()))
            .count(db)
            .await
            .map_err(db_error)?;
        self.set_progress(|progress| progress.total = total);
        let mut post_suggestions = Vec::new();
        let mut post_count = 0u64;
        let mut after = 0i64;
        loop {
            let rows = posts::Entity::find()
                .filter(public_condition(Utc::now()))
                .filter(posts::Column::Id.gt(after))
                .order_by_asc(posts::Column::Id)
                .limit(REBUILD_PAGE)
                .all(db)
                .await
                .map_err(db_error)?;
            let Some(last) = rows.last() else { break };
            after = last.id;
            let documents = load_post_docs(db, rows, &categories, Some(&names)).await?;
            post_count += documents.len() as u64;
            let inner = self.inner.clone();
            let suggestions = tokio::task::spawn_blocking(move || {
                let mut suggestions = Vec::with_capacity(documents.len());
                for (document, tags) in documents {
                    inner.add_post(&document)?;
                    suggestions.push(PostSuggestion {
                        id: document.id,
                        title: document.title,
                        popular_score: document.popular_score,
                        tags,
                    });
                }
                Ok::<_, String>(suggestions)
            })
            .await
            .map_err(|e| format!("search index: {e}"))??;
            post_suggestions.extend(suggestions);
            self.set_progress(|progress| progress.done = post_count);
        }

        let inner = self.inner.clone();
        let category_list = category_list(&categories);
        tokio::task::spawn_blocking(move || -> Result<(), String> {
            let built =
                ContentSuggestions::build(post_suggestions, business_suggestions, category_list);
            inner.commit_as_one_segment()?;
            *inner.suggestions.write().map_err(poisoned)? = built;
            Ok(())
        })
        .await
        .map_err(|e| format!("search index: {e}"))??;
        Ok((post_count, business_count))
    }

    async fn load_categories(&self, db: &DatabaseConnection) -> Result<(), String> {
        let rows = categories::Entity::find().all(db).await.map_err(db_error)?;
        let map = rows
            .into_iter()
            .map(|c| (c.id, (c.name_ko, c.name_en)))
            .collect();
        *self.inner.categories.write().map_err(poisoned)? = map;
        Ok(())
    }

    fn categories(&self) -> HashMap<i16, (String, String)> {
        self.inner
            .categories
            .read()
            .map(|c| c.clone())
            .unwrap_or_default()
    }

    pub(super) async fn categories_or_load(
        &self,
        db: &DatabaseConnection,
    ) -> Result<HashMap<i16, (String, String)>, String> {
        let known = self.categories();
        if !known.is_empty() {
            return Ok(known);
        }
        self.load_categories(db).await?;
        Ok(self.categories())
    }
}
