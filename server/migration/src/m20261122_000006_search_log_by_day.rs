//! The popular searches of the day read `search_log` by time: an index on `created_at`.

use crate::columns::*;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(index(SearchLog::Table, [SearchLog::CreatedAt]))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_search_log_created_at")
                    .table(SearchLog::Table)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum SearchLog {
    Table,
    CreatedAt,
}
