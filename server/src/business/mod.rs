//! Businesses and the people who run them: registration, profile, managers, invitations,
//! handing a business over or closing it, and the audit log (PRODUCT "Businesses", "Roles").

pub mod audit;
mod ownership;
pub mod profile;
mod team;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(profile::router())
        .merge(team::router())
        .merge(ownership::router())
}
