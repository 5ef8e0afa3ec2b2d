//! The search log: every search a person makes in the web client is written down (off the
//! answer's path), and read back for popular searches (the KST day, or the week), query
//! suggestions, and keywords searched together (the same member or guest within 30 minutes).
//!
//! Popular searches and query suggestions count people, not searches: distinct visitors per
//! query per KST day, and a query shows only once [`MIN_VISITORS`] people searched it. The
//! visitor is a keyed hash made anew each day (`visitor_key`), of a member or of a guest id
//! the server handed out; a guest id nobody was given counts as nobody.

use super::suggest::{Entry, Kind, SuggestTable};
use crate::entities::search_log;
use crate::kernel::kst::{kst, kst_date, kst_midnight};
use crate::tokens::TokenKeys;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, Order, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;
use utoipa::ToSchema;

/// How long popular searches are served from memory.
const POPULAR_FRESH: std::time::Duration = std::time::Duration::from_secs(3);
/// How long query suggestions are served before they are read again (in the background).
const QUERIES_FRESH: std::time::Duration = std::time::Duration::from_secs(60);
/// Popular queries kept for typing suggestions.
const QUERY_SUGGESTIONS: u64 = 2_000;
/// Searches of the same visitor this close count as searched together.
const TOGETHER_MINUTES: i64 = 30;
/// People who must have searched a query (on one day, or over the week's days) before it is
/// shown to others as a popular search or a suggestion.
pub const MIN_VISITORS: i64 = 3;

