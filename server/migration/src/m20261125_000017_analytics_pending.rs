//! - **`analytics_pending`**: what the analytics roll-up has yet to recompute — one row per
//!   KST day and post and business that had events (`post_id` or `business_id` 0 when the
//!   events named none). The event writer marks its rows in the transaction of its events
//!   (`marks` counts the batches that marked the row since the roll-up last took it); the
//!   roll-up recomputes the rows it read, then deletes those whose `marks` did not move in
//!   the meantime, so an event written while it ran is taken by its next run.
//!
//!   Filled at once with the days of the last week that have events, which the roll-up's
//!   first run recomputes (as its start-up catch-up did before it).

use crate::columns::kst_day;
use sea_orm_migration::{prelude::*, schema::*, sea_orm::DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsPending::Table)
                    .col(kst_day(AnalyticsPending::Day))
                    .col(big_integer(AnalyticsPending::PostId))
                    .col(big_integer(AnalyticsPending::BusinessId))
                    .col(big_integer(AnalyticsPending::Marks))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsPending::Day)
                            .col(AnalyticsPending::PostId)
                            .col(AnalyticsPending::BusinessId),
                    )
                    .to_owned(),
            )
            .await?;
        let week_before_last_day = match manager.get_database_backend() {
            DbBackend::Postgres => {
                "(SELECT to_char(MAX(day)::date - 7, 'YYYY-MM-DD') FROM analytics_events)"
            }
            _ => "(SELECT date(MAX(day), '-7 days') FROM analytics_events)",
        };
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "INSERT INTO analytics_pending (day, post_id, business_id, marks) \
                 SELECT DISTINCT day, COALESCE(post_id, 0), COALESCE(business_id, 0), 1 \
                 FROM analytics_events WHERE day >= {week_before_last_day}"
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AnalyticsPending::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum AnalyticsPending {
    Table,
    Day,
    PostId,
    BusinessId,
    Marks,
}
