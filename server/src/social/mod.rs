//! Social sign-in: OAuth 2 authorization code with PKCE and state (Kakao, Naver, Google, and a
//! built-in local provider).

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
