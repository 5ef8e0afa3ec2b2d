//! What a reader sees of a public post: the card a list shows and the detail a post page
//! shows, with the business as each shows it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The business as a card shows it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessBadge {
    pub id: i64,
    pub name: String,
    pub logo_url: Option<String>,
    pub verified: bool,
}

/// A post in a list.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub post_seq: i64,
    pub title: String,
    pub summary: String,
    pub category_id: i16,
    pub cover_url: Option<String>,
    /// The cover at 480 px wide, what a card shows (a third of the bytes).
    #[serde(default)]
    pub cover_thumbnail_url: Option<String>,
    pub business: BusinessBadge,
    pub tags: Vec<String>,
    pub is_report: bool,
    pub series_order: Option<i32>,
    pub published_at: Option<DateTime<Utc>>,
    pub view_count: i64,
    pub bookmark_count: i64,
}

/// A post as its business and its readers see it.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostDetail {
    pub post_seq: i64,
    pub business: BusinessCard,
    pub category_id: i16,
    pub title: String,
    pub summary: String,
    pub cover_url: Option<String>,
    /// Sanitised HTML.
    pub body_html: String,
    pub tags: Vec<String>,
    pub is_report: bool,
    pub report_url: Option<String>,
    pub series_order: Option<i32>,
    /// `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`
    pub status: String,
    pub publish_at: Option<DateTime<Utc>>,
    pub published_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    pub view_count: i64,
    pub unique_reader_count: i64,
    pub bookmark_count: i64,
    pub share_count: i64,
    /// Whether the signed-in reader bookmarked it (false for guests).
    pub bookmarked: bool,
    /// For the business's own people only (absent for everyone else): the number of the
    /// post's content writes, to send back as `baseVersion` with an edit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<i32>,
    /// For the business's own people only, as `version`: the uploads behind `coverUrl` and
    /// `reportUrl`, to send back with an edit that keeps them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover_upload_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report_upload_id: Option<i64>,
}

/// The business card on a post.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessCard {
    #[serde(flatten)]
    pub badge: BusinessBadge,
    pub description: String,
    pub industry: String,
    pub follower_count: i64,
    /// Whether the signed-in reader follows it.
    pub following: bool,
}
