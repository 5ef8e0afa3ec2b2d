//! Dates, numbers and counts as the product shows them (SPEC §5, §9).

use crate::calendar::WallTime;
use crate::i18n::Lang;
use crate::Fault;

/// SPEC §9.
pub const DEFAULT_DATE_PATTERN: &str = "yyyy-MM-dd";

/// The span of JavaScript dates: ±100,000,000 days around the epoch.
const MAX_EPOCH_MS: f64 = 8.64e15;

/// A date as the API or the UI hands it over.
#[derive(Debug, Clone, PartialEq)]
pub enum DateValue {
    /// Milliseconds since the Unix epoch (a JavaScript time value).
    Millis(f64),
    /// ISO 8601 / RFC 3339 with an offset (`2026-11-22T09:30:00+09:00`, `…Z`), or a wall-clock
    /// time without one (`2026-11-22T09:30:00`, `2026-11-22 09:30`, `2026-11-22`), or digits
    /// of milliseconds.
    Text(String),
}

/// A parsed date: an instant still to be placed in a time zone, or a wall-clock time that is
/// shown as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParsedDate {
    Instant { epoch_ms: i64 },
    Wall(WallTime),
}

fn invalid_date(text: &str) -> Fault {
    Fault::new("invalid_date", format!("not a date: '{text}'"))
}

pub fn parse_date(value: &DateValue) -> Result<ParsedDate, Fault> {
    match value {
        DateValue::Millis(ms) if ms.is_finite() && ms.abs() <= MAX_EPOCH_MS => {
            Ok(ParsedDate::Instant {
                epoch_ms: ms.trunc() as i64,
            })
        }
        DateValue::Millis(_) => Err(Fault::new(
            "invalid_date",
            "not a date: a time value out of range",
        )),
        DateValue::Text(text) => parse_date_text(text.trim()).ok_or_else(|| invalid_date(text)),
    }
}

/// Reads digits at `at..at + len`.
fn digits(bytes: &[u8], at: usize, len: usize) -> Option<u32> {
    let run = bytes.get(at..at + len)?;
    run.iter().try_fold(0u32, |n, b| {
        b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
    })
}

fn parse_date_text(text: &str) -> Option<ParsedDate> {
    let bytes = text.as_bytes();
    if !bytes.is_empty() && bytes.len() <= 16 && bytes.iter().all(u8::is_ascii_digit) {
        let ms: i64 = text.parse().ok()?;
        return (ms as f64 <= MAX_EPOCH_MS).then_some(ParsedDate::Instant { epoch_ms: ms });
    }
    let (year, month, day) = (
        digits(bytes, 0, 4)?,
        digits(bytes, 5, 2)?,
        digits(bytes, 8, 2)?,
    );
    if bytes.get(4) != Some(&b'-') || bytes.get(7) != Some(&b'-') {
        return None;
    }
    let mut wall = WallTime {
        year: i64::from(year),
        month: month as u8,
        day: day as u8,
        hour: 0,
        minute: 0,
        second: 0,
        milli: 0,
    };
    let mut at = 10;
    if matches!(bytes.get(at), Some(b'T' | b't' | b' ')) {
        wall.hour = digits(bytes, at + 1, 2)? as u8;
        (bytes.get(at + 3) == Some(&b':')).then_some(())?;
        wall.minute = digits(bytes, at + 4, 2)? as u8;
        at += 6;
        if bytes.get(at) == Some(&b':') {
            wall.second = digits(bytes, at + 1, 2)? as u8;
            at += 3;
            if bytes.get(at) == Some(&b'.') {
                let fraction = bytes[at + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if fraction == 0 {
                    return None;
                }
                let first_three = digits(bytes, at + 1, fraction.min(3))?;
                wall.milli = (first_three * 10u32.pow(3 - fraction.min(3) as u32)) as u16;
                at += 1 + fraction;
            }
        }
    }
    if !wall.is_valid() {
        return None;
    }
    let zone = &bytes[at..];
    let offset_minutes: i64 = match zone {
        [] => return Some(ParsedDate::Wall(wall)),
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), ..] => {
            let hours = digits(zone, 1, 2)?;
            let minutes = match zone.len() {
                6 if zone[3] == b':' => digits(zone, 4, 2)?,
                5 => digits(zone, 3, 2)?,
                3 => 0,
                _ => return None,
            };
            if hours > 23 || minutes > 59 {
                return None;
            }
            let total = i64::from(hours * 60 + minutes);
            if *sign == b'-' {
                -total
            } else {
                total
            }
        }
        _ => return None,
    };
    Some(ParsedDate::Instant {
        epoch_ms: wall.to_epoch_ms() - offset_minutes * 60_000,
    })
}

