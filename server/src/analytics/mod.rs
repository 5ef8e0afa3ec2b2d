//! Analytics (PRODUCT "Analytics"): the visit and click beacons of SPEC §7, the reader
//! events of post pages, the daily roll-ups and the business analytics API.
//!
//! - [`events`]: the sink every event goes through (batched, group-committed writes).
//! - `beacons`, `intake` (`routes/intake.rs`, `service/intake.rs`): the calls browsers send
//!   events to; `visitor`: who their events count for (a member, or a guest id this server
//!   signed) and the limits they pass; `device`: the SPEC §3 device info they all accept.
//! - [`rollup`]: `analytics_daily` and the posts' counters and popular score, every minute.
//! - `report` (`routes/report.rs`, `service/report/`): what a business reads about itself.
//!
//! docs/analytics.md describes the events, the guarantees and the formulas.

mod beacons;
mod device;
pub mod rollup;
mod sql;
mod visitor;

mod routes {
    pub(super) mod intake;
    pub(super) mod report;
}

mod service {
    pub(super) mod intake;
    pub(super) mod report;
}

pub use crate::kernel::kst::kst_day;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(beacons::router())
        .merge(routes::intake::router())
        .merge(routes::report::router())
}
