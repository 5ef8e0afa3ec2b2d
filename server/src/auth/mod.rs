//! Sessions (SPEC §4, §7): sign-in, sign-out, guest ids, token check, the token profile.

pub mod access;
pub mod accounts;
pub mod cookies;
pub mod guard;
pub mod password;
mod routes;
mod service;
pub mod session;

pub use session::{AuthUser, MaybeAuthUser};

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::logout))
        .routes(routes!(routes::guest_token))
        .routes(routes!(routes::token_check))
        .routes(routes!(routes::token_profile))
}
