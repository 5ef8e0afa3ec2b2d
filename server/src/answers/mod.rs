//! Answers kept for many readers: the JSON of lists and post details, the HTML of first
//! views, and the values answers are made of (cards, badges, a post's business), each kept
//! with the clock at which its reading began and what it shows, so that a change forgets the
//! answers that show what changed and keeps the others.
//!
//! What a change touches is the catalogue's to say ([`crate::catalog::Catalog::forget`]);
//! how an answer is compressed and sent is `encoded`'s; where the bytes are held is
//! `store`'s.

mod encoded;
mod store;

use axum::body::Bytes;
pub use encoded::{CachedPage, Coding};
use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use store::Kept;
pub use store::{Counts, Held, Key, Shows};

/// A page document larger than this is not kept (a post body may reach 500 KB).
const MAX_KEPT_DOCUMENT: usize = 1024 * 1024;

/// Bytes of kept answers by default (`TIDEMARK_CACHE_MB`): some 13,000 post pages as they
/// are held (5-6 KB compressed each), or far more list pages. Under readers' traffic a
/// charged byte holds about 1.6 bytes resident (the allocator's pages that evictions leave
/// part full): 96 MB peaked at 387-402 MB on a node of 100,000 posts, 80 MB at 357 MB with
/// the hit ratios two points lower and the same speed; 192 MB ended at 490 MB for a post
/// page 10–25% faster (docs/performance-journal.md, twelfth and nineteenth steps).
pub const DEFAULT_CACHE_MB: u64 = crate::settings::CACHE_MB.default_number();

pub struct Answers {
    /// Moves on with every change: an answer carries the value it had when its reading began.
    clock: AtomicU64,
    /// When what each kind of answer shows last changed.
    floors: RwLock<Floors>,
    kept: Kept,
    /// The names of the tags read so far: a tag's name never changes and tags are never
    /// deleted, so a name once read stays true (a few bytes a tag).
    tag_names: RwLock<HashMap<i64, Arc<str>>>,
    /// While the database is away, an answer made before a change is still served: it is
    /// what this process holds, and could not be made again (stale-if-error, RFC 5861).
    stale_ok: AtomicBool,
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
    /// Posts that left the public (hidden, removed, deleted), and the clock at the last one:
    /// no answer made before may show them, not even while the database is away.
    gone: std::collections::HashSet<i64>,
    last_gone: u64,
}

impl Floors {
    /// Whether an answer made at `made` may be served while the database is away: not when
    /// it shows a post that left the public, nor a list or page made before one left.
    fn may_stand_in(&self, made: u64, shows: Shows) -> bool {
        match shows {
            Shows::Post { id, .. } => !self.gone.contains(&id),
            Shows::Lists | Shows::Business(_) => made >= self.last_gone,
            Shows::Profile(_) => true,
        }
    }

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

/// How well the kept answers serve: hits and misses by kind, entries and bytes kept.
pub struct CacheCounts<'a> {
    pub pages: &'a Counts,
    pub documents: &'a Counts,
    pub details: &'a Counts,
    pub cards: &'a Counts,
    pub entries: u64,
    pub bytes: u64,
}

impl Default for Answers {
    fn default() -> Self {
        Answers::new(DEFAULT_CACHE_MB * 1024 * 1024)
    }
}

impl Answers {
    /// Answers kept in at most `cache_bytes`.
    pub fn new(cache_bytes: u64) -> Self {
        Answers {
            clock: AtomicU64::new(1),
            floors: RwLock::new(Floors::default()),
            kept: Kept::new(cache_bytes),
            tag_names: RwLock::new(HashMap::new()),
            stale_ok: AtomicBool::new(false),
        }
    }

    /// Whether answers made before a change may be served (the database is away), or only
    /// answers made since.
    pub fn serve_stale(&self, stale_ok: bool) {
        self.stale_ok.store(stale_ok, Ordering::Release);
    }

    /// The clock now: an answer whose reading begins now is kept with it.
    pub fn generation(&self) -> u64 {
        self.clock.load(Ordering::Acquire)
    }

    /// Forgets every answer (the catalogue was read again; `gone`: the posts it held before
    /// and holds no more). What was kept stays to stand in while the database is away, unless
    /// it shows a post that left the public: a reload often comes just before the database
    /// goes (it follows another process's writes), and clearing the answers then left
    /// readers with 503s where a held answer could have served.
    pub fn forget_all(&self, gone: &[i64]) {
        self.mark(|floors, now| {
            let mut left = std::mem::take(&mut floors.gone);
            left.extend(gone);
            *floors = Floors {
                all: now,
                gone: left,
                last_gone: if gone.is_empty() {
                    floors.last_gone
                } else {
                    now
                },
                ..Floors::default()
            }
        });
    }

    /// Forgets the lists and collections.
    pub fn forget_lists(&self) {
        self.mark(|floors, now| floors.lists = now);
    }

    /// Forgets a business's page and its posts' answers (its follower count moved).
    pub fn forget_business(&self, id: i64) {
        self.mark(|floors, now| {
            floors.businesses.insert(id, now);
        });
    }

