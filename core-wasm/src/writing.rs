//! The rules of writing a post (PRODUCT "Posts"): the limits, the tags as they are kept, the
//! schedule in Korean time and its countdown, the links a body may hold. The console's
//! editor shows them as the writer types; the server refuses what breaks them. One rule,
//! here.

use crate::calendar::WallTime;

pub const TITLE_MAX_CHARS: usize = 100;
pub const SUMMARY_MAX_CHARS: usize = 300;
pub const BODY_MAX_BYTES: usize = 500 * 1024;
pub const TAGS_MAX: usize = 10;
pub const TAG_MAX_CHARS: usize = 30;

/// Korea Standard Time, minutes east of UTC (no daylight saving since 1988).
pub const KST_OFFSET_MINUTES: i32 = 540;
const KST_OFFSET_MS: i64 = KST_OFFSET_MINUTES as i64 * 60_000;

/// What is wrong with a list of tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagProblem {
    /// A tag longer than [`TAG_MAX_CHARS`].
    TooLong,
    /// More than [`TAGS_MAX`] distinct tags.
    TooMany,
}

/// One tag as it is kept: trimmed, a leading `#` dropped; `None` when nothing is left.
pub fn clean_tag(raw: &str) -> Option<&str> {
    let tag = raw.trim().trim_start_matches('#').trim();
    (!tag.is_empty()).then_some(tag)
}

/// The tags as they are kept: each cleaned ([`clean_tag`]), empty ones dropped, repeats
/// (ignoring the case of Latin letters) dropped keeping the first spelling; at most
/// [`TAGS_MAX`] of at most [`TAG_MAX_CHARS`] characters. (ASCII case only: Korean has no
/// case, and Unicode's case tables would weigh more in the browser than every rule here.)
pub fn clean_tags<S: AsRef<str>>(raw: &[S]) -> Result<Vec<String>, TagProblem> {
    let mut tags: Vec<String> = Vec::new();
    for tag in raw.iter().filter_map(|tag| clean_tag(tag.as_ref())) {
        if tag.chars().count() > TAG_MAX_CHARS {
            return Err(TagProblem::TooLong);
        }
        if !tags.iter().any(|kept| kept.eq_ignore_ascii_case(tag)) {
            tags.push(tag.to_string());
        }
    }
    if tags.len() > TAGS_MAX {
        return Err(TagProblem::TooMany);
    }
    Ok(tags)
}

/// A Korean wall-clock time `yyyy-MM-ddTHH:mm` (seconds optional, a space for the `T`
/// allowed), as a date-and-time field gives it, to epoch milliseconds; `None` when it is no
/// such time.
pub fn kst_local_to_epoch_ms(value: &str) -> Option<i64> {
    let value = value.trim();
    let bytes = value.as_bytes();
    if !(bytes.len() == 16 || bytes.len() == 19) {
        return None;
    }
    let number = |from: usize, to: usize| -> Option<i64> {
        let part = value.get(from..to)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if bytes[4] != b'-'
        || bytes[7] != b'-'
        || !matches!(bytes[10], b'T' | b' ')
        || bytes[13] != b':'
    {
        return None;
    }
    let second = if bytes.len() == 19 {
        if bytes[16] != b':' {
            return None;
        }
        number(17, 19)?
    } else {
        0
    };
    let wall = WallTime {
        year: number(0, 4)?,
        month: u8::try_from(number(5, 7)?).ok()?,
        day: u8::try_from(number(8, 10)?).ok()?,
        hour: u8::try_from(number(11, 13)?).ok()?,
        minute: u8::try_from(number(14, 16)?).ok()?,
        second: u8::try_from(second).ok()?,
        milli: 0,
    };
    wall.is_valid().then(|| wall.to_epoch_ms() - KST_OFFSET_MS)
}

/// Epoch milliseconds as the Korean wall-clock time `yyyy-MM-ddTHH:mm` a date-and-time
/// field takes (seconds dropped).
pub fn epoch_ms_to_kst_local(epoch_ms: i64) -> String {
    let wall = WallTime::from_epoch_ms(epoch_ms + KST_OFFSET_MS);
    crate::format::format_wall(&wall, "yyyy-MM-dd'T'HH:mm", crate::i18n::Lang::En)
}

/// The time left until a moment, in whole units; `past` once it has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Countdown {
    pub past: bool,
    pub days: i64,
    pub hours: i64,
    pub minutes: i64,
    pub seconds: i64,
}

pub fn countdown(target_ms: i64, now_ms: i64) -> Countdown {
    let left = (target_ms - now_ms).max(0) / 1000;
    Countdown {
        past: target_ms <= now_ms,
        days: left / 86_400,
        hours: left / 3_600 % 24,
        minutes: left / 60 % 60,
        seconds: left % 60,
    }
}

