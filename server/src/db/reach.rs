//! Whether the database can be reached, as this process last saw it: what `/ready` tells a
//! load balancer, and what lets a write that cannot succeed be refused at once instead of
//! waiting for the pool (docs/operations.md, "When the database is away").
//!
//! On PostgreSQL a connection of its own (outside the pool, so a busy pool does not read as
//! an outage) runs `SELECT 1` every [`PROBE_EVERY`] (the `database_reach` job), with the
//! time-out `TIDEMARK_DB_TIMEOUT_MS`. The embedded SQLite file is part of the process: always
//! reachable.

use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection};
use std::time::Duration;
use tokio::sync::watch;

/// How long a probe may take by default before the database counts as away; also the pool's
/// acquire time-out (`TIDEMARK_DB_TIMEOUT_MS`). Under a second, so that a call which began
/// just before a loss was noticed still answers within one.
pub const DEFAULT_TIMEOUT_MS: u64 = crate::settings::DB_TIMEOUT_MS.default_number();

/// How often the probe asks.
pub const PROBE_EVERY: Duration = Duration::from_millis(250);

pub struct Reach {
    probe: Option<DatabaseConnection>,
    up: watch::Sender<bool>,
    timeout: Duration,
}

impl Reach {
    /// Always reachable (the embedded database).
    pub fn local() -> Reach {
        Reach {
            probe: None,
            up: watch::Sender::new(true),
            timeout: Duration::from_millis(DEFAULT_TIMEOUT_MS),
        }
    }

    /// A probe of its own on the PostgreSQL database at `url`, reachable now (the server has
    /// just migrated it).
    pub async fn remote(url: &str, timeout: Duration) -> Result<Reach, String> {
        let mut options = ConnectOptions::new(url.to_string());
        options
            .sqlx_logging(false)
            .max_connections(1)
            .min_connections(0)
            .acquire_timeout(timeout)
            .connect_timeout(timeout);
        let probe = Database::connect(options)
            .await
            .map_err(|e| format!("cannot open the database: {e}"))?;
        Ok(Reach {
            probe: Some(probe),
            up: watch::Sender::new(true),
            timeout,
        })
    }

    /// Whether the last probe reached the database.
    pub fn up(&self) -> bool {
        *self.up.borrow()
    }

    /// Follows what the probe sees: the circuit waits on it to cut calls under way when the
    /// database goes away (`crate::http::outage`).
    pub fn follow(&self) -> watch::Receiver<bool> {
        self.up.subscribe()
    }

    /// Runs `work` unless the database is seen away first: `None` then, at once, rather than
    /// after the pool's time-out. For reads with an answer held in memory to fall back on.
    pub async fn unless_away<T>(&self, work: impl std::future::Future<Output = T>) -> Option<T> {
        let mut up = self.follow();
        tokio::select! {
            biased;
            done = work => Some(done),
            Ok(_) = up.wait_for(|up| !*up) => None,
        }
    }

    /// Records whether the database was reached; logs a change.
    pub fn note(&self, up: bool) {
        if self.up.send_replace(up) != up {
            if up {
                tracing::info!("the database is reachable again: /ready answers 200");
            } else {
                tracing::error!("the database cannot be reached: /ready answers 503");
            }
        }
    }

    /// Probes the database and remembers the outcome: `Ok` when it answered in time, the
    /// reason otherwise.
    pub async fn check(&self) -> Result<&'static str, String> {
        let Some(probe) = &self.probe else {
            return Ok("local");
        };
        let outcome =
            match tokio::time::timeout(self.timeout, probe.execute_unprepared("SELECT 1")).await {
                Ok(Ok(_)) => Ok("reached"),
                Ok(Err(error)) => Err(format!("the database cannot be reached: {error}")),
                Err(_) => Err(format!(
                    "the database did not answer within {} ms",
                    self.timeout.as_millis()
                )),
            };
        self.note(outcome.is_ok());
        outcome
    }
}
