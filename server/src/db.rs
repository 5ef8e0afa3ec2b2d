//! The database: the embedded SQLite file by default, PostgreSQL through `DATABASE_URL`.
//! Migrations run at start.

use crate::Settings;
use sea_orm::{ConnectOptions, Database, DatabaseConnection};
use tidemark_migration::{Migrator, MigratorTrait};

pub async fn connect(settings: &Settings) -> Result<DatabaseConnection, String> {
    let url = match &settings.database_url {
        Some(url) => url.clone(),
        None => {
            std::fs::create_dir_all(&settings.data_dir).map_err(|e| {
                format!(
                    "cannot create the data folder {}: {e}",
                    settings.data_dir.display()
                )
            })?;
            format!(
                "sqlite://{}?mode=rwc",
                settings.data_dir.join("tidemark.db").display()
            )
        }
    };
    let sqlite = url.starts_with("sqlite:");
    let mut options = ConnectOptions::new(url);
    options
        .sqlx_logging(false)
        .max_connections(if sqlite { 8 } else { 32 });
    if sqlite {
        // Per-connection settings go on every connection of the pool, not just the first:
        // WAL lets readers go on while one writer writes; NORMAL syncs the WAL at checkpoints
        // (committed transactions survive a process crash); a writer waits for the lock
        // instead of failing at once; a 64 MB page cache keeps the hot indexes in memory.
        options.map_sqlx_sqlite_opts(|opts| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            opts.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(std::time::Duration::from_secs(10))
                .pragma("cache_size", "-65536")
                .pragma("temp_store", "MEMORY")
        });
    }
    let db = Database::connect(options)
        .await
        .map_err(|e| format!("cannot open the database: {e}"))?;
    Migrator::up(&db, None)
        .await
        .map_err(|e| format!("migrations failed: {e}"))?;
    Ok(db)
}
