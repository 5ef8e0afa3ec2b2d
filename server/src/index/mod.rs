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
//! docs/search.md describes the analysis, the queries and the costs.

pub mod analysis;
pub mod fields;
pub mod logbook;
pub use logbook::{visitor_key, write_batch, LoggedSearch, Visitor, MIN_VISITORS};
pub mod suggest;

use crate::entities::{businesses, categories, post_tags, posts, tags};
use analysis::Part;
use chrono::{DateTime, Utc};
use fields::{BusinessDoc, Fields, PostDoc, BUSINESS, POST};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use suggest::{ContentSuggestions, PostSuggestion};
use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, Index, IndexReader, IndexWriter, Order, ReloadPolicy, Searcher, Term};
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

pub struct SearchIndex {
    inner: Arc<Inner>,
    /// Wakes the committer; when the index is dropped, the committer ends.
    wake: Mutex<std::sync::mpsc::Sender<()>>,
}

struct Inner {
    fields: Fields,
    writer: Mutex<IndexWriter>,
    reader: IndexReader,
    needs_rebuild: AtomicBool,
    rebuilding: AtomicBool,
    rebuild_lock: tokio::sync::Mutex<()>,
    /// Changes handed to the writer so far, and how many of them searches see.
    queued: AtomicU64,
    visible: tokio::sync::watch::Sender<u64>,
    suggestions: RwLock<ContentSuggestions>,
    categories: RwLock<HashMap<i16, (String, String)>>,
    /// Syncs that arrived during a rebuild, replayed after it.
    resync: Mutex<Vec<Resync>>,
    logbook: Arc<logbook::Caches>,
    log_writer: logbook::LogWriter,
}

/// A public post's document, with its (tag id, tag name) pairs.
type TaggedPost = (PostDoc, Vec<(i64, String)>);

#[derive(Clone, Copy)]
enum Resync {
    Post(i64),
    Business(i64),
}

/// Which documents a search looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Contents,
    Businesses,
}

/// The order of results: all of them match the query; relevance only filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    /// Posts by popular score, businesses by followers; then newest id first.
    Popular,
    /// By publication (businesses: creation), newest first; then id.
    Latest,
    /// By BM25 over the boosted fields (title > tags > business > summary > body).
    Relevance,
}

pub struct SearchRequest {
    pub text: String,
    pub target: Target,
    pub sort: Sort,
    pub offset: usize,
    pub size: usize,
    pub category: Option<i16>,
}

pub struct PostHit {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub category_id: i16,
    pub business_id: i64,
    pub business_name: String,
    pub published_at: Option<DateTime<Utc>>,
}

pub struct BusinessHit {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub industry: String,
    pub follower_count: i64,
    pub verified: bool,
}

pub enum Hits {
    Posts(Vec<PostHit>),
    Businesses(Vec<BusinessHit>),
}

