//! What runs in the background, in one table ([`JOBS`]): each periodic job with its period,
//! who runs it (one process per period, claimed in `job_runs`, or every process for what it
//! holds itself) and on which database, and one runner for all of them. The workers that wait
//! for work rather than a clock are not in it: the mail sender (`mail.rs`, woken by each
//! queued mail), the analytics events' writer (`events.rs`, by each batch), and the change
//! log's follower and listener (`sync/follower.rs`, woken by PostgreSQL's notifications and
//! every second).
//!
//! A round starts at each whole multiple of its period on the wall clock (every five seconds
//! at :00, :05, …; the hourly ones at the top of the hour), so that processes agree on which
//! period a round belongs to; the first comes at least one period after the process
//! started. A failed round is logged once, and once more when rounds succeed again; every round is counted in the job's figures (`tidemark_job_*`, docs/operations.md).

use crate::state::AppState;
use crate::sync;
use chrono::Utc;
use sea_orm::DbBackend;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// One round of a job, on the state of this process: what it did, or why it failed, in
/// words for the log.
type Round = fn(AppState) -> Pin<Box<dyn Future<Output = Result<String, String>> + Send>>;

/// Who runs a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// The one process that claims the period (on SQLite the process is the only one).
    OnePerPeriod,
    /// Every process, each on what it holds itself (its catalogue, its file, its heartbeat),
    /// or on rows it claims one by one.
    EachProcess,
}

/// On which database a job has work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    Any,
    Sqlite,
    Postgres,
}

pub struct Job {
    /// The job's name in logs, figures and claims.
    pub name: &'static str,
    pub every: Duration,
    /// Where in its period a round starts: the catalogue reads the scores half a minute after
    /// the roll-up wrote them, rather than at the same second.
    pub phase: Duration,
    pub runs: Runs,
    pub needs: Needs,
    round: Round,
}

const SECOND: Duration = Duration::from_secs(1);
const HOUR: Duration = Duration::from_secs(3600);

/// A round's outcome in words: what it did (`Debug`), or its error.
fn said<T: std::fmt::Debug, E: std::fmt::Display>(outcome: Result<T, E>) -> Result<String, String> {
    outcome
        .map(|done| format!("{done:?}"))
        .map_err(|error| error.to_string())
}

/// Every periodic job of a running server.
pub const JOBS: &[Job] = &[
    Job {
        name: "scheduled_publication",
        every: crate::content::PUBLISH_EVERY,
        phase: Duration::ZERO,
        runs: Runs::OnePerPeriod,
        needs: Needs::Any,
        round: |state| Box::pin(async move { said(crate::content::publish_due(&state).await) }),
    },
    Job {
        name: "catalogue_refresh",
        every: crate::content::RELOAD_EVERY,
        phase: Duration::from_secs(30),
        runs: Runs::EachProcess,
        needs: Needs::Any,
        round: |state| Box::pin(async move { said(state.catalog.refresh(&state.db).await) }),
    },
    Job {
        name: "analytics_rollup",
        every: crate::analytics::rollup::EVERY,
        phase: Duration::ZERO,
        runs: Runs::OnePerPeriod,
        needs: Needs::Any,
        round: |state| {
            Box::pin(
                async move { said(crate::analytics::rollup::roll_up_pending(&state.db).await) },
            )
        },
    },
    Job {
        name: "member_data_files",
        every: crate::members::DATA_FILES_EVERY,
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Any,
        round: |state| {
            Box::pin(async move { said(crate::members::make_data_files(&state, Utc::now()).await) })
        },
    },
    Job {
        name: "notification_fanout",
        every: SECOND,
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Any,
        round: |state| {
            Box::pin(async move {
                let links = state.notice_links();
                said(crate::fanout::fan_out(&state.db, &links, &state.mailer).await)
            })
        },
    },
    Job {
        name: "notification_digest",
        every: Duration::from_secs(60),
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Any,
        round: |state| {
            Box::pin(async move {
                let links = state.notice_links();
                said(
                    crate::fanout::digest::send_due(&state.db, &links, &state.mailer, Utc::now())
                        .await,
                )
            })
        },
    },
    Job {
        name: "push_delivery",
        every: SECOND,
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Any,
        round: |state| {
            Box::pin(async move {
                said(crate::push::sender::deliver_due(&state.db, &state.pusher, Utc::now()).await)
            })
        },
    },
    Job {
        name: "notification_prune",
        every: HOUR,
        phase: Duration::ZERO,
        runs: Runs::OnePerPeriod,
        needs: Needs::Any,
        round: |state| {
            Box::pin(async move { said(crate::fanout::prune(&state.db, Utc::now()).await) })
        },
    },
    Job {
        name: "change_log_prune",
        every: HOUR,
        phase: Duration::ZERO,
        runs: Runs::OnePerPeriod,
        needs: Needs::Any,
        round: |state| Box::pin(async move { said(sync::prune(&state.db).await) }),
    },
    Job {
        name: "unused_uploads",
        every: HOUR,
        phase: Duration::ZERO,
        runs: Runs::OnePerPeriod,
        needs: Needs::Any,
        round: |state| {
            Box::pin(async move { said(crate::uploads::sweep_unused(&state, Utc::now()).await) })
        },
    },
    Job {
        name: "rate_limit_prune",
        every: HOUR,
        phase: Duration::ZERO,
        runs: Runs::OnePerPeriod,
        needs: Needs::Postgres,
        round: |state| {
            Box::pin(async move { said(crate::http::limits::prune_shared(&state.db).await) })
        },
    },
    Job {
        name: "heartbeat",
        every: sync::HEARTBEAT_EVERY,
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Postgres,
        round: |state| {
            Box::pin(async move {
                let problem = state.beat().await.map_err(|error| error.to_string())?;
                if let Some(problem) = &problem {
                    tracing::error!(problem, "media cannot be served by every process");
                }
                Ok(format!("{problem:?}"))
            })
        },
    },
    Job {
        name: "database_reach",
        every: crate::db::reach::PROBE_EVERY,
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Postgres,
        round: |state| {
            Box::pin(async move {
                let outcome = state.reach.check().await;
                state.catalog.answers.serve_stale(outcome.is_err());
                said(outcome)
            })
        },
    },
    Job {
        name: "wal_checkpoint",
        every: SECOND,
        phase: Duration::ZERO,
        runs: Runs::EachProcess,
        needs: Needs::Sqlite,
        round: |state| Box::pin(async move { said(crate::db::checkpoint(&state.db).await) }),
    },
];