/// The wall-clock time of an instant at `offset_minutes` east of UTC (KST is 540).
pub fn to_wall(epoch_ms: i64, offset_minutes: i32) -> WallTime {
    WallTime::from_epoch_ms(epoch_ms + i64::from(offset_minutes) * 60_000)
}

/// Formats a date with a pattern of the tokens below and `'quoted literals'` (`''` is a
/// quote); other characters but ASCII letters are copied. An instant is shown at
/// `offset_minutes` east of UTC; a wall-clock time as written.
///
/// | token | meaning | example |
/// |---|---|---|
/// | `yyyy`, `yy` | year, four digits or the last two | 2026, 26 |
/// | `MM`, `M` | month, two digits or as few as needed | 03, 3 |
/// | `dd`, `d` | day of the month | 05, 5 |
/// | `HH`, `H` | hour, 0–23 | 07, 7 |
/// | `hh`, `h` | hour, 1–12 | 07, 7 |
/// | `mm`, `m` | minute | 04, 4 |
/// | `ss`, `s` | second | 09, 9 |
/// | `SSS` | millisecond | 123 |
/// | `a` | before or after noon, in `lang` | AM / 오전 |
///
/// Any other run of ASCII letters (`YYYY`, `D`, `MMM`) and a quote left open are an
/// `invalid_pattern` fault rather than text copied by mistake.
pub fn format_date(
    value: &DateValue,
    pattern: Option<&str>,
    offset_minutes: i32,
    lang: Lang,
) -> Result<String, Fault> {
    let pattern = pattern
        .filter(|p| !p.is_empty())
        .unwrap_or(DEFAULT_DATE_PATTERN);
    let tokens = parse_pattern(pattern)?;
    let wall = match parse_date(value)? {
        ParsedDate::Instant { epoch_ms } => to_wall(epoch_ms, offset_minutes),
        ParsedDate::Wall(wall) => wall,
    };
    Ok(write_tokens(&wall, &tokens, lang))
}

/// A date pattern read into its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Literal(String),
    /// A field letter and how many times it is repeated.
    Field(char, usize),
}

fn invalid_pattern(pattern: &str, why: String) -> Fault {
    Fault::new(
        "invalid_pattern",
        format!("date pattern '{pattern}': {why}"),
    )
}

fn parse_pattern(pattern: &str) -> Result<Vec<Part>, Fault> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        if letter == '\'' {
            // 'literal', with '' for a quote.
            let mut j = i + 1;
            if chars.get(j) == Some(&'\'') {
                literal.push('\'');
                i += 2;
                continue;
            }
            loop {
                match (chars.get(j), chars.get(j + 1)) {
                    (None, _) => {
                        return Err(invalid_pattern(pattern, "a quote is left open".into()))
                    }
                    (Some('\''), Some('\'')) => {
                        literal.push('\'');
                        j += 2;
                    }
                    (Some('\''), _) => break,
                    (Some(c), _) => {
                        literal.push(*c);
                        j += 1;
                    }
                }
            }
            i = j + 1;
            continue;
        }
        if !letter.is_ascii_alphabetic() {
            literal.push(letter);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|c| **c == letter).count();
        let known = match letter {
            'y' => run == 2 || run == 4,
            'M' | 'd' | 'H' | 'h' | 'm' | 's' => run <= 2,
            'S' => run == 3,
            'a' => run == 1,
            _ => false,
        };
        if !known {
            let token: String = chars[i..i + run].iter().collect();
            return Err(invalid_pattern(
                pattern,
                format!(
                    "'{token}' is no token (yyyy yy MM M dd d HH H hh h mm m ss s SSS a; quote text as 'text')"
                ),
            ));
        }
        if !literal.is_empty() {
            parts.push(Part::Literal(std::mem::take(&mut literal)));
        }
        parts.push(Part::Field(letter, run));
        i += run;
    }
    if !literal.is_empty() {
        parts.push(Part::Literal(literal));
    }
    Ok(parts)
}

