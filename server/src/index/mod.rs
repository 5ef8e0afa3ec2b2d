//! The search index over contents and businesses (tantivy), the suggestions and the log of
//! popular searches; the calls that ask it are [`crate::search`]. The index is derived data: it follows every write and can be rebuilt
//! from the database.
//!
//! - One tantivy index in `<data_dir>/search/index`, its schema version beside it
//!   (`<data_dir>/search/schema-version`); an index of another version, a missing one, or an
//!   empty one while the database has public posts is rebuilt by [`SearchIndex::ensure_built`].
//! - One writer behind a mutex. Changes are added at once and committed by a small thread at
//!   most [`COMMIT_DELAY`] later, batching the changes that arrive meanwhile; the reader is
//!   reloaded right after each commit, so a change is searchable within a fraction of a second.
//!   Writes run on blocking threads, never on the async runtime's.
//! - Suggestions live in memory ([`suggest`]), built at start and on rebuild, updated by every
//!   sync.
//!
//! This file opens the index and keeps it in line with the database (sync, rebuild);
//! `query.rs` runs the searches (with their request and result types), `writer.rs` is the
//! writer's side (the committer thread, adding and removing documents) and `load.rs` reads
//! the database into documents and suggestions.
//!
//! docs/search.md describes the analysis, the queries and the costs.

pub mod analysis;
pub mod fields;
mod load;
pub mod logbook;
pub use logbook::{visitor_key, write_batch, LoggedSearch, Visitor, MIN_VISITORS};
mod query;
pub use query::{BusinessHit, Hits, PostHit, SearchRequest, SearchResult, Sort, Target};
pub mod suggest;
mod writer;

use crate::entities::{businesses, categories, posts};
use chrono::Utc;
use fields::{BusinessDoc, Fields, PostDoc};
use load::{
    any_public_post, business_doc, category_list, is_public, load_post_docs, load_suggestions,
    public_condition,
};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use suggest::{ContentSuggestions, PostSuggestion};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy};
use utoipa::ToSchema;

/// How long the committer waits after a change for more changes to batch with it.
pub const COMMIT_DELAY: Duration = Duration::from_millis(150);
/// The writer's indexing memory (one thread).
const WRITER_MEMORY: usize = 32 * 1024 * 1024;
/// Posts read from the database per round of a rebuild.
const REBUILD_PAGE: u64 = 500;
/// Deepest offset a cursor may reach (the top-k collector's cost grows with it).
pub const MAX_OFFSET: usize = 10_000;

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

pub struct SearchIndex {
    inner: Arc<Inner>,
    /// Wakes the committer; when the index is dropped, the committer ends.
    wake: Mutex<std::sync::mpsc::Sender<()>>,
    /// The index's folder: the index, its schema version and the change log's position it
    /// has applied.
    root: PathBuf,
}

struct Inner {
    fields: Fields,
    writer: Mutex<IndexWriter>,
    reader: IndexReader,
    /// Turns to search on a blocking thread: one per core.
    searching: Arc<tokio::sync::Semaphore>,
    needs_rebuild: AtomicBool,
    rebuilding: AtomicBool,
    rebuild_lock: tokio::sync::Mutex<()>,
    progress: Mutex<RebuildProgress>,
    /// Changes handed to the writer so far, and how many of them searches see.
    queued: AtomicU64,
    visible: tokio::sync::watch::Sender<u64>,
    /// When the oldest change searches do not see yet was handed over (ms since the Unix
    /// epoch; 0 when searches see everything): the commit lag `/metrics` gives.
    pending_since: AtomicU64,
    suggestions: RwLock<ContentSuggestions>,
    categories: RwLock<HashMap<i16, (String, String)>>,
    /// Syncs that arrived during a rebuild, replayed after it.
    resync: Mutex<Vec<Resync>>,
    logbook: Arc<logbook::Caches>,
    log_writer: logbook::LogWriter,
    results: query::ResultCache,
}

/// The index's figures ([`SearchIndex::figures`]).
#[derive(Debug, Clone)]
pub struct IndexFigures {
    pub posts: usize,
    pub businesses: usize,
    pub bytes: u64,
    pub segments: usize,
    pub uncommitted: u64,
    pub commit_lag: Duration,
}

