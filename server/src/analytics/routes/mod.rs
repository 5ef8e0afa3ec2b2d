//! This domain's handlers, a file an area: each extracts, calls one service function and
//! answers.

pub(super) mod intake;
pub(super) mod report;
