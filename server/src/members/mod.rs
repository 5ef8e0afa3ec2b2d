//! Members (PRODUCT "Members"): join by e-mail, profile, password recovery, my page,
//! withdrawal.

mod erase;
mod export;
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
        .routes(routes!(routes::mypage::check_certification))
        .routes(routes!(routes::mypage::change))
        .routes(routes!(routes::mypage::withdraw))
        .routes(routes!(routes::export::latest, routes::export::request))
        .routes(routes!(routes::export::file))
        .routes(routes!(routes::sessions::list))
        .routes(routes!(routes::sessions::end))
        .routes(routes!(routes::sessions::end_others))
}

/// How often the `member_data_files` job looks for files of members' data to make (asked
/// for, or left by a process that stopped while making one) or to delete (expired). Each file
/// is claimed by one process, so every process runs it.
pub const DATA_FILES_EVERY: std::time::Duration = std::time::Duration::from_secs(5);
pub use service::export::run as make_data_files;
