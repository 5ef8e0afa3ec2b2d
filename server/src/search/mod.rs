//! Search over contents and businesses, suggestions and popular searches (PRODUCT
//! "Search"): the calls. The index they ask is [`crate::index`].

mod routes;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    routes::router()
}
