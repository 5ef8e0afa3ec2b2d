//! SPEC §7 session calls: guest id, account status, sign-in, token check, profile, sign-out;
//! my page's list of signed-in sessions.

mod guards;
mod listed;
mod signing_in;
mod tokens;

use crate::helpers::{browser, credentials, new_member, on_each_database, read, sign_in, TestApp};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use tidemark_server::entities::refresh_token_families;

const PASSWORD: &str = crate::helpers::TEST_PASSWORD;

fn set_cookie<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {
    headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap())
        .find(|v| v.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie"))
}
