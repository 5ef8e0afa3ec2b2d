//! Readers' reports of a problem with a post (`post_flags`: a *flag*, so as not to be taken
//! for the Report category), which wait in the operators' queue until an operator dismisses
//! them or removes the post.
//!
//! - `reason` is a [`crate::codes::FlagReason`]; `detail` the reader's own words (required
//!   for OTHER, at most 1,000 characters).
//! - `status` is a [`crate::codes::FlagStatus`]: OPEN until decided, then DISMISSED (with
//!   the operator's note) or ACTIONED (the post was removed).
//! - A member has at most one OPEN report per post: a partial unique index, so a second
//!   click, or two at once, files one report. Once decided, the member may report the post
//!   again (it may have changed).
//! - Deleting the post deletes its reports; a reporter's withdrawal keeps the report without
//!   the reporter (SET NULL), so what an operator decided stays explained.

use crate::codes::FlagStatus;
use crate::columns::{at, at_null, code, code_default, foreign_key, id, index};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PostFlags::Table)
                    .col(id(PostFlags::Id))
                    .col(big_integer(PostFlags::PostId))
                    .col(big_integer_null(PostFlags::MemberId))
                    .col(code(PostFlags::Reason))
                    .col(text_null(PostFlags::Detail))
                    .col(code_default(PostFlags::Status, FlagStatus::Open))
                    .col(at(PostFlags::CreatedAt))
                    .col(at_null(PostFlags::DecidedAt))
                    .col(big_integer_null(PostFlags::DecidedBy))
                    .col(text_null(PostFlags::DecisionNote))
                    .foreign_key(&mut foreign_key(
                        PostFlags::Table,
                        PostFlags::PostId,
                        Posts::Table,
                        Posts::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        PostFlags::Table,
                        PostFlags::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut foreign_key(
                        PostFlags::Table,
                        PostFlags::DecidedBy,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                PostFlags::Table,
                [PostFlags::Status, PostFlags::PostId],
            ))
            .await?;
        // Both databases take a partial index in the same words.
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "CREATE UNIQUE INDEX ux_post_flags_open ON post_flags (post_id, member_id) \
                 WHERE status = '{}'",
                FlagStatus::Open.as_str()
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(PostFlags::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum PostFlags {
    Table,
    Id,
    PostId,
    MemberId,
    Reason,
    Detail,
    Status,
    CreatedAt,
    DecidedAt,
    DecidedBy,
    DecisionNote,
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}