pub struct SearchResult {
    pub total: usize,
    pub hits: Hits,
    pub parts: Vec<Part>,
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
            needs_rebuild: AtomicBool::new(created),
            rebuilding: AtomicBool::new(false),
            rebuild_lock: tokio::sync::Mutex::new(()),
            queued: AtomicU64::new(0),
            visible,
            suggestions: RwLock::new(ContentSuggestions::default()),
            categories: RwLock::new(HashMap::new()),
            resync: Mutex::new(Vec::new()),
            logbook: Arc::new(logbook::Caches::default()),
            log_writer: logbook::LogWriter::default(),
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
        })
    }

    fn wake(&self) {
        if let Ok(wake) = self.wake.lock() {
            let _ = wake.send(());
        }
    }

    /// At start: rebuilds the index when it is new, of an older schema, or empty while the
    /// database has public posts; otherwise loads the suggestions from the database.
    pub async fn ensure_built(&self, db: &DatabaseConnection) -> Result<(), String> {
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
        self.refresh_query_suggestions(db).await
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
        let (posts, businesses) = result?;
        self.inner
            .needs_rebuild
            .store(false, AtomicOrdering::SeqCst);
        Ok(RebuildReport {
            posts,
            businesses,
            millis: started.elapsed().as_millis() as u64,
        })
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
        }

        let inner = self.inner.clone();
        let category_list = category_list(&categories);
        tokio::task::spawn_blocking(move || -> Result<(), String> {
            let built =
                ContentSuggestions::build(post_suggestions, business_suggestions, category_list);
            inner.commit()?;
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

    fn searcher(&self) -> Searcher {
        self.inner.reader.searcher()
    }

    /// Documents of a kind in the index (what searches see now).
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

    pub fn count(&self, target: Target) -> usize {
        let kind = match target {
            Target::Contents => POST,
            Target::Businesses => BUSINESS,
        };
        let query = TermQuery::new(
            Term::from_field_text(self.inner.fields.kind, kind),
            IndexRecordOption::Basic,
        );
        self.searcher().search(&query, &Count).unwrap_or(0)
    }

    fn stored_business_name(&self, business_id: i64) -> Option<String> {
        let fields = &self.inner.fields;
        let searcher = self.searcher();
        let query = TermQuery::new(
            Fields::key_term(BUSINESS, business_id, fields.key),
            IndexRecordOption::Basic,
        );
        let top = searcher
            .search(&query, &TopDocs::with_limit(1).order_by_score())
            .ok()?;
        let (_, address) = top.first()?;
        let doc: tantivy::TantivyDocument = searcher.doc(*address).ok()?;
        doc.get_first(fields.stored_title)
            .and_then(|v| v.as_str())
            .map(str::to_string)
    }

    /// Runs a search (blocking: call it from a blocking thread).
    pub fn search(&self, request: &SearchRequest) -> Result<SearchResult, String> {
        let parts = analysis::query_parts(&request.text);
        let empty = || SearchResult {
            total: 0,
            hits: match request.target {
                Target::Contents => Hits::Posts(Vec::new()),
                Target::Businesses => Hits::Businesses(Vec::new()),
            },
            parts: parts.clone(),
        };
        if parts.is_empty() || request.size == 0 {
            return Ok(empty());
        }
        let fields = &self.inner.fields;
        let query = self.build_query(&parts, request.target, request.category);
        let searcher = self.searcher();
        let window = TopDocs::with_limit(request.size).and_offset(request.offset);
        let id = || (SortByStaticFastValue::<u64>::for_field("id"), Order::Desc);
        let published = || {
            (
                SortByStaticFastValue::<i64>::for_field("published"),
                Order::Desc,
            )
        };
        let error = tantivy_error("search");
        let (total, addresses): (usize, Vec<DocAddress>) = match (request.target, request.sort) {
            (Target::Contents, Sort::Popular) => {
                let (total, top) = searcher
                    .search(
                        &query,
                        &(
                            Count,
                            window.order_by((
                                (
                                    SortByStaticFastValue::<f64>::for_field("popular_score"),
                                    Order::Desc,
                                ),
                                id(),
                            )),
                        ),
                    )
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
            (Target::Businesses, Sort::Popular) => {
                let (total, top) = searcher
                    .search(
                        &query,
                        &(
                            Count,
                            window.order_by((
                                (
                                    SortByStaticFastValue::<u64>::for_field("follower_count"),
                                    Order::Desc,
                                ),
                                id(),
                            )),
                        ),
                    )
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
            (_, Sort::Latest) => {
                let (total, top) = searcher
                    .search(&query, &(Count, window.order_by((published(), id()))))
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
            (_, Sort::Relevance) => {
                let (total, top) = searcher
                    .search(
                        &query,
                        &(
                            Count,
                            window.order_by(((SortBySimilarityScore, Order::Desc), id())),
                        ),
                    )
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
        };
        let mut documents = Vec::with_capacity(addresses.len());
        for address in addresses {
            let doc: tantivy::TantivyDocument = searcher.doc(address).map_err(&error)?;
            documents.push(doc);
        }
        let text = |doc: &tantivy::TantivyDocument, field| {
            doc.get_first(field)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let number = |doc: &tantivy::TantivyDocument, field| {
            doc.get_first(field).and_then(|v| v.as_u64()).unwrap_or(0) as i64
        };
        let hits = match request.target {
            Target::Contents => Hits::Posts(
                documents
                    .iter()
                    .map(|doc| PostHit {
                        id: number(doc, fields.id),
                        title: text(doc, fields.stored_title),
                        summary: text(doc, fields.stored_summary),
                        category_id: number(doc, fields.category_id) as i16,
                        business_id: number(doc, fields.business_id),
                        business_name: text(doc, fields.stored_business),
                        published_at: doc
                            .get_first(fields.published)
                            .and_then(|v| v.as_i64())
                            .and_then(DateTime::from_timestamp_millis),
                    })
                    .collect(),
            ),
            Target::Businesses => Hits::Businesses(
                documents
                    .iter()
                    .map(|doc| BusinessHit {
                        id: number(doc, fields.id),
                        name: text(doc, fields.stored_title),
                        description: text(doc, fields.stored_summary),
                        industry: text(doc, fields.stored_industry),
                        follower_count: number(doc, fields.follower_count),
                        verified: doc
                            .get_first(fields.verified)
                            .and_then(|v| v.as_bool())
                            .unwrap_or(false),
                    })
                    .collect(),
            ),
        };
        Ok(SearchResult { total, hits, parts })
    }

    /// Every part must match (AND); a part matches in any field, each field boosted.
    fn build_query(&self, parts: &[Part], target: Target, category: Option<i16>) -> BooleanQuery {
        let fields = &self.inner.fields;
        let kind = match target {
            Target::Contents => POST,
            Target::Businesses => BUSINESS,
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_field_text(fields.kind, kind),
                IndexRecordOption::Basic,
            )),
        )];
        if let Some(category) = category {
            clauses.push((
                Occur::Must,
                Box::new(TermQuery::new(
                    Term::from_field_u64(fields.category_id, category.max(0) as u64),
                    IndexRecordOption::Basic,
                )),
            ));
        }
        for part in parts {
            let mut any_field: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for analysed in fields.all_analysed() {
                let query: Box<dyn Query> = match part {
                    Part::Word(word) => Box::new(TermQuery::new(
                        Term::from_field_text(analysed.words, word),
                        IndexRecordOption::WithFreqs,
                    )),
                    Part::Grams { text, .. } => {
                        let grams = analysis::bigrams(text);
                        match grams.len() {
                            0 => Box::new(TermQuery::new(
                                Term::from_field_text(analysed.unigrams, text),
                                IndexRecordOption::WithFreqs,
                            )),
                            1 => Box::new(TermQuery::new(
                                Term::from_field_text(analysed.bigrams, &grams[0]),
                                IndexRecordOption::WithFreqs,
                            )),
                            _ => Box::new(PhraseQuery::new(
                                grams
                                    .iter()
                                    .map(|g| Term::from_field_text(analysed.bigrams, g))
                                    .collect(),
                            )),
                        }
                    }
                };
                any_field.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(query, analysed.boost)),
                ));
            }
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(any_field))));
        }
        BooleanQuery::new(clauses)
    }

    /// Tags carried by posts that have `keyword` as a tag or match it, most frequent first
    /// (the keyword itself left out). Blocking.
    pub fn tags_near(&self, keyword: &str, limit: usize) -> Result<Vec<(String, usize)>, String> {
        let fields = &self.inner.fields;
        let searcher = self.searcher();
        let error = tantivy_error("related tags");
        let lowered = keyword.trim().trim_start_matches('#').to_lowercase();
        let tagged = TermQuery::new(
            Term::from_field_text(fields.tag_exact, &lowered),
            IndexRecordOption::Basic,
        );
        let mut addresses: Vec<DocAddress> = searcher
            .search(&tagged, &TopDocs::with_limit(200).order_by_score())
            .map_err(&error)?
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        let parts = analysis::query_parts(keyword);
        if !parts.is_empty() {
            let matching = self.build_query(&parts, Target::Contents, None);
            let top = searcher
                .search(
                    &matching,
                    &TopDocs::with_limit(100).order_by((
                        SortByStaticFastValue::<f64>::for_field("popular_score"),
                        Order::Desc,
                    )),
                )
                .map_err(&error)?;
            addresses.extend(top.into_iter().map(|(_, a)| a));
        }
        addresses.sort();
        addresses.dedup();
        let folded_keyword = analysis::fold(&lowered);
        let mut counts: HashMap<String, usize> = HashMap::new();
        for address in addresses {
            let doc: tantivy::TantivyDocument = searcher.doc(address).map_err(&error)?;
            for tag in doc.get_all(fields.stored_tags).filter_map(|v| v.as_str()) {
                if analysis::fold(tag) != folded_keyword {
                    *counts.entry(tag.to_string()).or_default() += 1;
                }
            }
        }
        let mut ranked: Vec<(String, usize)> = counts.into_iter().collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        ranked.truncate(limit);
        Ok(ranked)
    }

    /// Typing suggestions from the content (not queries); blocking but quick.
    pub fn suggest_content(&self, typed: &str, per_kind: usize) -> Vec<suggest::Entry> {
        match self.inner.suggestions.read() {
            Ok(suggestions) => suggestions
                .table
                .lookup(typed, per_kind)
                .into_iter()
                .cloned()
                .collect(),
            Err(_) => Vec::new(),
        }
    }
}

