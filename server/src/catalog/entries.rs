//! The catalogue's entries: every visible post in id order, and the tags of all of them in one
//! array beside. A post is found by a binary search of its id.
//!
//! Why not a hash map of entries, each with its tags: at a million posts the map held about
//! 134 MB (its buckets a power of two, half of them empty, each 64 bytes) and each post's tags
//! were an allocation of their own (about 48 MB more). In id order the same entries take
//! 48 MB and their tags 17 MB; a look-up is some twenty comparisons instead of a hash.

use std::collections::HashMap;
use std::ops::Index;

/// A visible post as the catalogue holds it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: i64,
    pub business_id: i64,
    /// The score when the entries were made: `Snapshot::score` gives it now.
    pub score: f64,
    /// Milliseconds since the epoch.
    pub published_at: i64,
    pub category_id: i16,
    pub is_report: bool,
    /// Where its tags are in the entries' array of tags: (first, how many).
    tags: (u32, u16),
}

impl Entry {
    /// A post's entry; its tags come with it into `Entries`.
    pub fn new(
        id: i64,
        business_id: i64,
        category_id: i16,
        is_report: bool,
        score: f64,
        published_at: i64,
    ) -> Entry {
        Entry {
            id,
            business_id,
            score,
            published_at,
            category_id,
            is_report,
            tags: (0, 0),
        }
    }
}

/// Every visible post, in id order, with their tags.
#[derive(Clone, Debug, Default)]
pub struct Entries {
    rows: Vec<Entry>,
    tags: Vec<i64>,
}

impl Entries {
    /// Adds a post after every one held: posts come in id order.
    pub fn push(&mut self, mut entry: Entry, tags: &[i64]) {
        assert!(
            self.rows.last().is_none_or(|last| last.id < entry.id),
            "the catalogue's entries come in id order"
        );
        entry.tags = self.append_tags(tags);
        self.rows.push(entry);
    }

    fn append_tags(&mut self, tags: &[i64]) -> (u32, u16) {
        let at = u32::try_from(self.tags.len()).expect("fewer than 4 billion tags of posts");
        // A post carries at most a handful of tags (SPEC: five).
        let count = u16::try_from(tags.len()).expect("fewer than 65,536 tags on a post");
        self.tags.extend_from_slice(tags);
        (at, count)
    }

    pub fn get(&self, id: &i64) -> Option<&Entry> {
        let at = self.rows.binary_search_by_key(id, |entry| entry.id).ok()?;
        Some(&self.rows[at])
    }

    /// The entry at a place (0 to `len()`, in id order).
    pub fn at(&self, place: u32) -> &Entry {
        &self.rows[place as usize]
    }

    pub fn contains_key(&self, id: &i64) -> bool {
        self.get(id).is_some()
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// In id order.
    pub fn values(&self) -> std::slice::Iter<'_, Entry> {
        self.rows.iter()
    }

    /// The tags of a post held here.
    pub fn tags(&self, entry: &Entry) -> &[i64] {
        let (at, count) = entry.tags;
        &self.tags[at as usize..][..usize::from(count)]
    }

    /// A copy with the scores that moved put into the entries; the tags of posts no longer
    /// held are left behind.
    pub fn rescored(&self, moved: &HashMap<i64, f64>) -> Entries {
        let mut copy = Entries {
            rows: Vec::with_capacity(self.rows.len() + 1),
            tags: Vec::with_capacity(self.tags.len()),
        };
        for entry in &self.rows {
            let mut entry = entry.clone();
            if let Some(score) = moved.get(&entry.id) {
                entry.score = *score;
            }
            let tags = self.tags(&entry);
            entry.tags = copy.append_tags(tags);
            copy.rows.push(entry);
        }
        copy
    }

    /// Post `id` as it is now: added or replaced with its tags, or gone (`None`).
    pub fn put(&mut self, id: i64, post: Option<(Entry, &[i64])>) {
        let found = self.rows.binary_search_by_key(&id, |entry| entry.id);
        match (found, post) {
            (Ok(at), Some((mut entry, tags))) => {
                entry.tags = self.append_tags(tags);
                self.rows[at] = entry;
            }
            (Err(at), Some((mut entry, tags))) => {
                entry.tags = self.append_tags(tags);
                self.rows.insert(at, entry);
            }
            (Ok(at), None) => {
                self.rows.remove(at);
            }
            (Err(_), None) => {}
        }
    }
}

impl Index<&i64> for Entries {
    type Output = Entry;

    fn index(&self, id: &i64) -> &Entry {
        self.get(id).expect("a post the catalogue holds")
    }
}

#[cfg(test)]
impl FromIterator<(Entry, Vec<i64>)> for Entries {
    fn from_iter<T: IntoIterator<Item = (Entry, Vec<i64>)>>(posts: T) -> Entries {
        let mut posts: Vec<(Entry, Vec<i64>)> = posts.into_iter().collect();
        posts.sort_by_key(|(entry, _)| entry.id);
        let mut entries = Entries::default();
        for (entry, tags) in posts {
            entries.push(entry, &tags);
        }
        entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(id: i64, tags: &[i64]) -> (Entry, Vec<i64>) {
        (
            Entry::new(id, 10 + id, 1, false, id as f64, 1000 + id),
            tags.to_vec(),
        )
    }

    #[test]
    fn posts_are_found_by_id_with_their_tags_through_changes() {
        let mut entries: Entries = [post(5, &[1, 2]), post(2, &[]), post(9, &[3])]
            .into_iter()
            .collect();
        let ids: Vec<i64> = entries.values().map(|entry| entry.id).collect();
        assert_eq!(ids, [2, 5, 9]);
        assert_eq!(entries.tags(&entries[&5]), [1, 2]);
        assert_eq!(entries.tags(&entries[&2]), [] as [i64; 0]);
        assert!(entries.get(&3).is_none());

        // Added between, replaced with other tags, removed, and a removal of what is not held.
        let (entry, tags) = post(7, &[4, 5, 6]);
        entries.put(7, Some((entry, &tags)));
        let (entry, _) = post(5, &[]);
        entries.put(5, Some((entry, &[8])));
        entries.put(9, None);
        entries.put(100, None);
        let ids: Vec<i64> = entries.values().map(|entry| entry.id).collect();
        assert_eq!(ids, [2, 5, 7]);
        assert_eq!(entries.tags(&entries[&7]), [4, 5, 6]);
        assert_eq!(entries.tags(&entries[&5]), [8]);

        // A rescored copy keeps every post's tags and leaves the replaced ones behind.
        let copy = entries.rescored(&HashMap::from([(7, 0.5), (42, 1.0)]));
        assert_eq!(copy.len(), 3);
        assert_eq!(copy[&7].score, 0.5);
        assert_eq!(copy[&5].score, 5.0);
        assert_eq!(copy.tags(&copy[&7]), [4, 5, 6]);
        assert_eq!(copy.tags(&copy[&5]), [8]);
        assert_eq!(copy.tags.len(), 4);
    }
}
