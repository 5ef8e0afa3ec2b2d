//! The rules of the member calls, by area (join, recovery, my page), and the checks they
//! share with the business calls that create an account: the password policy, nicknames,
//! interests and the terms of a join.

pub(super) mod export;
pub(super) mod join;
pub(super) mod mypage;
pub(super) mod recovery;
pub(super) mod sessions;

use crate::http::error::{ApiError, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

/// PRODUCT's password policy, from the core (the same rule the join form shows).
pub fn check_password_policy(password: &str, email: Option<&str>) -> ApiResult<()> {
    let check = tidemark_core::password::check_password(password, email);
    if check.ok {
        return Ok(());
    }
    use tidemark_core::password::PasswordProblem::*;
    let reasons: Vec<&str> = check
        .problems
        .iter()
        .map(|problem| match problem {
            TooShort => "at least 8 characters",
            TooLong => "at most 64 characters",
            TooFewKinds => "three of: upper case, lower case, digits, other characters",
            ContainsEmail => "not containing the e-mail address",
        })
        .collect();
    Err(ApiError::bad_request(format!(
        "the password must be {}",
        reasons.join("; ")
    )))
}

/// A nickname: the core's rule (2–20 characters of Korean, English, digits, spaces, `_` and
/// `-`, trimmed), the one the forms show as the member types.
pub fn check_nickname(nickname: &str) -> ApiResult<String> {
    let check = tidemark_core::nickname::check_nickname(nickname);
    if !check.ok {
        return Err(ApiError::bad_request(
            "nickname must be 2–20 characters of Korean, English, digits, spaces, _ or -",
        ));
    }
    Ok(check.nickname)
}

/// Interests are category ids 1–9, each at most once.
pub(super) fn check_interests(interests: &[i64]) -> ApiResult<Vec<i16>> {
    let mut out: Vec<i16> = Vec::new();
    for id in interests {
        if tidemark_core::breadcrumbs::category_of(*id).is_none() {
            return Err(ApiError::bad_request(format!(
                "interests: {id} is not a category id (1–9)"
            )));
        }
        let id = *id as i16;
        if !out.contains(&id) {
            out.push(id);
        }
    }
    Ok(out)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Terms {
    pub service: bool,
    pub privacy: bool,
    #[serde(default)]
    pub marketing: bool,
}

impl Terms {
    pub fn check(&self) -> ApiResult<()> {
        if !(self.service && self.privacy) {
            return Err(ApiError::bad_request(
                "the terms of service and the privacy policy must be accepted",
            ));
        }
        Ok(())
    }
}