impl Inner {
    fn run_committer(self: Arc<Self>, woken: std::sync::mpsc::Receiver<()>) {
        while woken.recv().is_ok() {
            std::thread::sleep(COMMIT_DELAY);
            while woken.try_recv().is_ok() {}
            if self.rebuilding.load(AtomicOrdering::SeqCst) {
                // The rebuild commits at its end; a commit now would show a half-built index.
                continue;
            }
            if let Err(error) = self.commit() {
                tracing::error!(%error, "search index: commit failed");
            }
        }
    }

    fn commit(&self) -> Result<(), String> {
        let target = {
            let mut writer = self.writer.lock().map_err(poisoned)?;
            let target = self.queued.load(AtomicOrdering::SeqCst);
            writer.commit().map_err(tantivy_error("commit"))?;
            target
        };
        self.reader.reload().map_err(tantivy_error("reload"))?;
        self.visible.send_if_modified(|visible| {
            let newer = target > *visible;
            if newer {
                *visible = target;
            }
            newer
        });
        Ok(())
    }

    fn add_post(&self, post: &PostDoc) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        writer.delete_term(Fields::key_term(POST, post.id, self.fields.key));
        writer
            .add_document(self.fields.post_document(post))
            .map_err(tantivy_error("add"))?;
        self.queued.fetch_add(1, AtomicOrdering::SeqCst);
        Ok(())
    }

    fn add_business(&self, business: &BusinessDoc) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        writer.delete_term(Fields::key_term(BUSINESS, business.id, self.fields.key));
        writer
            .add_document(self.fields.business_document(business))
            .map_err(tantivy_error("add"))?;
        self.queued.fetch_add(1, AtomicOrdering::SeqCst);
        Ok(())
    }

    fn apply_post(&self, id: i64, document: Option<TaggedPost>) -> Result<(), String> {
        match document {
            Some((post, tags)) => {
                self.add_post(&post)?;
                self.suggestions
                    .write()
                    .map_err(poisoned)?
                    .set_post(PostSuggestion {
                        id: post.id,
                        title: post.title,
                        popular_score: post.popular_score,
                        tags,
                    });
            }
            None => {
                {
                    let writer = self.writer.lock().map_err(poisoned)?;
                    writer.delete_term(Fields::key_term(POST, id, self.fields.key));
                    self.queued.fetch_add(1, AtomicOrdering::SeqCst);
                }
                self.suggestions.write().map_err(poisoned)?.remove_post(id);
            }
        }
        Ok(())
    }

    fn apply_business(&self, business: BusinessDoc) -> Result<(), String> {
        self.add_business(&business)?;
        self.suggestions.write().map_err(poisoned)?.set_business(
            business.id,
            &business.name,
            business.follower_count,
        );
        Ok(())
    }

    fn remove_business(&self, id: i64) -> Result<(), String> {
        // Its posts: found by the business id they carry.
        let searcher = self.reader.searcher();
        let query = TermQuery::new(
            Term::from_field_u64(self.fields.business_id, id as u64),
            IndexRecordOption::Basic,
        );
        let posts: Vec<i64> = searcher
            .search(&query, &TopDocs::with_limit(100_000).order_by_score())
            .map_err(tantivy_error("business posts"))?
            .into_iter()
            .filter_map(|(_, address)| {
                let doc: tantivy::TantivyDocument = searcher.doc(address).ok()?;
                doc.get_first(self.fields.id).and_then(|v| v.as_u64())
            })
            .map(|id| id as i64)
            .collect();
        {
            let writer = self.writer.lock().map_err(poisoned)?;
            writer.delete_term(Fields::key_term(BUSINESS, id, self.fields.key));
            writer.delete_term(Term::from_field_u64(self.fields.business_id, id as u64));
            self.queued.fetch_add(1, AtomicOrdering::SeqCst);
        }
        let mut suggestions = self.suggestions.write().map_err(poisoned)?;
        suggestions.remove_business(id);
        for post in posts {
            suggestions.remove_post(post);
        }
        Ok(())
    }
}

