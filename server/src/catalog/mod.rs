//! The public catalogue in memory: every visible post's id, business, category, report flag,
//! score, publication time and tags, with the list orderings precomputed. Lists are slices of
//! it; their pages are cached until a post changes.
//!
//! The database stays the truth: the catalogue is loaded at start, updated after each write
//! of this process, and its rows are read again every minute (which brings in the stored
//! popular scores and what other server processes wrote), a page of rows at a time.

mod entries;
mod kept;
mod view;

use crate::entities::{post_tags, posts};
use axum::body::Bytes;
use chrono::Utc;
pub use entries::{Entries, Entry};
pub use kept::{CachedDetail, CachedPage, Coding, Counts, Shows};
use kept::{Held, Kept, Key};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
pub use view::{BusinessBadge, BusinessCard, Card, PostDetail};

/// PRODUCT: at most two posts of one business among the first twenty of a popular list.
const DIVERSE_HEAD: usize = 20;
const PER_BUSINESS_IN_HEAD: usize = 2;
/// A page document larger than this is not kept (a post body may reach 500 KB).
const MAX_KEPT_DOCUMENT: usize = 1024 * 1024;

/// One consistent view of the catalogue. The entries and the orderings scores do not change
/// are shared (`Arc`) by the snapshots a refresh makes when only scores moved: at a million
/// posts a snapshot is about 300 MB, and the minute's rescoring no longer makes it again.
#[derive(Default)]
pub struct Snapshot {
    pub entries: Arc<Entries>,
    /// Scores that moved since `entries` was made: a refresh where only scores moved notes
    /// them here instead of copying every entry (`score` reads through it).
    moved_scores: HashMap<i64, f64>,
    /// Newest first (publication time, then id).
    pub latest: Arc<Vec<i64>>,
    /// The same ordering as places in `entries`: a rescoring reads the entries in this order
    /// without a search for each (a million binary searches took a core for half a second).
    latest_at: Arc<Vec<u32>>,
    /// By score, diversified at the head, then newest.
    pub popular: Vec<i64>,
    pub latest_by_category: Arc<HashMap<i16, Vec<i64>>>,
    pub popular_by_category: HashMap<i16, Vec<i64>>,
    pub reports: Arc<Vec<i64>>,
    /// Each business's public posts, newest first.
    pub latest_by_business: Arc<HashMap<i64, Vec<i64>>>,
    /// Each business's public posts per category, categories in order.
    pub category_counts: Arc<HashMap<i64, BTreeMap<i16, i64>>>,
    /// The posts of each tag (a post as often as it carries the tag), with what choosing
    /// related posts compares, so that choosing reads no entry.
    pub by_tag: Arc<HashMap<i64, Vec<Tagged>>>,
}

/// A post as a tag's list holds it: what ranks it among related posts.
#[derive(Clone, Copy, Debug)]
pub struct Tagged {
    pub id: i64,
    pub published_at: i64,
    pub category_id: i16,
}

impl Snapshot {
    fn build(entries: Entries) -> Self {
        let mut latest_at: Vec<u32> = (0..entries.len() as u32).collect();
        latest_at.sort_by_key(|at| {
            let entry = entries.at(*at);
            Reverse((entry.published_at, entry.id))
        });
        let latest: Vec<&Entry> = latest_at.iter().map(|at| entries.at(*at)).collect();
        let (popular, popular_by_category) = popular_orders(&latest, |entry| entry.score);
        let mut latest_by_category: HashMap<i16, Vec<i64>> = HashMap::new();
        let mut latest_by_business: HashMap<i64, Vec<i64>> = HashMap::new();
        for entry in &latest {
            latest_by_category
                .entry(entry.category_id)
                .or_default()
                .push(entry.id);
            latest_by_business
                .entry(entry.business_id)
                .or_default()
                .push(entry.id);
        }
        let reports = latest
            .iter()
            .filter(|e| e.is_report)
            .map(|e| e.id)
            .collect();
        let mut category_counts: HashMap<i64, BTreeMap<i16, i64>> = HashMap::new();
        for entry in entries.values() {
            *category_counts
                .entry(entry.business_id)
                .or_default()
                .entry(entry.category_id)
                .or_default() += 1;
        }
        let mut by_tag: HashMap<i64, Vec<Tagged>> = HashMap::new();
        for entry in entries.values() {
            for tag in entries.tags(entry) {
                by_tag.entry(*tag).or_default().push(Tagged {
                    id: entry.id,
                    published_at: entry.published_at,
                    category_id: entry.category_id,
                });
            }
        }
        let latest = latest.iter().map(|e| e.id).collect();
        Snapshot {
            entries: Arc::new(entries),
            moved_scores: HashMap::new(),
            latest: Arc::new(latest),
            latest_at: Arc::new(latest_at),
            popular,
            latest_by_category: Arc::new(latest_by_category),
            popular_by_category,
            reports: Arc::new(reports),
            latest_by_business: Arc::new(latest_by_business),
            category_counts: Arc::new(category_counts),
            by_tag: Arc::new(by_tag),
        }
    }

    /// A post's score now.
    pub fn score(&self, entry: &Entry) -> f64 {
        score_with(&self.moved_scores, entry)
    }

    /// The entries with their scores now, to make the next snapshot from.
    fn current_entries(&self) -> Entries {
        self.entries.rescored(&self.moved_scores)
    }

