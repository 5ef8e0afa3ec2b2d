//! Social sign-in: OAuth 2 authorization code with PKCE and state (Kakao, Naver, Google, and a
//! built-in local provider).
//!
//! The journey (SPEC §3–§5, PRODUCT "Members"):
//! 1. `GET /oauth/v1/social/authorize` keeps a state and a PKCE verifier and answers the
//!    provider's authorize address; the browser goes there.
//! 2. The provider returns to `/member/auth/callbackOauth?type=…&code=…&state=…`; the page
//!    (after the core's `parseOAuthCallback`) posts code and state to `/oauth/v1/social/token`,
//!    which exchanges the code server to server and answers a signed `authToken`.
//! 3. The sign-in request carries `authToken` and `channel` to the account status call (0, or
//!    2002 → join) and to login; `/membership/v1/join/social` creates the account.

mod providers;
mod routes;
mod service;
mod signin;

pub use providers::Channel;
pub use signin::member_signing_in;

use crate::state::AppState;
use axum::routing::get;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::flow::channels))
        .routes(routes!(routes::flow::authorize))
        .routes(routes!(routes::flow::token))
        .routes(routes!(routes::flow::join))
        .routes(routes!(routes::local::token))
        .routes(routes!(routes::local::userinfo_endpoint))
        // The consent page and its form are HTML for a person, not API calls.
        .route(
            service::local::AUTHORIZE_PATH,
            get(routes::local::authorize_page).post(routes::local::authorize_decision),
        )
}

/// Checks this module's settings at start (social providers); a bad one stops the server with a message.
pub fn check_settings(settings: &crate::settings::Settings) -> Result<(), String> {
    providers::check(settings)
}
