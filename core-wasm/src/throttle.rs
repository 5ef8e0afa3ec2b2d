//! The token-check throttle of SPEC §4: a check is skipped if the last one was less than ten
//! minutes ago.

/// SPEC §9: token re-check interval.
pub const TOKEN_CHECK_INTERVAL_MS: f64 = 10.0 * 60.0 * 1000.0;

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TokenCheckThrottle {
    last_check_ms: Option<f64>,
}

impl TokenCheckThrottle {
    /// `last_check_ms` restores a throttle kept across page loads (session storage).
    pub fn new(last_check_ms: Option<f64>) -> Self {
        Self {
            last_check_ms: last_check_ms.filter(|ms| ms.is_finite()),
        }
    }

    pub fn last_check_ms(&self) -> Option<f64> {
        self.last_check_ms
    }

    /// A clock that went backwards (device time changed) never blocks a check.
    pub fn should_check(&self, now_ms: f64) -> bool {
        match self.last_check_ms {
            None => true,
            Some(last) => now_ms < last || now_ms - last >= TOKEN_CHECK_INTERVAL_MS,
        }
    }

    pub fn record_check(&mut self, now_ms: f64) {
        self.last_check_ms = Some(now_ms);
    }

    /// Asks and records in one step: `true` when the caller must call the server now.
    pub fn try_acquire(&mut self, now_ms: f64) -> bool {
        let due = self.should_check(now_ms);
        if due {
            self.record_check(now_ms);
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_at_most_every_ten_minutes() {
        let mut throttle = TokenCheckThrottle::default();
        assert!(throttle.try_acquire(1_000.0));
        assert!(!throttle.try_acquire(1_000.0 + TOKEN_CHECK_INTERVAL_MS - 1.0));
        assert!(throttle.try_acquire(1_000.0 + TOKEN_CHECK_INTERVAL_MS));
        assert_eq!(
            throttle.last_check_ms(),
            Some(1_000.0 + TOKEN_CHECK_INTERVAL_MS)
        );
    }

    #[test]
    fn restored_and_backwards_clocks() {
        let restored = TokenCheckThrottle::new(Some(5_000_000.0));
        assert!(!restored.should_check(5_000_001.0));
        assert!(restored.should_check(4_000_000.0));
        assert!(TokenCheckThrottle::new(Some(f64::NAN)).should_check(0.0));
    }
}