    /// The same posts (same businesses, categories, publication times, tags) with these
    /// scores moved: the popular orderings are made again, all else is this snapshot's.
    fn rescored(&self, moved: &[(i64, f64)]) -> Self {
        let mut moved_scores = self.moved_scores.clone();
        moved_scores.extend(moved.iter().copied());
        let (popular, popular_by_category) = {
            let latest: Vec<&Entry> = self
                .latest_at
                .iter()
                .map(|at| self.entries.at(*at))
                .collect();
            popular_orders(&latest, |entry| score_with(&moved_scores, entry))
        };
        Snapshot {
            entries: self.entries.clone(),
            moved_scores,
            latest: self.latest.clone(),
            latest_at: self.latest_at.clone(),
            popular,
            latest_by_category: self.latest_by_category.clone(),
            popular_by_category,
            reports: self.reports.clone(),
            latest_by_business: self.latest_by_business.clone(),
            category_counts: self.category_counts.clone(),
            by_tag: self.by_tag.clone(),
        }
    }

    /// Where a keyset cursor (publication time, id) falls in a newest-first ordering.
    pub fn after(&self, ordering: &[i64], published_at: i64, id: i64) -> usize {
        ordering.partition_point(|candidate| {
            let entry = &self.entries[candidate];
            (entry.published_at, entry.id) >= (published_at, id)
        })
    }
}

/// A post's score: the moved one if it moved, else the entry's own.
fn score_with(moved_scores: &HashMap<i64, f64>, entry: &Entry) -> f64 {
    moved_scores.get(&entry.id).copied().unwrap_or(entry.score)
}

/// The popular orderings, of all posts and of each category, from the posts newest first:
/// by score, ties newest first, diversified at the head.
fn popular_orders(
    latest: &[&Entry],
    score: impl Fn(&Entry) -> f64,
) -> (Vec<i64>, HashMap<i16, Vec<i64>>) {
    let mut scored: Vec<(f64, &Entry)> =
        latest.iter().map(|entry| (score(entry), *entry)).collect();
    scored.sort_by(|(a_score, a), (b_score, b)| {
        b_score
            .total_cmp(a_score)
            .then((b.published_at, b.id).cmp(&(a.published_at, a.id)))
    });
    let by_score: Vec<&Entry> = scored.into_iter().map(|(_, entry)| entry).collect();
    let mut score_by_category: HashMap<i16, Vec<&Entry>> = HashMap::new();
    for entry in &by_score {
        score_by_category
            .entry(entry.category_id)
            .or_default()
            .push(entry);
    }
    let popular_by_category = score_by_category
        .into_iter()
        .map(|(category, ordered)| (category, diversify(&ordered)))
        .collect();
    (diversify(&by_score), popular_by_category)
}

/// The ordering by score, with no business holding more than two of the first twenty places
/// (the posts held back follow right after the head, in score order).
fn diversify(ordered: &[&Entry]) -> Vec<i64> {
    let mut head = Vec::with_capacity(DIVERSE_HEAD);
    let mut held_back = Vec::new();
    let mut per_business: HashMap<i64, usize> = HashMap::new();
    let mut rest = ordered.iter();
    for entry in rest.by_ref() {
        let seen = per_business.entry(entry.business_id).or_default();
        if *seen < PER_BUSINESS_IN_HEAD {
            *seen += 1;
            head.push(entry.id);
            if head.len() == DIVERSE_HEAD {
                break;
            }
        } else {
            held_back.push(entry.id);
        }
    }
    head.extend(held_back);
    head.extend(rest.map(|entry| entry.id));
    head
}

pub struct Catalog {
    snapshot: RwLock<Arc<Snapshot>>,
    /// Moves on with every change: an answer carries the value it had when its reading began.
    clock: AtomicU64,
    /// When what each kind of answer shows last changed.
    floors: RwLock<Floors>,
    kept: Kept,
    /// The names of the tags read so far: a tag's name never changes and tags are never
    /// deleted, so a name once read stays true (a few bytes a tag).
    tag_names: RwLock<HashMap<i64, Arc<str>>>,
}

/// The clock at the last change of everything, of the lists, of each post, of each business
/// (its badge and follower count, on its page and its posts) and of each business's list of
/// posts: an answer made before the last change to what it shows is stale.
#[derive(Default)]
struct Floors {
    all: u64,
    lists: u64,
    posts: HashMap<i64, u64>,
    businesses: HashMap<i64, u64>,
    posts_of: HashMap<i64, u64>,
}

impl Floors {
    fn fresh(&self, made: u64, shows: Shows) -> bool {
        let at_least = |floors: &HashMap<i64, u64>, id: i64| {
            floors.get(&id).is_none_or(|floor| made >= *floor)
        };
        made >= self.all
            && match shows {
                Shows::Lists => made >= self.lists,
                Shows::Post { id, business } => {
                    at_least(&self.posts, id) && at_least(&self.businesses, business)
                }
                Shows::Business(id) => {
                    at_least(&self.businesses, id) && at_least(&self.posts_of, id)
                }
                Shows::Profile(id) => at_least(&self.businesses, id),
            }
    }
}

/// What a change forgets of the kept answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forget {
    /// Every answer (the catalogue was read again).
    All,
    /// The lists and collections.
    Lists,
    /// A post's answers, its business's page and the lists (its row or its counts moved).
    Post(i64),
    /// A business's page and its posts' answers (its follower count moved).
    Business(i64),
}

/// How well the kept answers serve: hits and misses by kind, entries and bytes kept.
pub struct CacheCounts<'a> {
    pub pages: &'a Counts,
    pub documents: &'a Counts,
    pub details: &'a Counts,
    pub cards: &'a Counts,
    pub entries: u64,
    pub bytes: u64,
}

/// Bytes of kept answers by default (`TIDEMARK_CACHE_MB`): some 13,000 post pages as they
/// are held (5-6 KB compressed each), or far more list pages. Under readers' traffic a
/// charged byte holds about 1.6 bytes resident (the allocator's pages that evictions leave
/// part full): 96 MB peaked at 387-402 MB on a node of 100,000 posts, 80 MB at 357 MB with
/// the hit ratios two points lower and the same speed; 192 MB ended at 490 MB for a post
/// page 10–25% faster (docs/performance.md, twelfth and nineteenth steps).
pub const DEFAULT_CACHE_MB: u64 = 80;

