//! Suggestions while typing, from memory: post titles, business names, category names, tags
//! and popular queries, each keyed at the start of every word, in two sorted arrays:
//!
//! - by keystrokes (`tidemark_core::korean::decompose` of the folded text): a prefix of the
//!   keystrokes is what the visitor has typed so far, even mid-syllable (맠 → ㅁㅏㅋ, a prefix
//!   of 마케팅's ㅁㅏㅋㅔㅌㅣㅇ);
//! - by initial consonants (`chosung`): ㅁㅋㅌ → 마케팅.
//!
//! A lookup is two binary searches for the range of keys that start with the typed key, then a
//! scan of that range keeping the best few of each kind. Keys are not stored: a record is a
//! slot and the byte offset of a word (6 bytes), and its key is computed from the entry's text
//! when a comparison needs it (at most 24 characters of it), which keeps 100,000 titles in
//! about 25 MB (docs/search.md).
//!
//! `keys.rs` makes the keys and puts the records in their order, `table.rs` holds a table
//! and answers lookups, `rank.rs` keeps the best matches and blends the kinds into one list,
//! and `content.rs` keeps the content suggestions in line as posts and businesses change.

mod content;
mod keys;
mod rank;
mod table;

pub use content::{ContentSuggestions, PostSuggestion};
pub use rank::blend;
pub use table::SuggestTable;

/// What a suggestion points at; in the order lists show them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Query = 0,
    Category = 1,
    Tag = 2,
    Business = 3,
    Post = 4,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Query => "query",
            Kind::Category => "category",
            Kind::Tag => "tag",
            Kind::Business => "business",
            Kind::Post => "post",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub text: Box<str>,
    pub kind: Kind,
    /// The post, business, category or tag id; 0 for queries.
    pub id: i64,
    /// Popularity: the post's score, the business's followers, the tag's posts, the query's
    /// searches.
    pub weight: f64,
}

/// How many kinds there are.
const KINDS: usize = 5;

#[cfg(test)]
mod tests {
    //! What the tests of the suggestions' files share.

    use super::{Entry, PostSuggestion};
    use std::sync::Arc;

    pub(super) fn post(id: i64, title: &str, score: f64, tags: &[(i64, &str)]) -> PostSuggestion {
        PostSuggestion {
            id,
            title: title.into(),
            popular_score: score,
            tags: tags.iter().map(|(i, n)| (*i, Arc::from(*n))).collect(),
        }
    }

    pub(super) fn texts(found: Vec<&Entry>) -> Vec<String> {
        found.into_iter().map(|e| e.text.to_string()).collect()
    }
}
