//! What a business reads about itself (PRODUCT "Analytics"): the outline of a period and the
//! figures of each post, as JSON or as a CSV file for Excel.
//!
//! Only the business's master and managers, and the platform's operators, may read them
//! (others 403, no session 401). Periods are KST days: `period=7|30|90` (ending today) or
//! `from`/`to` (`yyyy-MM-dd`, at most 366 days).
//!
//! The additive figures (views, clicks, bookmarks, shares, follows gained, read-throughs)
//! are sums of the roll-up (`analytics_daily`, at most a minute behind); unique readers over
//! a period cannot be summed from days, so they are counted from the events themselves (the
//! `(business_id, day)` index serves them; the kinds are picked inside the aggregates, not in
//! `WHERE`, so that no planner prefers the `(kind, day)` index, which would read every
//! business's views of the period). The reader mix counts certified members only and
//! never shows a group of fewer than [`MIN_GROUP`] readers.
//!
//! By area: `outline` (the period's figures, series, top posts, devices and reader mix) and
//! `contents` (each post's figures, sorted and paged, or as CSV); here the periods, who may
//! read, and the queries both share.

mod contents;
mod outline;

pub(crate) use contents::{contents, contents_csv, ContentsPage, ContentsQuery};
pub(crate) use outline::{outline, Outline};

use crate::analytics::sql::{self, int, kind_in, READ_KINDS, VISITOR};
use crate::auth::access::require_member_of;
use crate::auth::AuthUser;
use crate::entities::businesses;
use crate::entities::members::MemberRole;
use crate::http::error::{ApiError, ApiResult};
use crate::kernel::kst::kst_date;
use crate::state::AppState;
use chrono::{Duration, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, EntityTrait, QuerySelect, Value};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

/// A reader group smaller than this is hidden (counted in `hiddenGroups`).
pub(super) const MIN_GROUP: i64 = 5;
/// The longest period, in days.
const MAX_DAYS: i64 = 366;

// ---------------------------------------------------------------------------------------
// Periods and access

#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(crate) struct PeriodQuery {
    /// `7` | `30` | `90`: the last days up to today (KST); 7 when neither this nor `from`/`to`.
    #[param(inline, value_type = Option<PeriodDays>)]
    pub(super) period: Option<String>,
    /// First day, `yyyy-MM-dd` (KST), with `to`.
    pub(super) from: Option<String>,
    /// Last day, `yyyy-MM-dd` (KST), with `from`; at most 366 days in all.
    pub(super) to: Option<String>,
}

crate::word_schema! {
    /// The last 7, 30 or 90 days up to today (KST).
    PeriodDays = ["7", "30", "90"]
}

/// A span of KST days, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Period {
    pub(super) from: NaiveDate,
    pub(super) to: NaiveDate,
}

impl Period {
    pub(super) fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// The same number of days just before.
    pub(super) fn previous(&self) -> Period {
        let to = self.from - Duration::days(1);
        Period {
            from: to - Duration::days(self.days() - 1),
            to,
        }
    }

    pub(super) fn first_day(self) -> String {
        self.from.format("%Y-%m-%d").to_string()
    }

    pub(super) fn last_day(self) -> String {
        self.to.format("%Y-%m-%d").to_string()
    }

    pub(super) fn each_day(&self) -> impl Iterator<Item = NaiveDate> {
        self.from.iter_days().take(self.days() as usize)
    }

    pub(super) fn out(&self) -> PeriodOut {
        PeriodOut {
            from: self.first_day(),
            to: self.last_day(),
            days: self.days(),
        }
    }
}

pub(super) fn today_kst() -> NaiveDate {
    kst_date(Utc::now())
}

fn parse_day(text: &str, name: &str) -> ApiResult<NaiveDate> {
    let text = text.trim();
    if text.len() != 10 {
        return Err(ApiError::bad_request(format!("{name} must be yyyy-MM-dd")));
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| ApiError::bad_request(format!("{name} must be yyyy-MM-dd")))
}

pub(super) fn resolve(query: &PeriodQuery, today: NaiveDate) -> ApiResult<Period> {
    match (&query.period, &query.from, &query.to) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => Err(ApiError::bad_request(
            "give either period or from and to, not both",
        )),
        (Some(period), None, None) => {
            let days = match period.trim() {
                "7" => 7,
                "30" => 30,
                "90" => 90,
                _ => return Err(ApiError::bad_request("period must be 7, 30 or 90")),
            };
            Ok(Period {
                from: today - Duration::days(days - 1),
                to: today,
            })
        }
        (None, Some(from), Some(to)) => {
            let period = Period {
                from: parse_day(from, "from")?,
                to: parse_day(to, "to")?,
            };
            if period.from > period.to {
                return Err(ApiError::bad_request("from must not be after to"));
            }
            if period.days() > MAX_DAYS {
                return Err(ApiError::bad_request("a period is at most 366 days"));
            }
            Ok(period)
        }
        (None, Some(_), None) | (None, None, Some(_)) => {
            Err(ApiError::bad_request("from and to go together"))
        }
        (None, None, None) => Ok(Period {
            from: today - Duration::days(6),
            to: today,
        }),
    }
}

/// Whether `user` may read business `business_id`'s analytics (its master and managers, and
/// operators): 403 for others, 404 when there is no such business.
pub(super) async fn authorize(
    state: &AppState,
    user: &AuthUser,
    business_id: i64,
) -> ApiResult<()> {
    if user.member.role != MemberRole::Admin {
        require_member_of(state, &user.member, business_id).await?;
    }
    let exists = businesses::Entity::find_by_id(business_id)
        .select_only()
        .column(businesses::Column::Id)
        .into_tuple::<i64>()
        .one(&state.db)
        .await?
        .is_some();
    if !exists {
        return Err(ApiError::NotFound("no such business".into()));
    }
    Ok(())
}

