//! What an event was about beyond its kind: the channel of a share (`link`, `kakao`,
//! `linkedin`, `x`) and the source of a follow or bookmark (SPEC §3: `Follow_Content`,
//! `Follow_ContentList`, `Follow_CorpProfile`, `Bookmark_Content`, `Bookmark_ContentList`).
//! Null for every other kind.

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
                    .table(AnalyticsEvents::Table)
                    .add_column(code_null(AnalyticsEvents::Detail))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(AnalyticsEvents::Table)
                    .drop_column(AnalyticsEvents::Detail)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum AnalyticsEvents {
    Table,
    Detail,
}
