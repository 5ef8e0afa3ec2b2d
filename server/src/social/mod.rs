//! Social sign-in: OAuth 2 authorization code with PKCE and state (Kakao, Naver, Google, and a
//! built-in local provider).

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// Checks this module's settings at start (social providers); a bad one stops the server with a message.
pub fn check_settings(settings: &crate::Settings) -> Result<(), String> {
    let _ = settings;
    Ok(())
}
