//! This domain's rules and transactions, a file an area.

pub(super) mod flags;
pub(super) mod history;
pub mod lists;
pub mod moderation;
pub mod posts;
pub(super) mod previews;
pub mod recommend;
pub(super) mod revisions;
pub(super) mod tags;
pub(super) mod writing;
