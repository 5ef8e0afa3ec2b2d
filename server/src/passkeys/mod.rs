//! Passkeys (docs/security.md, "Passkeys"): WebAuthn credentials a member adds on my page,
//! names and removes, and signs in with (nothing typed), finishes a sign-in's second step
//! with, or confirms it's them with. The checks are the WebAuthn library's (`party`); the
//! ceremonies in flight are kept in the database, so any process behind the site's address
//! finishes what another began.

mod party;
mod routes;
pub mod service;

pub use party::Purpose;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::add))
        .routes(routes!(routes::start_adding))
        .routes(routes!(routes::remove))
        .routes(routes!(routes::start_confirming))
        .routes(routes!(routes::confirm))
        .routes(routes!(routes::start_sign_in))
}