/// The schemes a body's link may use (the server's sanitiser keeps no other).
pub const LINK_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// A link as the editor keeps it: trimmed; an address without a scheme that looks like a
/// host (`example.com/a`) gets `https://`; an e-mail address gets `mailto:`. `None` for any
/// other scheme (`javascript:`, `data:`, …), white space or control characters inside, or
/// nothing at all.
pub fn safe_link(raw: &str) -> Option<String> {
    let href = raw.trim();
    if href.is_empty() || href.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    if let Some((scheme, rest)) = href.split_once(':') {
        let scheme_like = scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        // `example.com:8080/a` has a port, not a scheme.
        let port = rest
            .split('/')
            .next()
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        if scheme_like && !port {
            let lower = scheme.to_ascii_lowercase();
            return (LINK_SCHEMES.contains(&lower.as_str()) && !rest.is_empty())
                .then(|| href.to_string());
        }
    }
    if crate::password::is_valid_email(href) {
        return Some(format!("mailto:{href}"));
    }
    let host = href.split(['/', '?', '#']).next().unwrap_or_default();
    let host_name = host.split(':').next().unwrap_or_default();
    let looks_like_host = host_name.contains('.')
        && !host_name.starts_with('.')
        && !host_name.ends_with('.')
        && host_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || !c.is_ascii() || matches!(c, '-' | '.'));
    looks_like_host.then(|| format!("https://{href}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_trimmed_deduplicated_and_limited() {
        assert_eq!(
            clean_tags(&[" #AI ", "ai", "", "#", "클라우드", "Cloud", "cloud"]),
            Ok(vec![
                "AI".to_string(),
                "클라우드".to_string(),
                "Cloud".to_string()
            ])
        );
        let eleven: Vec<String> = (0..11).map(|i| format!("t{i}")).collect();
        assert_eq!(clean_tags(&eleven), Err(TagProblem::TooMany));
        assert_eq!(clean_tags(&eleven[..10]).map(|t| t.len()), Ok(10));
        assert_eq!(clean_tags(&["가".repeat(31)]), Err(TagProblem::TooLong));
        assert!(clean_tags(&["가".repeat(30)]).is_ok());
    }

    #[test]
    fn korean_wall_time_round_trips() {
        // 2026-11-25 09:00 KST is 00:00 UTC.
        let ms = kst_local_to_epoch_ms("2026-11-25T09:00").unwrap();
        assert_eq!(
            ms,
            WallTime {
                year: 2026,
                month: 11,
                day: 25,
                hour: 0,
                minute: 0,
                second: 0,
                milli: 0
            }
            .to_epoch_ms()
        );
        assert_eq!(epoch_ms_to_kst_local(ms), "2026-11-25T09:00");
        assert_eq!(
            kst_local_to_epoch_ms("2026-11-25 09:00:30"),
            Some(ms + 30_000)
        );
        // Midnight in Korea is the previous day in UTC.
        assert_eq!(
            epoch_ms_to_kst_local(kst_local_to_epoch_ms("2027-01-01T00:00").unwrap()),
            "2027-01-01T00:00"
        );
        for bad in [
            "",
            "2026-02-30T10:00",
            "2026-11-25T24:00",
            "2026-11-25",
            "2026/11/25T10:00",
            "2026-11-25T10:00Z",
            "+026-11-25T10:00",
        ] {
            assert_eq!(kst_local_to_epoch_ms(bad), None, "{bad}");
        }
    }

    #[test]
    fn countdown_counts_whole_units() {
        let now = 1_000_000;
        let left = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
        assert_eq!(
            countdown(now + left + 999, now),
            Countdown {
                past: false,
                days: 2,
                hours: 3,
                minutes: 4,
                seconds: 5
            }
        );
        assert_eq!(
            countdown(now, now),
            Countdown {
                past: true,
                days: 0,
                hours: 0,
                minutes: 0,
                seconds: 0
            }
        );
        assert!(countdown(now - 5000, now).past);
    }

    #[test]
    fn links_keep_only_safe_schemes() {
        assert_eq!(
            safe_link(" https://tidemark.kr/a?b=1 ").as_deref(),
            Some("https://tidemark.kr/a?b=1")
        );
        assert_eq!(safe_link("HTTP://x.kr").as_deref(), Some("HTTP://x.kr"));
        assert_eq!(
            safe_link("mailto:pr@tidemark.kr").as_deref(),
            Some("mailto:pr@tidemark.kr")
        );
        assert_eq!(
            safe_link("pr@tidemark.kr").as_deref(),
            Some("mailto:pr@tidemark.kr")
        );
        assert_eq!(
            safe_link("tidemark.kr/news").as_deref(),
            Some("https://tidemark.kr/news")
        );
        assert_eq!(
            safe_link("localhost.kr:8080/a").as_deref(),
            Some("https://localhost.kr:8080/a")
        );
        assert_eq!(safe_link("한국.kr").as_deref(), Some("https://한국.kr"));
        for bad in [
            "",
            "javascript:alert(1)",
            "JaVaScRiPt:x",
            "data:text/html,x",
            "vbscript:x",
            "https://a b",
            "java\tscript:x",
            "plain words",
            "https:",
            "file:///etc/passwd",
        ] {
            assert_eq!(safe_link(bad), None, "{bad}");
        }
    }
}