/// Starts every job this process's database has work for, but those `TIDEMARK_JOBS_OFF`
/// names (a comma-separated list: a process that should not send pushes, say).
pub fn spawn_all(state: &AppState) {
    let backend = state.db.get_database_backend();
    let off: Vec<&str> = state
        .settings
        .text(&crate::settings::JOBS_OFF)
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .collect();
    for job in JOBS {
        if off.contains(&job.name) {
            tracing::info!(
                job = job.name,
                "not run by this process ({})",
                crate::settings::JOBS_OFF.name
            );
            continue;
        }
        let wanted = match job.needs {
            Needs::Any => true,
            Needs::Sqlite => backend == DbBackend::Sqlite,
            Needs::Postgres => backend == DbBackend::Postgres,
        };
        if wanted {
            tokio::spawn(run(job, state.clone()));
        }
    }
}

/// How long from `now_ms` (milliseconds since the epoch) to the next whole multiple of
/// `every`, plus `phase`.
fn until_next(now_ms: i64, every: Duration, phase: Duration) -> Duration {
    let every_ms = every.as_millis().max(1) as i64;
    let since = (now_ms - phase.as_millis() as i64).rem_euclid(every_ms);
    Duration::from_millis((every_ms - since) as u64)
}

async fn run(job: &'static Job, state: AppState) {
    let mut failing = false;
    // The first round comes a whole period after the start, as each job's own loop had it: a
    // process that just started has just read its catalogue and written its heartbeat, and
    // what a fresh site shows in its first minute does not move under its first readers.
    tokio::time::sleep(job.every).await;
    loop {
        let wait = until_next(Utc::now().timestamp_millis(), job.every, job.phase);
        tokio::time::sleep(wait).await;
        if job.runs == Runs::OnePerPeriod {
            let period = sync::period_of(Utc::now(), job.every.as_secs().max(1) as i64);
            match sync::claim(&state.db, job.name, period, &state.node.id).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(error) => {
                    tracing::warn!(%error, job = job.name, "period not claimed");
                    continue;
                }
            }
        }
        let outcome = crate::telemetry::figures::job(job.name, (job.round)(state.clone())).await;
        match outcome {
            Ok(done) if failing => {
                failing = false;
                tracing::info!(job = job.name, done, "rounds succeed again");
            }
            Ok(done) => tracing::debug!(job = job.name, done, "round"),
            Err(error) if !failing => {
                failing = true;
                tracing::warn!(%error, job = job.name, "round failed");
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_start_at_whole_multiples_of_the_period() {
        let zero = Duration::ZERO;
        let five = Duration::from_secs(5);
        assert_eq!(until_next(12_000, five, zero), Duration::from_secs(3));
        assert_eq!(until_next(15_000, five, zero), five);
        assert_eq!(until_next(3_599_999, HOUR, zero), Duration::from_millis(1));
        assert_eq!(until_next(1_500, SECOND, zero), Duration::from_millis(500));
        // Half a minute into each minute.
        let minute = Duration::from_secs(60);
        let half = Duration::from_secs(30);
        assert_eq!(until_next(60_000, minute, half), half);
        assert_eq!(until_next(95_000, minute, half), Duration::from_secs(55));
    }

    #[test]
    fn each_job_has_one_name_that_fits_a_claim_and_the_operators_guide_names_it() {
        let guide = include_str!("../../docs/operations.md");
        let mut names: Vec<&str> = JOBS.iter().map(|job| job.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), JOBS.len(), "two jobs share a name");
        for job in JOBS {
            // job_runs.job is 32 characters.
            assert!(job.name.len() <= 32, "{}", job.name);
            assert!(
                guide.contains(&format!("`{}`", job.name)),
                "docs/operations.md does not name {}",
                job.name
            );
            // A claimed period is counted in whole seconds.
            assert!(
                job.every >= SECOND || job.runs == Runs::EachProcess,
                "{}",
                job.name
            );
        }
    }
}
