//! Cookie policy of SPEC §4 and §9: names, lifetimes, end-of-day expiry, the once-a-day
//! visit rule and the 10-second reload guard.

use crate::calendar::WallTime;
use crate::format::to_wall;
use crate::Fault;
use serde::{Deserialize, Serialize};

pub const ACCESS_TOKEN: &str = "tma";
pub const REFRESH_TOKEN: &str = "tmr";
pub const AUTO_LOGIN: &str = "tml";
pub const GUEST_ID: &str = "tma_id";
/// The day's analytics session id (sent as `tmsId` with click records).
pub const ANALYSIS_ID: &str = "analysisid";
/// Set once today's visit of a guest has been recorded.
pub const GUEST_VISIT: &str = "agid";
/// Set once today's visit of a signed-in member has been recorded.
pub const USER_VISIT: &str = "auid";

/// 30 days: access, refresh and auto-login cookies of a session kept ("로그인 상태 유지").
pub const LOGIN_MAX_AGE_SECS: i64 = 2_592_000;
/// 12 hours: how long an unused refresh token of a session not kept stays good. Its cookies
/// are session cookies, gone when the browser closes; this bounds a copy taken before then.
pub const SESSION_REFRESH_SECS: i64 = 43_200;
/// 24 hours: the guest id.
pub const GUEST_MAX_AGE_SECS: i64 = 86_400;
/// SPEC §9: page reload guard time-to-live.
pub const RELOAD_GUARD_MS: f64 = 10_000.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Lifetime {
    MaxAge {
        seconds: i64,
    },
    /// Until 23:59:59 of the day it was set, local time.
    EndOfDay,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CookieRule {
    pub name: &'static str,
    pub lifetime: Lifetime,
    /// Set by the server only; the web client never reads or writes it.
    pub http_only: bool,
}

pub const COOKIE_RULES: [CookieRule; 7] = [
    CookieRule {
        name: ACCESS_TOKEN,
        lifetime: Lifetime::MaxAge {
            seconds: LOGIN_MAX_AGE_SECS,
        },
        http_only: true,
    },
    CookieRule {
        name: REFRESH_TOKEN,
        lifetime: Lifetime::MaxAge {
            seconds: LOGIN_MAX_AGE_SECS,
        },
        http_only: true,
    },
    CookieRule {
        name: AUTO_LOGIN,
        lifetime: Lifetime::MaxAge {
            seconds: LOGIN_MAX_AGE_SECS,
        },
        http_only: false,
    },
    CookieRule {
        name: GUEST_ID,
        lifetime: Lifetime::MaxAge {
            seconds: GUEST_MAX_AGE_SECS,
        },
        http_only: false,
    },
    CookieRule {
        name: ANALYSIS_ID,
        lifetime: Lifetime::EndOfDay,
        http_only: false,
    },
    CookieRule {
        name: GUEST_VISIT,
        lifetime: Lifetime::EndOfDay,
        http_only: false,
    },
    CookieRule {
        name: USER_VISIT,
        lifetime: Lifetime::EndOfDay,
        http_only: false,
    },
];

/// The `Max-Age` of the session cookies (`tma`, `tmr`, `tml`): 30 days when the member asked
/// to stay signed in, none (a session cookie, ended with the browser) when not.
pub fn login_cookie_max_age(auto_login: bool) -> Option<i64> {
    auto_login.then_some(LOGIN_MAX_AGE_SECS)
}

/// How long a refresh token is good for from when it is issued: 30 days for a session kept,
/// 12 hours for one that is not (each use issues the next, so an active tab stays signed in).
pub fn refresh_lifetime_secs(auto_login: bool) -> i64 {
    if auto_login {
        LOGIN_MAX_AGE_SECS
    } else {
        SESSION_REFRESH_SECS
    }
}

pub fn cookie_rule(name: &str) -> Option<&'static CookieRule> {
    COOKIE_RULES.iter().find(|rule| rule.name == name)
}

