//! Businesses and the people who run them: registration, profile, managers, invitations and
//! the audit log (PRODUCT "Businesses", "Roles").

pub mod access;
pub mod audit;
pub mod profile;
mod team;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(profile::router())
        .merge(team::router())
}
