//! Businesses and the people who run them: registration, profile, managers, invitations,
//! handing a business over or closing it, and the audit log (PRODUCT "Businesses", "Roles").
//!
//! Four areas, each with its handlers in `routes/<area>.rs` (extract, call one service
//! function, answer) and its rules and transactions in `service/<area>.rs`: `profile`
//! (registering, the public profile, the verified badge), `team` (managers, invitations,
//! the audit log; `invitation`, what a link shows), `ownership` (handing over, closing) and
//! `security` (the team's two-step sign-in rule).

pub mod audit;

mod routes;
mod service;

pub use service::profile::{last_changes, profile, read, set_verified, Business};

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::profile::router())
        .merge(routes::team::router())
        .merge(routes::ownership::router())
        .merge(routes::security::router())
}
