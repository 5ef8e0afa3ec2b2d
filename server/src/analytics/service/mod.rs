//! This domain's rules and transactions, a file an area.

pub(super) mod intake;
pub(super) mod report;
