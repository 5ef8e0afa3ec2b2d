//! This domain's handlers, a file an area: each extracts, calls one service function and
//! answers.

pub(super) mod flags;
pub(super) mod lists;
pub(super) mod posts;
pub(super) mod previews;
pub(super) mod recommend;
pub(super) mod revisions;
pub(super) mod tags;
