//! The content suggestions: post titles, business names, category names and tags in one
//! table, with the tags' weights (public posts per tag) kept right as posts change.

use super::{Entry, Kind, SuggestTable};
use std::collections::HashMap;
use std::sync::Arc;

/// The content suggestions: the table plus what keeps tag weights (public posts per tag)
/// right as posts change.
#[derive(Default)]
pub struct ContentSuggestions {
    pub table: SuggestTable,
    /// The tags of each post that has any (a boxed slice: no spare capacity, 8 bytes less a
    /// bucket than a `Vec`).
    post_tags: HashMap<i64, Box<[i64]>>,
    tags: HashMap<i64, (Arc<str>, u32)>,
}

/// A public post as suggestions know it.
pub struct PostSuggestion {
    pub id: i64,
    pub title: String,
    pub popular_score: f64,
    /// (tag id, tag name)
    pub tags: Vec<(i64, Arc<str>)>,
}

impl ContentSuggestions {
    /// All at once (start, rebuild).
    pub fn build(
        posts: Vec<PostSuggestion>,
        businesses: Vec<(i64, String, i64)>,
        categories: Vec<(i16, String, String)>,
    ) -> ContentSuggestions {
        let mut post_tags = HashMap::new();
        let mut tags: HashMap<i64, (Arc<str>, u32)> = HashMap::new();
        let mut entries = Vec::with_capacity(posts.len() + businesses.len());
        for post in posts {
            for (id, name) in &post.tags {
                tags.entry(*id).or_insert_with(|| (name.clone(), 0)).1 += 1;
            }
            if !post.tags.is_empty() {
                post_tags.insert(post.id, post.tags.iter().map(|t| t.0).collect());
            }
            entries.push(Entry {
                text: post.title.into(),
                kind: Kind::Post,
                id: post.id,
                weight: post.popular_score,
            });
        }
        for (id, (name, count)) in &tags {
            entries.push(Entry {
                text: (**name).into(),
                kind: Kind::Tag,
                id: *id,
                weight: f64::from(*count),
            });
        }
        for (id, name, followers) in businesses {
            entries.push(Entry {
                text: name.into(),
                kind: Kind::Business,
                id,
                weight: followers as f64,
            });
        }
        for (id, ko, en) in categories {
            for name in [ko, en] {
                entries.push(Entry {
                    text: name.into(),
                    kind: Kind::Category,
                    id: i64::from(id),
                    weight: 0.0,
                });
            }
        }
        ContentSuggestions {
            table: SuggestTable::build(entries),
            post_tags,
            tags,
        }
    }

    /// A post became public or changed.
    pub fn set_post(&mut self, post: PostSuggestion) {
        self.table
            .upsert(Kind::Post, post.id, &post.title, post.popular_score);
        let new: Vec<i64> = post.tags.iter().map(|t| t.0).collect();
        for (id, name) in &post.tags {
            self.tags.entry(*id).or_insert_with(|| (name.clone(), 0));
        }
        self.retag(post.id, new);
    }

    /// A post is no longer public.
    pub fn remove_post(&mut self, id: i64) {
        self.table.remove(Kind::Post, id);
        self.retag(id, Vec::new());
    }

    fn retag(&mut self, post: i64, new: Vec<i64>) {
        let old = self.post_tags.remove(&post).unwrap_or_default();
        let mut changed = Vec::new();
        for id in &old {
            if let Some(tag) = self.tags.get_mut(id) {
                tag.1 = tag.1.saturating_sub(1);
                changed.push(*id);
            }
        }
        for id in &new {
            if let Some(tag) = self.tags.get_mut(id) {
                tag.1 += 1;
                changed.push(*id);
            }
        }
        changed.sort_unstable();
        changed.dedup();
        for id in changed {
            match self.tags.get(&id) {
                Some((_, 0)) | None => {
                    self.tags.remove(&id);
                    self.table.remove(Kind::Tag, id);
                }
                Some((name, count)) => {
                    let (name, count) = (name.clone(), *count);
                    self.table.upsert(Kind::Tag, id, &name, f64::from(count));
                }
            }
        }
        if !new.is_empty() {
            self.post_tags.insert(post, new.into_boxed_slice());
        }
    }

    pub fn set_business(&mut self, id: i64, name: &str, followers: i64) {
        self.table
            .upsert(Kind::Business, id, name, followers as f64);
    }

    pub fn remove_business(&mut self, id: i64) {
        self.table.remove(Kind::Business, id);
    }

    /// Heap bytes held, approximately: the table plus the tags of each post.
    pub fn approximate_bytes(&self) -> usize {
        let post_tags: usize = self
            .post_tags
            .values()
            .map(|tags| tags.len() * 8)
            .sum::<usize>()
            + self.post_tags.capacity() * (std::mem::size_of::<(i64, Box<[i64]>)>() + 1);
        let tags: usize = self
            .tags
            .values()
            .map(|(name, _)| name.len())
            .sum::<usize>()
            + self.tags.capacity() * (std::mem::size_of::<(i64, (Arc<str>, u32))>() + 1);
        self.table.approximate_bytes() + post_tags + tags
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{post, texts};
    use super::*;

    #[test]
    fn changes_keep_the_arrays_in_order() {
        let mut suggestions = ContentSuggestions::build(Vec::new(), Vec::new(), Vec::new());
        suggestions.set_post(post(1, "마케팅 입문", 1.0, &[(5, "광고")]));
        suggestions.set_post(post(2, "광고 마케팅", 2.0, &[(5, "광고"), (6, "브랜딩")]));
        assert_eq!(
            texts(suggestions.table.lookup("광", 10)),
            ["광고", "광고 마케팅"]
        );
        assert_eq!(suggestions.table.get(Kind::Tag, 5).unwrap().weight, 2.0);
        suggestions.set_post(post(2, "브랜드 이야기", 2.0, &[(6, "브랜딩")]));
        assert_eq!(texts(suggestions.table.lookup("광", 10)), ["광고"]);
        assert_eq!(suggestions.table.get(Kind::Tag, 5).unwrap().weight, 1.0);
        suggestions.remove_post(1);
        assert!(suggestions.table.lookup("광", 10).is_empty());
        assert!(suggestions.table.lookup("마케", 10).is_empty());
        assert_eq!(
            texts(suggestions.table.lookup("ㅂㄹ", 10)),
            ["브랜딩", "브랜드 이야기"]
        );
        suggestions.remove_post(2);
        assert_eq!(suggestions.table.records(), 0);
        assert_eq!(suggestions.table.len(), 0);
    }
}