impl Default for Catalog {
    fn default() -> Self {
        Catalog::new(DEFAULT_CACHE_MB * 1024 * 1024)
    }
}

/// The condition of a post anyone may see: published, and its time has come. A scheduled
/// post is invisible everywhere before its time, whatever else lags.
pub fn visible() -> Condition {
    Condition::all()
        .add(posts::Column::Status.eq(posts::PostStatus::Published))
        .add(posts::Column::PublishedAt.lte(Utc::now()))
}

#[derive(sea_orm::FromQueryResult)]
struct Row {
    id: i64,
    business_id: i64,
    category_id: i16,
    is_report: bool,
    popular_score: f64,
    published_at: Option<chrono::DateTime<Utc>>,
}

impl Catalog {
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.read().expect("catalogue lock").clone()
    }

    /// The clock now: an answer whose reading begins now is kept with it.
    pub fn generation(&self) -> u64 {
        self.clock.load(Ordering::Acquire)
    }

    /// A catalogue keeping at most `cache_bytes` of answers.
    pub fn new(cache_bytes: u64) -> Self {
        Catalog {
            snapshot: RwLock::new(Arc::new(Snapshot::default())),
            clock: AtomicU64::new(1),
            floors: RwLock::new(Floors::default()),
            kept: Kept::new(cache_bytes),
            tag_names: RwLock::new(HashMap::new()),
        }
    }

    /// What post `id` shows as a kept answer: itself and its business; `None` for a post the
    /// catalogue does not hold (its answers are not kept).
    pub fn shows_post(&self, id: i64) -> Option<Shows> {
        self.snapshot().entries.get(&id).map(|entry| Shows::Post {
            id,
            business: entry.business_id,
        })
    }

    /// Forgets the kept answers that show what changed; the others stay.
    pub fn forget(&self, what: Forget) {
        match what {
            Forget::All => {
                self.mark(|floors, now| {
                    *floors = Floors {
                        all: now,
                        ..Floors::default()
                    }
                });
                self.kept.clear();
            }
            Forget::Lists => self.mark(|floors, now| floors.lists = now),
            Forget::Post(id) => {
                let business = self.snapshot().entries.get(&id).map(|e| e.business_id);
                self.forget_post(id, business.as_slice());
            }
            Forget::Business(id) => self.mark(|floors, now| {
                floors.businesses.insert(id, now);
            }),
        }
    }

    /// Moves the clock on and lets `change` set floors to the new time: answers whose reading
    /// began before it are stale for what `change` names.
    fn mark(&self, change: impl FnOnce(&mut Floors, u64)) {
        let now = self.clock.fetch_add(1, Ordering::AcqRel) + 1;
        change(&mut self.floors.write().expect("catalogue floors"), now);
    }

    /// Forgets post `id`'s answers, the pages of `businesses` (the post's, before and after
    /// the change) and the lists.
    fn forget_post(&self, id: i64, businesses: &[i64]) {
        self.mark(|floors, now| {
            floors.lists = now;
            floors.posts.insert(id, now);
            for business in businesses {
                floors.posts_of.insert(*business, now);
            }
        });
    }

    /// Forgets the lists, the answers of the posts `ids` and their businesses' pages at once
    /// (the minute's new scores come with new view counts).
    fn forget_rescored(&self, ids: &[i64]) {
        let snapshot = self.snapshot();
        self.mark(|floors, now| {
            floors.lists = now;
            for id in ids {
                floors.posts.insert(*id, now);
                if let Some(entry) = snapshot.entries.get(id) {
                    floors.posts_of.insert(entry.business_id, now);
                }
            }
        });
    }

    fn fresh(&self, made: u64, shows: Shows) -> bool {
        self.floors
            .read()
            .expect("catalogue floors")
            .fresh(made, shows)
    }

    fn get(&self, key: &Key) -> Option<Held> {
        self.kept.get(key, |made, shows| self.fresh(made, shows))
    }

    /// Keeps what was made at `made` unless a change to what it shows came since.
    fn put(&self, key: Key, made: u64, shows: Shows, held: Held) {
        if self.fresh(made, shows) {
            self.kept.insert(key, made, shows, held);
        }
    }

    /// The hits and misses of kept list pages, page documents and post details, and the
    /// entries and bytes kept.
    pub fn cache_counts(&self) -> CacheCounts<'_> {
        CacheCounts {
            pages: &self.kept.pages,
            documents: &self.kept.documents,
            details: &self.kept.details,
            cards: &self.kept.cards,
            entries: self.kept.size().0,
            bytes: self.kept.size().1,
        }
    }

    /// The HTML of a first view (`key`: its language, path and query), when nothing it shows
    /// changed since it was made.
    pub fn cached_document(&self, key: &str) -> Option<Arc<CachedPage>> {
        match self.get(&Key::Document(key.into())) {
            Some(Held::Page(page)) => Some(page),
            _ => None,
        }
    }

    /// The HTML of a first view that shows `shows`, made at `generation`, kept for the next
    /// reader.
    pub fn keep_document(
        &self,
        key: String,
        generation: u64,
        shows: Shows,
        body: Bytes,
    ) -> Arc<CachedPage> {
        let page = Arc::new(CachedPage::html(generation, body));
        if page.plain_len() <= MAX_KEPT_DOCUMENT {
            self.put(
                Key::Document(key.into()),
                generation,
                shows,
                Held::Page(page.clone()),
            );
        }
        page
    }

    /// The public detail of post `id`, when it was made since the post last changed.
    pub fn cached_detail(&self, id: i64) -> Option<Arc<CachedDetail>> {
        match self.get(&Key::Detail(id)) {
            Some(Held::Detail(detail)) => Some(detail),
            _ => None,
        }
    }

    /// Keeps a public detail made at `generation` (as [`Self::keep`]); a post the catalogue
    /// does not hold is answered without being kept.
    pub fn keep_detail(&self, generation: u64, detail: PostDetail) -> Arc<CachedDetail> {
        let id = detail.post_seq;
        let cached = Arc::new(CachedDetail::new(detail));
        if let Some(shows) = self.shows_post(id) {
            self.put(
                Key::Detail(id),
                generation,
                shows,
                Held::Detail(cached.clone()),
            );
        }
        cached
    }

    /// The guests' answer of public post `id` (its JSON), when it was made since the post
    /// last changed.
    pub fn cached_answer(&self, id: i64) -> Option<Arc<CachedPage>> {
        match self.get(&Key::Answer(id)) {
            Some(Held::Page(page)) => Some(page),
            _ => None,
        }
    }

    /// Keeps the guests' answer of public post `id`, made at `generation` (as
    /// [`Self::keep_detail`]).
    pub fn keep_answer(&self, id: i64, generation: u64, body: Bytes) -> Arc<CachedPage> {
        let page = Arc::new(CachedPage::json(generation, body));
        if let Some(shows) = self.shows_post(id) {
            self.put(Key::Answer(id), generation, shows, Held::Page(page.clone()));
        }
        page
    }

    /// The cards of `ids` kept since their posts last changed, by id.
    pub fn cached_cards(&self, ids: &[i64]) -> HashMap<i64, Arc<Card>> {
        self.cached_by_id(ids, Key::Card, |held| match held {
            Held::Card(card) => Some(card),
            _ => None,
        })
    }

    /// The entries of `ids` under `key` that are still fresh, as `pick` finds them.
    fn cached_by_id<T>(
        &self,
        ids: &[i64],
        key: fn(i64) -> Key,
        pick: fn(Held) -> Option<Arc<T>>,
    ) -> HashMap<i64, Arc<T>> {
        ids.iter()
            .filter_map(|id| Some((*id, pick(self.get(&key(*id))?)?)))
            .collect()
    }

    /// Keeps cards made at `generation`.
    pub fn keep_cards(&self, generation: u64, cards: &[Card]) {
        for card in cards {
            let shows = Shows::Post {
                id: card.post_seq,
                business: card.business.id,
            };
            self.put(
                Key::Card(card.post_seq),
                generation,
                shows,
                Held::Card(Arc::new(card.clone())),
            );
        }
    }

    /// The names known of tags `ids`, by id.
    pub fn tag_names(&self, ids: &[i64]) -> HashMap<i64, Arc<str>> {
        let names = self.tag_names.read().expect("tag names");
        ids.iter()
            .filter_map(|id| names.get(id).map(|name| (*id, name.clone())))
            .collect()
    }

    /// Remembers tag names read from the database.
    pub fn learn_tag_names(&self, read: &[(i64, Arc<str>)]) {
        let mut names = self.tag_names.write().expect("tag names");
        for (id, name) in read {
            names.insert(*id, name.clone());
        }
    }

    /// The badges of businesses `ids` kept since the businesses last changed, by id.
    pub fn cached_badges(&self, ids: &[i64]) -> HashMap<i64, Arc<BusinessBadge>> {
        self.cached_by_id(ids, Key::Badge, |held| match held {
            Held::Badge(badge) => Some(badge),
            _ => None,
        })
    }

    /// Keeps badges read at `generation`.
    pub fn keep_badges<'a>(
        &self,
        generation: u64,
        badges: impl Iterator<Item = &'a BusinessBadge>,
    ) {
        for badge in badges {
            self.put(
                Key::Badge(badge.id),
                generation,
                Shows::Profile(badge.id),
                Held::Badge(Arc::new(badge.clone())),
            );
        }
    }

    /// Business `id` as a post's page shows it, kept since the business last changed (its
    /// `following` is false: the reader's own tie is added per request).
    pub fn cached_business(&self, id: i64) -> Option<Arc<BusinessCard>> {
        match self.get(&Key::Business(id)) {
            Some(Held::Business(business)) => Some(business),
            _ => None,
        }
    }

    /// Keeps a business as a post's page shows it, read at `generation`, and its badge.
    pub fn keep_business(&self, generation: u64, business: &BusinessCard) {
        let id = business.badge.id;
        let kept = BusinessCard {
            following: false,
            ..business.clone()
        };
        self.put(
            Key::Business(id),
            generation,
            Shows::Profile(id),
            Held::Business(Arc::new(kept)),
        );
        self.keep_badges(generation, std::iter::once(&business.badge));
    }

    /// A list's or collection's page (`key`), when nothing it shows changed since it was made.
    pub fn cached(&self, key: &str) -> Option<Arc<CachedPage>> {
        match self.get(&Key::Page(key.into())) {
            Some(Held::Page(page)) => Some(page),
            _ => None,
        }
    }

    /// Keeps a page that shows `shows`, made at `generation` (a page made from older data than
    /// the current one is not kept).
    pub fn keep(&self, key: String, generation: u64, shows: Shows, body: Bytes) -> Arc<CachedPage> {
        let page = Arc::new(CachedPage::json(generation, body));
        self.put(
            Key::Page(key.into()),
            generation,
            shows,
            Held::Page(page.clone()),
        );
        page
    }

    /// Loads every visible post from the database.
    pub async fn reload(&self, db: &DatabaseConnection) -> Result<usize, DbErr> {
        let entries = load_entries(db).await?;
        let count = entries.len();
        // Sorting the orderings: off the runtime's workers, which serve readers meanwhile.
        let snapshot = tokio::task::spawn_blocking(move || Arc::new(Snapshot::build(entries)))
            .await
            .map_err(|e| DbErr::Custom(format!("catalogue: loading stopped: {e}")))?;
        *self.snapshot.write().expect("catalogue lock") = snapshot;
        self.forget(Forget::All);
        Ok(count)
    }

    /// Reads the visible posts' rows again and reloads only when one of them changed (the
    /// periodic refresh that brings in the popular scores the roll-up stores): a quiet minute
    /// costs neither the tags' reading nor any cached page, and a minute where only scores
    /// moved (the roll-up rescores the top posts for their age every minute) puts the new
    /// scores into the entries it holds without reading the tags again. True when the
    /// catalogue changed.
    pub async fn refresh(&self, db: &DatabaseConnection) -> Result<bool, DbErr> {
        let snapshot = self.snapshot();
        // Read a page at a time and kept only where a score moved: at a million posts the
        // rows themselves would be 50 MB more at the moment the new snapshot is made.
        // Rows and entries both come in id order: the same posts match one for one.
        let mut scores: Vec<(i64, f64)> = Vec::new();
        let mut entries = snapshot.entries.values();
        let mut pages = VisiblePages::default();
        while let Some(page) = pages.next(db).await? {
            for row in &page {
                let held = entries.next().filter(|entry| {
                    entry.id == row.id
                        && entry.business_id == row.business_id
                        && entry.category_id == row.category_id
                        && entry.is_report == row.is_report
                        && Some(entry.published_at)
                            == row.published_at.map(|at| at.timestamp_millis())
                });
                let Some(held) = held else {
                    self.reload(db).await?;
                    return Ok(true);
                };
                if snapshot.score(held) != row.popular_score {
                    scores.push((row.id, row.popular_score));
                }
            }
        }
        if entries.next().is_some() {
            self.reload(db).await?;
            return Ok(true);
        }
        if scores.is_empty() {
            return Ok(false);
        }
        let rescored_ids: Vec<i64> = scores.iter().map(|(id, _)| *id).collect();
        // Half a second of sorting at a million posts: off the runtime's workers, which
        // serve the readers meanwhile.
        let rescored = {
            let snapshot = snapshot.clone();
            tokio::task::spawn_blocking(move || Arc::new(snapshot.rescored(&scores)))
                .await
                .map_err(|e| DbErr::Custom(format!("catalogue: rescoring stopped: {e}")))?
        };
        let replaced = {
            let mut current = self.snapshot.write().expect("catalogue lock");
            let unchanged_since = Arc::ptr_eq(&current, &snapshot);
            if unchanged_since {
                *current = rescored;
            }
            unchanged_since
        };
        if replaced {
            // New scores come with new counts: the lists and the rescored posts' answers go,
            // every other post's stay.
            self.forget_rescored(&rescored_ids);
        } else {
            // A post changed while the rows were read: everything is read again.
            self.reload(db).await?;
        }
        Ok(true)
    }

    /// Brings one post in line with the database (added, changed, or gone when no longer
    /// visible). The next snapshot is made on a blocking thread while readers keep the
    /// current one (at a million posts its orderings take about a second to sort), then
    /// swapped in; made again if another change came first.
    pub async fn sync_post(&self, db: &DatabaseConnection, id: i64) -> Result<(), DbErr> {
        let row = visible_row(db, id).await?;
        let tags: Arc<[i64]> = tags_of(db, Posts::One(id))
            .await?
            .remove(&id)
            .unwrap_or_default()
            .into();
        let fresh = row.as_ref().and_then(entry);
        let mut businesses = Vec::with_capacity(2);
        businesses.extend(fresh.as_ref().map(|entry| entry.business_id));
        loop {
            let current = self.snapshot();
            let next = {
                let (current, fresh, tags) = (current.clone(), fresh.clone(), tags.clone());
                tokio::task::spawn_blocking(move || {
                    let mut entries = current.current_entries();
                    entries.put(id, fresh.map(|entry| (entry, &tags[..])));
                    Arc::new(Snapshot::build(entries))
                })
                .await
                .map_err(|e| DbErr::Custom(format!("catalogue: a post's change stopped: {e}")))?
            };
            let mut held = self.snapshot.write().expect("catalogue lock");
            if Arc::ptr_eq(&held, &current) {
                *held = next;
                businesses.extend(current.entries.get(&id).map(|entry| entry.business_id));
                break;
            }
        }
        self.forget_post(id, &businesses);
        Ok(())
    }
}

