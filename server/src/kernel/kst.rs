//! Korean time: the zone of the core's `KST_OFFSET_MINUTES`, in which analytics days,
//! scheduled publication and the console's dates are counted, whatever the server's zone.

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use tidemark_core::calendar::KST_OFFSET_MINUTES;

/// The KST offset as a chrono zone.
pub fn kst() -> FixedOffset {
    FixedOffset::east_opt(KST_OFFSET_MINUTES * 60).expect("KST is a valid offset")
}

/// The KST date of `at`.
pub fn kst_date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&kst()).date_naive()
}

/// The KST day of `at`, `yyyy-MM-dd` (how analytics rows name their day).
pub fn kst_day(at: DateTime<Utc>) -> String {
    kst_date(at).format("%Y-%m-%d").to_string()
}

/// Midnight KST of `date`, in UTC.
pub fn kst_midnight(date: NaiveDate) -> DateTime<Utc> {
    kst()
        .from_local_datetime(&date.and_hms_opt(0, 0, 0).expect("midnight exists"))
        .single()
        .expect("a fixed offset has one midnight")
        .with_timezone(&Utc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kst_day_turns_at_15_utc() {
        let before = Utc.with_ymd_and_hms(2026, 11, 23, 14, 59, 59).unwrap();
        let after = Utc.with_ymd_and_hms(2026, 11, 23, 15, 0, 0).unwrap();
        assert_eq!(kst_day(before), "2026-11-23");
        assert_eq!(kst_day(after), "2026-11-24");
        assert_eq!(kst_midnight(kst_date(after)), after);
    }
}
