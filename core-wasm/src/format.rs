//! Dates, numbers and counts as the product shows them (SPEC §5, §9).

use crate::Fault;
use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike};

/// SPEC §9.
pub const DEFAULT_DATE_PATTERN: &str = "yyyy-MM-dd";

/// A date as the API or the UI hands it over.
#[derive(Debug, Clone, PartialEq)]
pub enum DateValue {
    /// Milliseconds since the Unix epoch (a JavaScript time value).
    Millis(f64),
    /// RFC 3339 (`2026-11-22T09:30:00+09:00`), or a wall-clock time without offset
    /// (`2026-11-22T09:30:00`, `2026-11-22 09:30`, `2026-11-22`), or digits of milliseconds.
    Text(String),
}

/// A parsed date: an instant still to be placed in a time zone, or a wall-clock time that is
/// shown as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParsedDate {
    Instant { epoch_ms: i64 },
    Wall(NaiveDateTime),
}

pub fn parse_date(value: &DateValue) -> Result<ParsedDate, Fault> {
    let invalid = || Fault::new("invalid_date", format!("not a date: {value:?}"));
    match value {
        DateValue::Millis(ms) if ms.is_finite() && ms.abs() <= 8.64e15 => {
            Ok(ParsedDate::Instant { epoch_ms: ms.trunc() as i64 })
        }
        DateValue::Millis(_) => Err(invalid()),
        DateValue::Text(text) => {
            let text = text.trim();
            if !text.is_empty() && text.len() <= 16 && text.bytes().all(|b| b.is_ascii_digit()) {
                return text.parse::<f64>().map_err(|_| invalid()).and_then(|ms| parse_date(&DateValue::Millis(ms)));
            }
            if let Ok(instant) = DateTime::parse_from_rfc3339(text) {
                return Ok(ParsedDate::Instant { epoch_ms: instant.timestamp_millis() });
            }
            for pattern in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"] {
                if let Ok(wall) = NaiveDateTime::parse_from_str(text, pattern) {
                    return Ok(ParsedDate::Wall(wall));
                }
            }
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(|day| ParsedDate::Wall(day.and_time(chrono::NaiveTime::MIN)))
                .map_err(|_| invalid())
        }
    }
}

/// The wall-clock time of an instant at `offset_minutes` east of UTC (KST is 540).
pub fn to_wall(epoch_ms: i64, offset_minutes: i32) -> Result<NaiveDateTime, Fault> {
    DateTime::from_timestamp_millis(epoch_ms + i64::from(offset_minutes) * 60_000)
        .map(|utc| utc.naive_utc())
        .ok_or_else(|| Fault::new("invalid_date", format!("out of range: {epoch_ms}")))
}

/// Formats a date with a pattern of `yyyy yy MM M dd d HH H hh h mm m ss s SSS a` and
/// `'quoted literals'`; any other character is copied. An instant is shown at
/// `offset_minutes` east of UTC; a wall-clock time as written.
pub fn format_date(value: &DateValue, pattern: Option<&str>, offset_minutes: i32) -> Result<String, Fault> {
    let wall = match parse_date(value)? {
        ParsedDate::Instant { epoch_ms } => to_wall(epoch_ms, offset_minutes)?,
        ParsedDate::Wall(wall) => wall,
    };
    Ok(format_wall(&wall, pattern.filter(|p| !p.is_empty()).unwrap_or(DEFAULT_DATE_PATTERN)))
}

