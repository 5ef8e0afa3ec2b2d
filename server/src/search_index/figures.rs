//! What the index holds, as `/metrics` gives it.

use super::{SearchIndex, Target};
use std::time::Duration;

/// The index's figures ([`SearchIndex::figures`]).
#[derive(Debug, Clone)]
pub struct IndexFigures {
    pub posts: usize,
    pub businesses: usize,
    pub bytes: u64,
    pub segments: usize,
    pub uncommitted: u64,
    pub commit_lag: Duration,
}

/// The bytes of the files under `dir`.
fn folder_bytes(dir: &std::path::Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| match entry.metadata() {
            Ok(meta) if meta.is_dir() => folder_bytes(&entry.path()),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        })
        .sum()
}

impl SearchIndex {
    /// What `/metrics` gives of the index: its documents, its files' bytes, and the changes
    /// searches do not see yet with how long the oldest has waited.
    pub fn figures(&self) -> IndexFigures {
        let (uncommitted, waited) = self.inner.lag();
        IndexFigures {
            posts: self.count(Target::Contents),
            businesses: self.count(Target::Businesses),
            bytes: folder_bytes(&self.root),
            segments: self.segments(),
            uncommitted,
            commit_lag: waited,
        }
    }

    /// The segments searches read now (a rebuild leaves one; each commit of changes adds one
    /// until the merge policy joins them).
    pub fn segments(&self) -> usize {
        self.inner.reader.searcher().segment_readers().len()
    }
}
