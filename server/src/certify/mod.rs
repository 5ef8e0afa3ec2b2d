//! Identity certification (SPEC §5, §7; PRODUCT "Members"): providers `portone` and `local`.

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// Checks this module's settings at start (certification provider); a bad one stops the server with a message.
pub fn check_settings(settings: &crate::Settings) -> Result<(), String> {
    let _ = settings;
    Ok(())
}
