//! The store of kept answers: one cache bounded in bytes that admits and evicts by frequency
//! and recency (moka's W-TinyLFU), each entry with what it shows and when it was made, and
//! the hits and misses of each kind.

use super::encoded::CachedPage;
use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What the cache is asked for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A list's or collection's JSON page.
    Page(Box<str>),
    /// The HTML of a first view (its language, path and query).
    Document(Box<str>),
    /// A public post's detail (for a signed-in reader, who gets their own bookmark and follow
    /// state on top, and for a page made on a miss; a guest's answer is kept apart, compressed,
    /// as [`Key::Answer`]: most readers need only that, at a third of the bytes).
    Detail(i64),
    /// A public post's answer to guests (its JSON).
    Answer(i64),
    /// A post's card, as lists show it.
    Card(i64),
    /// A business's badge, as cards show it.
    Badge(i64),
    /// A business as a post's page shows it (badge, description, industry, followers).
    Business(i64),
}

/// What a kept answer shows, so that a change forgets the answers that show what changed and
/// keeps the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shows {
    /// The lists and collections: every public post's place, card and counts.
    Lists,
    /// One post: its detail or card, with its business's badge and follower count.
    Post { id: i64, business: i64 },
    /// One business's page: its profile and its public posts.
    Business(i64),
    /// One business's profile alone (its badge, description and follower count), which no
    /// change to its posts touches.
    Profile(i64),
}

/// What an entry holds: an answer as HTTP sends it, or a value the domain reads (a card, a
/// badge, a post's detail) with about the bytes it holds, given when it was kept.
#[derive(Clone)]
pub enum Held {
    Page(Arc<CachedPage>),
    Value(Arc<dyn Any + Send + Sync>, usize),
}

/// An entry: what is held, when it was made (the clock when its reading began) and what it
/// shows.
#[derive(Clone)]
pub(super) struct Entry {
    pub made: u64,
    pub shows: Shows,
    pub held: Held,
}

impl Entry {
    /// What the entry is charged: the bytes of its answer's encodings as they are now (a
    /// copy made later is charged at the answer's next read), or about the bytes of what it
    /// holds parsed.
    fn weight(&self, key: &Key) -> u32 {
        let held = match &self.held {
            Held::Page(page) => page.weight() + std::mem::size_of::<CachedPage>(),
            Held::Value(_, size) => *size,
        };
        let key = match key {
            Key::Page(text) | Key::Document(text) => text.len(),
            Key::Detail(_) | Key::Answer(_) | Key::Card(_) | Key::Badge(_) | Key::Business(_) => 8,
        };
        u32::try_from(held + key + 256).unwrap_or(u32::MAX)
    }
}

/// Hits and misses of one kind of kept answer.
#[derive(Default)]
pub struct Counts {
    hits: AtomicU64,
    misses: AtomicU64,
}

impl Counts {
    fn count(&self, hit: bool) {
        let counter = if hit { &self.hits } else { &self.misses };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }
}

/// How long an answer is kept at most, whatever changes: what no change names (the related
/// posts under a post, counts that move without a change) is at most this old.
const KEPT_FOR: Duration = Duration::from_secs(600);

/// The kept answers and their counts.
pub struct Kept {
    cache: moka::sync::Cache<Key, Entry>,
    pub pages: Counts,
    pub documents: Counts,
    pub details: Counts,
    pub cards: Counts,
}

impl Kept {
    pub fn new(max_bytes: u64) -> Self {
        Kept {
            cache: moka::sync::Cache::builder()
                .max_capacity(max_bytes)
                .weigher(|key: &Key, entry: &Entry| entry.weight(key))
                .time_to_live(KEPT_FOR)
                .build(),
            pages: Counts::default(),
            documents: Counts::default(),
            details: Counts::default(),
            cards: Counts::default(),
        }
    }

    fn counts(&self, key: &Key) -> &Counts {
        match key {
            Key::Page(_) => &self.pages,
            Key::Document(_) => &self.documents,
            Key::Detail(_) | Key::Answer(_) => &self.details,
            Key::Card(_) | Key::Badge(_) | Key::Business(_) => &self.cards,
        }
    }

    /// The entry under `key` when `fresh` says it still shows what is true (made after the
    /// last change to what it shows); a stale one is a miss, and stays until an answer made
    /// again replaces it (or its time is up): while the database is away it is served. An
    /// answer whose copies changed since it was weighed is weighed again.
    pub fn get(&self, key: &Key, fresh: impl Fn(u64, Shows) -> bool) -> Option<Held> {
        let held = self.look_again(key, fresh);
        self.counts(key).count(held.is_some());
        held
    }

