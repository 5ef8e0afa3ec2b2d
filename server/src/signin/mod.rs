//! Signing in (SPEC §5, §7): the account status asked before a sign-in and the login call,
//! by e-mail and password or by a social identity the provider vouched for, and its second
//! step when the member has two-step sign-in on; the mail of a sign-in from a new device.
//! Above both
//! [`crate::auth`] (sessions) and [`crate::social`] (providers), which it joins.

mod new_device;
mod routes;
mod service;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::account_status))
        .routes(routes!(routes::login))
        .routes(routes!(routes::second_step))
        .routes(routes!(routes::login_with_passkey))
}
