//! Identity certification (SPEC §5, §7; PRODUCT "Members"): providers `portone` and `local`,
//! chosen by `TIDEMARK_CERTIFY_PROVIDER`.
//!
//! The flow: `GET /certify/v1` opens a request (a `certifications` row, REQUESTED, 30 minutes)
//! whose unguessable `certifyNo` the browser hands the provider as `merchant_uid`; the provider
//! returns the browser to `/member/auth/callbackCertify` with its `imp_uid`;
//! `POST /certify/v1/complete` asks the provider about that `imp_uid` (never trusting the
//! browser's word) and stores the person: name, phone, birth date, gender and the person key.
//! A completed certification is then used once, within 30 minutes, for one purpose: attached to
//! the account (join or account), a phone change, or a password reset by phone.

mod local;
mod provider;
mod queries;
mod routes;
mod service;

pub use service::uses::{phone_last4, reauthenticate};

use crate::http::security::OutsideSources;
use crate::state::AppState;
use rand::RngExt;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use provider::Provider;

/// A request is open this long; a completed certification is usable this long after it.
const REQUEST_TTL_MINUTES: i64 = 30;
const USE_WITHIN_MINUTES: i64 = 30;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::request))
        .routes(routes!(routes::complete))
        .routes(routes!(routes::attach_to_account))
        .routes(routes!(routes::change_phone))
        .routes(routes!(routes::find_password_by_phone))
        .merge(local::router())
}

/// Checks this module's settings at start (certification provider); a bad one stops the server with a message.
pub fn check_settings(settings: &crate::settings::Settings) -> Result<(), String> {
    Provider::from_settings(settings).map(|_| ())
}

/// PortOne's browser script (V1) and the origins its certification window works from: the
/// script on its CDN, the window (an in-page frame on desktops, a form sent to it on phones)
/// and its calls on `*.iamport.kr`, and Danal's certification pages, which that window
/// shows. The web client loads the script through its own Trusted Types policy,
/// `tidemark-portone`, and gives PortOne's script the `default` policy, which lets only
/// script addresses of these origins through (`ui/src/lib/certify.ts`).
const PORTONE_SCRIPT: &str = "https://cdn.iamport.kr";
const PORTONE_ORIGINS: &str = "https://*.iamport.kr";
const DANAL_ORIGINS: &str = "https://*.teledit.com";

/// What the configured provider adds to the page policy: nothing for the local provider,
/// whose page is the server's own; PortOne's origins when it is the provider.
pub fn page_sources(settings: &crate::settings::Settings) -> OutsideSources {
    match Provider::from_settings(settings) {
        Ok(Provider::PortOne(_)) => OutsideSources {
            scripts: vec![PORTONE_SCRIPT, PORTONE_ORIGINS],
            frames: vec![PORTONE_ORIGINS, DANAL_ORIGINS],
            connect: vec![PORTONE_ORIGINS],
            images: vec![PORTONE_ORIGINS],
            forms: vec![PORTONE_ORIGINS, DANAL_ORIGINS],
            trusted_types: vec!["tidemark-portone", "default"],
        },
        _ => OutsideSources::default(),
    }
}

/// `bytes` random bytes as lower-case hex.
fn random_hex(bytes: usize) -> String {
    let mut rng = rand::rng();
    hex::encode((0..bytes).map(|_| rng.random::<u8>()).collect::<Vec<u8>>())
}
