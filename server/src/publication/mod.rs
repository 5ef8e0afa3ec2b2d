//! Media publication: a business asks the platform to distribute a press release to partner
//! media (PRODUCT "Businesses"). Status REQUESTED → IN_REVIEW → PUBLISHED (with the
//! articles' links) or REJECTED (with a reason; also straight from REQUESTED). Every change
//! is kept in the request's history and mailed to the person who asked.
//!
//! `routes.rs` has the calls; `service/` the rules, the review steps and the mail, by area
//! (`request.rs`, `review.rs`, `history.rs`).

mod routes;
mod service;

pub use routes::router;
pub use service::review::{list, review, StatusChange};

/// The kinds of partner media a release can go to.
pub const MEDIA_TYPES: [&str; 5] = ["NEWSPAPER", "ONLINE", "BROADCAST", "MAGAZINE", "PORTAL"];

crate::word_schema! {
    /// A kind of partner media a release can go to.
    MediaType = MEDIA_TYPES
}