pub fn format_wall(wall: &NaiveDateTime, pattern: &str) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        if letter == '\'' {
            // 'literal', with '' for a quote.
            let mut j = i + 1;
            if chars.get(j) == Some(&'\'') {
                out.push('\'');
                i += 2;
                continue;
            }
            while j < chars.len() {
                match (chars[j], chars.get(j + 1)) {
                    ('\'', Some('\'')) => {
                        out.push('\'');
                        j += 2;
                    }
                    ('\'', _) => break,
                    (c, _) => {
                        out.push(c);
                        j += 1;
                    }
                }
            }
            i = j + 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|c| **c == letter).count();
        let hour12 = match wall.hour() % 12 {
            0 => 12,
            h => h,
        };
        match (letter, run) {
            ('y', 2) => out.push_str(&format!("{:02}", wall.year().rem_euclid(100))),
            ('y', _) => out.push_str(&format!("{:04}", wall.year())),
            ('M', 1) => out.push_str(&wall.month().to_string()),
            ('M', _) => out.push_str(&format!("{:02}", wall.month())),
            ('d', 1) => out.push_str(&wall.day().to_string()),
            ('d', _) => out.push_str(&format!("{:02}", wall.day())),
            ('H', 1) => out.push_str(&wall.hour().to_string()),
            ('H', _) => out.push_str(&format!("{:02}", wall.hour())),
            ('h', 1) => out.push_str(&hour12.to_string()),
            ('h', _) => out.push_str(&format!("{hour12:02}")),
            ('m', 1) => out.push_str(&wall.minute().to_string()),
            ('m', _) => out.push_str(&format!("{:02}", wall.minute())),
            ('s', 1) => out.push_str(&wall.second().to_string()),
            ('s', _) => out.push_str(&format!("{:02}", wall.second())),
            ('S', _) => out.push_str(&format!("{:03}", wall.and_utc().timestamp_subsec_millis().min(999))),
            ('a', _) => out.push_str(if wall.hour() < 12 { "AM" } else { "PM" }),
            _ => {
                for _ in 0..run {
                    out.push(letter);
                }
            }
        }
        i += run;
    }
    out
}

/// ko-KR number formatting: thousands separators, at most three decimals (as
/// `Intl.NumberFormat('ko-KR')` does by default).
pub fn format_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "∞".into() } else { "-∞".into() };
    }
    let fixed = format!("{:.3}", n.abs());
    let (int_part, frac_part) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let frac = frac_part.trim_end_matches('0');
    let grouped = group_thousands(int_part);
    let negative = n < 0.0 && (grouped != "0" || !frac.is_empty());
    let sign = if negative { "-" } else { "" };
    if frac.is_empty() { format!("{sign}{grouped}") } else { format!("{sign}{grouped}.{frac}") }
}

