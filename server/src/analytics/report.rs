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

use super::sql::{self, int, READ_KINDS, VISITOR};
use crate::auth::access::require_member_of;
use crate::auth::AuthUser;
use crate::entities::{businesses, posts};
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::kernel::kst::{kst, kst_date};
use crate::state::AppState;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Value};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// A reader group smaller than this is hidden (counted in `hiddenGroups`).
pub const MIN_GROUP: i64 = 5;
/// The longest period, in days.
const MAX_DAYS: i64 = 366;
/// Posts in the outline's top list.
const TOP_POSTS: usize = 5;
const DEFAULT_SIZE: usize = 20;
const MAX_SIZE: usize = 50;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(outline))
        .routes(routes!(contents))
        .routes(routes!(contents_csv))
}

// ---------------------------------------------------------------------------------------
// Periods and access

#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PeriodQuery {
    /// `7` | `30` | `90`: the last days up to today (KST); 7 when neither this nor `from`/`to`.
    period: Option<String>,
    /// First day, `yyyy-MM-dd` (KST), with `to`.
    from: Option<String>,
    /// Last day, `yyyy-MM-dd` (KST), with `from`; at most 366 days in all.
    to: Option<String>,
}

/// A span of KST days, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Period {
    from: NaiveDate,
    to: NaiveDate,
}

impl Period {
    fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// The same number of days just before.
    fn previous(&self) -> Period {
        let to = self.from - Duration::days(1);
        Period {
            from: to - Duration::days(self.days() - 1),
            to,
        }
    }

    fn first_day(self) -> String {
        self.from.format("%Y-%m-%d").to_string()
    }

    fn last_day(self) -> String {
        self.to.format("%Y-%m-%d").to_string()
    }

    fn each_day(&self) -> impl Iterator<Item = NaiveDate> {
        self.from.iter_days().take(self.days() as usize)
    }

    fn out(&self) -> PeriodOut {
        PeriodOut {
            from: self.first_day(),
            to: self.last_day(),
            days: self.days(),
        }
    }
}

