//! The operators' console (`/admin`): what waits for them (media requests by age, businesses
//! waiting for verification, who took each), the businesses and every post whatever its
//! status, and their own audit log. The actions themselves (verification, media review,
//! removal and restoration, collections, the index rebuild) are calls of the domains that
//! own them, each writing its row in the operators' log (`crate::oplog`).
//!
//! Every call here answers 403 to anyone but an operator.

mod routes;
mod service;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    routes::router()
}
