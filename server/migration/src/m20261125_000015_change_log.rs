//! What lets several server processes on one PostgreSQL database behave as one
//! (docs/scale-out.md):
//!
//! - **`change_log`**: every write that changes what readers see (a post, a business, the
//!   catalogue's shared pages) records a row; every process reads the rows after the last one
//!   it applied and brings its catalogue, cached pages and search index up to date. `kind` is
//!   POST, BUSINESS or CATALOG, `entity_id` the post's or business's id (none for CATALOG),
//!   `node` the process that wrote it (it applied the change itself). On PostgreSQL an insert
//!   also signals `tidemark_changes` (LISTEN/NOTIFY, sent at commit) so that others read at
//!   once rather than at their next look. Rows older than a week are deleted.
//! - **`job_runs`**: a periodic job (scheduled publication, the analytics roll-up, the
//!   retention of this log) claims its period here before it runs: the first process to
//!   insert `(job, period)` runs it, every other one skips it, so it runs once per period
//!   whatever the number of processes.

use crate::columns::{at, code, id, index};
use sea_orm_migration::{prelude::*, schema::*, sea_orm::DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const POSTGRES_SIGNAL: [&str; 2] = [
    "CREATE FUNCTION change_log_signal() RETURNS trigger LANGUAGE plpgsql AS $$ \
     BEGIN PERFORM pg_notify('tidemark_changes', NEW.id::text); RETURN NULL; END $$",
    "CREATE TRIGGER change_log_signal AFTER INSERT ON change_log \
     FOR EACH ROW EXECUTE FUNCTION change_log_signal()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ChangeLog::Table)
                    .col(id(ChangeLog::Id))
                    .col(code(ChangeLog::Kind))
                    .col(big_integer_null(ChangeLog::EntityId))
                    .col(string_len_null(ChangeLog::Node, 40))
                    .col(at(ChangeLog::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(ChangeLog::Table, [ChangeLog::CreatedAt]))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(JobRuns::Table)
                    .col(code(JobRuns::Job))
                    .col(big_integer(JobRuns::Period))
                    .col(string_len_null(JobRuns::Node, 40))
                    .col(at(JobRuns::StartedAt))
                    .primary_key(Index::create().col(JobRuns::Job).col(JobRuns::Period))
                    .to_owned(),
            )
            .await?;
        if manager.get_database_backend() == DbBackend::Postgres {
            for statement in POSTGRES_SIGNAL {
                manager
                    .get_connection()
                    .execute_unprepared(statement)
                    .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(JobRuns::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(ChangeLog::Table).to_owned())
            .await?;
        if manager.get_database_backend() == DbBackend::Postgres {
            manager
                .get_connection()
                .execute_unprepared("DROP FUNCTION change_log_signal()")
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum ChangeLog {
    Table,
    Id,
    Kind,
    EntityId,
    Node,
    CreatedAt,
}

#[derive(DeriveIden)]
enum JobRuns {
    Table,
    Job,
    Period,
    Node,
    StartedAt,
}