/// A ratio rounded to four decimals.
pub(super) fn ratio(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        (part as f64 / whole as f64 * 10_000.0).round() / 10_000.0
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PeriodOut {
    /// `yyyy-MM-dd` (KST)
    from: String,
    to: String,
    days: i64,
}

// ---------------------------------------------------------------------------------------
// Shared queries

/// The business's summed daily totals over a period.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sums {
    pub(super) views: i64,
    pub(super) clicks: i64,
    pub(super) bookmarks: i64,
    pub(super) shares: i64,
    pub(super) follows: i64,
    pub(super) read_throughs: i64,
}

pub(super) async fn sums(
    db: &impl ConnectionTrait,
    business_id: i64,
    period: &Period,
) -> ApiResult<Sums> {
    let rows = sql::query(
        db,
        "SELECT CAST(COALESCE(SUM(views), 0) AS BIGINT) AS views, \
         CAST(COALESCE(SUM(clicks), 0) AS BIGINT) AS clicks, \
         CAST(COALESCE(SUM(bookmarks), 0) AS BIGINT) AS bookmarks, \
         CAST(COALESCE(SUM(shares), 0) AS BIGINT) AS shares, \
         CAST(COALESCE(SUM(follows_gained), 0) AS BIGINT) AS follows, \
         CAST(COALESCE(SUM(read_throughs), 0) AS BIGINT) AS read_throughs \
         FROM analytics_daily WHERE business_id = ? AND post_id IS NULL \
         AND day >= ? AND day <= ?",
        vec![
            business_id.into(),
            period.first_day().into(),
            period.last_day().into(),
        ],
    )
    .await?;
    let Some(row) = rows.first() else {
        return Ok(Sums::default());
    };
    Ok(Sums {
        views: int(row, "views")?,
        clicks: int(row, "clicks")?,
        bookmarks: int(row, "bookmarks")?,
        shares: int(row, "shares")?,
        follows: int(row, "follows")?,
        read_throughs: int(row, "read_throughs")?,
    })
}

/// Distinct readers of the business over a period, in all or per post (`post_id` NULL: all).
/// Which readers [`readers`] counts.
#[derive(Clone, Copy)]
pub(super) enum ReadersOf<'a> {
    /// The whole business: one figure, keyed `None`.
    Business,
    /// Every post of the business.
    EachPost,
    /// These posts only (their events alone are read, through the `(post_id, day)` index).
    Posts(&'a [i64]),
}

/// Distinct readers of the business over a period, in all (key `None`) or per post.
pub(super) async fn readers(
    db: &impl ConnectionTrait,
    business_id: i64,
    period: &Period,
    of: ReadersOf<'_>,
) -> ApiResult<HashMap<Option<i64>, i64>> {
    let mut values: Vec<Value> = vec![
        business_id.into(),
        period.first_day().into(),
        period.last_day().into(),
    ];
    let (select, filter, group) = match of {
        ReadersOf::Business => ("NULL", String::new(), ""),
        ReadersOf::EachPost => ("e.post_id", String::new(), " GROUP BY e.post_id"),
        ReadersOf::Posts(ids) => {
            values.extend(ids.iter().map(|&id| Value::from(id)));
            (
                "e.post_id",
                format!(" AND e.post_id IN ({})", sql::placeholders(ids.len())),
                " GROUP BY e.post_id",
            )
        }
    };
    let read = kind_in(READ_KINDS);
    let rows = sql::query(
        db,
        &format!(
            "SELECT {select} AS post_id, \
             COUNT(DISTINCT CASE WHEN {read} THEN {VISITOR} END) AS readers \
             FROM analytics_events e WHERE e.business_id = ? AND e.day >= ? AND e.day <= ?\
             {filter}{group}"
        ),
        values,
    )
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get::<Option<i64>>("", "post_id")?,
                int(row, "readers")?,
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn q(period: Option<&str>, from: Option<&str>, to: Option<&str>) -> PeriodQuery {
        PeriodQuery {
            period: period.map(str::to_string),
            from: from.map(str::to_string),
            to: to.map(str::to_string),
        }
    }

    #[test]
    fn periods_are_resolved_and_checked() {
        let today = day("2026-11-22");
        let week = resolve(&q(Some("7"), None, None), today).unwrap();
        assert_eq!(
            (week.from, week.to, week.days()),
            (day("2026-11-16"), today, 7)
        );
        assert_eq!(
            week.previous(),
            Period {
                from: day("2026-11-09"),
                to: day("2026-11-15")
            }
        );
        assert_eq!(resolve(&q(None, None, None), today).unwrap(), week);
        let span = resolve(&q(None, Some("2026-01-01"), Some("2026-12-31")), today).unwrap();
        assert_eq!(span.days(), 365);
        assert_eq!(span.each_day().count(), 365);
        for bad in [
            q(Some("14"), None, None),
            q(Some("7"), Some("2026-01-01"), Some("2026-01-02")),
            q(None, Some("2026-01-01"), None),
            q(None, Some("2026-02-01"), Some("2026-01-01")),
            q(None, Some("2024-01-01"), Some("2025-01-02")),
            q(None, Some("2026-1-1"), Some("2026-01-02")),
            q(None, Some("20260101"), Some("2026-01-02")),
        ] {
            assert!(resolve(&bad, today).is_err());
        }
    }
}