fn poisoned<T>(_: T) -> String {
    "search index: a lock was poisoned by a panic".to_string()
}

fn db_error(error: sea_orm::DbErr) -> String {
    format!("search index: database: {error}")
}

/// PRODUCT: a post is public when published and its time has come.
fn is_public(post: &posts::Model, now: DateTime<Utc>) -> bool {
    post.status == "PUBLISHED" && post.published_at.is_some_and(|at| at <= now)
}

fn public_condition(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(posts::Column::Status.eq("PUBLISHED"))
        .add(posts::Column::PublishedAt.lte(now))
}

async fn any_public_post(db: &DatabaseConnection) -> Result<bool, String> {
    Ok(posts::Entity::find()
        .select_only()
        .column(posts::Column::Id)
        .filter(public_condition(Utc::now()))
        .limit(1)
        .into_tuple::<i64>()
        .one(db)
        .await
        .map_err(db_error)?
        .is_some())
}

fn business_doc(row: &businesses::Model) -> BusinessDoc {
    BusinessDoc {
        id: row.id,
        name: row.name.clone(),
        description: row.description.clone(),
        industry: row.industry.clone(),
        follower_count: row.follower_count,
        verified: row.verified_at.is_some(),
        created_millis: row.created_at.timestamp_millis(),
    }
}

