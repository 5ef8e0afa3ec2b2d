//! The roll-up: `analytics_daily` recomputed from the raw events, then the posts' counters
//! and popular score. A background job runs it every minute over what the events written
//! since its last run touched ([`roll_up_pending`]: the days, posts and businesses the event
//! writer marks in `analytics_pending`, in the events' own transaction); [`roll_up`]
//! recomputes whole days and can be called directly.
//!
//! Everything here is a recomputation from the event log, never an increment, so running it
//! twice, or after a crash halfway, gives the same rows (upserts on the daily table's unique
//! key, plain `UPDATE`s of the counters; a mark is deleted only after its rows are written).
//!
//! Per post and day:
//! - `views`: distinct visitors with a `view` (a view counts once per visitor, post and day);
//! - `unique_readers`: distinct visitors with a `view` or a `read_through`;
//! - `clicks`, `shares`: events;
//! - `bookmarks`, `follows_gained`, `read_throughs`: distinct visitors with such an event
//!   (bookmarking, removing and bookmarking again the same day counts once).
//!
//! Per business and day (`post_id` NULL): the sums of its posts' rows, except
//! `unique_readers` (distinct visitors over all its posts) and `follows_gained` (distinct
//! visitors with a `follow` of the business that day, from a post or from its profile).
//!
//! Then, for every post with events on those days, its lifetime counters are recomputed from
//! its events (which the `(post_id, day)` index serves): `view_count` (the sum of its daily
//! views: distinct visitor-days), `viewer_count` (distinct visitors with a view, ever),
//! `unique_reader_count`, `click_count`, `share_count`; `bookmark_count` is its current
//! `bookmarks` rows. Its popular score is [`popular_score`] of its distinct viewers, never
//! of raw view events (follows are of a business, not of a post, so the follows term is the
//! followers the business gained since the post was published). A visitor is a member or a
//! guest id the server issued: the intake stores nothing else (`visitor.rs`).
//! Scores decay with age even without events, so the [`RESCORED_TOP`] published posts with the
//! highest scores are rescored too, from their stored counters. Updates go in batches of
//! [`UPDATE_CHUNK`] posts per statement; nothing reads or writes the posts that had no
//! events since the last run, so the work follows the traffic, not the size of the catalogue
//! nor the events the day already holds (a quiet minute costs a read of an empty table and
//! the top posts' rescoring).
//!
//! `daily.rs` writes the daily rows, `score.rs` the posts' counters and popular scores, and
//! `round.rs` has the runs that call both: whole days ([`roll_up`]) or what is pending
//! ([`roll_up_pending`]).

mod daily;
mod round;
mod score;

pub use round::{last_days, recent_days, roll_up, roll_up_pending, EVERY, PENDING_PER_RUN};
pub use score::{popular_score, GRAVITY, RESCORED_TOP, UPDATE_CHUNK};

/// Posts per `IN (…)` list of the reading queries.
const READ_CHUNK: usize = 500;

/// What one run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollUp {
    /// `analytics_daily` rows written (post rows and business totals).
    pub daily_rows: usize,
    /// Posts whose counters were recomputed (they had events on the days).
    pub posts_counted: usize,
    /// Other published posts whose score was refreshed for its age.
    pub posts_rescored: usize,
}

/// The counters of a daily row, or of a post's lifetime.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    views: i64,
    /// Distinct visitors with a view (posts' lifetime only).
    viewers: i64,
    readers: i64,
    clicks: i64,
    bookmarks: i64,
    shares: i64,
    follows: i64,
    read_throughs: i64,
}
