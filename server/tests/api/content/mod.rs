//! Posts and the public lists: writing, sanitising, scheduling, publishing, hiding and
//! removal; every list a post belongs to; paging, ETags, recommendations.

mod lists;
mod pages;
mod posts;

use crate::helpers::*;
use reqwest::Method;
use serde_json::{json, Value};

fn ids(body: &Value) -> Vec<i64> {
    body["data"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("a list: {body}"))
        .iter()
        .map(|item| item["postSeq"].as_i64().unwrap())
        .collect()
}
