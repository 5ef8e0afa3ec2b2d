//! The outline of a period: the totals against the period just before, the daily series,
//! the top posts, the devices and the reader mix.

use super::{
    authorize, ratio, readers, resolve, sums, today_kst, Period, PeriodOut, PeriodQuery, ReadersOf,
    MIN_GROUP,
};
use crate::analytics::sql::{self, int, kind_in, kind_is, READ_KINDS, VISITOR};
use crate::auth::AuthUser;
use crate::entities::posts;
use crate::event_sink::EventKind;
use crate::http::error::ApiResult;
use crate::state::AppState;
use chrono::{Datelike, NaiveDate};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Posts in the outline's top list.
const TOP_POSTS: usize = 5;

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
    #[schema(value_type = crate::analytics::device::DeviceType)]
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
pub(crate) struct Outline {
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

/// The outline of business `business_id` over the period `query` names (its people and
/// operators).
pub(crate) async fn outline(
    state: &AppState,
    user: &AuthUser,
    business_id: i64,
    query: &PeriodQuery,
) -> ApiResult<Outline> {
    authorize(state, user, business_id).await?;
    let period = resolve(query, today_kst())?;
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

    Ok(Outline {
        period: period.out(),
        totals,
        series,
        top_posts,
        devices,
        readers,
    })
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
    let follow = kind_is(EventKind::Follow);
    let ties = kind_in(&[EventKind::Follow, EventKind::Unfollow]);
    let changes = sql::query(
        db,
        &format!(
            "SELECT e.day AS day, SUM(CASE WHEN {follow} THEN 1 ELSE -1 END) AS net \
             FROM analytics_events e WHERE e.business_id = ? AND e.day > ? AND {ties} \
             GROUP BY e.day"
        ),
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
    let read = kind_in(READ_KINDS);
    let rows = sql::query(
        db,
        &format!(
            "SELECT e.device_type AS device_type, \
             COUNT(DISTINCT CASE WHEN {read} THEN {VISITOR} END) AS readers \
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
    let read = kind_in(READ_KINDS);
    let rows = sql::query(
        db,
        &format!(
            "SELECT c.gender AS gender, c.birth_date AS birth_date, COUNT(*) AS n FROM \
             (SELECT DISTINCT CASE WHEN {read} THEN e.member_id END AS member_id \
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

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
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
}