fn category_list(categories: &HashMap<i16, (String, String)>) -> Vec<(i16, String, String)> {
    let mut list: Vec<(i16, String, String)> = categories
        .iter()
        .map(|(id, (ko, en))| (*id, ko.clone(), en.clone()))
        .collect();
    list.sort_by_key(|c| c.0);
    list
}

/// (tag id, name) of each of these posts.
async fn tags_of(
    db: &DatabaseConnection,
    post_ids: &[i64],
) -> Result<HashMap<i64, Vec<(i64, String)>>, String> {
    let mut out: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(out);
    }
    let links = post_tags::Entity::find()
        .filter(post_tags::Column::PostId.is_in(post_ids.iter().copied()))
        .all(db)
        .await
        .map_err(db_error)?;
    let mut tag_ids: Vec<i64> = links.iter().map(|l| l.tag_id).collect();
    tag_ids.sort_unstable();
    tag_ids.dedup();
    let names: HashMap<i64, String> = if tag_ids.is_empty() {
        HashMap::new()
    } else {
        tags::Entity::find()
            .filter(tags::Column::Id.is_in(tag_ids))
            .all(db)
            .await
            .map_err(db_error)?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect()
    };
    for link in links {
        if let Some(name) = names.get(&link.tag_id) {
            out.entry(link.post_id)
                .or_default()
                .push((link.tag_id, name.clone()));
        }
    }
    for tags in out.values_mut() {
        tags.sort();
    }
    Ok(out)
}

