//! This domain's handlers, a file an area: each extracts, calls one service function and
//! answers.

pub(super) mod mail;
pub(super) mod notices;
pub(super) mod push;
