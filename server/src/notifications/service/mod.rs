//! This domain's rules and transactions, a file an area.

pub(super) mod mail;
pub(super) mod notices;
pub(super) mod push;