/// Index documents of these (public) posts, with their tags.
async fn load_post_docs(
    db: &DatabaseConnection,
    rows: Vec<posts::Model>,
    categories: &HashMap<i16, (String, String)>,
    business_names: Option<&HashMap<i64, String>>,
) -> Result<Vec<TaggedPost>, String> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tags = tags_of(db, &ids).await?;
    let names: HashMap<i64, String> = match business_names {
        Some(names) => names.clone(),
        None => {
            let mut wanted: Vec<i64> = rows.iter().map(|r| r.business_id).collect();
            wanted.sort_unstable();
            wanted.dedup();
            businesses::Entity::find()
                .filter(businesses::Column::Id.is_in(wanted))
                .all(db)
                .await
                .map_err(db_error)?
                .into_iter()
                .map(|b| (b.id, b.name))
                .collect()
        }
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let tags = tags.remove(&row.id).unwrap_or_default();
            let category_names = categories
                .get(&row.category_id)
                .map(|(ko, en)| format!("{ko} {en}"))
                .unwrap_or_default();
            let document = PostDoc {
                id: row.id,
                business_id: row.business_id,
                category_id: row.category_id,
                title: row.title,
                summary: row.summary,
                body: row.body_text,
                business_name: names.get(&row.business_id).cloned().unwrap_or_default(),
                tags: tags.iter().map(|t| t.1.clone()).collect(),
                category_names,
                popular_score: row.popular_score,
                published_millis: row
                    .published_at
                    .map(|at| at.timestamp_millis())
                    .unwrap_or_default(),
            };
            (document, tags)
        })
        .collect())
}

/// The suggestions from the database (start without a rebuild): titles and scores of public
/// posts, their tags, businesses, categories.
async fn load_suggestions(
    db: &DatabaseConnection,
    categories: &HashMap<i16, (String, String)>,
) -> Result<ContentSuggestions, String> {
    let mut posts_found = Vec::new();
    let mut after = 0i64;
    loop {
        let rows: Vec<(i64, String, f64)> = posts::Entity::find()
            .select_only()
            .columns([
                posts::Column::Id,
                posts::Column::Title,
                posts::Column::PopularScore,
            ])
            .filter(public_condition(Utc::now()))
            .filter(posts::Column::Id.gt(after))
            .order_by_asc(posts::Column::Id)
            .limit(REBUILD_PAGE * 4)
            .into_tuple()
            .all(db)
            .await
            .map_err(db_error)?;
        let Some(last) = rows.last() else { break };
        after = last.0;
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let mut tags = tags_of(db, &ids).await?;
        posts_found.extend(rows.into_iter().map(|(id, title, score)| PostSuggestion {
            id,
            title,
            popular_score: score,
            tags: tags.remove(&id).unwrap_or_default(),
        }));
    }
    let businesses_found: Vec<(i64, String, i64)> = businesses::Entity::find()
        .select_only()
        .columns([
            businesses::Column::Id,
            businesses::Column::Name,
            businesses::Column::FollowerCount,
        ])
        .into_tuple()
        .all(db)
        .await
        .map_err(db_error)?;
    let category_list = category_list(categories);
    tokio::task::spawn_blocking(move || {
        ContentSuggestions::build(posts_found, businesses_found, category_list)
    })
    .await
    .map_err(|e| format!("search index: {e}"))
}
