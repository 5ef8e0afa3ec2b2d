//! A member's own data (PIPA's right of access; docs/security.md, "A member's own data"):
//! the file of everything the platform holds about them, asked for on my page, made in the
//! background and kept for seven days.
//!
//! - `ready_at` is null while the file is being made; `claimed_at` says when a process took
//!   the making on, so a file whose process died is taken on again by another after a while.
//! - `body` is the file itself (JSON, tens of KB for a busy reader): the database is the one
//!   store every process and every backup shares, and the media store's objects are public by
//!   address. `byte_size` is its length.
//! - `expires_at` is seven days after `ready_at`; a job deletes the row then. Deleting the
//!   member deletes their files (a withdrawal deletes them at once, `members::erase`).

use crate::columns::{at, at_null, foreign_key, id, index};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(DataExports::Table)
                    .col(id(DataExports::Id))
                    .col(big_integer(DataExports::MemberId))
                    .col(at(DataExports::RequestedAt))
                    .col(at_null(DataExports::ClaimedAt))
                    .col(at_null(DataExports::ReadyAt))
                    .col(at_null(DataExports::ExpiresAt))
                    .col(text_null(DataExports::Body))
                    .col(big_integer(DataExports::ByteSize).default(0))
                    .foreign_key(&mut foreign_key(
                        DataExports::Table,
                        DataExports::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                DataExports::Table,
                [DataExports::MemberId, DataExports::RequestedAt],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(DataExports::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum DataExports {
    Table,
    Id,
    MemberId,
    RequestedAt,
    ClaimedAt,
    ReadyAt,
    ExpiresAt,
    Body,
    ByteSize,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}
