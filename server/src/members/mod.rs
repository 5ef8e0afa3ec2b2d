//! Members (PRODUCT "Members"): join by e-mail, profile, password recovery, my page,
//! withdrawal.

mod erase;
mod routes;
mod service;

pub use service::{check_nickname, check_password_policy, Terms};

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::join::send_code))
        .routes(routes!(routes::join::verify_code))
        .routes(routes!(routes::join::join))
        .routes(routes!(routes::join::join_profile))
        .routes(routes!(routes::join::account_state))
        .routes(routes!(routes::recovery::find_by_email))
        .routes(routes!(routes::recovery::reset))
        .routes(routes!(routes::recovery::check_link))
        .routes(routes!(
            routes::mypage::read_profile,
            routes::mypage::edit_profile
        ))
        .routes(routes!(routes::mypage::check))
        .routes(routes!(routes::mypage::change))
        .routes(routes!(routes::mypage::withdraw))
}