/// The searches a list is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Period {
    Today,
    Week,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PopularQuery {
    pub query: String,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Popular {
    pub items: Vec<PopularQuery>,
    /// `today` (the current KST day) or `week` (the last 7 days, when today has fewer than
    /// ten distinct searches).
    pub period: Period,
}

#[derive(Default)]
pub struct Caches {
    popular: Mutex<Option<(Instant, Popular)>>,
    queries: RwLock<Option<(Instant, Arc<SuggestTable>)>>,
    refreshing: AtomicBool,
}

/// A query as the log groups it: lower-cased, runs of whitespace as one space.
pub fn normalize(query: &str) -> String {
    query
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Searches waiting to be written before new ones are dropped (with a warning): the log
/// feeds popular searches and suggestions, so under a flood a few lost rows are acceptable
/// where an unbounded backlog holding the connection pool is not.
const LOG_QUEUE: usize = 8192;
/// Rows per INSERT at most (6 values a row).
const LOG_BATCH: usize = 500;

/// One search to write down.
pub struct LoggedSearch {
    pub query: String,
    pub member_id: Option<i64>,
    pub guest_id: Option<String>,
    pub result_count: usize,
    pub at: DateTime<Utc>,
}

/// Writes searches down in batches, off the answers' path: one task takes what is queued and
/// writes it with one multi-row INSERT, so a burst of searches costs a few statements instead
/// of one per search.
#[derive(Default)]
pub struct LogWriter {
    queue: std::sync::OnceLock<tokio::sync::mpsc::Sender<LoggedSearch>>,
    dropping: AtomicBool,
}

impl LogWriter {
    /// Queues a search (the writer starts with the first one, inside the server's runtime).
    pub fn record(&self, db: &DatabaseConnection, keys: &Arc<TokenKeys>, logged: LoggedSearch) {
        let queue = self.queue.get_or_init(|| {
            let (queue, inbox) = tokio::sync::mpsc::channel(LOG_QUEUE);
            tokio::spawn(write_searches(db.clone(), keys.clone(), inbox));
            queue
        });
        match queue.try_send(logged) {
            Ok(()) => self.dropping.store(false, AtomicOrdering::Relaxed),
            Err(_) => {
                if !self.dropping.swap(true, AtomicOrdering::Relaxed) {
                    tracing::warn!("search log: queue full, searches are not being written");
                }
            }
        }
    }
}

async fn write_searches(
    db: DatabaseConnection,
    keys: Arc<TokenKeys>,
    mut inbox: tokio::sync::mpsc::Receiver<LoggedSearch>,
) {
    let mut batch = Vec::with_capacity(LOG_BATCH);
    while inbox.recv_many(&mut batch, LOG_BATCH).await > 0 {
        write_batch(&db, &keys, std::mem::take(&mut batch)).await;
    }
}

/// The keyed hash that stands for a visitor in the log on the KST day of `at`: members by
/// id, guests by guest id. New each day, so distinct values over several days count
/// visitors per day, and a visitor cannot be followed from one day to the next through it.
pub fn visitor_key(keys: &TokenKeys, at: DateTime<Utc>, who: Visitor<'_>) -> String {
    let day = at.with_timezone(&kst()).date_naive();
    let who = match who {
        Visitor::Member(id) => format!("m:{id}"),
        Visitor::Guest(id) => format!("g:{id}"),
    };
    keys.pseudonym(&format!("search-visitor {day}"), &who)
}

/// Who searched, as [`visitor_key`] takes it.
#[derive(Clone, Copy)]
pub enum Visitor<'a> {
    Member(i64),
    Guest(&'a str),
}

/// Writes `batch` with one INSERT; when that fails (one row the database refuses fails the
/// whole statement), row by row, so only the rows refused are lost. While the database is
/// away the batch is dropped (the log is for popular searches and suggestions, which a
/// moment's gap does not change). Nothing about the
/// searches themselves is logged: they are what people typed.
pub async fn write_batch(db: &DatabaseConnection, keys: &TokenKeys, batch: Vec<LoggedSearch>) {
    let rows: Vec<search_log::ActiveModel> = batch
        .into_iter()
        .map(|logged| {
            let visitor = match (logged.member_id, logged.guest_id.as_deref()) {
                (Some(id), _) => Some(Visitor::Member(id)),
                // Only ids this server issued, checked by their signature (no query).
                (None, Some(guest)) if keys.verify_guest_id(guest, logged.at.timestamp()) => {
                    Some(Visitor::Guest(guest))
                }
                _ => None,
            }
            .map(|who| visitor_key(keys, logged.at, who));
            search_log::ActiveModel {
                normalized: Set(normalize(&logged.query)),
                query: Set(logged.query),
                member_id: Set(logged.member_id),
                guest_id: Set(logged.guest_id),
                result_count: Set(i32::try_from(logged.result_count).unwrap_or(i32::MAX)),
                visitor: Set(visitor),
                created_at: Set(logged.at),
                ..Default::default()
            }
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    let count = rows.len();
    match search_log::Entity::insert_many(rows.clone())
        .exec_without_returning(db)
        .await
    {
        Ok(_) => return,
        // Row by row would wait for a connection once per row.
        Err(error) if crate::http::error::is_unreachable(&error) => {
            tracing::warn!(
                batch = count,
                "search log: the database is away; these searches are not logged"
            );
            return;
        }
        Err(_) => {}
    }
    let mut lost = 0;
    for row in rows {
        if search_log::Entity::insert(row)
            .exec_without_returning(db)
            .await
            .is_err()
        {
            lost += 1;
        }
    }
    tracing::warn!(
        batch = count,
        lost,
        "search log: a batch was refused; written row by row, refused rows dropped"
    );
}

/// Midnight of the current KST day, in UTC.
pub fn kst_day_start(now: DateTime<Utc>) -> DateTime<Utc> {
    kst_midnight(kst_date(now))
}

/// Queries with results searched since `since` by at least [`MIN_VISITORS`] people, with
/// how many (distinct visitors per KST day, summed over the days: the visitor key changes
/// each day), most first.
async fn top_queries(
    db: &DatabaseConnection,
    since: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<(String, i64)>, DbErr> {
    let visitors = || Expr::col(search_log::Column::Visitor).count_distinct();
    search_log::Entity::find()
        .select_only()
        .column(search_log::Column::Normalized)
        .column_as(visitors(), "visitors")
        .filter(search_log::Column::CreatedAt.gte(since))
        .filter(search_log::Column::ResultCount.gt(0))
        .filter(search_log::Column::Visitor.is_not_null())
        .group_by(search_log::Column::Normalized)
        .having(visitors().gte(MIN_VISITORS))
        .order_by(visitors(), Order::Desc)
        .order_by_asc(search_log::Column::Normalized)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await
}

impl Caches {
    /// The ten queries most people searched on the KST day, or over the last 7 days when
    /// the day has fewer than ten; searches without results do not count, nor queries fewer
    /// than [`MIN_VISITORS`] people searched.
    pub async fn popular(&self, db: &DatabaseConnection) -> Result<Popular, DbErr> {
        if let Ok(cached) = self.popular.lock() {
            if let Some((at, popular)) = cached.as_ref() {
                if at.elapsed() < POPULAR_FRESH {
                    return Ok(popular.clone());
                }
            }
        }
        let now = Utc::now();
        let today = top_queries(db, kst_day_start(now), 10).await?;
        let (rows, period) = if today.len() >= 10 {
            (today, Period::Today)
        } else {
            (
                top_queries(db, now - Duration::days(7), 10).await?,
                Period::Week,
            )
        };
        let popular = Popular {
            items: rows
                .into_iter()
                .map(|(query, count)| PopularQuery { query, count })
                .collect(),
            period,
        };
        if let Ok(mut cached) = self.popular.lock() {
            *cached = Some((Instant::now(), popular.clone()));
        }
        Ok(popular)
    }

    /// Popular queries of the week as a suggestion table; read again in the background when
    /// older than a minute (the first call may find none yet).
    pub fn queries(self: &Arc<Self>, db: &DatabaseConnection) -> Option<Arc<SuggestTable>> {
        let current = self.queries.read().ok().and_then(|q| q.clone());
        let stale = current
            .as_ref()
            .is_none_or(|(at, _)| at.elapsed() >= QUERIES_FRESH);
        if stale && !self.refreshing.swap(true, AtomicOrdering::SeqCst) {
            let caches = self.clone();
            let db = db.clone();
            tokio::spawn(async move {
                match caches.load_queries(&db).await {
                    Ok(table) => {
                        if let Ok(mut queries) = caches.queries.write() {
                            *queries = Some((Instant::now(), Arc::new(table)));
                        }
                    }
                    Err(error) => tracing::warn!(%error, "query suggestions not refreshed"),
                }
                caches.refreshing.store(false, AtomicOrdering::SeqCst);
            });
        }
        current.map(|(_, table)| table)
    }

    /// Reads the week's popular queries now (tests, and the first call after a rebuild).
    pub async fn load_queries(&self, db: &DatabaseConnection) -> Result<SuggestTable, DbErr> {
        let rows = top_queries(db, Utc::now() - Duration::days(7), QUERY_SUGGESTIONS).await?;
        let entries = rows
            .into_iter()
            .map(|(text, count)| Entry {
                text: text.into(),
                kind: Kind::Query,
                id: 0,
                weight: count as f64,
            })
            .collect();
        Ok(
            tokio::task::spawn_blocking(move || SuggestTable::build(entries))
                .await
                .unwrap_or_default(),
        )
    }

    pub fn set_queries(&self, table: SuggestTable) {
        if let Ok(mut queries) = self.queries.write() {
            *queries = Some((Instant::now(), Arc::new(table)));
        }
    }
}

/// Who searched, as related keywords group the log (by its member and guest ids).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Searcher {
    Member(i64),
    Guest(String),
}

fn visitor_of(row: &search_log::Model) -> Option<Searcher> {
    match (row.member_id, &row.guest_id) {
        (Some(id), _) => Some(Searcher::Member(id)),
        (None, Some(guest)) if !guest.is_empty() => Some(Searcher::Guest(guest.clone())),
        _ => None,
    }
}

/// Queries the same visitors searched within 30 minutes of `normalized` (the last 30 days),
/// by how many visitors did so.
pub async fn searched_together(
    db: &DatabaseConnection,
    normalized: &str,
    limit: usize,
) -> Result<Vec<(String, usize)>, DbErr> {
    let since = Utc::now() - Duration::days(30);
    let anchors = search_log::Entity::find()
        .filter(search_log::Column::Normalized.eq(normalized))
        .filter(search_log::Column::CreatedAt.gte(since))
        .order_by_desc(search_log::Column::CreatedAt)
        .limit(300)
        .all(db)
        .await?;
    let mut when: HashMap<Searcher, Vec<DateTime<Utc>>> = HashMap::new();
    for row in &anchors {
        if let Some(visitor) = visitor_of(row) {
            when.entry(visitor).or_default().push(row.created_at);
        }
    }
    if when.is_empty() {
        return Ok(Vec::new());
    }
    let members: Vec<i64> = when
        .keys()
        .filter_map(|v| match v {
            Searcher::Member(id) => Some(*id),
            Searcher::Guest(_) => None,
        })
        .collect();
    let guests: Vec<String> = when
        .keys()
        .filter_map(|v| match v {
            Searcher::Guest(id) => Some(id.clone()),
            Searcher::Member(_) => None,
        })
        .collect();
    let mut who = Condition::any();
    if !members.is_empty() {
        who = who.add(search_log::Column::MemberId.is_in(members));
    }
    if !guests.is_empty() {
        who = who.add(search_log::Column::GuestId.is_in(guests));
    }
    let window = Duration::minutes(TOGETHER_MINUTES);
    let first = anchors.iter().map(|r| r.created_at).min().unwrap_or(since);
    let last = anchors.iter().map(|r| r.created_at).max().unwrap_or(since);
    let others = search_log::Entity::find()
        .filter(who)
        .filter(search_log::Column::Normalized.ne(normalized))
        .filter(search_log::Column::CreatedAt.gte(first - window))
        .filter(search_log::Column::CreatedAt.lte(last + window))
        .filter(search_log::Column::ResultCount.gt(0))
        .limit(5_000)
        .all(db)
        .await?;
    let mut pairs: HashSet<(String, Searcher)> = HashSet::new();
    for row in others {
        let Some(visitor) = visitor_of(&row) else {
            continue;
        };
        let near = when.get(&visitor).is_some_and(|times| {
            times
                .iter()
                .any(|at| (row.created_at - *at).abs() <= window)
        });
        if near && !row.normalized.is_empty() {
            pairs.insert((row.normalized, visitor));
        }
    }
    let mut counts: HashMap<String, usize> = HashMap::new();
    for (query, _) in pairs {
        *counts.entry(query).or_default() += 1;
    }
    let mut ranked: Vec<(String, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(limit);
    Ok(ranked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn normalizes_case_and_spaces() {
        assert_eq!(
            normalize("  Digital   마케팅\t전략 "),
            "digital 마케팅 전략"
        );
    }

    #[test]
    fn the_kst_day_starts_at_15_utc() {
        let late = Utc.with_ymd_and_hms(2026, 3, 1, 16, 0, 0).unwrap();
        assert_eq!(
            kst_day_start(late),
            Utc.with_ymd_and_hms(2026, 3, 1, 15, 0, 0).unwrap()
        );
        let early = Utc.with_ymd_and_hms(2026, 3, 1, 14, 59, 0).unwrap();
        assert_eq!(
            kst_day_start(early),
            Utc.with_ymd_and_hms(2026, 2, 28, 15, 0, 0).unwrap()
        );
    }
}