fn push_padded(out: &mut String, value: u64, width: usize) {
    let text = value.to_string();
    for _ in text.len()..width {
        out.push('0');
    }
    out.push_str(&text);
}

fn write_tokens(wall: &WallTime, parts: &[Part], lang: Lang) -> String {
    let mut out = String::with_capacity(24);
    let hour12 = match wall.hour % 12 {
        0 => 12,
        h => h,
    };
    for part in parts {
        let (letter, run) = match part {
            Part::Literal(text) => {
                out.push_str(text);
                continue;
            }
            Part::Field(letter, run) => (*letter, *run),
        };
        let width = if run == 1 { 1 } else { 2 };
        match letter {
            'y' if run == 2 => push_padded(&mut out, wall.year.rem_euclid(100) as u64, 2),
            'y' => {
                if wall.year < 0 {
                    out.push('-');
                }
                push_padded(&mut out, wall.year.unsigned_abs(), 4);
            }
            'M' => push_padded(&mut out, u64::from(wall.month), width),
            'd' => push_padded(&mut out, u64::from(wall.day), width),
            'H' => push_padded(&mut out, u64::from(wall.hour), width),
            'h' => push_padded(&mut out, u64::from(hour12), width),
            'm' => push_padded(&mut out, u64::from(wall.minute), width),
            's' => push_padded(&mut out, u64::from(wall.second), width),
            'S' => push_padded(&mut out, u64::from(wall.milli), 3),
            _ => out.push_str(match (lang, wall.hour < 12) {
                (Lang::Ko, true) => "오전",
                (Lang::Ko, false) => "오후",
                (Lang::En, true) => "AM",
                (Lang::En, false) => "PM",
            }),
        }
    }
    out
}

/// A wall-clock time in a pattern the caller wrote (the server's pages): the pattern must be
/// one [`format_date`] takes; a pattern it refuses comes out as written.
pub fn format_wall(wall: &WallTime, pattern: &str, lang: Lang) -> String {
    match parse_pattern(pattern) {
        Ok(parts) => write_tokens(wall, &parts, lang),
        Err(_) => pattern.to_string(),
    }
}

/// ko-KR number formatting: thousands separators, at most three decimals, as
/// `Intl.NumberFormat('ko-KR')` does by default. Integer arithmetic only: the browser build
/// carries no float formatter.
pub fn format_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "∞".into() } else { "-∞".into() };
    }
    let (whole, thousandths) = if n.abs() < 9.0e15 {
        let milli = (n.abs() * 1000.0).round() as u64;
        (integer_digits(milli / 1000), milli % 1000)
    } else {
        (integer_digits_of_float(n.abs()), 0)
    };
    let mut fraction = String::new();
    if thousandths > 0 {
        push_padded(&mut fraction, thousandths, 3);
        while fraction.ends_with('0') {
            fraction.pop();
        }
    }
    let sign = if n < 0.0 && (whole != "0" || !fraction.is_empty()) {
        "-"
    } else {
        ""
    };
    let grouped = group_thousands(&whole);
    if fraction.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{fraction}")
    }
}

fn integer_digits(n: u64) -> String {
    n.to_string()
}