/// 23:59:59 of the local day containing `now_ms`, as epoch milliseconds.
pub fn end_of_day_ms(now_ms: f64, offset_minutes: i32) -> Result<f64, Fault> {
    if !now_ms.is_finite() || now_ms.abs() > 8.64e15 {
        return Err(Fault::invalid_argument("nowMs must be a finite number"));
    }
    let wall = to_wall(now_ms as i64, offset_minutes);
    let end = WallTime {
        hour: 23,
        minute: 59,
        second: 59,
        milli: 0,
        ..wall
    };
    Ok((end.to_epoch_ms() - i64::from(offset_minutes) * 60_000) as f64)
}

/// A cookie the client is to write, fully decided.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CookieSpec {
    pub name: &'static str,
    pub value: String,
    pub expires_ms: f64,
    pub max_age_secs: i64,
    pub path: &'static str,
    pub same_site: &'static str,
    pub secure: bool,
}

impl CookieSpec {
    /// The string to assign to `document.cookie`. The value is percent-encoded where a cookie
    /// value may not hold the character.
    pub fn header_value(&self) -> String {
        let expires = http_date(self.expires_ms as i64);
        let mut out = format!(
            "{}={}; Path={}; Max-Age={}; Expires={}; SameSite={}",
            self.name,
            encode_cookie_value(&self.value),
            self.path,
            self.max_age_secs,
            expires,
            self.same_site
        );
        if self.secure {
            out.push_str("; Secure");
        }
        out
    }
}

/// `Mon, 23 Nov 2026 01:00:00 GMT` (RFC 9110 IMF-fixdate).
pub fn http_date(epoch_ms: i64) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let at = WallTime::from_epoch_ms(epoch_ms);
    crate::format::format_wall(
        &at,
        "'DAY', dd 'MON' yyyy HH:mm:ss 'GMT'",
        crate::i18n::Lang::En,
    )
    .replacen("DAY", DAYS[usize::from(at.weekday())], 1)
    .replacen("MON", MONTHS[usize::from(at.month - 1)], 1)
}

