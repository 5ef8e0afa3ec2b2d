//! Sessions (SPEC §4, §7): sign-in, sign-out, guest ids, token check, the token profile.

pub mod access;
pub mod accounts;
pub mod cookies;
pub mod guard;
pub mod password;
pub mod routes;
pub mod session;

pub use routes::router;
pub use session::{AuthUser, MaybeAuthUser};
