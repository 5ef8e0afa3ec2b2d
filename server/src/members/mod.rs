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
        .routes(routes!(routes::mypage::change))
        .routes(routes!(routes::mypage::withdraw))
        .routes(routes!(routes::export::latest, routes::export::request))
        .routes(routes!(routes::export::file))
}

/// How often the background job looks for files of members' data to make or delete.
const EXPORTS_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Starts the members' background job: files of their own data asked for and not yet made
/// (a process that stopped while making one leaves it to the next round), and expired ones
/// deleted. Each file is claimed by one process, so running on every process is safe.
pub fn spawn_background(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(EXPORTS_EVERY).await;
            let round = service::export::run(&state, chrono::Utc::now());
            match crate::telemetry::figures::job("member_data_files", round).await {
                Ok(0) => {}
                Ok(made) => tracing::debug!(made, "member data files made"),
                Err(error) => tracing::warn!(%error, "member data files: round failed"),
            }
        }
    });
}
