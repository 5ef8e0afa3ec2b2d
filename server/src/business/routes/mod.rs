//! This domain's handlers, a file an area: each extracts, calls one service function and
//! answers.

pub(super) mod ownership;
pub(super) mod profile;
pub(super) mod security;
pub(super) mod team;