    /// Forgets the lists, the answers of posts `ids` and the pages of `businesses` at once
    /// (a post changed, or the minute's new scores came with new view counts).
    pub fn forget_posts(&self, ids: &[i64], businesses: &[i64]) {
        self.mark(|floors, now| {
            floors.lists = now;
            for id in ids {
                floors.posts.insert(*id, now);
            }
            for business in businesses {
                floors.posts_of.insert(*business, now);
            }
        });
    }

    /// Post `id` left the public: its answers, and the lists and pages made before, are not
    /// served even while the database is away.
    pub fn forget_gone(&self, id: i64) {
        self.mark(|floors, now| {
            floors.posts.insert(id, now);
            floors.gone.insert(id);
            floors.last_gone = now;
        });
    }

    /// Moves the clock on and lets `change` set floors to the new time: answers whose reading
    /// began before it are stale for what `change` names.
    fn mark(&self, change: impl FnOnce(&mut Floors, u64)) {
        let now = self.clock.fetch_add(1, Ordering::AcqRel) + 1;
        change(&mut self.floors.write().expect("answers' floors"), now);
    }

    fn fresh(&self, made: u64, shows: Shows) -> bool {
        self.floors
            .read()
            .expect("answers' floors")
            .fresh(made, shows)
    }

    fn get(&self, key: &Key) -> Option<Held> {
        let stale_ok = self.stale_ok.load(Ordering::Acquire);
        self.kept.get(key, |made, shows| {
            let floors = self.floors.read().expect("answers' floors");
            floors.fresh(made, shows) || (stale_ok && floors.may_stand_in(made, shows))
        })
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

    fn page(&self, key: &Key) -> Option<Arc<CachedPage>> {
        match self.get(key) {
            Some(Held::Page(page)) => Some(page),
            _ => None,
        }
    }

    /// The HTML of a first view (`key`: its language, path and query), when nothing it shows
    /// changed since it was made.
    pub fn cached_document(&self, key: &str) -> Option<Arc<CachedPage>> {
        self.page(&Key::Document(key.into()))
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

    /// The guests' answer of public post `id` (its JSON), when it was made since the post
    /// last changed.
    pub fn cached_answer(&self, id: i64) -> Option<Arc<CachedPage>> {
        self.page(&Key::Answer(id))
    }

    /// Keeps the guests' answer of public post `id`, made at `generation`, when the catalogue
    /// holds the post (`shows`: the post and its business); otherwise it is answered unkept.
    pub fn keep_answer(
        &self,
        id: i64,
        generation: u64,
        shows: Option<Shows>,
        body: Bytes,
    ) -> Arc<CachedPage> {
        let page = Arc::new(CachedPage::json(generation, body));
        if let Some(shows) = shows {
            self.put(Key::Answer(id), generation, shows, Held::Page(page.clone()));
        }
        page
    }

    /// What stands in for an answer that could not be made again because the database is
    /// away: the one kept under `key`, however old, unless it shows a post that left the
    /// public since (or may: a list made before one left).
    fn stand_in(&self, key: &Key) -> Option<Arc<CachedPage>> {
        match self.kept.look_again(key, |made, shows| {
            self.floors
                .read()
                .expect("answers' floors")
                .may_stand_in(made, shows)
        }) {
            Some(Held::Page(page)) => Some(page),
            _ => None,
        }
    }

    /// The list page kept under `key`, standing in while the database is away.
    pub fn stand_in_page(&self, key: &str) -> Option<Arc<CachedPage>> {
        self.stand_in(&Key::Page(key.into()))
    }

    /// The guests' answer of post `id`, standing in while the database is away.
    pub fn stand_in_answer(&self, id: i64) -> Option<Arc<CachedPage>> {
        self.stand_in(&Key::Answer(id))
    }

    /// A list's or collection's page (`key`), when nothing it shows changed since it was made.
    pub fn cached(&self, key: &str) -> Option<Arc<CachedPage>> {
        self.page(&Key::Page(key.into()))
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

    /// The value kept under `key` (of type `T`), when it was made since what it shows changed.
    pub fn cached_value<T: Any + Send + Sync>(&self, key: &Key) -> Option<Arc<T>> {
        match self.get(key)? {
            Held::Value(value, _) => value.downcast().ok(),
            Held::Page(_) => None,
        }
    }

    /// The values of `ids` under `key` that are still fresh, by id.
    pub fn cached_values<T: Any + Send + Sync>(
        &self,
        ids: &[i64],
        key: fn(i64) -> Key,
    ) -> HashMap<i64, Arc<T>> {
        ids.iter()
            .filter_map(|id| Some((*id, self.cached_value(&key(*id))?)))
            .collect()
    }

    /// Keeps `value` (about `size` bytes) made at `generation` under `key`.
    pub fn keep_value<T: Any + Send + Sync>(
        &self,
        key: Key,
        generation: u64,
        shows: Shows,
        value: Arc<T>,
        size: usize,
    ) {
        self.put(key, generation, shows, Held::Value(value, size));
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
}
