//! This domain's rules and transactions, a file an area.

pub(super) mod audit;
pub(super) mod directory;
pub(super) mod queue;
