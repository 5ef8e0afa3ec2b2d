//! Rate limits: per client address and per e-mail, checked before any password hashing or
//! mail, answering 429 with Retry-After rather than hanging. Counters live in this process;
//! the counters of tries at a secret (sign-in, password checks) live in the database so they
//! hold across processes (`auth::guard`).

use crate::http::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, NotUntil, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::time::Duration;

pub struct RateLimits {
    pub login_ip: DefaultKeyedRateLimiter<String>,
    pub mail_ip: DefaultKeyedRateLimiter<String>,
    pub mail_address: DefaultKeyedRateLimiter<String>,
    pub recovery_ip: DefaultKeyedRateLimiter<String>,
    pub guest_ip: DefaultKeyedRateLimiter<String>,
    /// Searches and suggestions per client address.
    pub search_ip: DefaultKeyedRateLimiter<String>,
    /// Manager invitations per business.
    pub invitation_business: DefaultKeyedRateLimiter<String>,
    /// Reports of a problem with a post, per member.
    pub flag_member: DefaultKeyedRateLimiter<String>,
    /// Analytics events (beacons and `/api/v1/events`) per client address, one cell per event.
    pub beacon_ip: DefaultKeyedRateLimiter<String>,
    /// Analytics events per visitor (member or guest id), one cell per event.
    pub beacon_visitor: DefaultKeyedRateLimiter<String>,
}

/// `burst` requests at once, then one every `period`.
fn limiter(burst: u32, period: Duration) -> DefaultKeyedRateLimiter<String> {
    let quota = Quota::with_period(period)
        .expect("non-zero period")
        .allow_burst(NonZeroU32::new(burst).expect("non-zero burst"));
    RateLimiter::keyed(quota)
}

/// Analytics events one client address may send at once.
pub const BEACON_IP_BURST: u32 = 1000;
/// Analytics events one visitor may send at once.
pub const BEACON_VISITOR_BURST: u32 = 120;

impl Default for RateLimits {
    fn default() -> Self {
        Self::new(true)
    }
}

impl RateLimits {
    /// `enabled = false` (`TIDEMARK_RATE_LIMITS=off`, demo mode only) is for load benchmarks,
    /// which would otherwise measure the limiter's refusals.
    pub fn new(enabled: bool) -> Self {
        if !enabled {
            let open = || limiter(u32::MAX / 2, Duration::from_nanos(1));
            return Self {
                login_ip: open(),
                mail_ip: open(),
                mail_address: open(),
                recovery_ip: open(),
                guest_ip: open(),
                search_ip: open(),
                invitation_business: open(),
                flag_member: open(),
                beacon_ip: open(),
                beacon_visitor: open(),
            };
        }
        Self {
            login_ip: limiter(30, Duration::from_secs(2)),
            mail_ip: limiter(10, Duration::from_secs(60)),
            mail_address: limiter(3, Duration::from_secs(120)),
            recovery_ip: limiter(10, Duration::from_secs(60)),
            guest_ip: limiter(60, Duration::from_millis(500)),
            search_ip: limiter(120, Duration::from_millis(50)),
            invitation_business: limiter(20, Duration::from_secs(180)),
            // A reader who reports ten posts at once is not reading; then one every 6 minutes.
            flag_member: limiter(10, Duration::from_secs(360)),
            // An office behind one address: hundreds of readers' page views at once, 50
            // events a second after that.
            beacon_ip: limiter(BEACON_IP_BURST, Duration::from_millis(20)),
            // A reader sends a few events per page (view, read-through, a click or a share):
            // a busy session fits in the burst, then one a second.
            beacon_visitor: limiter(BEACON_VISITOR_BURST, Duration::from_secs(1)),
        }
    }
}

impl RateLimits {
    pub fn check(
        limiter: &DefaultKeyedRateLimiter<String>,
        key: &str,
        what: &str,
    ) -> Result<(), ApiError> {
        limiter
            .check_key(&key.to_string())
            .map_err(|not_until| too_many(what, not_until))
    }

    /// [`RateLimits::check`] for `n` cells at once (e.g. a batch of events); more than the
    /// burst is refused like any request over the limit.
    pub fn check_n(
        limiter: &DefaultKeyedRateLimiter<String>,
        key: &str,
        n: u32,
        what: &str,
    ) -> Result<(), ApiError> {
        let Some(n) = NonZeroU32::new(n) else {
            return Ok(());
        };
        match limiter.check_key_n(&key.to_string(), n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(too_many(what, not_until)),
            Err(_) => Err(ApiError::TooManyRequests {
                message: format!("too many {what} at once"),
                retry_after: 1,
            }),
        }
    }
}

fn too_many(what: &str, not_until: NotUntil<<DefaultClock as Clock>::Instant>) -> ApiError {
    let wait = not_until.wait_time_from(DefaultClock::default().now());
    ApiError::TooManyRequests {
        message: format!(
            "too many {what}; try again in {} seconds",
            wait.as_secs().max(1)
        ),
        retry_after: wait.as_secs().max(1),
    }
}
