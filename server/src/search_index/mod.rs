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
//! This file holds the index, opens it and hands the search log's calls to `logbook.rs`;
//! `rebuild.rs` fills it anew from the database (with the suggestions), `changes.rs` keeps it
//! in line with each write (sync) and `figures.rs` says what it holds. `query.rs` runs the
//! searches (with their request and result types), `writer.rs` is the writer's side (the
//! committer thread, adding and removing documents) and `load.rs` reads the database into
//! documents and suggestions.
//!
//! docs/search.md describes the analysis, the queries and the costs.

pub mod analysis;
mod changes;
pub mod fields;
mod figures;
pub use figures::IndexFigures;
mod load;
pub mod logbook;
pub use logbook::{visitor_key, write_batch, LoggedSearch, Visitor, MIN_VISITORS};
mod query;
pub use query::{BusinessHit, Hits, PostHit, SearchRequest, SearchResult, Sort, Target};
mod rebuild;
pub use rebuild::{RebuildProgress, RebuildReport};
pub mod suggest;
mod writer;

use fields::{Fields, PostDoc};
use sea_orm::DatabaseConnection;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use suggest::ContentSuggestions;
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy};

/// How long the committer waits after a change for more changes to batch with it.
pub const COMMIT_DELAY: Duration = Duration::from_millis(150);
/// The writer's indexing memory (one thread).
const WRITER_MEMORY: usize = 32 * 1024 * 1024;
/// Posts read from the database per round of a rebuild.
const REBUILD_PAGE: u64 = 500;
/// Deepest offset a cursor may reach (the top-k collector's cost grows with it).
pub const MAX_OFFSET: usize = 10_000;

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
    pub fn open(settings: &crate::settings::Settings) -> Result<Self, String> {
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
