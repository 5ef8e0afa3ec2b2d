//! The public catalogue in memory: every visible post's id, business, category, report flag,
//! score, publication time and tags, with the list orderings precomputed ([`Snapshot`]).
//! Lists are slices of it; the answers made from it are kept in [`Answers`] until a post
//! they show changes, which the catalogue says when it changes.
//!
//! The database stays the truth: the catalogue is loaded at start, updated after each write
//! of this process, and its rows are read again every minute (which brings in the stored
//! popular scores and what other server processes wrote), a page of rows at a time
//! (`rows`).

mod entries;
mod rows;
mod snapshot;

use crate::answers::{Answers, Shows};
pub use entries::Entry;
pub use rows::visible;
use rows::{entry, load_entries, tags_of, visible_row, Posts, VisiblePages};
use sea_orm::{DatabaseConnection, DbErr};
pub use snapshot::{related, Snapshot, Tagged};
use std::sync::{Arc, RwLock};

pub struct Catalog {
    snapshot: RwLock<Arc<Snapshot>>,
    /// The answers made from the catalogue, forgotten as what they show changes.
    pub answers: Answers,
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

impl Default for Catalog {
    fn default() -> Self {
        Catalog::new(Answers::default())
    }
}

impl Catalog {
    /// An empty catalogue whose answers are kept in `answers`.
    pub fn new(answers: Answers) -> Self {
        Catalog {
            snapshot: RwLock::new(Arc::new(Snapshot::default())),
            answers,
        }
    }

    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.read().expect("catalogue lock").clone()
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
            Forget::All => self.answers.forget_all(&[]),
            Forget::Lists => self.answers.forget_lists(),
            Forget::Post(id) => {
                let business = self.snapshot().entries.get(&id).map(|e| e.business_id);
                self.answers.forget_posts(&[id], business.as_slice());
            }
            Forget::Business(id) => self.answers.forget_business(id),
        }
    }

    /// Forgets the lists, the answers of the posts `ids` and their businesses' pages at once
    /// (the minute's new scores come with new view counts).
    fn forget_rescored(&self, ids: &[i64]) {
        let snapshot = self.snapshot();
        let businesses: Vec<i64> = ids
            .iter()
            .filter_map(|id| snapshot.entries.get(id).map(|entry| entry.business_id))
            .collect();
        self.answers.forget_posts(ids, &businesses);
    }

    /// Loads every visible post from the database.
    pub async fn reload(&self, db: &DatabaseConnection) -> Result<usize, DbErr> {
        let entries = load_entries(db).await?;
        let count = entries.len();
        // Sorting the orderings: off the runtime's workers, which serve readers meanwhile.
        let snapshot = tokio::task::spawn_blocking(move || Arc::new(Snapshot::build(entries)))
            .await
            .map_err(|e| DbErr::Custom(format!("catalogue: loading stopped: {e}")))?;
        let before = std::mem::replace(
            &mut *self.snapshot.write().expect("catalogue lock"),
            snapshot.clone(),
        );
        // The posts held before and not now left the public: no answer held may show them.
        let gone: Vec<i64> = before
            .entries
            .values()
            .filter(|entry| !snapshot.entries.contains_key(&entry.id))
            .map(|entry| entry.id)
            .collect();
        self.answers.forget_all(&gone);
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
        let gone = fresh.is_none();
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
        self.answers.forget_posts(&[id], &businesses);
        if gone {
            self.answers.forget_gone(id);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::snapshot::tests::entry;
    use super::*;
    use axum::body::Bytes;

    /// A catalogue holding posts 1 and 2 of business 10 and post 3 of business 20, with a
    /// list page, both businesses' pages and every post's detail and card kept.
    fn kept_catalogue() -> Catalog {
        let catalog = Catalog::new(Answers::new(1024 * 1024));
        let entries = [entry(1, 10, 1.0), entry(2, 10, 2.0), entry(3, 20, 3.0)]
            .into_iter()
            .collect();
        *catalog.snapshot.write().unwrap() = Arc::new(Snapshot::build(entries));
        let made = catalog.answers.generation();
        let body = || Bytes::from_static(b"{}");
        catalog
            .answers
            .keep("popular".into(), made, Shows::Lists, body());
        for business in [10, 20] {
            catalog.answers.keep(
                format!("business:{business}"),
                made,
                Shows::Business(business),
                body(),
            );
        }
        for (id, business) in [(1, 10), (2, 10), (3, 20)] {
            let shows = catalog.shows_post(id).unwrap();
            assert_eq!(shows, Shows::Post { id, business });
            catalog
                .answers
                .keep_document(format!("html:ko:/post/{id}"), made, shows, body());
        }
        catalog
    }

    /// Which of the kept answers are still served: the list, business 10's and 20's pages,
    /// posts 1, 2 and 3.
    fn served(catalog: &Catalog) -> [bool; 6] {
        [
            catalog.answers.cached("popular").is_some(),
            catalog.answers.cached("business:10").is_some(),
            catalog.answers.cached("business:20").is_some(),
            catalog.answers.cached_document("html:ko:/post/1").is_some(),
            catalog.answers.cached_document("html:ko:/post/2").is_some(),
            catalog.answers.cached_document("html:ko:/post/3").is_some(),
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
    fn while_the_database_is_away_answers_made_before_a_change_stand_in_unless_a_post_left() {
        let catalog = kept_catalogue();
        // A bookmark of post 1 forgot its page, its business's page and the lists.
        catalog.forget(Forget::Post(1));
        catalog.answers.serve_stale(true);
        assert_eq!(served(&catalog), [true; 6], "held answers stand in");
        catalog.answers.serve_stale(false);
        assert_eq!(served(&catalog), [false, false, true, false, true, true]);

        // Post 2 left the public: neither it nor any list or business page made before may
        // stand in; post 3's page shows nothing of it.
        catalog.answers.forget_gone(2);
        catalog.answers.serve_stale(true);
        assert_eq!(served(&catalog), [false, false, true, true, false, true]);
    }

    #[test]
    fn answers_held_before_a_reload_stand_in_unless_their_post_left_the_catalogue() {
        let catalog = kept_catalogue();
        catalog.answers.forget_all(&[]);
        assert_eq!(
            served(&catalog),
            [false; 6],
            "a reload forgets every answer"
        );
        catalog.answers.serve_stale(true);
        assert_eq!(served(&catalog), [true; 6], "and they still stand in");

        // The reload found post 2 gone: its page, the lists and the business pages made
        // before do not stand in; posts 1 and 3 still do.
        let catalog = kept_catalogue();
        catalog.answers.forget_all(&[2]);
        catalog.answers.serve_stale(true);
        assert_eq!(served(&catalog), [false, false, false, true, false, true]);
    }

    #[test]
    fn an_answer_read_before_a_change_is_not_kept_after_it() {
        let catalog = kept_catalogue();
        let made = catalog.answers.generation();
        catalog.forget(Forget::Post(2));
        let shows = catalog.shows_post(2).unwrap();
        catalog.answers.keep_document(
            "html:ko:/post/2".into(),
            made,
            shows,
            Bytes::from_static(b"{}"),
        );
        assert!(catalog.answers.cached_document("html:ko:/post/2").is_none());
        let now = catalog.answers.generation();
        catalog.answers.keep_document(
            "html:ko:/post/2".into(),
            now,
            shows,
            Bytes::from_static(b"{}"),
        );
        assert!(catalog.answers.cached_document("html:ko:/post/2").is_some());
    }
}