/// Rows read per statement when the whole catalogue is read. A driver holds every row of an
/// answer until the answer is turned into entries (SQLite's copies of the values live in its
/// own heap, glibc's, and the driver's rows in the connection thread's): reading a million
/// posts in one statement held about 850 MB for a moment, at start and at every minute's
/// refresh. Pages of 20,000 rows still made the minute's refresh fault in some 40 MB at
/// 100,000 posts, given back only seconds later; a page of 2,000 holds about 1.5 MB, and
/// each statement finds its first row through the index.
const READ_PAGE: usize = 2_000;

/// Every visible post as the catalogue holds it, its tags read for a page of posts at a time.
async fn load_entries(db: &DatabaseConnection) -> Result<Entries, DbErr> {
    let mut entries = Entries::default();
    let mut pages = VisiblePages::default();
    while let Some(page) = pages.next(db).await? {
        let (first, last) = (page[0].id, page[page.len() - 1].id);
        let tags = tags_of(db, Posts::Between(first, last)).await?;
        for entry in page.iter().filter_map(entry) {
            let of_post = tags.get(&entry.id).map_or(&[][..], Vec::as_slice);
            entries.push(entry, of_post);
        }
    }
    Ok(entries)
}

/// The visible posts a page at a time, in id order (a keyset: each page starts after the
/// last id of the one before).
struct VisiblePages {
    /// The last id read; `None` once a page came back short.
    after: Option<i64>,
}

