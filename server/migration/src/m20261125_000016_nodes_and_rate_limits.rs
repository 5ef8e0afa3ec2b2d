//! - **`node_heartbeats`**: every server process on the database writes its row every 10
//!   seconds (its name for this run, whether its media are local, when it started, when it
//!   was last seen): a process with local media refuses to start while another is alive,
//!   since a file one stores the others cannot serve (docs/scale-out.md).
//! - **`rate_limits`**: the rate limits' counters when the server runs on PostgreSQL, shared by
//!   every process on the database (docs/scale-out.md). One row per limit and key (`key` is
//!   `<limit>:<a keyed hash of the client address, e-mail or member>`: no personal data),
//!   holding the generic cell rate algorithm's
//!   theoretical arrival time in milliseconds since the epoch (`tat_ms`); a request is one
//!   `INSERT … ON CONFLICT DO UPDATE … WHERE` that moves it only when the request is allowed.
//!   UNLOGGED on PostgreSQL: counters need no crash safety (a crash forgets them, as a restart
//!   of a single process forgets its in-memory ones) and skip the write-ahead log. On SQLite
//!   (one process) the table exists but stays empty: the process counts in memory.

use crate::columns::at;
use sea_orm_migration::{prelude::*, schema::*, sea_orm::DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite's 64-bit integer is spelt `integer`, as sea-query writes it elsewhere.
        let (unlogged, big) = match manager.get_database_backend() {
            DbBackend::Postgres => ("UNLOGGED ", "bigint"),
            _ => ("", "integer"),
        };
        manager
            .get_connection()
            .execute_unprepared(&format!(
                "CREATE {unlogged}TABLE rate_limits (key varchar(300) NOT NULL PRIMARY KEY, \
                 tat_ms {big} NOT NULL)"
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NodeHeartbeats::Table)
                    .col(string_len(NodeHeartbeats::Node, 40).primary_key().take())
                    .col(boolean(NodeHeartbeats::LocalMedia))
                    .col(at(NodeHeartbeats::StartedAt))
                    .col(at(NodeHeartbeats::SeenAt))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared("DROP TABLE rate_limits")
            .await?;
        manager
            .drop_table(Table::drop().table(NodeHeartbeats::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum NodeHeartbeats {
    Table,
    Node,
    LocalMedia,
    StartedAt,
    SeenAt,
}
