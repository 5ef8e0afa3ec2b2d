//! Readers' ties: following businesses and bookmarking posts (PRODUCT "Readers").
//!
//! Both are idempotent: following twice is following once. The counters move in the same
//! transaction as the row, and only when a row was really added or removed (the unique
//! index decides between concurrent clicks), so they stay exact. Each change records an
//! analytics event with its source (SPEC §3: Follow_Content, Follow_ContentList,
//! Follow_CorpProfile, Bookmark_Content, Bookmark_ContentList).
//!
//! `routes.rs` has the calls; `service.rs` the one implementation of both ties (`Tie`) and
//! the reader's lists.

mod routes;
mod service;

pub use routes::router;