impl Default for VisiblePages {
    fn default() -> Self {
        VisiblePages {
            after: Some(i64::MIN),
        }
    }
}

impl VisiblePages {
    /// The next page, never empty; `None` after the last.
    async fn next(&mut self, db: &DatabaseConnection) -> Result<Option<Vec<Row>>, DbErr> {
        let Some(after) = self.after else {
            return Ok(None);
        };
        let page = visible_page(db, after).await?;
        self.after = match page.last() {
            Some(last) if page.len() == READ_PAGE => Some(last.id),
            _ => None,
        };
        Ok(Some(page).filter(|page| !page.is_empty()))
    }
}

fn entry(row: &Row) -> Option<Entry> {
    Some(Entry::new(
        row.id,
        row.business_id,
        row.category_id,
        row.is_report,
        row.popular_score,
        row.published_at?.timestamp_millis(),
    ))
}

/// A visible post's row.
fn visible_posts() -> sea_orm::Select<posts::Entity> {
    posts::Entity::find()
        .select_only()
        .columns([
            posts::Column::Id,
            posts::Column::BusinessId,
            posts::Column::CategoryId,
            posts::Column::IsReport,
            posts::Column::PopularScore,
            posts::Column::PublishedAt,
        ])
        .filter(visible())
}

/// The visible post `id`, if it is.
async fn visible_row(db: &DatabaseConnection, id: i64) -> Result<Option<Row>, DbErr> {
    visible_posts()
        .filter(posts::Column::Id.eq(id))
        .into_model::<Row>()
        .one(db)
        .await
}

