//! The rules of certification (SPEC §7), by area: a request (opened, then completed with
//! what the provider says, never the browser's word) and the single use of a completed
//! certification (attached to the account, a phone change, a password reset by phone, or a
//! re-authentication).

pub(super) mod request;
pub(super) mod uses;

use super::provider::Provider;
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use tidemark_core::empty::is_blank;
use tidemark_core::error_screen::ErrorCode;

/// certifyNo and imp_uid are short ids; anything longer is not one.
const MAX_ID_LEN: usize = 64;

/// What a certification is for; each use accepts only its own purposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Purpose {
    Join,
    Account,
    Password,
    Change,
}

impl Purpose {
    pub(super) fn parse(text: Option<&str>) -> ApiResult<Purpose> {
        match text.map(str::trim).unwrap_or("") {
            "" | "account" => Ok(Purpose::Account),
            "join" => Ok(Purpose::Join),
            "password" => Ok(Purpose::Password),
            "change" => Ok(Purpose::Change),
            _ => Err(ApiError::bad_request(
                "purpose must be join, account, password or change",
            )),
        }
    }

    pub(super) fn as_str(self) -> &'static str {
        match self {
            Purpose::Join => "join",
            Purpose::Account => "account",
            Purpose::Password => "password",
            Purpose::Change => "change",
        }
    }
}

/// The configured provider (checked at start, so a failure here is a server fault).
pub(super) fn provider(state: &AppState) -> ApiResult<Provider> {
    Provider::from_settings(&state.settings).map_err(ApiError::internal)
}

/// Rate limits of this module share the sign-in limiter's quota (30 at once, then one every 2
/// seconds per address) under keys of their own, so they never eat into sign-in attempts.
pub(super) async fn check_rate(state: &AppState, ip: &str) -> ApiResult<()> {
    RateLimits::check(
        &state.limits.login_ip,
        &format!("certify:{ip}"),
        "certification requests from this address",
    )
    .await
}

/// A required id from a body: present, not blank, short, and URL-safe.
pub(super) fn required_id(value: Option<&str>, name: &str) -> ApiResult<String> {
    if is_blank(value) {
        return Err(ApiError::bad_request(format!("{name} is required")));
    }
    let value = value.unwrap_or("").trim();
    let url_safe = value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if value.len() > MAX_ID_LEN || !url_safe {
        return Err(ApiError::bad_request(format!("{name} is not a valid id")));
    }
    Ok(value.to_string())
}

pub(super) fn cancelled() -> ApiError {
    ApiError::Coded {
        code: ErrorCode::CertificationCancelled,
        message: "the identity certification was cancelled".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purposes_default_to_account_and_unknown_ones_are_refused() {
        assert_eq!(Purpose::parse(None).unwrap(), Purpose::Account);
        assert_eq!(Purpose::parse(Some(" join ")).unwrap(), Purpose::Join);
        assert_eq!(Purpose::parse(Some("password")).unwrap(), Purpose::Password);
        assert!(Purpose::parse(Some("admin")).is_err());
    }

    #[test]
    fn ids_must_be_short_and_url_safe() {
        assert_eq!(
            required_id(Some(" tmc_ab12 "), "certifyNo").unwrap(),
            "tmc_ab12"
        );
        for bad in [
            None,
            Some(""),
            Some("  "),
            Some("../users/getToken"),
            Some("a b"),
        ] {
            assert!(required_id(bad, "certifyNo").is_err(), "{bad:?}");
        }
        assert!(required_id(Some(&"a".repeat(65)), "certifyUid").is_err());
    }
}
