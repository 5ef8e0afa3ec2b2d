//! Each post's figures over a period, sorted and paged (JSON) or all of them as a CSV file
//! for Excel.

use super::{authorize, readers, resolve, today_kst, Period, PeriodOut, PeriodQuery, ReadersOf};
use crate::analytics::sql::{self, int};
use crate::auth::AuthUser;
use crate::entities::posts;
use crate::entities::posts::PostStatus;
use crate::fanout::opens;
use crate::http::error::{ApiError, ApiResult};
use crate::kernel::kst::kst;
use crate::state::AppState;
use base64::Engine;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Value};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

const DEFAULT_SIZE: usize = 20;
const MAX_SIZE: usize = 50;

#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(crate) struct ContentsQuery {
    /// `7` | `30` | `90` (as for the outline)
    #[param(inline, value_type = Option<super::PeriodDays>)]
    period: Option<String>,
    from: Option<String>,
    to: Option<String>,
    /// `views` (default) | `uniqueReaders` | `clicks` | `bookmarks` | `shares` |
    /// `readThroughs` | `publishedAt`
    #[param(inline, value_type = Option<ContentSort>)]
    sort: Option<String>,
    /// `desc` (default) | `asc`
    #[param(inline, value_type = Option<SortOrder>)]
    order: Option<String>,
    /// The previous page's `nextCursor` (not for the CSV, which has every row).
    cursor: Option<String>,
    /// 1 to 50, 20 when absent (not for the CSV).
    size: Option<String>,
}

crate::word_schema! {
    /// The column the contents report is sorted by.
    ContentSort = ["views", "uniqueReaders", "clicks", "bookmarks", "shares", "readThroughs", "publishedAt"]
}

crate::word_schema! {
    /// Descending (the default) or ascending.
    SortOrder = ["desc", "asc"]
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
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    status: String,
    published_at: Option<DateTime<Utc>>,
    views: i64,
    unique_readers: i64,
    clicks: i64,
    bookmarks: i64,
    shares: i64,
    read_throughs: i64,
    /// Its followers' notices, over the post's whole life (not the period's).
    notices: NoticeReach,
}

/// How far a post's notices reached (docs/notifications.md, "Businesses see it"): followers
/// told by each channel, and members who opened the post from each.
#[derive(Serialize, ToSchema, Clone, Copy, Debug, Default)]
#[serde(rename_all = "camelCase")]
struct NoticeReach {
    /// Followers who got its notice under the bell.
    in_site: i64,
    /// Mails of the post alone delivered (digests that list it are not counted).
    mailed: i64,
    /// Members who opened it from the notice under the bell.
    opened_in_site: i64,
    /// Members who clicked its link in a notice mail (a mail program's link scanner counts as
    /// a click: an upper bound).
    opened_from_mail: i64,
    /// Followers a browser notification of it reached.
    pushed: i64,
    /// Members who clicked its browser notification.
    opened_from_push: i64,
}

impl From<opens::Reach> for NoticeReach {
    fn from(reach: opens::Reach) -> Self {
        NoticeReach {
            in_site: reach.notified_in_site,
            mailed: reach.mailed,
            opened_in_site: reach.opened_in_site,
            opened_from_mail: reach.opened_from_mail,
            pushed: reach.pushed,
            opened_from_push: reach.opened_from_push,
        }
    }
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
pub(crate) struct ContentsPage {
    period: PeriodOut,
    items: Vec<ContentRow>,
    /// The cursor of the next page; null on the last one.
    next_cursor: Option<String>,
}

/// Every post of the business but drafts, with its figures, sorted.
async fn content_rows(state: &AppState, request: &ContentsRequest) -> ApiResult<Vec<ContentRow>> {
    let ContentsRequest {
        business_id,
        ref period,
        sort,
        descending,
    } = *request;
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
        .filter(posts::Column::Status.ne(PostStatus::Draft))
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
    let reach = opens::reach_of_business(db, business_id).await?;
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
                notices: reach.get(&id).copied().unwrap_or_default().into(),
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
    business_id: i64,
    query: &ContentsQuery,
) -> ApiResult<ContentsRequest> {
    authorize(state, user, business_id).await?;
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

/// A page of business `business_id`'s posts with their figures over the period `query`
/// names, sorted as it asks (its people and operators).
pub(crate) async fn contents(
    state: &AppState,
    user: &AuthUser,
    business_id: i64,
    query: &ContentsQuery,
) -> ApiResult<ContentsPage> {
    let request = contents_request(state, user, business_id, query).await?;
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
    let rows = content_rows(state, &request).await?;
    let end = (start + size).min(rows.len());
    let items = rows.get(start..end).map(<[_]>::to_vec).unwrap_or_default();
    let next_cursor = (end < rows.len()).then(|| encode_cursor(end));
    Ok(ContentsPage {
        period: request.period.out(),
        items,
        next_cursor,
    })
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
/// then one row per post, lines ended by CRLF as Excel on Windows writes them. Times are KST,
/// as Korean businesses read them.
fn csv_bytes(rows: &[ContentRow]) -> ApiResult<Vec<u8>> {
    let kst = kst();
    let mut out = Vec::from("\u{feff}".as_bytes());
    {
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut out);
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
                "알림 받은 팔로워(사이트)",
                "알림 메일",
                "알림으로 연 회원(사이트)",
                "메일 링크로 연 회원",
                "알림 받은 팔로워(브라우저)",
                "브라우저 알림으로 연 회원",
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
                    row.notices.in_site.to_string(),
                    row.notices.mailed.to_string(),
                    row.notices.opened_in_site.to_string(),
                    row.notices.opened_from_mail.to_string(),
                    row.notices.pushed.to_string(),
                    row.notices.opened_from_push.to_string(),
                ])
                .map_err(ApiError::internal)?;
        }
        writer.flush().map_err(ApiError::internal)?;
    }
    Ok(out)
}

/// The CSV file of the contents and its name.
pub(crate) struct Csv {
    pub(crate) filename: String,
    pub(crate) body: Vec<u8>,
}

/// Every post of business `business_id` with its figures over the period `query` names, as
/// a CSV file (its people and operators).
pub(crate) async fn contents_csv(
    state: &AppState,
    user: &AuthUser,
    business_id: i64,
    query: &ContentsQuery,
) -> ApiResult<Csv> {
    let request = contents_request(state, user, business_id, query).await?;
    let rows = content_rows(state, &request).await?;
    let body = csv_bytes(&rows)?;
    let filename = format!(
        "tidemark-contents-{}-{}-{}.csv",
        request.business_id,
        request.period.first_day(),
        request.period.last_day()
    );
    Ok(Csv { filename, body })
}

#[cfg(test)]
mod tests {
    use super::*;

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
