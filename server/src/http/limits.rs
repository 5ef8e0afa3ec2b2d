//! Rate limits: per client address, per e-mail, per member, checked before any password
//! hashing or mail, answering 429 with Retry-After rather than hanging.
//!
//! One process (SQLite) counts in memory. On PostgreSQL the counters are rows of the
//! `rate_limits` table, shared by every process on the database, so two processes let
//! through no more than one (docs/scale-out.md): each check is one statement, the generic
//! cell rate algorithm on the database's clock. Should the database not answer, the check
//! falls back to this process's own counters rather than refusing everyone; while the
//! database is known to be away (`db::reach`) it counts in the process at once, without
//! waiting for a connection. The counters of
//! tries at a secret (sign-in, password checks) are rows of their own (`auth::guard`).

use crate::http::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, NotUntil, Quota, RateLimiter};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, DbErr, Statement};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// A keyed hash of a limit's key (a client address, an e-mail): the shared counters keep no
/// personal data, only this.
pub type Pseudonym = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// Where the shared counters live, and how their keys are hashed.
#[derive(Clone)]
pub struct Shared {
    pub db: DatabaseConnection,
    pub pseudonym: Pseudonym,
    /// Whether the database can be reached now.
    pub reach: Arc<crate::db::reach::Reach>,
}

/// One limit: `burst` requests at once, then one every `period`.
pub struct Limiter {
    /// The limit's name in the shared counters' keys.
    name: &'static str,
    burst: u32,
    period: Duration,
    local: DefaultKeyedRateLimiter<String>,
    /// The database that holds the shared counters (PostgreSQL), when they are shared.
    shared: Option<Shared>,
}

pub struct RateLimits {
    pub login_ip: Limiter,
    pub mail_ip: Limiter,
    pub mail_address: Limiter,
    pub recovery_ip: Limiter,
    pub guest_ip: Limiter,
    /// Searches and suggestions per client address.
    pub search_ip: Limiter,
    /// Manager invitations per business.
    pub invitation_business: Limiter,
    /// Analytics events (beacons and `/api/v1/events`) per client address, one cell per event.
    pub beacon_ip: Limiter,
    /// Analytics events per visitor (member or guest id), one cell per event.
    pub beacon_visitor: Limiter,
    /// Flags on posts, per member.
    pub flag_member: Limiter,
    /// Uploads per member (docs/media.md, "Quotas").
    pub upload_member: Limiter,
    /// Links made into video blocks and link cards, per member (each may fetch a page and a
    /// picture).
    pub embed_member: Limiter,
    /// Files of a member's own data, per member (docs/security.md, "A member's own data").
    pub export_member: Limiter,
}

/// Analytics events one client address may send at once.
pub const BEACON_IP_BURST: u32 = 1000;
/// Uploads one member may send at once, before one a minute.
pub const UPLOAD_MEMBER_BURST: u32 = 30;
/// Analytics events one visitor may send at once.
pub const BEACON_VISITOR_BURST: u32 = 120;

impl Default for RateLimits {
    fn default() -> Self {
        Self::new(true, None)
    }
}

impl RateLimits {
    /// `enabled = false` (`TIDEMARK_RATE_LIMITS=off`, demo mode only) is for load benchmarks,
    /// which would otherwise measure the limiter's refusals. `shared` is the PostgreSQL
    /// database whose `rate_limits` table every process shares; `None` counts in memory.
    pub fn new(enabled: bool, shared: Option<Shared>) -> Self {
        let shared = shared
            .filter(|shared| enabled && shared.db.get_database_backend() == DbBackend::Postgres);
        let limit = |name: &'static str, burst: u32, period: Duration| {
            let (burst, period) = if enabled {
                (burst, period)
            } else {
                (u32::MAX / 2, Duration::from_nanos(1))
            };
            let quota = Quota::with_period(period)
                .expect("non-zero period")
                .allow_burst(NonZeroU32::new(burst).expect("non-zero burst"));
            Limiter {
                name,
                burst,
                period,
                local: RateLimiter::keyed(quota),
                shared: shared.clone(),
            }
        };
        Self {
            login_ip: limit("login_ip", 30, Duration::from_secs(2)),
            mail_ip: limit("mail_ip", 10, Duration::from_secs(60)),
            mail_address: limit("mail_address", 3, Duration::from_secs(120)),
            recovery_ip: limit("recovery_ip", 10, Duration::from_secs(60)),
            guest_ip: limit("guest_ip", 60, Duration::from_millis(500)),
            search_ip: limit("search_ip", 120, Duration::from_millis(50)),
            invitation_business: limit("invitation_business", 20, Duration::from_secs(180)),
            // An office behind one address: hundreds of readers' page views at once, 50
            // events a second after that.
            beacon_ip: limit("beacon_ip", BEACON_IP_BURST, Duration::from_millis(20)),
            // A reader sends a few events per page (view, read-through, a click or a share):
            // a busy session fits in the burst, then one a second.
            beacon_visitor: limit(
                "beacon_visitor",
                BEACON_VISITOR_BURST,
                Duration::from_secs(1),
            ),
            // A reader who reports ten posts at once is not reading; then one every 6 minutes.
            flag_member: limit("flag_member", 10, Duration::from_secs(360)),
            // A post's images at once (a gallery of 30), then one a minute: 60 an hour.
            upload_member: limit(
                "upload_member",
                UPLOAD_MEMBER_BURST,
                Duration::from_secs(60),
            ),
            // A long post's links pasted one after another, then one every 15 seconds.
            embed_member: limit("embed_member", 20, Duration::from_secs(15)),
            // A member's own data: two files at once, then one every 12 hours (two a day).
            export_member: limit("export_member", 2, Duration::from_secs(12 * 3600)),
        }
    }

    /// Whether the counters are shared through the database.
    pub fn shared(&self) -> bool {
        self.login_ip.shared.is_some()
    }

    pub async fn check(limiter: &Limiter, key: &str, what: &str) -> Result<(), ApiError> {
        limiter.check(key, 1, what).await
    }

    /// [`RateLimits::check`] for `n` cells at once (e.g. a batch of events); more than the
    /// burst is refused like any request over the limit.
    pub async fn check_n(limiter: &Limiter, key: &str, n: u32, what: &str) -> Result<(), ApiError> {
        if n == 0 {
            return Ok(());
        }
        limiter.check(key, n, what).await
    }
}

