//! Proleptic Gregorian calendar arithmetic on epoch milliseconds: what the date rules need,
//! small enough for the browser build (a date library there would outweigh every rule).

/// A wall-clock time, without a time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WallTime {
    pub year: i64,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
    pub milli: u16,
}

const MS_PER_DAY: i64 = 86_400_000;

/// Korea Standard Time, minutes east of UTC: the zone analytics days, schedules and the
/// business console's dates are counted in (PRODUCT "Analytics", "Posts").
pub const KST_OFFSET_MINUTES: i32 = 540;

/// Whether `minutes` east of UTC is an offset some zone on Earth uses (UTC-12:00 to
/// UTC+14:00): what a reader's `_off_set` header or beacon may carry.
pub fn is_utc_offset(minutes: i32) -> bool {
    (-720..=840).contains(&minutes)
}

/// An offset as a caller hands it over (a JavaScript number): a whole number of minutes that
/// [`is_utc_offset`] accepts, or an `invalid_offset` fault naming it.
pub fn checked_offset(minutes: f64) -> Result<i32, crate::Fault> {
    if minutes.fract() == 0.0 && (-720.0..=840.0).contains(&minutes) {
        Ok(minutes as i32)
    } else {
        Err(crate::Fault::new(
            "invalid_offset",
            // Integers only: the browser build carries no float formatter.
            if minutes.fract() == 0.0 && minutes.abs() < 1e15 {
                format!(
                    "not a UTC offset: {} minutes (a whole number from -720 to 840, UTC-12:00 to UTC+14:00)",
                    minutes as i64
                )
            } else {
                "not a UTC offset: not a whole number of minutes (from -720 to 840, UTC-12:00 to UTC+14:00)".to_string()
            },
        ))
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
pub fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

pub fn is_leap_year(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

pub fn days_in_month(year: i64, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

impl WallTime {
    /// The wall-clock time at UTC of an epoch millisecond.
    pub fn from_epoch_ms(epoch_ms: i64) -> WallTime {
        let days = epoch_ms.div_euclid(MS_PER_DAY);
        let in_day = epoch_ms.rem_euclid(MS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        WallTime {
            year,
            month,
            day,
            hour: (in_day / 3_600_000) as u8,
            minute: (in_day / 60_000 % 60) as u8,
            second: (in_day / 1000 % 60) as u8,
            milli: (in_day % 1000) as u16,
        }
    }

    /// Epoch milliseconds of this wall-clock time read at UTC.
    pub fn to_epoch_ms(&self) -> i64 {
        days_from_civil(self.year, self.month, self.day) * MS_PER_DAY
            + i64::from(self.hour) * 3_600_000
            + i64::from(self.minute) * 60_000
            + i64::from(self.second) * 1000
            + i64::from(self.milli)
    }

    pub fn is_valid(&self) -> bool {
        (1..=12).contains(&self.month)
            && (1..=days_in_month(self.year, self.month)).contains(&self.day)
            && self.hour < 24
            && self.minute < 60
            && self.second < 60
            && self.milli < 1000
    }

    /// 0 = Sunday … 6 = Saturday.
    pub fn weekday(&self) -> u8 {
        // 1970-01-01 was a Thursday.
        (days_from_civil(self.year, self.month, self.day) + 4).rem_euclid(7) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn offsets_span_the_zones_in_use() {
        assert!(is_utc_offset(KST_OFFSET_MINUTES));
        assert!(is_utc_offset(-720) && is_utc_offset(840) && is_utc_offset(0));
        assert!(!is_utc_offset(-721) && !is_utc_offset(841));
    }

    #[test]
    fn offsets_from_callers_are_whole_minutes_of_a_zone() {
        assert_eq!(checked_offset(540.0), Ok(540));
        assert_eq!(checked_offset(-720.0), Ok(-720));
        for bad in [99_999.0, 841.0, -721.0, 540.5, f64::NAN, f64::INFINITY] {
            assert_eq!(
                checked_offset(bad).unwrap_err().code,
                "invalid_offset",
                "{bad}"
            );
        }
    }

    #[test]
    fn known_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        let wall = WallTime::from_epoch_ms(1_795_275_000_000);
        assert_eq!(
            (wall.year, wall.month, wall.day, wall.hour, wall.minute),
            (2026, 11, 21, 15, 30)
        );
        assert_eq!(wall.weekday(), 6, "2026-11-21 is a Saturday");
        assert!(!WallTime {
            month: 2,
            day: 29,
            ..wall
        }
        .is_valid());
        assert!(WallTime {
            year: 2028,
            month: 2,
            day: 29,
            ..wall
        }
        .is_valid());
    }

    proptest! {
        #[test]
        fn epoch_round_trips(ms in -8_640_000_000_000_000i64..8_640_000_000_000_000i64) {
            let wall = WallTime::from_epoch_ms(ms);
            prop_assert!(wall.is_valid());
            prop_assert_eq!(wall.to_epoch_ms(), ms);
        }
    }
}
