//! Posts: writing, scheduling, publishing, hiding; the public lists and the post detail
//! (PRODUCT "Posts").

pub mod sanitize;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// Starts the content jobs of a running server (scheduled publication, list scores).
pub fn spawn_background(_state: &AppState) {}
