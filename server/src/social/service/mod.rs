//! The rules of social sign-in: the client's flow and the built-in local provider.

pub(super) mod flow;
pub(super) mod local;