fn group_thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Counts as readers see them: `999`, `1k`, `1.2k`, `3.4m`, `1.5b`. One decimal at most, no
/// trailing `.0`, rounded half up; a value that rounds to 1000 of a unit moves to the next
/// one (999,950 is `1m`, never `1000k`).
pub fn abbreviate_count(n: f64) -> String {
    if !n.is_finite() {
        return format_number(n);
    }
    let rounded = n.round();
    let sign = if rounded < 0.0 { "-" } else { "" };
    // u128 holds every finite f64 below 3.4e38; beyond that we clamp, as no count gets there.
    let count = rounded.abs().min(1e38) as u128;
    const UNITS: [(u128, char); 3] = [(1_000, 'k'), (1_000_000, 'm'), (1_000_000_000, 'b')];
    let Some(mut index) = UNITS.iter().rposition(|(unit, _)| count >= *unit) else {
        return format!("{sign}{count}");
    };
    let mut tenths = (count * 10 + UNITS[index].0 / 2) / UNITS[index].0;
    if tenths >= 10_000 && index + 1 < UNITS.len() {
        index += 1;
        tenths = (count * 10 + UNITS[index].0 / 2) / UNITS[index].0;
    }
    let whole = group_thousands(&(tenths / 10).to_string());
    let suffix = UNITS[index].1;
    match tenths % 10 {
        0 => format!("{sign}{whole}{suffix}"),
        decimal => format!("{sign}{whole}.{decimal}{suffix}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KST: i32 = 540;

    fn text(s: &str) -> DateValue {
        DateValue::Text(s.into())
    }

    #[test]
    fn default_pattern_is_iso_day() {
        // 2026-11-21T15:30:00Z is already the 22nd in Seoul.
        let instant = DateValue::Millis(1_795_275_000_000.0);
        assert_eq!(format_date(&instant, None, KST).unwrap(), "2026-11-22");
        assert_eq!(format_date(&instant, None, 0).unwrap(), "2026-11-21");
    }

    #[test]
    fn patterns() {
        let value = text("2026-03-05T07:04:09.123+09:00");
        assert_eq!(format_date(&value, Some("yyyy.MM.dd HH:mm"), KST).unwrap(), "2026.03.05 07:04");
        assert_eq!(format_date(&value, Some("yy/M/d H:m:s.SSS"), KST).unwrap(), "26/3/5 7:4:9.123");
        assert_eq!(format_date(&value, Some("hh:mm a"), KST).unwrap(), "07:04 AM");
        assert_eq!(format_date(&value, Some("yyyy'년' M'월' d'일'"), KST).unwrap(), "2026년 3월 5일");
        assert_eq!(format_date(&value, Some("'It''s' yyyy"), KST).unwrap(), "It's 2026");
        assert_eq!(format_date(&text("2026-12-31 23:59:59"), Some("yyyy-MM-dd HH:mm:ss"), 0).unwrap(), "2026-12-31 23:59:59");
        assert_eq!(format_date(&text("2026-01-02"), Some(""), 0).unwrap(), "2026-01-02");
        assert_eq!(format_date(&text("1795275000000"), None, KST).unwrap(), "2026-11-22");
        assert_eq!(format_date(&text("2026-01-02T00:00:00Z"), Some("h a"), 0).unwrap(), "12 AM");
    }

    #[test]
    fn wall_clock_text_is_shown_as_written() {
        assert_eq!(format_date(&text("2026-01-02T23:30:00"), Some("yyyy-MM-dd HH:mm"), -300).unwrap(), "2026-01-02 23:30");
    }

    #[test]
    fn bad_dates_are_faults() {
        for bad in ["", "yesterday", "2026-13-01", "2026-02-30"] {
            assert_eq!(format_date(&text(bad), None, 0).unwrap_err().code, "invalid_date", "{bad}");
        }
        assert!(format_date(&DateValue::Millis(f64::NAN), None, 0).is_err());
        assert!(format_date(&DateValue::Millis(1e20), None, 0).is_err());
    }

    #[test]
    fn numbers_use_korean_grouping() {
        assert_eq!(format_number(0.0), "0");
        assert_eq!(format_number(999.0), "999");
        assert_eq!(format_number(1000.0), "1,000");
        assert_eq!(format_number(1234567.0), "1,234,567");
        assert_eq!(format_number(-1234567.891), "-1,234,567.891");
        assert_eq!(format_number(1234.56789), "1,234.568");
        assert_eq!(format_number(0.1 + 0.2), "0.3");
        assert_eq!(format_number(-0.0001), "0");
        assert_eq!(format_number(f64::NAN), "NaN");
    }

    #[test]
    fn counts_abbreviate() {
        let cases = [
            (0.0, "0"),
            (999.0, "999"),
            (999.4, "999"),
            (999.5, "1k"),
            (1000.0, "1k"),
            (1049.0, "1k"),
            (1050.0, "1.1k"),
            (1234.0, "1.2k"),
            (12_345.0, "12.3k"),
            (999_949.0, "999.9k"),
            (999_950.0, "1m"),
            (1_000_000.0, "1m"),
            (1_250_000.0, "1.3m"),
            (999_950_000.0, "1b"),
            (1_500_000_000.0, "1.5b"),
            (2_345_000_000_000.0, "2,345b"),
            (-1234.0, "-1.2k"),
        ];
        for (n, want) in cases {
            assert_eq!(abbreviate_count(n), want, "{n}");
        }
    }
}
