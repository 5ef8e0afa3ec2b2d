//! This domain's rules and transactions, a file an area.

pub(super) mod invitation;
pub(super) mod joining;
pub(super) mod mine;
pub(super) mod ownership;
pub(super) mod profile;
pub(super) mod security;
pub(super) mod team;