fn today_kst() -> NaiveDate {
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

fn resolve(query: &PeriodQuery, today: NaiveDate) -> ApiResult<Period> {
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

/// The business id of the path, once the member may read its analytics.
async fn authorize(
    state: &AppState,
    user: &AuthUser,
    path: Result<Path<i64>, PathRejection>,
) -> ApiResult<i64> {
    let Ok(Path(business_id)) = path else {
        return Err(ApiError::bad_request("the business id must be a number"));
    };
    if user.member.role != "ADMIN" {
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
    Ok(business_id)
}

fn query_of<T: Default>(query: Result<Query<T>, QueryRejection>) -> ApiResult<T> {
    query
        .map(|Query(q)| q)
        .map_err(|e| ApiError::bad_request(format!("invalid query: {}", e.body_text())))
}

/// A ratio rounded to four decimals.
fn ratio(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        (part as f64 / whole as f64 * 10_000.0).round() / 10_000.0
    }
}

// ---------------------------------------------------------------------------------------
// Shared queries

/// The business's summed daily totals over a period.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    views: i64,
    clicks: i64,
    bookmarks: i64,
    shares: i64,
    follows: i64,
    read_throughs: i64,
}

async fn sums(db: &impl ConnectionTrait, business_id: i64, period: &Period) -> ApiResult<Sums> {
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
enum ReadersOf<'a> {
    /// The whole business: one figure, keyed `None`.
    Business,
    /// Every post of the business.
    EachPost,
    /// These posts only (their events alone are read, through the `(post_id, day)` index).
    Posts(&'a [i64]),
}

/// Distinct readers of the business over a period, in all (key `None`) or per post.
async fn readers(
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
    let rows = sql::query(
        db,
        &format!(
            "SELECT {select} AS post_id, \
             COUNT(DISTINCT CASE WHEN e.kind IN {READ_KINDS} THEN {VISITOR} END) AS readers \
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

// ---------------------------------------------------------------------------------------
// The outline

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PeriodOut {
    /// `yyyy-MM-dd` (KST)
    from: String,
    to: String,
    days: i64,
}

/// A figure of the period, the one of the period just before, and the relative change.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Figure {
    value: i64,
    previous: i64,
    /// (value − previous) / previous, e.g. 0.25 for +25 %; null when previous is 0.
    change: Option<f64>,
}

impl Figure {
    fn new(value: i64, previous: i64) -> Figure {
        let change = (previous != 0)
            .then(|| (((value - previous) as f64 / previous as f64) * 10_000.0).round() / 10_000.0);
        Figure {
            value,
            previous,
            change,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Totals {
    views: Figure,
    unique_readers: Figure,
    clicks: Figure,
    bookmarks: Figure,
    shares: Figure,
    follows_gained: Figure,
    read_throughs: Figure,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SeriesDay {
    day: String,
    views: i64,
    unique_readers: i64,
    /// Followers at the end of the day (KST).
    followers: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TopPost {
    post_seq: i64,
    title: String,
    views: i64,
    unique_readers: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DeviceShare {
    /// `TABLET` | `MOBILE` | `PC` | `APP`
    device_type: String,
    readers: i64,
    /// Of the readers counted per device (0 to 1).
    share: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Group {
    /// `female` | `male`, or `10s` | `20s` | `30s` | `40s` | `50s` | `60+`
    group: String,
    readers: i64,
    /// Of the readers in the groups shown (0 to 1).
    share: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReaderMix {
    gender: Vec<Group>,
    age_bands: Vec<Group>,
    /// Groups left out because fewer than 5 readers are in them.
    hidden_groups: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Outline {
    period: PeriodOut,
    totals: Totals,
    /// Every day of the period, zeros included.
    series: Vec<SeriesDay>,
    /// The 5 most viewed posts of the period.
    top_posts: Vec<TopPost>,
    devices: Vec<DeviceShare>,
    /// Certified members among the readers, by gender and age band.
    readers: ReaderMix,
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/analytics/outline",
        tag = "analytics",
        params(("id" = i64, Path, description = "business id"), PeriodQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<Outline>),
            (status = 400, body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, body = ErrorBody),
            (status = 404, body = ErrorBody)
        )
    )]
async fn outline(
    State(state): State<AppState>,
    user: AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: Result<Query<PeriodQuery>, QueryRejection>,
) -> ApiResult<Ok<Outline>> {
    let query = query_of(query)?;
    let business_id = authorize(&state, &user, path).await?;
    let period = resolve(&query, today_kst())?;
    let db = &state.db;
    let previous = period.previous();

    // Independent queries, run side by side on the pool's connections.
    let (now, before, readers_now, readers_before, series, top_posts, devices, readers) = tokio::try_join!(
        sums(db, business_id, &period),
        sums(db, business_id, &previous),
        readers(db, business_id, &period, ReadersOf::Business),
        readers(db, business_id, &previous, ReadersOf::Business),
        series(db, business_id, &period),
        top_posts(db, business_id, &period),
        devices(db, business_id, &period),
        reader_mix(db, business_id, &period),
    )?;
    let totals = Totals {
        views: Figure::new(now.views, before.views),
        unique_readers: Figure::new(
            readers_now.get(&None).copied().unwrap_or(0),
            readers_before.get(&None).copied().unwrap_or(0),
        ),
        clicks: Figure::new(now.clicks, before.clicks),
        bookmarks: Figure::new(now.bookmarks, before.bookmarks),
        shares: Figure::new(now.shares, before.shares),
        follows_gained: Figure::new(now.follows, before.follows),
        read_throughs: Figure::new(now.read_throughs, before.read_throughs),
    };

    Ok(ok(Outline {
        period: period.out(),
        totals,
        series,
        top_posts,
        devices,
        readers,
    }))
}

async fn series(
    db: &impl ConnectionTrait,
    business_id: i64,
    period: &Period,
) -> ApiResult<Vec<SeriesDay>> {
    let rows = sql::query(
        db,
        "SELECT day, views, unique_readers FROM analytics_daily \
         WHERE business_id = ? AND post_id IS NULL AND day >= ? AND day <= ?",
        vec![
            business_id.into(),
            period.first_day().into(),
            period.last_day().into(),
        ],
    )
    .await?;
    let mut daily: HashMap<String, (i64, i64)> = HashMap::new();
    for row in &rows {
        daily.insert(
            row.try_get("", "day")?,
            (int(row, "views")?, int(row, "unique_readers")?),
        );
    }

    // Followers at the end of day d: today's followers, less the follows after d, plus the
    // unfollows after d (from the follow and unfollow events).
    let current = sql::query(
        db,
        "SELECT COUNT(*) AS n FROM follows WHERE business_id = ?",
        vec![business_id.into()],
    )
    .await?
    .first()
    .map(|row| int(row, "n"))
    .transpose()?
    .unwrap_or(0);
    let changes = sql::query(
        db,
        "SELECT e.day AS day, \
         SUM(CASE WHEN e.kind = 'follow' THEN 1 ELSE -1 END) AS net \
         FROM analytics_events e WHERE e.business_id = ? AND e.day > ? \
         AND e.kind IN ('follow', 'unfollow') GROUP BY e.day",
        vec![business_id.into(), period.first_day().into()],
    )
    .await?;
    let changes: Vec<(String, i64)> = changes
        .iter()
        .map(|row| Ok((row.try_get("", "day")?, int(row, "net")?)))
        .collect::<ApiResult<_>>()?;

    Ok(period
        .each_day()
        .map(|date| {
            let day = date.format("%Y-%m-%d").to_string();
            let after: i64 = changes
                .iter()
                .filter(|(d, _)| *d > day)
                .map(|(_, net)| net)
                .sum();
            let (views, unique_readers) = daily.get(&day).copied().unwrap_or((0, 0));
            SeriesDay {
                day,
                views,
                unique_readers,
                followers: (current - after).max(0),
            }
        })
        .collect())
}

async fn top_posts(
    db: &impl ConnectionTrait,
    business_id: i64,
    period: &Period,
) -> ApiResult<Vec<TopPost>> {
    let rows = sql::query(
        db,
        &format!(
            "SELECT post_id, CAST(SUM(views) AS BIGINT) AS total FROM analytics_daily \
             WHERE business_id = ? AND post_id IS NOT NULL AND day >= ? AND day <= ? \
             GROUP BY post_id HAVING SUM(views) > 0 ORDER BY total DESC, post_id ASC LIMIT {TOP_POSTS}"
        ),
        vec![
            business_id.into(),
            period.first_day().into(),
            period.last_day().into(),
        ],
    )
    .await?;
    let top: Vec<(i64, i64)> = rows
        .iter()
        .map(|row| Ok((int(row, "post_id")?, int(row, "total")?)))
        .collect::<ApiResult<_>>()?;
    if top.is_empty() {
        return Ok(Vec::new());
    }
    let titles: HashMap<i64, String> = posts::Entity::find()
        .select_only()
        .columns([posts::Column::Id, posts::Column::Title])
        .filter(posts::Column::Id.is_in(top.iter().map(|t| t.0)))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let ids: Vec<i64> = top.iter().map(|t| t.0).collect();
    let readers = readers(db, business_id, period, ReadersOf::Posts(&ids)).await?;
    Ok(top
        .into_iter()
        .map(|(id, views)| TopPost {
            post_seq: id,
            title: titles.get(&id).cloned().unwrap_or_default(),
            views,
            unique_readers: readers.get(&Some(id)).copied().unwrap_or(0),
        })
        .collect())
}

async fn devices(
    db: &impl ConnectionTrait,
    business_id: i64,
    period: &Period,
) -> ApiResult<Vec<DeviceShare>> {
    let rows = sql::query(
        db,
        &format!(
            "SELECT e.device_type AS device_type, \
             COUNT(DISTINCT CASE WHEN e.kind IN {READ_KINDS} THEN {VISITOR} END) AS readers \
             FROM analytics_events e WHERE e.business_id = ? AND e.day >= ? AND e.day <= ? \
             GROUP BY e.device_type"
        ),
        vec![
            business_id.into(),
            period.first_day().into(),
            period.last_day().into(),
        ],
    )
    .await?;
    let mut counted: Vec<(String, i64)> = rows
        .iter()
        .map(|row| Ok((row.try_get("", "device_type")?, int(row, "readers")?)))
        .collect::<ApiResult<Vec<_>>>()?
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .collect();
    counted.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let whole: i64 = counted.iter().map(|(_, n)| n).sum();
    Ok(counted
        .into_iter()
        .map(|(device_type, readers)| DeviceShare {
            device_type,
            readers,
            share: ratio(readers, whole),
        })
        .collect())
}

/// `female` or `male` from what a provider stored; `None` for anything else.
fn gender_group(gender: &str) -> Option<&'static str> {
    match gender.trim().to_ascii_lowercase().as_str() {
        "female" | "f" | "w" | "여" | "여성" => Some("female"),
        "male" | "m" | "남" | "남성" => Some("male"),
        _ => None,
    }
}

const AGE_BANDS: [&str; 6] = ["10s", "20s", "30s", "40s", "50s", "60+"];

/// The age band on `on` of someone born on `birth_date` (`yyyy-MM-dd` or `yyyyMMdd`).
fn age_band(birth_date: &str, on: NaiveDate) -> Option<&'static str> {
    let text = birth_date.trim();
    let born = NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%Y%m%d"))
        .ok()?;
    if born > on {
        return None;
    }
    let mut age = on.year() - born.year();
    if (on.month(), on.day()) < (born.month(), born.day()) {
        age -= 1;
    }
    Some(match age {
        ..=19 => "10s",
        20..=29 => "20s",
        30..=39 => "30s",
        40..=49 => "40s",
        50..=59 => "50s",
        _ => "60+",
    })
}

/// Groups in a fixed order; those under [`MIN_GROUP`] left out and counted.
fn shown_groups(order: &[&str], counts: &HashMap<&'static str, i64>) -> (Vec<Group>, i64) {
    let mut hidden = 0;
    let mut shown = Vec::new();
    for &group in order {
        match counts.get(group).copied().unwrap_or(0) {
            0 => {}
            n if n < MIN_GROUP => hidden += 1,
            n => shown.push((group, n)),
        }
    }
    // Shares of the groups shown only: a share of everyone would give the hidden away.
    let whole: i64 = shown.iter().map(|(_, n)| n).sum();
    (
        shown
            .into_iter()
            .map(|(group, readers)| Group {
                group: group.to_string(),
                readers,
                share: ratio(readers, whole),
            })
            .collect(),
        hidden,
    )
}

async fn reader_mix(
    db: &impl ConnectionTrait,
    business_id: i64,
    period: &Period,
) -> ApiResult<ReaderMix> {
    let rows = sql::query(
        db,
        &format!(
            "SELECT c.gender AS gender, c.birth_date AS birth_date, COUNT(*) AS n FROM \
             (SELECT DISTINCT CASE WHEN e.kind IN {READ_KINDS} THEN e.member_id END AS member_id \
              FROM analytics_events e \
              WHERE e.business_id = ? AND e.day >= ? AND e.day <= ?) r \
             JOIN members m ON m.id = r.member_id \
             JOIN certifications c ON c.id = m.certification_id \
             GROUP BY c.gender, c.birth_date"
        ),
        vec![
            business_id.into(),
            period.first_day().into(),
            period.last_day().into(),
        ],
    )
    .await?;
    let mut genders: HashMap<&'static str, i64> = HashMap::new();
    let mut ages: HashMap<&'static str, i64> = HashMap::new();
    for row in &rows {
        let n = int(row, "n")?;
        let gender: Option<String> = row.try_get("", "gender")?;
        if let Some(group) = gender.as_deref().and_then(gender_group) {
            *genders.entry(group).or_default() += n;
        }
        let birth: Option<String> = row.try_get("", "birth_date")?;
        if let Some(band) = birth.as_deref().and_then(|b| age_band(b, period.to)) {
            *ages.entry(band).or_default() += n;
        }
    }
    let (gender, hidden_genders) = shown_groups(&["female", "male"], &genders);
    let (age_bands, hidden_ages) = shown_groups(&AGE_BANDS, &ages);
    Ok(ReaderMix {
        gender,
        age_bands,
        hidden_groups: hidden_genders + hidden_ages,
    })
}

// ---------------------------------------------------------------------------------------
// Contents

#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ContentsQuery {
    /// `7` | `30` | `90` (as for the outline)
    period: Option<String>,
    from: Option<String>,
    to: Option<String>,
    /// `views` (default) | `uniqueReaders` | `clicks` | `bookmarks` | `shares` |
    /// `readThroughs` | `publishedAt`
    sort: Option<String>,
    /// `desc` (default) | `asc`
    order: Option<String>,
    /// The previous page's `nextCursor` (not for the CSV, which has every row).
    cursor: Option<String>,
    /// 1 to 50, 20 when absent (not for the CSV).
    size: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SortKey {
    Views,
    UniqueReaders,
    Clicks,
    Bookmarks,
    Shares,
    ReadThroughs,
    PublishedAt,
}

impl SortKey {
    fn parse(text: Option<&str>) -> ApiResult<SortKey> {
        Ok(match text.unwrap_or("views") {
            "views" => SortKey::Views,
            "uniqueReaders" => SortKey::UniqueReaders,
            "clicks" => SortKey::Clicks,
            "bookmarks" => SortKey::Bookmarks,
            "shares" => SortKey::Shares,
            "readThroughs" => SortKey::ReadThroughs,
            "publishedAt" => SortKey::PublishedAt,
            _ => {
                return Err(ApiError::bad_request(
                    "sort must be views, uniqueReaders, clicks, bookmarks, shares, readThroughs or publishedAt",
                ))
            }
        })
    }
}

/// A post's figures over the period.
#[derive(Serialize, ToSchema, Clone, Debug)]
#[serde(rename_all = "camelCase")]
struct ContentRow {
    post_seq: i64,
    title: String,
    /// `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`
    status: String,
    published_at: Option<DateTime<Utc>>,
    views: i64,
    unique_readers: i64,
    clicks: i64,
    bookmarks: i64,
    shares: i64,
    read_throughs: i64,
}

impl ContentRow {
    fn figure(&self, key: SortKey) -> i64 {
        match key {
            SortKey::Views => self.views,
            SortKey::UniqueReaders => self.unique_readers,
            SortKey::Clicks => self.clicks,
            SortKey::Bookmarks => self.bookmarks,
            SortKey::Shares => self.shares,
            SortKey::ReadThroughs => self.read_throughs,
            SortKey::PublishedAt => self.published_at.map_or(i64::MIN, |t| t.timestamp_micros()),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContentsPage {
    period: PeriodOut,
    items: Vec<ContentRow>,
    /// The cursor of the next page; null on the last one.
    next_cursor: Option<String>,
}

/// Every post of the business but drafts, with its figures, sorted.
async fn content_rows(
    state: &AppState,
    business_id: i64,
    period: &Period,
    sort: SortKey,
    descending: bool,
) -> ApiResult<Vec<ContentRow>> {
    let db = &state.db;
    let posts: Vec<(i64, String, String, Option<DateTime<Utc>>)> = posts::Entity::find()
        .select_only()
        .columns([
            posts::Column::Id,
            posts::Column::Title,
            posts::Column::Status,
            posts::Column::PublishedAt,
        ])
        .filter(posts::Column::BusinessId.eq(business_id))
        .filter(posts::Column::Status.ne("DRAFT"))
        .into_tuple()
        .all(db)
        .await?;
    let sums = sql::query(
        db,
        "SELECT post_id, CAST(SUM(views) AS BIGINT) AS views, \
         CAST(SUM(clicks) AS BIGINT) AS clicks, CAST(SUM(bookmarks) AS BIGINT) AS bookmarks, \
         CAST(SUM(shares) AS BIGINT) AS shares, \
         CAST(SUM(read_throughs) AS BIGINT) AS read_throughs \
         FROM analytics_daily WHERE business_id = ? AND post_id IS NOT NULL \
         AND day >= ? AND day <= ? GROUP BY post_id",
        vec![
            Value::from(business_id),
            period.first_day().into(),
            period.last_day().into(),
        ],
    )
    .await?;
    let mut figures: HashMap<i64, [i64; 5]> = HashMap::new();
    for row in &sums {
        figures.insert(
            int(row, "post_id")?,
            [
                int(row, "views")?,
                int(row, "clicks")?,
                int(row, "bookmarks")?,
                int(row, "shares")?,
                int(row, "read_throughs")?,
            ],
        );
    }
    let readers = readers(db, business_id, period, ReadersOf::EachPost).await?;
    let mut rows: Vec<ContentRow> = posts
        .into_iter()
        .map(|(id, title, status, published_at)| {
            let [views, clicks, bookmarks, shares, read_throughs] =
                figures.get(&id).copied().unwrap_or_default();
            ContentRow {
                post_seq: id,
                title,
                status,
                published_at,
                views,
                unique_readers: readers.get(&Some(id)).copied().unwrap_or(0),
                clicks,
                bookmarks,
                shares,
                read_throughs,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        let by_figure = a.figure(sort).cmp(&b.figure(sort));
        let by_figure = if descending {
            by_figure.reverse()
        } else {
            by_figure
        };
        // Unpublished posts last whatever the order; then the newest post first.
        let unpublished_last = if sort == SortKey::PublishedAt {
            a.published_at.is_none().cmp(&b.published_at.is_none())
        } else {
            std::cmp::Ordering::Equal
        };
        unpublished_last
            .then(by_figure)
            .then_with(|| b.post_seq.cmp(&a.post_seq))
    });
    Ok(rows)
}

struct ContentsRequest {
    business_id: i64,
    period: Period,
    sort: SortKey,
    descending: bool,
}

async fn contents_request(
    state: &AppState,
    user: &AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: &ContentsQuery,
) -> ApiResult<ContentsRequest> {
    let business_id = authorize(state, user, path).await?;
    let period = resolve(
        &PeriodQuery {
            period: query.period.clone(),
            from: query.from.clone(),
            to: query.to.clone(),
        },
        today_kst(),
    )?;
    let sort = SortKey::parse(query.sort.as_deref())?;
    let descending = match query.order.as_deref().unwrap_or("desc") {
        "desc" => true,
        "asc" => false,
        _ => return Err(ApiError::bad_request("order must be asc or desc")),
    };
    Ok(ContentsRequest {
        business_id,
        period,
        sort,
        descending,
    })
}

/// The cursor is the position of the next row (figures move, so a key would not be
/// steadier than a position).
fn encode_cursor(position: usize) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("p{position}"))
}

fn decode_cursor(cursor: &str) -> ApiResult<usize> {
    let bad =
        || ApiError::bad_request("cursor is not valid (use the nextCursor of the previous page)");
    if cursor.len() > 32 {
        return Err(bad());
    }
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(cursor)
        .map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    text.strip_prefix('p')
        .and_then(|n| n.parse().ok())
        .ok_or_else(bad)
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/analytics/contents",
        tag = "analytics",
        params(("id" = i64, Path, description = "business id"), ContentsQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<ContentsPage>),
            (status = 400, body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, body = ErrorBody),
            (status = 404, body = ErrorBody)
        )
    )]
async fn contents(
    State(state): State<AppState>,
    user: AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: Result<Query<ContentsQuery>, QueryRejection>,
) -> ApiResult<Ok<ContentsPage>> {
    let query = query_of(query)?;
    let request = contents_request(&state, &user, path, &query).await?;
    let size = match query.size.as_deref() {
        None => DEFAULT_SIZE,
        Some(text) => match text.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_SIZE).contains(&n) => n,
            _ => return Err(ApiError::bad_request("size must be between 1 and 50")),
        },
    };
    let start = query
        .cursor
        .as_deref()
        .map(decode_cursor)
        .transpose()?
        .unwrap_or(0);
    let rows = content_rows(
        &state,
        request.business_id,
        &request.period,
        request.sort,
        request.descending,
    )
    .await?;
    let end = (start + size).min(rows.len());
    let items = rows.get(start..end).map(<[_]>::to_vec).unwrap_or_default();
    let next_cursor = (end < rows.len()).then(|| encode_cursor(end));
    Ok(ok(ContentsPage {
        period: request.period.out(),
        items,
        next_cursor,
    }))
}

/// A cell as Excel will not run it: text starting with `=`, `+`, `-`, `@` (or a tab or
/// carriage return) gets a leading apostrophe.
fn neutralise(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_string()
    }
}

/// The CSV file: a UTF-8 byte order mark (Excel then reads Korean right), a header row,
/// then one row per post. Times are KST, as Korean businesses read them.
fn csv_bytes(rows: &[ContentRow]) -> ApiResult<Vec<u8>> {
    let kst = kst();
    let mut out = Vec::from("\u{feff}".as_bytes());
    {
        let mut writer = csv::Writer::from_writer(&mut out);
        writer
            .write_record([
                "번호",
                "제목",
                "상태",
                "게시 시각(KST)",
                "조회",
                "순 독자",
                "클릭",
                "북마크",
                "공유",
                "끝까지 읽음",
            ])
            .map_err(ApiError::internal)?;
        for row in rows {
            writer
                .write_record([
                    row.post_seq.to_string(),
                    neutralise(&row.title),
                    neutralise(&row.status),
                    row.published_at
                        .map(|t| t.with_timezone(&kst).format("%Y-%m-%d %H:%M").to_string())
                        .unwrap_or_default(),
                    row.views.to_string(),
                    row.unique_readers.to_string(),
                    row.clicks.to_string(),
                    row.bookmarks.to_string(),
                    row.shares.to_string(),
                    row.read_throughs.to_string(),
                ])
                .map_err(ApiError::internal)?;
        }
        writer.flush().map_err(ApiError::internal)?;
    }
    Ok(out)
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/analytics/contents.csv",
        tag = "analytics",
        params(("id" = i64, Path, description = "business id"), ContentsQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, description = "every row, UTF-8 with a byte order mark, as an attachment", content_type = "text/csv", body = String),
            (status = 400, body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, body = ErrorBody),
            (status = 404, body = ErrorBody)
        )
    )]
async fn contents_csv(
    State(state): State<AppState>,
    user: AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: Result<Query<ContentsQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let query = query_of(query)?;
    let request = contents_request(&state, &user, path, &query).await?;
    let rows = content_rows(
        &state,
        request.business_id,
        &request.period,
        request.sort,
        request.descending,
    )
    .await?;
    let body = csv_bytes(&rows)?;
    let filename = format!(
        "tidemark-contents-{}-{}-{}.csv",
        request.business_id,
        request.period.first_day(),
        request.period.last_day()
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
        ],
        body,
    )
        .into_response())
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

    #[test]
    fn changes_are_relative_and_null_without_a_base() {
        assert_eq!(Figure::new(15, 10).change, Some(0.5));
        assert_eq!(Figure::new(5, 10).change, Some(-0.5));
        assert_eq!(Figure::new(3, 0).change, None);
    }

    #[test]
    fn age_bands_and_small_groups() {
        let on = day("2026-11-22");
        assert_eq!(age_band("2006-11-23", on), Some("10s"));
        assert_eq!(age_band("2006-11-22", on), Some("20s"));
        assert_eq!(age_band("19900101", on), Some("30s"));
        assert_eq!(age_band("1950-05-05", on), Some("60+"));
        assert_eq!(age_band("someday", on), None);
        assert_eq!(gender_group("M"), Some("male"));
        assert_eq!(gender_group("female"), Some("female"));
        assert_eq!(gender_group("unknown"), None);
        let counts = HashMap::from([("male", 6), ("female", 2)]);
        let (shown, hidden) = shown_groups(&["female", "male"], &counts);
        assert_eq!(hidden, 1);
        assert_eq!(shown.len(), 1);
        assert_eq!((shown[0].group.as_str(), shown[0].share), ("male", 1.0));
    }

    #[test]
    fn csv_cells_cannot_be_formulas() {
        assert_eq!(neutralise("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(neutralise("-1+2"), "'-1+2");
        assert_eq!(neutralise("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(neutralise("보도자료"), "보도자료");
        assert_eq!(decode_cursor(&encode_cursor(40)).unwrap(), 40);
        assert!(decode_cursor("nope!").is_err());
    }
}
