//! Timestamped migrations, each with `up` and `down`.
//!
//! The schema runs unchanged on SQLite and PostgreSQL 15. The conventions every migration
//! follows (ids, timestamps, enum-like codes, foreign keys) are in [`columns`], the status
//! and role values in [`codes`] (shared with the server's entities); the
//! decisions that are not obvious from the code are written beside the table they concern.

pub use sea_orm_migration::prelude::*;

pub mod codes;
mod columns;
mod m20261122_000001_members_and_sessions;
mod m20261122_000002_businesses;
mod m20261122_000003_content;
mod m20261122_000004_engagement_and_analytics;
mod m20261122_000005_media_uploads_search_mail;
mod m20261122_000006_search_log_by_day;
mod m20261123_000007_event_detail;
mod m20261123_000008_upload_links_and_try_counters;
mod m20261123_000009_visitor_counts;
mod m20261123_000010_search_log_visitors;
mod m20261124_000011_post_revisions_and_previews;
mod m20261125_000012_media_request_time;
mod m20261125_000013_operator_console;
mod m20261125_000014_post_flags;
mod m20261125_000015_change_log;
mod m20261125_000016_nodes_and_rate_limits;
mod m20261125_000017_analytics_pending;
mod m20261129_000018_minute_reading_indexes;
mod m20261202_000019_data_exports;
mod m20261202_000020_mail_retries;
mod m20261203_000021_notifications;
mod m20261203_000022_notification_mail;
mod m20261203_000023_notification_opens;
mod m20261204_000024_web_push;
mod m20261206_000025_push_slots;
mod m20261207_000026_two_step_and_passkeys;

pub struct Migrator;

// SeaORM 2.0's `MigratorTrait` and `MigrationTrait` are still `async_trait` traits; the
// macro comes re-exported through `sea_orm_migration::prelude`, so no extra dependency.
#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_members_and_sessions::Migration),
            Box::new(m20261122_000002_businesses::Migration),
            Box::new(m20261122_000003_content::Migration),
            Box::new(m20261122_000004_engagement_and_analytics::Migration),
            Box::new(m20261122_000005_media_uploads_search_mail::Migration),
            Box::new(m20261122_000006_search_log_by_day::Migration),
            Box::new(m20261123_000007_event_detail::Migration),
            Box::new(m20261123_000008_upload_links_and_try_counters::Migration),
            Box::new(m20261123_000009_visitor_counts::Migration),
            Box::new(m20261123_000010_search_log_visitors::Migration),
            Box::new(m20261124_000011_post_revisions_and_previews::Migration),
            Box::new(m20261125_000012_media_request_time::Migration),
            Box::new(m20261125_000013_operator_console::Migration),
            Box::new(m20261125_000014_post_flags::Migration),
            Box::new(m20261125_000015_change_log::Migration),
            Box::new(m20261125_000016_nodes_and_rate_limits::Migration),
            Box::new(m20261125_000017_analytics_pending::Migration),
            Box::new(m20261129_000018_minute_reading_indexes::Migration),
            Box::new(m20261202_000019_data_exports::Migration),
            Box::new(m20261202_000020_mail_retries::Migration),
            Box::new(m20261203_000021_notifications::Migration),
            Box::new(m20261203_000022_notification_mail::Migration),
            Box::new(m20261203_000023_notification_opens::Migration),
            Box::new(m20261204_000024_web_push::Migration),
            Box::new(m20261206_000025_push_slots::Migration),
            Box::new(m20261207_000026_two_step_and_passkeys::Migration),
        ]
    }
}
