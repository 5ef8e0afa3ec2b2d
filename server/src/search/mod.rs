//! Search over contents and businesses, suggestions and popular searches (PRODUCT
//! "Search"): the calls. The index they ask is [`crate::search_index`].

mod routes;
mod service;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::search))
        .routes(routes!(routes::suggestions))
        .routes(routes!(routes::popular))
        .routes(routes!(routes::rebuild, routes::rebuild_progress))
}
