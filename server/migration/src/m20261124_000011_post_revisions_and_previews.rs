//! What the business console needs of a post: its history, a guard against overwriting
//! someone else's edit, and links that show it before it is public.
//!
//! - **`posts.version`** (integer, 1 for a new post): the number of the post's content
//!   writes. Every create, edit and restore moves it by one with one conditional `UPDATE`
//!   (`… SET version = version + 1 WHERE id = ? AND version = ?` when the editor says which
//!   version it edited), so of two saves of the same version one wins and the other is told.
//!   Status changes alone (hide, publish, the schedule, an operator's removal) and the
//!   counters leave it: they do not change what an editor has open.
//! - **`post_revisions`**: what a post said after each content write (title, summary, the
//!   sanitised body, category, tags as a JSON array of strings, cover), who wrote it and when;
//!   the newest 50 of a post are kept (older ones are deleted in the write's transaction).
//!   The cover is set to NULL if its upload goes; the author too when the member row goes.
//! - **`post_previews`**: links that show a post whatever its status to whoever holds them
//!   (`/preview/{token}`). The token (256 random bits) is shown once, when the link is made;
//!   only its SHA-256 is stored (`token_hash`, hex), like reset links. A link works until
//!   `expires_at` (1 to 30 days) or until it is revoked (`revoked_at`).

use crate::columns::*;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Posts::Table)
                    .add_column(integer(Posts::Version).default(1))
                    .to_owned(),
            )
            .await?;
        create_tables(
            manager,
            vec![
                (
                    post_revisions(),
                    vec![index(
                        PostRevisions::Table,
                        [PostRevisions::PostId, PostRevisions::Id],
                    )],
                ),
                (
                    post_previews(),
                    vec![index(PostPreviews::Table, [PostPreviews::PostId])],
                ),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                PostPreviews::Table.into_iden(),
                PostRevisions::Table.into_iden(),
            ],
        )
        .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Posts::Table)
                    .drop_column(Posts::Version)
                    .to_owned(),
            )
            .await
    }
}

/// A post as it was after one of its content writes.
fn post_revisions() -> TableCreateStatement {
    Table::create()
        .table(PostRevisions::Table)
        .col(id(PostRevisions::Id))
        .col(big_integer(PostRevisions::PostId))
        .col(big_integer_null(PostRevisions::AuthorId))
        .col(string_len(PostRevisions::Title, 100))
        .col(string_len(PostRevisions::Summary, 300))
        .col(text(PostRevisions::Body))
        .col(small_integer(PostRevisions::CategoryId))
        .col(text(PostRevisions::Tags))
        .col(big_integer_null(PostRevisions::CoverUploadId))
        .col(at(PostRevisions::CreatedAt))
        .foreign_key(&mut foreign_key(
            PostRevisions::Table,
            PostRevisions::PostId,
            Posts::Table,
            Posts::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            PostRevisions::Table,
            PostRevisions::AuthorId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .foreign_key(&mut foreign_key(
            PostRevisions::Table,
            PostRevisions::CoverUploadId,
            Uploads::Table,
            Uploads::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

/// A link that shows a post before it is public.
fn post_previews() -> TableCreateStatement {
    Table::create()
        .table(PostPreviews::Table)
        .col(id(PostPreviews::Id))
        .col(big_integer(PostPreviews::PostId))
        .col(string_uniq(PostPreviews::TokenHash))
        .col(big_integer_null(PostPreviews::CreatedBy))
        .col(at(PostPreviews::CreatedAt))
        .col(at(PostPreviews::ExpiresAt))
        .col(at_null(PostPreviews::RevokedAt))
        .foreign_key(&mut foreign_key(
            PostPreviews::Table,
            PostPreviews::PostId,
            Posts::Table,
            Posts::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            PostPreviews::Table,
            PostPreviews::CreatedBy,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
    Version,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Uploads {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PostRevisions {
    Table,
    Id,
    PostId,
    AuthorId,
    Title,
    Summary,
    Body,
    CategoryId,
    Tags,
    CoverUploadId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PostPreviews {
    Table,
    Id,
    PostId,
    TokenHash,
    CreatedBy,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
}