fn encode_cookie_value(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'!' | b'#'..=b'+' | b'-'..=b':' | b'<'..=b'[' | b']'..=b'~' if b != b'%' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Decides the cookie a client-written rule produces at `now_ms`. The HttpOnly token cookies
/// are the server's and are refused here.
pub fn cookie_for(
    name: &str,
    value: &str,
    now_ms: f64,
    offset_minutes: i32,
    secure: bool,
) -> Result<CookieSpec, Fault> {
    let rule = cookie_rule(name)
        .ok_or_else(|| Fault::invalid_argument(format!("unknown cookie: {name}")))?;
    if rule.http_only {
        return Err(Fault::invalid_argument(format!(
            "{name} is set by the server only"
        )));
    }
    let expires_ms = match rule.lifetime {
        Lifetime::MaxAge { seconds } => now_ms + seconds as f64 * 1000.0,
        Lifetime::EndOfDay => end_of_day_ms(now_ms, offset_minutes)?,
    };
    let max_age_secs = ((expires_ms - now_ms) / 1000.0).ceil().max(0.0) as i64;
    Ok(CookieSpec {
        name: rule.name,
        value: value.to_string(),
        expires_ms,
        max_age_secs,
        path: "/",
        same_site: "Lax",
        secure,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VisitorKind {
    Guest,
    Member,
}

impl VisitorKind {
    pub fn marker_cookie(self) -> &'static str {
        match self {
            VisitorKind::Guest => GUEST_VISIT,
            VisitorKind::Member => USER_VISIT,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VisitDecision {
    /// Send the visit beacon now.
    pub record: bool,
    /// The marker cookie to write when recording (expires at the end of the day).
    pub cookie: Option<CookieSpec>,
}

/// A visit is recorded once a day per visitor kind: a guest who signs in the same day is
/// recorded again, as a member. `already_marked` is whether the kind's marker cookie exists.
pub fn visit_decision(
    kind: VisitorKind,
    already_marked: bool,
    now_ms: f64,
    offset_minutes: i32,
    secure: bool,
) -> Result<VisitDecision, Fault> {
    if already_marked {
        return Ok(VisitDecision {
            record: false,
            cookie: None,
        });
    }
    let cookie = cookie_for(kind.marker_cookie(), "Y", now_ms, offset_minutes, secure)?;
    Ok(VisitDecision {
        record: true,
        cookie: Some(cookie),
    })
}

/// The reload guard: an event for the same page within 10 s of the last one (a reload) is
/// not counted again.
pub fn within_reload_guard(last_ms: Option<f64>, now_ms: f64) -> bool {
    last_ms.is_some_and(|last| now_ms >= last && now_ms - last < RELOAD_GUARD_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KST: i32 = 540;
    // 2026-11-22 10:00:00 KST.
    const MORNING_KST: f64 = 1_795_309_200_000.0;

    #[test]
    fn spec_lifetimes() {
        assert_eq!(
            cookie_rule("tma").unwrap().lifetime,
            Lifetime::MaxAge { seconds: 2_592_000 }
        );
        assert_eq!(
            cookie_rule("tml").unwrap().lifetime,
            Lifetime::MaxAge { seconds: 2_592_000 }
        );
        assert_eq!(
            cookie_rule("tma_id").unwrap().lifetime,
            Lifetime::MaxAge { seconds: 86_400 }
        );
        for name in ["analysisid", "agid", "auid"] {
            assert_eq!(cookie_rule(name).unwrap().lifetime, Lifetime::EndOfDay);
        }
    }

    #[test]
    fn a_session_not_kept_ends_with_the_browser_and_its_refresh_within_hours() {
        assert_eq!(login_cookie_max_age(true), Some(2_592_000));
        assert_eq!(login_cookie_max_age(false), None);
        assert_eq!(refresh_lifetime_secs(true), 2_592_000);
        assert_eq!(refresh_lifetime_secs(false), 12 * 3600);
    }

    #[test]
    fn end_of_day_is_local() {
        let end = end_of_day_ms(MORNING_KST, KST).unwrap();
        // 23:59:59 KST is 14:59:59 UTC.
        assert_eq!(
            end - MORNING_KST,
            (13.0 * 3600.0 + 59.0 * 60.0 + 59.0) * 1000.0
        );
        // The same instant in UTC is still 01:00 of the 22nd: its day ends later.
        assert_eq!(
            end_of_day_ms(MORNING_KST, 0).unwrap() - end,
            9.0 * 3600.0 * 1000.0
        );
    }

    #[test]
    fn visit_once_a_day_per_kind() {
        let first = visit_decision(VisitorKind::Guest, false, MORNING_KST, KST, false).unwrap();
        assert!(first.record);
        let cookie = first.cookie.unwrap();
        assert_eq!(cookie.name, "agid");
        assert_eq!(cookie.max_age_secs, 13 * 3600 + 59 * 60 + 59);
        assert!(
            !visit_decision(VisitorKind::Guest, true, MORNING_KST, KST, false)
                .unwrap()
                .record
        );
        let member = visit_decision(VisitorKind::Member, false, MORNING_KST, KST, false).unwrap();
        assert_eq!(member.cookie.unwrap().name, "auid");
    }

    #[test]
    fn guest_cookie_string() {
        let spec = cookie_for("tma_id", "g-1 2;3", MORNING_KST, KST, true).unwrap();
        assert_eq!(spec.max_age_secs, 86_400);
        assert_eq!(
            spec.header_value(),
            "tma_id=g-1%202%3B3; Path=/; Max-Age=86400; Expires=Mon, 23 Nov 2026 01:00:00 GMT; SameSite=Lax; Secure"
        );
        assert_eq!(
            cookie_for("tma", "x", 0.0, 0, false).unwrap_err().code,
            "invalid_argument"
        );
        assert!(cookie_for("nope", "x", 0.0, 0, false).is_err());
    }

    #[test]
    fn reload_guard_is_ten_seconds() {
        assert!(!within_reload_guard(None, 5.0));
        assert!(within_reload_guard(Some(1_000.0), 10_999.0));
        assert!(!within_reload_guard(Some(1_000.0), 11_000.0));
        assert!(!within_reload_guard(Some(2_000.0), 1_000.0));
    }
}
