//! Analytics (PRODUCT "Analytics"): the visit and click beacons of SPEC §7, the reader
//! events of post pages, the daily roll-ups and the business analytics API.
//!
//! - `event_sink`: the sink every event goes through (batched, group-committed writes).
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

mod routes;
mod service;

pub use crate::kernel::kst::kst_day;

use crate::event_sink::PostInfo;
use crate::http::error::ApiResult;
use crate::state::AppState;
use std::collections::HashMap;
use utoipa_axum::router::OpenApiRouter;

/// The business and visibility of the posts among `ids` that events may name; while the
/// database is away, the public posts this process holds answer.
async fn posts_of(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, PostInfo>> {
    let held = state.catalog.snapshot();
    state
        .events
        .posts(ids, |id| {
            held.entries.get(&id).map(|entry| entry.business_id)
        })
        .await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(beacons::router())
        .merge(routes::intake::router())
        .merge(routes::report::router())
}
