//! Analytics (PRODUCT "Analytics"): the visit and click beacons of SPEC §7, the reader
//! events of post pages, the daily roll-ups and the business analytics API.
//!
//! - [`events`]: the sink every event goes through (batched, group-committed writes).
//! - `beacons`, `intake`: the calls browsers send events to.
//!
//! docs/analytics.md describes the events, the guarantees and the formulas.

mod beacons;
pub mod events;
mod intake;

pub use beacons::kst_day;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(beacons::router())
        .merge(intake::router())
}

/// Starts the analytics jobs of a running server (the event writer is started with the
/// sink, in `build_state`).
pub fn spawn_background(_state: &AppState) {}
