//! The token-check throttle of SPEC §4: a check is skipped if the last one was less than ten
//! minutes ago.
//!
//! A pure function of the last check and now: the caller keeps the last check (session or
//! local storage) and records `now` as the last check whenever it is told a check is due.

/// SPEC §9: token re-check interval.
pub const TOKEN_CHECK_INTERVAL_MS: f64 = 10.0 * 60.0 * 1000.0;

/// Whether the session's token check is due at `now_ms`: never checked (`None`, or a
/// non-finite last value, which is ignored), the clock went backwards (device time changed,
/// which never blocks a check), or at least [`TOKEN_CHECK_INTERVAL_MS`] since the last check.
pub fn token_check_due(last_check_ms: Option<f64>, now_ms: f64) -> bool {
    match last_check_ms.filter(|ms| ms.is_finite()) {
        None => true,
        Some(last) => now_ms < last || now_ms - last >= TOKEN_CHECK_INTERVAL_MS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_checked_is_due() {
        assert!(token_check_due(None, 0.0));
        assert!(token_check_due(None, 1_000.0));
    }

    #[test]
    fn checks_at_most_every_ten_minutes() {
        let last = 1_000.0;
        assert!(!token_check_due(Some(last), last));
        assert!(!token_check_due(
            Some(last),
            last + TOKEN_CHECK_INTERVAL_MS - 1.0
        ));
        assert!(token_check_due(Some(last), last + TOKEN_CHECK_INTERVAL_MS));
        assert!(token_check_due(
            Some(last),
            last + TOKEN_CHECK_INTERVAL_MS + 1.0
        ));
    }

    #[test]
    fn a_clock_gone_backwards_never_blocks_a_check() {
        assert!(!token_check_due(Some(5_000_000.0), 5_000_001.0));
        assert!(token_check_due(Some(5_000_000.0), 4_000_000.0));
    }

    #[test]
    fn a_non_finite_last_check_is_ignored() {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert!(token_check_due(Some(bad), 0.0), "{bad}");
        }
    }

    #[test]
    fn recording_now_when_due_spaces_the_checks() {
        // The caller's side of the contract: record now whenever a check is due.
        let mut last = None;
        let mut checks = Vec::new();
        for minute in 0..=25 {
            let now = f64::from(minute) * 60_000.0;
            if token_check_due(last, now) {
                last = Some(now);
                checks.push(minute);
            }
        }
        assert_eq!(checks, vec![0, 10, 20]);
    }
}
