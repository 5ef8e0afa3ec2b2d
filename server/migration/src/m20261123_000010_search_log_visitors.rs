//! Popular searches count people, not searches: `search_log.visitor` holds a keyed hash
//! (HMAC-SHA256 with the server's token secret, hex) of who searched, made anew each KST day,
//! so counting distinct values over a week counts visitors per day. It is not the member or
//! guest id and cannot be turned back into one without the secret; `member_id` and `guest_id`
//! stay as they were (related keywords read them, and a leaver's rows are found by
//! `member_id`). Null: a visitor the server could not vouch for (no member, and no guest id
//! it handed out); such searches are kept but not counted.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(SearchLog::Table)
                    .add_column(string_len_null(SearchLog::Visitor, 64))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(SearchLog::Table)
                    .drop_column(SearchLog::Visitor)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum SearchLog {
    Table,
    Visitor,
}
