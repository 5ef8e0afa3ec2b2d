//! Identity certification (SPEC §5, §7; PRODUCT "Members"): providers `portone` and `local`.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
