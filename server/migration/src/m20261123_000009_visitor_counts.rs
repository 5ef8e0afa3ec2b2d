//! `posts.viewer_count`: the distinct visitors (a member, or a guest id the server issued)
//! who viewed a post, ever. The popular score counts these, not visitor-days
//! (`view_count`) nor raw view events, so one visitor coming back cannot lift a post. The
//! roll-up recomputes it from the event log for posts with new events; the migration fills
//! it in for every post from the log as it stands, so the scores the roll-up refreshes for
//! their age do not drop to zero for posts that had no events since.

use crate::columns::*;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Posts::Table)
                    .add_column(counter(Posts::ViewerCount))
                    .to_owned(),
            )
            .await?;
        // The roll-up's visitor (`analytics/sql.rs`): the member, else the guest id.
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE posts SET viewer_count = (SELECT COUNT(DISTINCT \
                 COALESCE('m' || CAST(e.member_id AS TEXT), 'g' || e.guest_id)) \
                 FROM analytics_events e WHERE e.post_id = posts.id AND e.kind = 'view') \
                 WHERE EXISTS (SELECT 1 FROM analytics_events e \
                 WHERE e.post_id = posts.id AND e.kind = 'view')",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Posts::Table)
                    .drop_column(Posts::ViewerCount)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    ViewerCount,
}