/// Digits of a float too large for exact integers (its low digits are the float's own).
fn integer_digits_of_float(mut x: f64) -> String {
    let mut digits = Vec::new();
    x = x.trunc();
    while x >= 1.0 {
        digits.push(b'0' + (x % 10.0) as u8);
        x = (x / 10.0).trunc();
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
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
    // No count comes near u64's limit; beyond it the value saturates.
    let count = rounded.abs() as u64;
    const UNITS: [(u64, char); 3] = [(1_000, 'k'), (1_000_000, 'm'), (1_000_000_000, 'b')];
    let Some(mut index) = UNITS.iter().rposition(|(unit, _)| count >= *unit) else {
        return format!("{sign}{count}");
    };
    // Tenths of the unit, rounded half up: (count + unit/20) / (unit/10), without overflow.
    let tenths_of = |unit: u64| count.saturating_add(unit / 20) / (unit / 10);
    let mut tenths = tenths_of(UNITS[index].0);
    if tenths >= 10_000 && index + 1 < UNITS.len() {
        index += 1;
        tenths = tenths_of(UNITS[index].0);
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

    /// The English page's format, as most cases below need.
    fn format_date(value: &DateValue, pattern: Option<&str>, offset: i32) -> Result<String, Fault> {
        super::format_date(value, pattern, offset, Lang::En)
    }

    #[test]
    fn patterns_refuse_what_is_no_token() {
        let value = text("2026-03-05T07:04:09.123+09:00");
        for bad in [
            "YYYY-MM-DD",
            "yyyy-MM-D",
            "yyy",
            "MMM d",
            "SS",
            "aa",
            "'open",
            "yyyy 'x",
        ] {
            let fault = format_date(&value, Some(bad), KST).unwrap_err();
            assert_eq!(fault.code, "invalid_pattern", "{bad}");
        }
        assert_eq!(
            format_date(&value, Some("yyyy년 M월 d일 ('KST')"), KST),
            Ok("2026년 3월 5일 (KST)".into()),
            "letters beyond ASCII are text, quoted ASCII letters too"
        );
    }

    #[test]
    fn before_and_after_noon_in_the_page_language() {
        let morning = text("2026-03-05T07:04:09+09:00");
        let evening = text("2026-03-05T19:04:09+09:00");
        assert_eq!(
            super::format_date(&morning, Some("a h:mm"), KST, Lang::Ko),
            Ok("오전 7:04".into())
        );
        assert_eq!(
            super::format_date(&evening, Some("a h:mm"), KST, Lang::Ko),
            Ok("오후 7:04".into())
        );
        assert_eq!(
            super::format_date(&evening, Some("h:mm a"), KST, Lang::En),
            Ok("7:04 PM".into())
        );
    }

    use proptest::prelude::*;

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
        assert_eq!(
            format_date(&value, Some("yyyy.MM.dd HH:mm"), KST).unwrap(),
            "2026.03.05 07:04"
        );
        assert_eq!(
            format_date(&value, Some("yy/M/d H:m:s.SSS"), KST).unwrap(),
            "26/3/5 7:4:9.123"
        );
        assert_eq!(
            format_date(&value, Some("hh:mm a"), KST).unwrap(),
            "07:04 AM"
        );
        assert_eq!(
            format_date(&value, Some("yyyy'년' M'월' d'일'"), KST).unwrap(),
            "2026년 3월 5일"
        );
        assert_eq!(
            format_date(&value, Some("'It''s' yyyy"), KST).unwrap(),
            "It's 2026"
        );
        assert_eq!(
            format_date(&text("2026-12-31 23:59:59"), Some("yyyy-MM-dd HH:mm:ss"), 0).unwrap(),
            "2026-12-31 23:59:59"
        );
        assert_eq!(
            format_date(&text("2026-01-02"), Some(""), 0).unwrap(),
            "2026-01-02"
        );
        assert_eq!(
            format_date(&text("1795275000000"), None, KST).unwrap(),
            "2026-11-22"
        );
        assert_eq!(
            format_date(&text("2026-01-02T00:00:00Z"), Some("h a"), 0).unwrap(),
            "12 AM"
        );
        assert_eq!(
            format_date(
                &text("2026-01-02T00:30:00-0130"),
                Some("yyyy-MM-dd HH:mm"),
                0
            )
            .unwrap(),
            "2026-01-02 02:00"
        );
        assert_eq!(
            format_date(&text("2026-01-02T09:00:00.5+09"), Some("HH:mm:ss.SSS"), 0).unwrap(),
            "00:00:00.500"
        );
    }

    #[test]
    fn wall_clock_text_is_shown_as_written() {
        assert_eq!(
            format_date(&text("2026-01-02T23:30:00"), Some("yyyy-MM-dd HH:mm"), -300).unwrap(),
            "2026-01-02 23:30"
        );
    }

    #[test]
    fn bad_dates_are_faults() {
        for bad in ["", "yesterday", "2026-13-01", "2026-02-30"] {
            assert_eq!(
                format_date(&text(bad), None, 0).unwrap_err().code,
                "invalid_date",
                "{bad}"
            );
        }
        assert!(format_date(&DateValue::Millis(f64::NAN), None, 0).is_err());
        assert!(format_date(&DateValue::Millis(1e20), None, 0).is_err());
        for bad in [
            "2026-01-02T25:00",
            "2026-01-02T10:00+9",
            "2026-01-02T10:00:00.Z",
            "2026/01/02",
            "2026-01-02X",
        ] {
            assert!(format_date(&text(bad), None, 0).is_err(), "{bad}");
        }
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
        assert_eq!(format_number(1e21), "1,000,000,000,000,000,000,000");
        assert_eq!(format_number(0.5), "0.5");
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
            (1e30, "18,446,744,073.7b"),
        ];
        for (n, want) in cases {
            assert_eq!(abbreviate_count(n), want, "{n}");
        }
    }

    /// Reads an abbreviation back: `1.2k` → 1200.
    fn read_back(text: &str) -> f64 {
        let (number, unit) = match text.chars().last() {
            Some('k') => (&text[..text.len() - 1], 1e3),
            Some('m') => (&text[..text.len() - 1], 1e6),
            Some('b') => (&text[..text.len() - 1], 1e9),
            _ => (text, 1.0),
        };
        number.replace(',', "").parse::<f64>().unwrap() * unit
    }

    proptest! {
        #[test]
        fn abbreviations_are_well_formed_and_close(n in 0u64..1_000_000_000_000_000) {
            let text = abbreviate_count(n as f64);
            let unit = match text.chars().last() {
                Some('k') => 1e3,
                Some('m') => 1e6,
                Some('b') => 1e9,
                _ => 1.0,
            };
            let number = text.trim_end_matches(['k', 'm', 'b']);
            // One decimal at most, never a trailing .0.
            prop_assert!(!number.ends_with(".0"), "{}", text);
            prop_assert!(number.split('.').nth(1).is_none_or(|d| d.len() == 1), "{}", text);
            // Below the billions, the number shown stays under 1000 of its unit (999,950 is 1m).
            if unit < 1e9 {
                prop_assert!(read_back(&text) / unit < 1000.0, "{}", text);
            }
            // Rounded half up to a tenth of the unit: off by at most half a tenth.
            prop_assert!((read_back(&text) - n as f64).abs() <= unit * 0.05 + 0.5, "{} for {}", text, n);
        }

        #[test]
        fn abbreviations_never_decrease(a in 0u64..10_000_000_000, b in 0u64..10_000_000_000) {
            let (low, high) = (a.min(b), a.max(b));
            prop_assert!(read_back(&abbreviate_count(low as f64)) <= read_back(&abbreviate_count(high as f64)));
        }

        #[test]
        fn numbers_round_trip_through_grouping(n in -9_000_000_000_000i64..9_000_000_000_000i64) {
            let text = format_number(n as f64);
            prop_assert_eq!(text.replace(',', "").parse::<i64>().unwrap(), n);
        }
    }
}
