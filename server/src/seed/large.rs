//! The large data set for benchmarks: many businesses, posts and events, written in bulk.

use crate::state::AppState;

/// What the generator wrote.
#[derive(Debug, Default)]
pub struct Report {
    pub businesses: usize,
    pub posts: usize,
    pub events: usize,
    pub millis: u128,
}

/// Writes `posts` posts and `events` analytics events (and the businesses, members, tags and
/// follows around them) into the database of `state`.
pub async fn generate(_state: &AppState, _posts: usize, _events: usize) -> Result<Report, String> {
    Err("the large data set generator is not built yet".into())
}
