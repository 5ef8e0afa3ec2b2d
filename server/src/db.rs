//! The database: the embedded SQLite file by default, PostgreSQL through `DATABASE_URL`.
//! Migrations run at start.

use crate::Settings;
use sea_orm::sea_query::{Expr, Func, LikeExpr};
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
                // Checkpoints run in the background (`spawn_checkpoints`), not inside a
                // commit: the commit that crosses the threshold would otherwise copy the WAL
                // into the database and sync it while its caller waits (measured on the large
                // set: 8.6 ms a 50-row batch with the default, 2.8 ms without). The threshold
                // stays as a safety net, four times the default.
                .pragma("wal_autocheckpoint", "4000")
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

/// How often the WAL of the embedded database is copied back into the database file.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// On SQLite, checkpoints the WAL every second on a pool connection (PASSIVE: it copies what
/// no reader still needs and never blocks readers or the writer), so commits do not pay for
/// it. Nothing to do on PostgreSQL.
pub fn spawn_checkpoints(db: &DatabaseConnection) {
    use sea_orm::ConnectionTrait;
    if db.get_database_backend() != sea_orm::DbBackend::Sqlite {
        return;
    }
    let db = db.clone();
    tokio::spawn(async move {
        let mut failing = false;
        loop {
            tokio::time::sleep(CHECKPOINT_EVERY).await;
            match db
                .execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)")
                .await
            {
                Ok(_) => failing = false,
                Err(error) if !failing => {
                    failing = true;
                    tracing::warn!(%error, "WAL checkpoint failed; commits checkpoint instead");
                }
                Err(_) => {}
            }
        }
    });
}

/// A `LIKE` pattern (with a backslash as its escape) for values holding `text` (`prefix`:
/// starting with it), in lower case; `%` and `_` in `text` match themselves.
pub fn like_pattern(text: &str, prefix: bool) -> LikeExpr {
    let mut pattern = String::with_capacity(text.len() + 2);
    if !prefix {
        pattern.push('%');
    }
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    LikeExpr::new(pattern).escape('\\')
}

/// `column` in lower case, to compare with a [`like_pattern`].
pub fn lower(column: impl sea_orm::sea_query::IntoColumnRef) -> Expr {
    Expr::expr(Func::lower(Expr::col(column)))
}
