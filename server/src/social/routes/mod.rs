//! The social sign-in calls: the client's flow and the built-in local provider's addresses.

pub(super) mod flow;
pub(super) mod local;