/// The next visible posts after `after`, by id: at most a page.
async fn visible_page(db: &DatabaseConnection, after: i64) -> Result<Vec<Row>, DbErr> {
    visible_page_after(after).into_model::<Row>().all(db).await
}

/// The statement of [`visible_page`]. Every column it names is in the index
/// `idx_posts_catalogue`, so the reading never reaches the posts' rows (whose bodies come
/// first in SQLite: reaching the score behind them read the whole body).
fn visible_page_after(after: i64) -> sea_orm::Select<posts::Entity> {
    visible_posts()
        .filter(posts::Column::Id.gt(after))
        .order_by_asc(posts::Column::Id)
        .limit(READ_PAGE as u64)
}

/// Whose tags are read.
enum Posts {
    One(i64),
    /// Ids from the first to the last, both included.
    Between(i64, i64),
}

async fn tags_of(db: &DatabaseConnection, posts: Posts) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    let query = match posts {
        Posts::One(id) => post_tags::Entity::find().filter(post_tags::Column::PostId.eq(id)),
        Posts::Between(first, last) => {
            post_tags::Entity::find().filter(post_tags::Column::PostId.between(first, last))
        }
    };
    let mut tags: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in query.all(db).await? {
        tags.entry(row.post_id).or_default().push(row.tag_id);
    }
    Ok(tags)
}

