//! What keeps several server processes on one database in step (docs/scale-out.md), in one
//! place: the change log's rows and the claims of periodic jobs' periods (`log.rs`), the
//! commit that records a change and applies it here (`apply.rs`), and the follower, its
//! listener, the start and the heartbeat (`follower.rs`). What runs on a clock is listed in
//! `crate::jobs`.

mod apply;
mod follower;
mod log;

pub use follower::{follow_changes, join_others};
pub use log::*;