    /// As [`Self::get`], not counted: a second look after a miss (a stand-in while the
    /// database is away) is not a second lookup in the cache's figures.
    pub fn look_again(&self, key: &Key, fresh: impl Fn(u64, Shows) -> bool) -> Option<Held> {
        match self.cache.get(key) {
            Some(entry) if fresh(entry.made, entry.shows) => {
                if let Held::Page(page) = &entry.held {
                    if page.take_reweigh() {
                        self.cache.insert(key.clone(), entry.clone());
                    }
                }
                Some(entry.held)
            }
            Some(_) | None => None,
        }
    }

    pub fn insert(&self, key: Key, made: u64, shows: Shows, held: Held) {
        self.cache.insert(key, Entry { made, shows, held });
    }

    /// Entries and the bytes they are charged (as of the cache's last housekeeping).
    pub fn size(&self) -> (u64, u64) {
        (self.cache.entry_count(), self.cache.weighted_size())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answers::Coding;
    use axum::body::Bytes;

    /// A copy made after an answer was kept is charged at its next read; one dropped frees
    /// its bytes.
    #[test]
    fn the_cache_weighs_an_answer_again_when_its_copies_change() {
        let kept = Kept::new(1 << 20);
        let fresh = |_: u64, _: Shows| true;
        let page = Arc::new(CachedPage::json(
            7,
            Bytes::from("한국어 본문 text ".repeat(700)),
        ));
        let key = Key::Page("weighed".into());
        kept.insert(key.clone(), 1, Shows::Lists, Held::Page(page.clone()));
        kept.cache.run_pending_tasks();
        let charged = |kept: &Kept| {
            kept.cache.run_pending_tasks();
            kept.size().1 as usize
        };
        let overhead = std::mem::size_of::<CachedPage>() + "weighed".len() + 256;
        assert_eq!(charged(&kept), page.weight() + overhead);
        page.encoded(Coding::Brotli);
        page.encoded(Coding::Brotli);
        assert!(kept.get(&key, fresh).is_some());
        assert_eq!(charged(&kept), page.weight() + overhead, "brotli alone");
        page.encoded(Coding::Gzip);
        let grown = page.weight();
        assert!(kept.get(&key, fresh).is_some());
        assert_eq!(charged(&kept), grown + overhead, "brotli and gzip");
    }

    #[test]
    fn the_cache_keeps_frequent_answers_within_its_bytes() {
        let kept = Kept::new(200 * 1024);
        let fresh = |_: u64, _: Shows| true;
        // Bodies that hardly compress, so that each is charged about its 10 KB.
        let make = |id: i64| {
            let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ id as u64;
            let body: Vec<u8> = (0..10 * 1024 + id as usize)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    b'a' + (state % 26) as u8
                })
                .collect();
            Held::Page(Arc::new(CachedPage::json(1, Bytes::from(body))))
        };
        // A cache nearly full with a hot answer asked for often, then a crawl of 500 answers
        // asked for once each.
        for id in 1000..1012 {
            kept.insert(
                Key::Page(format!("early-{id}").into()),
                1,
                Shows::Lists,
                make(id),
            );
        }
        let hot = Key::Page("hot".into());
        kept.insert(hot.clone(), 1, Shows::Lists, make(0));
        kept.cache.run_pending_tasks();
        for _ in 0..20 {
            assert!(kept.get(&hot, fresh).is_some());
        }
        kept.cache.run_pending_tasks();
        for id in 1..=500 {
            let key = Key::Page(format!("crawl-{id}").into());
            if kept.get(&key, fresh).is_none() {
                kept.insert(key, 1, Shows::Lists, make(id));
            }
            if id % 10 == 0 {
                kept.cache.run_pending_tasks();
            }
        }
        kept.cache.run_pending_tasks();
        let (entries, bytes) = kept.size();
        assert!(bytes <= 200 * 1024, "{bytes} bytes");
        assert!(entries > 0 && entries < 500);
        assert!(
            kept.get(&hot, fresh).is_some(),
            "the hot answer survives the crawl"
        );
        assert!(
            kept.get(&hot, |made, _| made >= 2).is_none(),
            "an answer made before a change to what it shows is a miss"
        );
        assert!(kept.pages.hits() >= 21);
        assert!(kept.pages.misses() >= 500);
    }
}
