//! The database: the embedded SQLite file by default, PostgreSQL through `DATABASE_URL`.
//! Migrations run at start.

use crate::settings::{self, Settings};
use sea_orm::sea_query::{Expr, Func, LikeExpr};
use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DatabaseTransaction, DbErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
use tidemark_migration::{Migrator, MigratorTrait};

pub mod direct;
pub mod reach;

/// Memory for the embedded database's pages by default, all connections together
/// ([`settings::SQLITE_CACHE_MB`]'s default).
pub const DEFAULT_SQLITE_CACHE_MB: u64 = crate::settings::SQLITE_CACHE_MB.default_number();

/// The embedded database's file: the data folder's `tidemark.db`, or the file a `sqlite:`
/// `DATABASE_URL` names (`None` for PostgreSQL and for a database in memory).
pub fn sqlite_file(settings: &Settings) -> Option<std::path::PathBuf> {
    match &settings.database_url {
        None => Some(settings.data_dir.join("tidemark.db")),
        Some(url) => {
            let path = url
                .strip_prefix("sqlite://")
                .or_else(|| url.strip_prefix("sqlite:"))?;
            let path = path.split('?').next().unwrap_or_default();
            (!path.is_empty() && !path.starts_with(':')).then(|| path.into())
        }
    }
}

/// Reads on the asking thread for the embedded database ([`direct`]), `None` on PostgreSQL.
/// After [`connect`], which makes and migrates the file.
pub fn direct_reads(settings: &Settings) -> Result<Option<direct::DirectReads>, String> {
    let Some(file) = sqlite_file(settings) else {
        return Ok(None);
    };
    let cache_bytes = settings.megabytes(&settings::SQLITE_CACHE_MB);
    direct::DirectReads::open(&file, cache_bytes / 1024).map(Some)
}

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
    if !sqlite {
        // A call that needs PostgreSQL while it is away fails within this time (503, try
        // again) instead of waiting half a minute for a connection (sqlx's default).
        let timeout = timeout(settings);
        options.acquire_timeout(timeout).connect_timeout(timeout);
    }
    if sqlite {
        let cache_bytes = settings.megabytes(&settings::SQLITE_CACHE_MB);
        // Per-connection settings go on every connection of the pool, not just the first:
        // WAL lets readers go on while one writer writes; NORMAL syncs the WAL at checkpoints
        // (committed transactions survive a process crash); a writer waits for the lock
        // instead of failing at once. The page cache is one budget for the whole process:
        // SQLite (built with SQLITE_ENABLE_MEMORY_MANAGEMENT) keeps the pages of every
        // connection in one LRU list, and near its soft heap limit a connection reuses the
        // least recently used page instead of taking more memory. Each connection may use the
        // whole budget, so the hot pages are held once whichever connection reads them
        // (eight caches of 16 MB each held up to 128 MB, most of it the same pages).
        let cache_kib = (cache_bytes / 1024).to_string();
        let soft_limit = cache_bytes.to_string();
        options.map_sqlx_sqlite_opts(move |opts| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            opts.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(std::time::Duration::from_secs(10))
                .pragma("cache_size", format!("-{cache_kib}"))
                .pragma("soft_heap_limit", soft_limit.clone())
                .pragma("temp_store", "MEMORY")
                // Checkpoints run in the background (the `wal_checkpoint` job), not inside a
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

/// How long a call waits for a PostgreSQL connection, and a probe for an answer
/// ([`settings::DB_TIMEOUT_MS`], [`reach::DEFAULT_TIMEOUT_MS`] by default).
pub fn timeout(settings: &Settings) -> std::time::Duration {
    settings.millis(&settings::DB_TIMEOUT_MS)
}

/// Whether the database can be reached, probed on a connection of its own on PostgreSQL.
pub async fn reach(settings: &Settings) -> Result<reach::Reach, String> {
    match &settings.database_url {
        Some(url) if url.starts_with("postgres") => {
            reach::Reach::remote(url, timeout(settings)).await
        }
        _ => Ok(reach::Reach::local()),
    }
}

/// The database pool's connections: open now, idle among them, and the most it opens.
#[derive(Debug, Clone, Copy, Default)]
pub struct PoolUse {
    pub open: u32,
    pub idle: usize,
    pub max: u32,
}

pub fn pool_use(db: &DatabaseConnection) -> PoolUse {
    fn of<D: sea_orm::sqlx::Database>(pool: &sea_orm::sqlx::Pool<D>) -> PoolUse {
        PoolUse {
            open: pool.size(),
            idle: pool.num_idle(),
            max: pool.options().get_max_connections(),
        }
    }
    match db.get_database_backend() {
        sea_orm::DbBackend::Sqlite => of(db.get_sqlite_connection_pool()),
        sea_orm::DbBackend::Postgres => of(db.get_postgres_connection_pool()),
        _ => PoolUse::default(),
    }
}

/// Begins a transaction that will write. On SQLite it takes the write lock at `BEGIN`
/// (`BEGIN IMMEDIATE`), so it waits its turn behind another writer for the busy timeout. A
/// plain deferred transaction that reads first holds a read snapshot, and SQLite refuses its
/// later write at once ("database is locked") if another connection is writing then: it
/// cannot wait, as the other writer may need what the reader holds. PostgreSQL ignores the
/// mode and begins as usual.
pub async fn write_txn(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        isolation_level: None,
        access_mode: None,
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
    })
    .await
}