/// One statement: the cell rate algorithm over the row of `$1`, on the database's clock.
/// `$2` is the cost of the request (cells × period, ms), `$3` the limit (burst × period, ms).
/// A row comes back when the request is allowed (and the counter moved); none when refused.
const SHARED_CHECK: &str = "INSERT INTO rate_limits (key, tat_ms) \
     SELECT $1, now_ms + $2 FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms) AS clock \
     ON CONFLICT (key) DO UPDATE \
     SET tat_ms = GREATEST(rate_limits.tat_ms, EXCLUDED.tat_ms - $2) + $2 \
     WHERE GREATEST(rate_limits.tat_ms, EXCLUDED.tat_ms - $2) + $2 <= EXCLUDED.tat_ms - $2 + $3 \
     RETURNING tat_ms";

/// How long until `$1` allows a request: the counter ahead of the clock.
const SHARED_AHEAD: &str =
    "SELECT tat_ms - (extract(epoch FROM clock_timestamp()) * 1000)::bigint \
     FROM rate_limits WHERE key = $1";

/// Counters behind the clock say nothing a missing row would not: deleted now and then.
const SHARED_PRUNE: &str =
    "DELETE FROM rate_limits WHERE tat_ms < (extract(epoch FROM clock_timestamp()) * 1000)::bigint";

impl Limiter {
    async fn check(&self, key: &str, n: u32, what: &str) -> Result<(), ApiError> {
        if n > self.burst {
            return Err(ApiError::TooManyRequests {
                message: format!("too many {what} at once"),
                retry_after: 1,
            });
        }
        if let Some(shared) = self.shared.as_ref().filter(|shared| shared.reach.up()) {
            match self.check_shared(shared, key, n).await {
                Ok(None) => return Ok(()),
                Ok(Some(wait)) => return Err(too_many_after(what, wait)),
                Err(error) => {
                    tracing::warn!(%error, limit = self.name, "shared rate limit unanswered; counting in this process");
                }
            }
        }
        // `n` is 1 to the burst here: the local limiter always has the capacity.
        let cells = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        match self.local.check_key_n(&key.to_string(), cells) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(too_many(what, not_until)),
            Err(_) => Err(ApiError::TooManyRequests {
                message: format!("too many {what} at once"),
                retry_after: 1,
            }),
        }
    }

    /// `None` when allowed; how long to wait when refused.
    async fn check_shared(
        &self,
        shared: &Shared,
        key: &str,
        n: u32,
    ) -> Result<Option<Duration>, DbErr> {
        let db = &shared.db;
        let period = i64::try_from(self.period.as_millis())
            .unwrap_or(i64::MAX)
            .max(1);
        let cost = period.saturating_mul(i64::from(n));
        let limit = period.saturating_mul(i64::from(self.burst));
        let key = format!("{}:{}", self.name, (shared.pseudonym)(key));
        let allowed = db
            .query_one_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                SHARED_CHECK,
                [key.clone().into(), cost.into(), limit.into()],
            ))
            .await?;
        if allowed.is_some() {
            return Ok(None);
        }
        let ahead: i64 = db
            .query_one_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                SHARED_AHEAD,
                [key.into()],
            ))
            .await?
            .map(|row| row.try_get_by_index(0))
            .transpose()?
            .unwrap_or(0);
        let wait = ahead.saturating_add(cost).saturating_sub(limit).max(0);
        Ok(Some(Duration::from_millis(wait as u64)))
    }
}

/// Deletes the shared counters that have run out (the caller's claimed hourly job).
pub async fn prune_shared(db: &DatabaseConnection) -> Result<u64, DbErr> {
    if db.get_database_backend() != DbBackend::Postgres {
        return Ok(0);
    }
    Ok(db.execute_unprepared(SHARED_PRUNE).await?.rows_affected())
}

fn too_many(what: &str, not_until: NotUntil<<DefaultClock as Clock>::Instant>) -> ApiError {
    too_many_after(
        what,
        not_until.wait_time_from(DefaultClock::default().now()),
    )
}

fn too_many_after(what: &str, wait: Duration) -> ApiError {
    let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
    ApiError::TooManyRequests {
        message: format!("too many {what}; try again in {seconds} seconds"),
        retry_after: seconds,
    }
}
