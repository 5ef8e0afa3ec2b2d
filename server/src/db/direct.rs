//! Reads of the embedded database on the thread that asks, for the statements a reader's miss
//! runs: a post's row (with the rows of the cards beside it) and the cards of a list.
//!
//! Each connection of the pool (sqlx) runs on a thread of its own: a statement is handed to
//! that thread and its rows handed back, two wake-ups of a sleeping thread for every
//! statement. For a post's row read by its key, about 15 µs of SQLite's own work, those
//! hand-offs and the runtime's parking around them took most of a miss's time (a post's JSON
//! made on a miss: 190 µs of processor time, a quarter of it in switching threads; profile in
//! docs/performance-journal.md, "Thirteenth step"). The connections here are opened read-only beside
//! the pool: in WAL mode they see every committed write and never wait for the writer, and a
//! statement runs where the request already is. Writes, transactions and every other read go
//! through the pool as before; PostgreSQL has no such reads (its driver runs on the runtime).

use rusqlite::{Connection, OpenFlags};
use sea_orm::DbErr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// Connections kept open between reads: one per thread that reads at once, the runtime's
/// workers and a few others; more are opened when more threads read at the same moment, and
/// closed after.
const IDLE_CONNECTIONS: usize = 8;

/// Read-only connections to the embedded database file.
pub struct DirectReads {
    path: PathBuf,
    /// `PRAGMA cache_size` of each connection, in KiB (the process's one page budget, as the
    /// pool's connections: SQLite's soft heap limit holds them all to it).
    cache_kib: u64,
    idle: Mutex<Vec<Connection>>,
}

impl DirectReads {
    /// Reads of the database file at `path`, which the pool has opened and migrated.
    pub fn open(path: &Path, cache_kib: u64) -> Result<DirectReads, String> {
        let reads = DirectReads {
            path: path.to_path_buf(),
            cache_kib,
            idle: Mutex::new(Vec::new()),
        };
        let first = reads
            .connect()
            .map_err(|e| format!("cannot open {} for reading: {e}", path.display()))?;
        reads.put_back(first);
        Ok(reads)
    }

    fn connect(&self) -> rusqlite::Result<Connection> {
        let connection = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        connection.busy_timeout(Duration::from_secs(10))?;
        connection.pragma_update(None, "cache_size", format!("-{}", self.cache_kib))?;
        connection.pragma_update(None, "query_only", true)?;
        Ok(connection)
    }

    fn put_back(&self, connection: Connection) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < IDLE_CONNECTIONS {
            idle.push(connection);
        }
    }

    /// Runs `read` on a connection of its own, on this thread.
    pub fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, DbErr> {
        let taken = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let connection = match taken {
            Some(connection) => connection,
            None => self.connect().map_err(reading)?,
        };
        let result = read(&connection).map_err(reading);
        self.put_back(connection);
        result
    }
}

fn reading(error: rusqlite::Error) -> DbErr {
    DbErr::Custom(format!("reading the database: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Times are read as rusqlite's `chrono` feature reads them, in every form the pool and
    /// the database's defaults write.
    #[test]
    fn times_are_read_in_every_form_the_database_holds() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-03-25T20:25:35.250+00:00")
            .unwrap()
            .with_timezone(&chrono::Utc);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        Connection::open(&path).unwrap();
        let reads = DirectReads::open(&path, 1024).unwrap();
        let time = |text: &str| {
            reads
                .read(|c| {
                    c.query_row("SELECT ?1", [text], |row| {
                        row.get::<_, chrono::DateTime<chrono::Utc>>(0)
                    })
                })
                .ok()
        };
        for text in [
            "2026-03-25T20:25:35.250+00:00",
            "2026-03-25T20:25:35.250Z",
            "2026-03-25 20:25:35.250+00:00",
            "2026-03-25 20:25:35.250",
            "2026-03-26T05:25:35.250+09:00",
        ] {
            assert_eq!(time(text), Some(at), "{text}");
        }
        assert_eq!(time("yesterday"), None);
    }

    #[test]
    fn reads_see_what_the_writer_committed_and_cannot_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let writer = Connection::open(&path).unwrap();
        writer
            .execute_batch(
                "PRAGMA journal_mode=WAL; CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1);",
            )
            .unwrap();
        let reads = DirectReads::open(&path, 1024).unwrap();
        let sum = |reads: &DirectReads| {
            reads
                .read(|c| c.query_row("SELECT sum(v) FROM t", [], |row| row.get::<_, i64>(0)))
                .unwrap()
        };
        assert_eq!(sum(&reads), 1);
        writer.execute("INSERT INTO t VALUES (41)", []).unwrap();
        assert_eq!(
            sum(&reads),
            42,
            "a committed write is seen by the next read"
        );
        let refused = reads.read(|c| c.execute("INSERT INTO t VALUES (1)", []));
        assert!(refused.is_err(), "the reads' connections cannot write");
        assert_eq!(sum(&reads), 42);
    }
}
