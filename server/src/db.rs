//! The database: the embedded SQLite file by default, PostgreSQL through `DATABASE_URL`.
//! Migrations run at start.

use crate::Settings;
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend};
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
    let db = Database::connect(options)
        .await
        .map_err(|e| format!("cannot open the database: {e}"))?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers go on while one writer writes; kept in the file once set.
        for pragma in [
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=NORMAL",
            "PRAGMA foreign_keys=ON",
        ] {
            db.execute_unprepared(pragma)
                .await
                .map_err(|e| format!("{pragma}: {e}"))?;
        }
    }
    Migrator::up(&db, None)
        .await
        .map_err(|e| format!("migrations failed: {e}"))?;
    Ok(db)
}
