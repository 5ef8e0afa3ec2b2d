//! Two security changes.
//!
//! - **An upload row is a business's link to a stored file.** Objects stay content-addressed
//!   (one object for the same bytes), but `uploads.storage_key` is no longer unique: each
//!   business that uploads the same file gets its own row, unique per
//!   (`business_id`, `storage_key`), so an upload id names one business's file and a post or
//!   profile may only use its own business's ids. SQLite cannot drop a column constraint, so
//!   there the table is rebuilt with the same columns; PostgreSQL drops the constraint.
//! - **`try_counters`**: counters of tries that must hold across server processes, each moved
//!   by one conditional `UPDATE` (`tries < limit`), so concurrent tries cannot pass the limit.
//!   `key` names what is counted (`signin:<e-mail>` for sign-ins from devices the account has
//!   not seen, `device:<id>` for a known device, `check:<member id>` for password checks);
//!   `window_started_at` starts the window the tries count in.

use crate::columns::*;
use sea_orm_migration::{prelude::*, schema::*, sea_orm::DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One transaction on every database: SQLite's rebuild of `uploads` must run on one
    /// connection and land whole.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DatabaseBackend::Sqlite => rebuild_uploads(manager, false).await?,
            _ => {
                let db = manager.get_connection();
                db.execute_unprepared(
                    "ALTER TABLE uploads DROP CONSTRAINT uploads_storage_key_key",
                )
                .await?;
                db.execute_unprepared("DROP INDEX idx_uploads_business_id")
                    .await?;
            }
        }
        for index in upload_indexes() {
            manager.create_index(index).await?;
        }
        create_tables(
            manager,
            vec![(
                Table::create()
                    .table(TryCounters::Table)
                    .col(string(TryCounters::Key).primary_key())
                    .col(at(TryCounters::WindowStartedAt))
                    .col(integer(TryCounters::Tries).default(0))
                    .to_owned(),
                vec![],
            )],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(manager, vec![TryCounters::Table.into_iden()]).await?;
        // Back to one row per stored file: the oldest link of each file stays.
        let db = manager.get_connection();
        db.execute_unprepared(
            "DELETE FROM uploads WHERE id NOT IN \
             (SELECT MIN(id) FROM uploads GROUP BY storage_key)",
        )
        .await?;
        match manager.get_database_backend() {
            DatabaseBackend::Sqlite => rebuild_uploads(manager, true).await,
            _ => {
                db.execute_unprepared("DROP INDEX ux_uploads_business_id_storage_key")
                    .await?;
                db.execute_unprepared("DROP INDEX idx_uploads_storage_key")
                    .await?;
                db.execute_unprepared(
                    "ALTER TABLE uploads ADD CONSTRAINT uploads_storage_key_key UNIQUE (storage_key)",
                )
                .await?;
                manager
                    .create_index(index(Uploads::Table, [Uploads::BusinessId]))
                    .await
            }
        }
    }
}

/// Unique per business and file; found by key when a file is served.
fn upload_indexes() -> Vec<IndexCreateStatement> {
    vec![
        unique_index(Uploads::Table, [Uploads::BusinessId, Uploads::StorageKey]),
        index(Uploads::Table, [Uploads::StorageKey]),
    ]
}

/// SQLite: a new `uploads` with the same columns (`storage_key` unique only when
/// `unique_key`), the rows copied over, the old table dropped and the new one renamed.
async fn rebuild_uploads(manager: &SchemaManager<'_>, unique_key: bool) -> Result<(), DbErr> {
    let next = Alias::new("uploads_next");
    let key = if unique_key {
        string_uniq(Uploads::StorageKey)
    } else {
        string(Uploads::StorageKey)
    };
    manager
        .create_table(
            Table::create()
                .table(next.clone())
                .col(id(Uploads::Id))
                .col(big_integer_null(Uploads::OwnerMemberId))
                .col(big_integer_null(Uploads::BusinessId))
                .col(code(Uploads::Kind))
                .col(string(Uploads::ContentType))
                .col(key)
                .col(big_integer(Uploads::ByteSize))
                .col(integer_null(Uploads::Width))
                .col(integer_null(Uploads::Height))
                .col(string(Uploads::Sha256))
                .col(string_null(Uploads::OriginalName))
                .col(at(Uploads::CreatedAt))
                .foreign_key(&mut foreign_key(
                    next.clone(),
                    Uploads::OwnerMemberId,
                    Members::Table,
                    Members::Id,
                    ForeignKeyAction::SetNull,
                ))
                .foreign_key(&mut foreign_key(
                    next.clone(),
                    Uploads::BusinessId,
                    Businesses::Table,
                    Businesses::Id,
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
    let db = manager.get_connection();
    let columns = "id, owner_member_id, business_id, kind, content_type, storage_key, byte_size, \
                   width, height, sha256, original_name, created_at";
    db.execute_unprepared(&format!(
        "INSERT INTO uploads_next ({columns}) SELECT {columns} FROM uploads"
    ))
    .await?;
    db.execute_unprepared("DROP TABLE uploads").await?;
    db.execute_unprepared("ALTER TABLE uploads_next RENAME TO uploads")
        .await?;
    if unique_key {
        manager
            .create_index(index(Uploads::Table, [Uploads::BusinessId]))
            .await?;
    }
    Ok(())
}

#[derive(DeriveIden)]
enum Uploads {
    Table,
    Id,
    OwnerMemberId,
    BusinessId,
    Kind,
    ContentType,
    StorageKey,
    ByteSize,
    Width,
    Height,
    Sha256,
    OriginalName,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Businesses {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum TryCounters {
    Table,
    Key,
    WindowStartedAt,
    Tries,
}
