//! One consistent view of the catalogue: its entries and every list ordering made from them
//! (newest, popular with a diversified head, by category, business and tag), and the related
//! posts chosen from them.

use super::entries::{Entries, Entry};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::sync::Arc;

/// PRODUCT: at most two posts of one business among the first twenty of a popular list.
const DIVERSE_HEAD: usize = 20;
const PER_BUSINESS_IN_HEAD: usize = 2;

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
    pub(super) fn build(entries: Entries) -> Self {
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
    pub(super) fn current_entries(&self) -> Entries {
        self.entries.rescored(&self.moved_scores)
    }

    /// The same posts (same businesses, categories, publication times, tags) with these
    /// scores moved: the popular orderings are made again, all else is this snapshot's.
    pub(super) fn rescored(&self, moved: &[(i64, f64)]) -> Self {
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
pub(super) mod tests {
    use super::*;

    /// A post and its tags.
    pub(in crate::catalog) fn entry(id: i64, business_id: i64, score: f64) -> (Entry, Vec<i64>) {
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
}