/// The bytes of the files under `dir`.
fn folder_bytes(dir: &std::path::Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => folder_bytes(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

/// A public post's document, with its (tag id, tag name) pairs.
type TaggedPost = (PostDoc, Vec<(i64, Arc<str>)>);

#[derive(Clone, Copy)]
enum Resync {
    Post(i64),
    Business(i64),
}

fn version_path(root: &Path) -> PathBuf {
    root.join("schema-version")
}

fn tantivy_error(context: &str) -> impl Fn(tantivy::TantivyError) -> String + '_ {
    move |error| format!("search index: {context}: {error}")
}

/// Opens the index in `dir`, or creates it; `true` when it was created (so it needs filling).
fn open_or_create(root: &Path) -> Result<(Index, bool), String> {
    let dir = root.join("index");
    let wanted = fields::SCHEMA_VERSION.to_string();
    let found = std::fs::read_to_string(version_path(root)).ok();
    let current =
        found.as_deref().map(str::trim) == Some(wanted.as_str()) && dir.join("meta.json").exists();
    if current {
        match Index::open_in_dir(&dir) {
            Ok(index) => return Ok((index, false)),
            Err(error) => {
                tracing::warn!(%error, "search index unreadable: it is made anew and rebuilt")
            }
        }
    } else if found.is_some() || dir.exists() {
        tracing::info!(
            found = found.as_deref().unwrap_or("none"),
            wanted = wanted.as_str(),
            "search index of another schema version: it is made anew and rebuilt"
        );
    }
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| format!("search index: cannot clear {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("search index: cannot create {}: {e}", dir.display()))?;
    let (schema, _) = Fields::schema();
    let index = Index::create_in_dir(&dir, schema).map_err(tantivy_error("create"))?;
    std::fs::write(version_path(root), &wanted)
        .map_err(|e| format!("search index: cannot write its version: {e}"))?;
    Ok((index, true))
}

impl SearchIndex {
    /// Opens (or creates) the index of these settings. A new or outdated index is marked for
    /// a rebuild, which [`SearchIndex::ensure_built`] does (it needs the database).
    pub fn open(settings: &crate::Settings) -> Result<Self, String> {
        let root = settings.data_dir.join("search");
        std::fs::create_dir_all(&root)
            .map_err(|e| format!("search index: cannot create {}: {e}", root.display()))?;
        let (index, created) = open_or_create(&root)?;
        for (name, analyzer) in analysis::analyzers() {
            index.tokenizers().register(name, analyzer);
        }
        let (_, fields) = Fields::schema();
        let writer: IndexWriter =
            index
                .writer_with_num_threads(1, WRITER_MEMORY)
                .map_err(tantivy_error(
                    "writer (is another server using this data directory?)",
                ))?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(tantivy_error("reader"))?;
        let (visible, _) = tokio::sync::watch::channel(0u64);
        let inner = Arc::new(Inner {
            fields,
            writer: Mutex::new(writer),
            reader,
            searching: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            )),
            needs_rebuild: AtomicBool::new(created),
            rebuilding: AtomicBool::new(false),
            rebuild_lock: tokio::sync::Mutex::new(()),
            progress: Mutex::new(RebuildProgress::default()),
            queued: AtomicU64::new(0),
            pending_since: AtomicU64::new(0),
            visible,
            suggestions: RwLock::new(ContentSuggestions::default()),
            categories: RwLock::new(HashMap::new()),
            resync: Mutex::new(Vec::new()),
            logbook: Arc::new(logbook::Caches::default()),
            log_writer: logbook::LogWriter::default(),
            results: query::ResultCache::default(),
        });
        let (wake, woken) = std::sync::mpsc::channel::<()>();
        let committer = inner.clone();
        std::thread::Builder::new()
            .name("search-commit".into())
            .spawn(move || committer.run_committer(woken))
            .map_err(|e| format!("search index: cannot start its committer: {e}"))?;
        Ok(SearchIndex {
            inner,
            wake: Mutex::new(wake),
            root,
        })
    }

    fn position_path(&self) -> PathBuf {
        self.root.join("change-log-position")
    }

    /// What `/metrics` gives of the index: its documents, its files' bytes, and the changes
    /// searches do not see yet with how long the oldest has waited.
    pub fn figures(&self) -> IndexFigures {
        let (uncommitted, waited) = self.inner.lag();
        IndexFigures {
            posts: self.count(Target::Contents),
            businesses: self.count(Target::Businesses),
            bytes: folder_bytes(&self.root),
            segments: self.segments(),
            uncommitted,
            commit_lag: waited,
        }
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

    /// Writes a search down in the search log, off the answer's path (batched).
    pub fn log_search(
        &self,
        db: &DatabaseConnection,
        keys: &Arc<crate::tokens::TokenKeys>,
        search: LoggedSearch,
    ) {
        self.inner.log_writer.record(db, keys, search);
    }

    /// Reads the week's popular searches for typing suggestions now (they are otherwise read
    /// again in the background once a minute).
    pub async fn refresh_query_suggestions(&self, db: &DatabaseConnection) -> Result<(), String> {
        let table = self
            .inner
            .logbook
            .load_queries(db)
            .await
            .map_err(db_error)?;
        self.inner.logbook.set_queries(table);
        Ok(())
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

    /// The segments searches read now (a rebuild leaves one; each commit of changes adds one
    /// until the merge policy joins them).
    pub fn segments(&self) -> usize {
        self.inner.reader.searcher().segment_readers().len()
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
        tokio::task::spawn_blocking(move || -> Result<(), String> {
            let writer = inner.writer.lock().map_err(poisoned)?;
            writer
                .delete_all_documents()
                .map_err(tantivy_error("clear"))?;
            Ok(())
        })
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

    fn note_resync(&self, change: Resync) {
        if self.inner.rebuilding.load(AtomicOrdering::SeqCst) {
            if let Ok(mut resync) = self.inner.resync.lock() {
                resync.push(change);
            }
        }
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

    async fn categories_or_load(
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

    /// The popular searches of the last days (cached).
    pub async fn popular(
        &self,
        db: &DatabaseConnection,
    ) -> Result<logbook::Popular, sea_orm::DbErr> {
        self.inner.logbook.popular(db).await
    }

    /// The table of logged queries suggestions are drawn from, when it is built.
    pub fn logged_queries(&self, db: &DatabaseConnection) -> Option<Arc<suggest::SuggestTable>> {
        self.inner.logbook.queries(db)
    }
}

fn poisoned<T>(_: T) -> String {
    "search index: a lock was poisoned by a panic".to_string()
}

fn db_error(error: sea_orm::DbErr) -> String {
    format!("search index: database: {error}")
}
