//! Two-step sign-in (docs/security.md, "Two-step sign-in"): a member's authenticator app
//! (RFC 6238 one-time codes, its secret sealed with a key of the token secret) and ten
//! one-time recovery codes, turned on, renewed and off from my page; the codes a sign-in's
//! second step takes ([`service::take_second_step`]), each once; the member's security record.

mod codes;
mod routes;
pub mod service;

pub use codes::{code_for_text, secret_of_text};

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::status, routes::turn_off))
        .routes(routes!(routes::set_up))
        .routes(routes!(routes::confirm))
        .routes(routes!(routes::renew_recovery_codes))
}
