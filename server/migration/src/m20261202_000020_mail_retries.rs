//! When an outbox message may be tried next. A message the relay could not take (the SMTP
//! server away, a temporary refusal) waits here with a growing pause; a message being sent
//! carries its lease, so one whose process died in the middle is taken up again once the
//! lease has run out. Null: due now.

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
                    .table(MailOutbox::Table)
                    .add_column(at_null(MailOutbox::NextAttemptAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(MailOutbox::Table)
                    .drop_column(MailOutbox::NextAttemptAt)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    NextAttemptAt,
}