/// On SQLite, checkpoints the WAL on a pool connection (PASSIVE: it copies what no reader
/// still needs and never blocks readers or the writer), so commits do not pay for it; the
/// `wal_checkpoint` job runs it every second. Should it fail, commits checkpoint instead.
pub async fn checkpoint(db: &DatabaseConnection) -> Result<(), sea_orm::DbErr> {
    use sea_orm::ConnectionTrait;
    db.execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)")
        .await
        .map(drop)
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

/// A statement from SQL written with `?` placeholders (`$1`, `$2`… on PostgreSQL).
pub fn statement(
    backend: sea_orm::DbBackend,
    sql: &str,
    values: Vec<sea_orm::Value>,
) -> sea_orm::Statement {
    let sql = if backend == sea_orm::DbBackend::Postgres {
        let mut out = String::with_capacity(sql.len() + 16);
        let mut n = 0;
        for c in sql.chars() {
            if c == '?' {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
            } else {
                out.push(c);
            }
        }
        out
    } else {
        sql.to_string()
    };
    sea_orm::Statement::from_sql_and_values(backend, sql, values)
}

/// A migrated SQLite file of its own, for a test (the folder goes with the first value).
#[cfg(test)]
pub async fn migrated_sqlite() -> (tempfile::TempDir, DatabaseConnection) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let db = Database::connect(url).await.expect("SQLite opens");
    Migrator::up(&db, None).await.expect("the migrations run");
    (dir, db)
}

/// How the database means to run `statement`: SQLite's `EXPLAIN QUERY PLAN`, its steps' details
/// one a line (a test's check that a reading stays within an index).
#[cfg(test)]
pub async fn query_plan(
    db: &DatabaseConnection,
    statement: sea_orm::Statement,
) -> Result<String, DbErr> {
    use sea_orm::ConnectionTrait;
    let rows = db
        .query_all_raw(sea_orm::Statement {
            sql: format!("EXPLAIN QUERY PLAN {}", statement.sql),
            ..statement
        })
        .await?;
    let details: Result<Vec<String>, DbErr> =
        rows.iter().map(|row| row.try_get("", "detail")).collect();
    Ok(details?.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::ConnectionTrait;

    /// SQLite's soft heap limit is one for the process: the tests that open a pool take
    /// turns, so each reads the limit its own pool set.
    static ONE_POOL_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

    /// Transactions that read and then write, many at once on the embedded database, all
    /// commit: each waits for the write lock instead of being refused (the join of a new
    /// member failed with "database is locked" when another request wrote at that moment).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn read_then_write_transactions_wait_for_each_other_on_sqlite() {
        let _turn = ONE_POOL_AT_A_TIME.lock().await;
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings {
            data_dir: dir.path().to_path_buf(),
            database_url: None,
            ..Settings::default()
        };
        let db = connect(&settings).await.unwrap();
        db.execute_unprepared("CREATE TABLE tallies (n INTEGER NOT NULL)")
            .await
            .unwrap();
        let tasks: Vec<_> = (0..16)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move {
                    let txn = write_txn(&db).await?;
                    txn.execute_unprepared("SELECT count(*) FROM tallies")
                        .await?;
                    // Another transaction starts writing while this one has read.
                    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                    txn.execute_unprepared("INSERT INTO tallies (n) VALUES (1)")
                        .await?;
                    txn.commit().await
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().expect("a transaction was refused");
        }
        let rows = db
            .query_one_raw(sea_orm::Statement::from_string(
                sea_orm::DbBackend::Sqlite,
                "SELECT count(*) AS n FROM tallies",
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(rows.try_get::<i64>("", "n").unwrap(), 16);
    }

    /// The page-cache budget reaches every connection of the pool: SQLite's soft heap limit
    /// (one for the process) and each connection's cache size are the budget.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_connection_shares_the_one_page_cache_budget() {
        let _turn = ONE_POOL_AT_A_TIME.lock().await;
        let dir = tempfile::tempdir().unwrap();
        let mut settings = Settings {
            data_dir: dir.path().to_path_buf(),
            database_url: None,
            ..Settings::default()
        };
        settings.set(&settings::SQLITE_CACHE_MB, "8");
        let db = connect(&settings).await.unwrap();
        // Four transactions open at once hold four connections of the pool.
        let mut held = Vec::new();
        for _ in 0..4 {
            held.push(db.begin().await.unwrap());
        }
        let mut read = Vec::new();
        for txn in &held {
            for sql in ["PRAGMA cache_size", "PRAGMA soft_heap_limit"] {
                let row = txn
                    .query_one_raw(sea_orm::Statement::from_string(
                        sea_orm::DbBackend::Sqlite,
                        sql,
                    ))
                    .await
                    .unwrap()
                    .unwrap();
                read.push(row.try_get_by_index::<i64>(0).unwrap());
            }
        }
        assert_eq!(read, [-8192, 8 << 20].repeat(4));
    }
}
