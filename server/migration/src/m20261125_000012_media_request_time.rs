//! A media request's desired time of day beside its desired date: **`media_requests.desired_time`**
//! (`HH:mm`, Korean time, like every time a business picks; NULL for "any time that day").
//! Kept as text: a time without a date or zone has no portable column type across SQLite and
//! PostgreSQL that the server would not have to convert anyway.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(MediaRequests::Table)
                    .add_column(string_len_null(MediaRequests::DesiredTime, 5))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(MediaRequests::Table)
                    .drop_column(MediaRequests::DesiredTime)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum MediaRequests {
    Table,
    DesiredTime,
}