/// Posts related to `id`: most shared tags first, then the same category, newest first.
pub fn related(snapshot: &Snapshot, id: i64, count: usize) -> Vec<i64> {
    let Some(this) = snapshot.entries.get(&id) else {
        return Vec::new();
    };
    if count == 0 {
        return Vec::new();
    }
    // Posts sharing a tag, from the tags' lists (not a reading of the whole catalogue: tens of
    // thousands of posts on a large one), gathered and sorted by id so that a post's runs
    // count the tags it shares: a few hundred posts, with no hashing and no look-up of their
    // entries (the profile of a page made on a miss at 100,000 posts found 5% of the server's
    // time in a hash map of them).
    let mut tags: Vec<i64> = snapshot.entries.tags(this).to_vec();
    tags.sort_unstable();
    tags.dedup();
    let mut candidates: Vec<&Tagged> = tags
        .iter()
        .filter_map(|tag| snapshot.by_tag.get(tag))
        .flatten()
        .filter(|other| other.id != id)
        .collect();
    candidates.sort_unstable_by_key(|other| other.id);
    // The best `count` of them in a small heap.
    let mut best: BinaryHeap<Reverse<(usize, bool, i64, i64)>> =
        BinaryHeap::with_capacity(count + 1);
    let mut sharing: Vec<i64> = Vec::with_capacity(candidates.len());
    for run in candidates.chunk_by(|a, b| a.id == b.id) {
        let other = run[0];
        sharing.push(other.id);
        let key = (
            run.len(),
            other.category_id == this.category_id,
            other.published_at,
            other.id,
        );
        if best.len() < count {
            best.push(Reverse(key));
        } else if best.peek().is_some_and(|Reverse(least)| key > *least) {
            best.pop();
            best.push(Reverse(key));
        }
    }
    let mut scored: Vec<_> = best.into_iter().map(|Reverse(key)| key).collect();
    scored.sort_by(|a, b| b.cmp(a));
    let mut related: Vec<i64> = scored.into_iter().map(|(.., id)| id).collect();
    // Then the newest of the same category that share no tag (the category's list is newest
    // first, as the ranking breaks its ties).
    if related.len() < count {
        let newest = snapshot.latest_by_category.get(&this.category_id);
        for other in newest.into_iter().flatten() {
            if related.len() == count {
                break;
            }
            if *other != id && sharing.binary_search(other).is_err() {
                related.push(*other);
            }
        }
    }
    related
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A post and its tags.
    fn entry(id: i64, business_id: i64, score: f64) -> (Entry, Vec<i64>) {
        let category = 1 + (id % 3) as i16;
        let entry = Entry::new(
            id,
            business_id,
            category,
            id % 5 == 0,
            score,
            1_700_000_000_000 + id,
        );
        (entry, vec![id % 4])
    }

    /// A catalogue holding posts 1 and 2 of business 10 and post 3 of business 20, with a
    /// list page, both businesses' pages and every post's detail and card kept.
    fn kept_catalogue() -> Catalog {
        let catalog = Catalog::new(1024 * 1024);
        let entries = [entry(1, 10, 1.0), entry(2, 10, 2.0), entry(3, 20, 3.0)]
            .into_iter()
            .collect();
        *catalog.snapshot.write().unwrap() = Arc::new(Snapshot::build(entries));
        let made = catalog.generation();
        let body = || Bytes::from_static(b"{}");
        catalog.keep("popular".into(), made, Shows::Lists, body());
        for business in [10, 20] {
            catalog.keep(
                format!("business:{business}"),
                made,
                Shows::Business(business),
                body(),
            );
        }
        for (id, business) in [(1, 10), (2, 10), (3, 20)] {
            let shows = catalog.shows_post(id).unwrap();
            assert_eq!(shows, Shows::Post { id, business });
            catalog.keep_document(format!("html:ko:/post/{id}"), made, shows, body());
        }
        catalog
    }

    /// Which of the kept answers are still served: the list, business 10's and 20's pages,
    /// posts 1, 2 and 3.
    fn served(catalog: &Catalog) -> [bool; 6] {
        [
            catalog.cached("popular").is_some(),
            catalog.cached("business:10").is_some(),
            catalog.cached("business:20").is_some(),
            catalog.cached_document("html:ko:/post/1").is_some(),
            catalog.cached_document("html:ko:/post/2").is_some(),
            catalog.cached_document("html:ko:/post/3").is_some(),
        ]
    }

    #[test]
    fn a_change_forgets_only_the_answers_that_show_it() {
        let catalog = kept_catalogue();
        assert_eq!(served(&catalog), [true; 6]);
        // A bookmark of post 1: its page, its business's page and the lists.
        catalog.forget(Forget::Post(1));
        assert_eq!(served(&catalog), [false, false, true, false, true, true]);

        let catalog = kept_catalogue();
        // A follow of business 20: its page and its post's page (the follower count).
        catalog.forget(Forget::Business(20));
        assert_eq!(served(&catalog), [true, true, false, true, true, false]);

        let catalog = kept_catalogue();
        // A collection: the lists only.
        catalog.forget(Forget::Lists);
        assert_eq!(served(&catalog), [false, true, true, true, true, true]);

        let catalog = kept_catalogue();
        // The minute's new scores and view counts of post 3.
        catalog.forget_rescored(&[3]);
        assert_eq!(served(&catalog), [false, true, false, true, true, false]);

        let catalog = kept_catalogue();
        catalog.forget(Forget::All);
        assert_eq!(served(&catalog), [false; 6]);
    }

    #[test]
    fn a_business_s_profile_outlives_its_posts_changes_but_not_its_own() {
        let catalog = kept_catalogue();
        let business = |id: i64| BusinessCard {
            badge: BusinessBadge {
                id,
                name: format!("기업 {id}"),
                logo_url: Some(format!("/media/images/{id}.png")),
                verified: true,
            },
            description: "소개".into(),
            industry: "제조".into(),
            follower_count: 7,
            following: true,
        };
        catalog.keep_business(catalog.generation(), &business(10));
        let kept = catalog.cached_business(10).expect("kept");
        assert!(!kept.following, "the reader's own tie is not kept");
        assert_eq!(kept.follower_count, 7);
        assert!(catalog.cached_badges(&[10]).contains_key(&10));
        // A post of the business changes, its scores move: the profile stays.
        catalog.forget(Forget::Post(1));
        catalog.forget_rescored(&[1, 2]);
        assert!(catalog.cached_business(10).is_some());
        assert!(catalog.cached_badges(&[10]).contains_key(&10));
        // Its follower count moves: forgotten, badge and all.
        catalog.forget(Forget::Business(10));
        assert!(catalog.cached_business(10).is_none());
        assert!(catalog.cached_badges(&[10]).is_empty());
        // A profile read before a change is not kept after it.
        let made = catalog.generation();
        catalog.forget(Forget::Business(10));
        catalog.keep_business(made, &business(10));
        assert!(catalog.cached_business(10).is_none());
    }

    #[test]
    fn an_answer_read_before_a_change_is_not_kept_after_it() {
        let catalog = kept_catalogue();
        let made = catalog.generation();
        catalog.forget(Forget::Post(2));
        let shows = catalog.shows_post(2).unwrap();
        catalog.keep_document(
            "html:ko:/post/2".into(),
            made,
            shows,
            Bytes::from_static(b"{}"),
        );
        assert!(catalog.cached_document("html:ko:/post/2").is_none());
        let now = catalog.generation();
        catalog.keep_document(
            "html:ko:/post/2".into(),
            now,
            shows,
            Bytes::from_static(b"{}"),
        );
        assert!(catalog.cached_document("html:ko:/post/2").is_some());
    }

    #[test]
    fn the_popular_head_holds_at_most_two_posts_of_a_business() {
        // Business 1 has the ten best posts; nine others have one post each.
        let entries = (1..=10)
            .map(|id| entry(id, 1, 100.0 - id as f64))
            .chain((11..=40).map(|id| entry(id, id, 10.0 - id as f64 / 100.0)))
            .collect();
        let snapshot = Snapshot::build(entries);
        let head = &snapshot.popular[..20];
        let of_one = head
            .iter()
            .filter(|id| snapshot.entries[id].business_id == 1)
            .count();
        assert_eq!(of_one, 2);
        assert_eq!(&head[..2], &[1, 2]);
        // Nothing is lost: every post is in the ordering once.
        let mut all = snapshot.popular.clone();
        all.sort_unstable();
        assert_eq!(all, (1..=40).collect::<Vec<_>>());
        // The held-back posts come right after the head, best first.
        assert_eq!(snapshot.popular[20], 3);
    }

    #[test]
    fn a_rescoring_orders_as_a_build_and_shares_what_scores_do_not_change() {
        let before = Snapshot::build((1..=40).map(|id| entry(id, id % 3, id as f64)).collect());
        let scores: Vec<(i64, f64)> = (1..=40).map(|id| (id, ((id * 17) % 23) as f64)).collect();
        let moved = scores
            .iter()
            .map(|(id, score)| entry(*id, id % 3, *score))
            .collect();
        // In two refreshes: what the first moved stays moved.
        let (first, second) = scores.split_at(15);
        let rescored = before.rescored(first).rescored(second);
        let built = Snapshot::build(moved);
        assert_ne!(rescored.popular, before.popular);
        assert_eq!(rescored.popular, built.popular);
        let mut categories: Vec<_> = rescored.popular_by_category.keys().copied().collect();
        categories.sort_unstable();
        assert_eq!(categories, [1, 2, 3]);
        for category in categories {
            assert_eq!(
                rescored.popular_by_category[&category],
                built.popular_by_category[&category]
            );
        }
        assert_eq!(
            rescored.score(&rescored.entries[&7]),
            built.entries[&7].score
        );
        assert_eq!(
            rescored.current_entries()[&3].score,
            built.entries[&3].score
        );
        assert!(Arc::ptr_eq(&rescored.entries, &before.entries));
        assert!(Arc::ptr_eq(&rescored.latest, &before.latest));
        assert!(Arc::ptr_eq(&rescored.by_tag, &before.by_tag));
        assert!(Arc::ptr_eq(
            &rescored.latest_by_business,
            &before.latest_by_business
        ));
        assert!(Arc::ptr_eq(
            &rescored.category_counts,
            &before.category_counts
        ));
    }

    #[test]
    fn latest_is_newest_first_and_keyset_cursors_find_their_place() {
        let snapshot = Snapshot::build((1..=9).map(|id| entry(id, id, 0.0)).collect());
        assert_eq!(*snapshot.latest, vec![9, 8, 7, 6, 5, 4, 3, 2, 1]);
        let cursor = &snapshot.entries[&6];
        // The page after the one ending at 6 starts at 5.
        let at = snapshot.after(&snapshot.latest, cursor.published_at, cursor.id);
        assert_eq!(snapshot.latest[at], 5);
        assert_eq!(*snapshot.reports, vec![5]);
        // Each business has one post here, in category 1 + id % 3.
        assert_eq!(snapshot.category_counts[&4], BTreeMap::from([(2, 1)]));
    }

    #[test]
    fn related_posts_share_tags_or_the_category() {
        let snapshot = Snapshot::build((1..=12).map(|id| entry(id, id, 0.0)).collect());
        let related = related(&snapshot, 4, 3);
        // 8 and 12 share tag 0 with 4.
        assert_eq!(&related[..2], &[12, 8]);
        assert!(!related.contains(&4));
    }

    /// The kept-best selection gives what sorting every candidate gives, ties included.
    #[test]
    fn related_posts_are_the_best_of_all_candidates() {
        let entries = (1..=400)
            .map(|id| {
                let (mut entry, _) = entry(id, id % 17, 0.0);
                entry.category_id = 1 + (id * 7 % 5) as i16;
                entry.published_at = 1_700_000_000_000 + (id * 37 % 11);
                (
                    entry,
                    (0..(id % 4)).map(|k| (id * 13 + k * 5) % 9).collect(),
                )
            })
            .collect();
        let snapshot = Snapshot::build(entries);
        for id in [1, 2, 3, 50, 199, 400] {
            let this = &snapshot.entries[&id];
            let mut all: Vec<(usize, bool, i64, i64)> = snapshot
                .entries
                .values()
                .filter(|other| other.id != id)
                .map(|other| {
                    let these = snapshot.entries.tags(this);
                    let shared = snapshot
                        .entries
                        .tags(other)
                        .iter()
                        .filter(|t| these.contains(t))
                        .count();
                    let same = other.category_id == this.category_id;
                    (shared, same, other.published_at, other.id)
                })
                .filter(|(shared, same, ..)| *shared > 0 || *same)
                .collect();
            all.sort_by(|a, b| b.cmp(a));
            for count in [0, 1, 6, 20] {
                let expected: Vec<i64> = all.iter().take(count).map(|(.., id)| *id).collect();
                assert_eq!(
                    related(&snapshot, id, count),
                    expected,
                    "post {id}, {count}"
                );
            }
        }
    }

    /// The minute's reading of every visible post stays within an index: in SQLite the
    /// posts' bodies come before their status, date and score in each row, and reading
    /// those through the rows read every body (some 60 MB of page cache each minute at
    /// 100,000 posts).
    #[tokio::test]
    async fn the_visible_posts_are_read_from_an_index_alone() {
        use sea_orm::QueryTrait;
        let (_dir, db) = crate::db::migrated_sqlite().await;
        let statement = visible_page_after(0).build(sea_orm::DbBackend::Sqlite);
        let plan = crate::db::query_plan(&db, statement).await.unwrap();
        assert!(
            plan.contains("USING COVERING INDEX idx_posts_catalogue"),
            "{plan}"
        );
    }
}
