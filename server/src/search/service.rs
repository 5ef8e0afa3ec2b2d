//! The rules of search: the checks of a search and its cursor, the answer's items with their
//! highlights, the search log, and the suggestions while typing or related to a search.

use crate::entities::posts;
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::search_index::analysis::{fold, highlights, Part};
use crate::search_index::logbook;
use crate::search_index::suggest::{blend, Entry, Kind};
use crate::search_index::{Hits, LoggedSearch, SearchRequest, Sort, Target, MAX_OFFSET};
use crate::state::AppState;
use base64::Engine;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::{IntoParams, ToSchema};

/// PRODUCT: queries longer than this are refused.
const MAX_QUERY_CHARS: usize = 100;
const DEFAULT_SIZE: usize = 20;
const MAX_SIZE: usize = 50;
/// Suggestions in one answer, at most.
const MAX_SUGGESTIONS: usize = 10;

fn checked_query(q: Option<&str>, required: bool) -> ApiResult<String> {
    let text = match q {
        Some(text) => text.trim(),
        None if required => return Err(ApiError::bad_request("q is required")),
        None => "",
    };
    if text.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_request(format!(
            "q is longer than {MAX_QUERY_CHARS} characters"
        )));
    }
    Ok(text.to_string())
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct SearchParams {
    /// What to look for: at most 100 characters. Korean matches inside words (마케팅 finds
    /// 디지털마케팅을); other words match whole, ignoring case and accents.
    q: Option<String>,
    /// `CONTENTS` (default) or `BUSINESS`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    #[param(inline, value_type = Option<SearchTarget>)]
    kind: Option<String>,
    /// `POPULAR` (default: posts by popular score, businesses by followers), `LATEST`, or
    /// `RELEVANCE` (title > tags > business name > summary > body).
    #[param(inline, value_type = Option<SearchSort>)]
    sort: Option<String>,
    /// Contents only: one category (1–9).
    category_id: Option<String>,
    /// The previous page's `nextCursor`.
    cursor: Option<String>,
    /// 1 to 50, 20 when absent.
    size: Option<String>,
}

crate::word_schema! {
    /// What a search looks for: posts (`CONTENTS`) or businesses.
    SearchTarget = ["CONTENTS", "BUSINESS"]
}

crate::word_schema! {
    /// The order of search results.
    SearchSort = ["POPULAR", "LATEST", "RELEVANCE"]
}

/// Where the query's parts occur, as `[start, end)` ranges in UTF-16 code units (JavaScript
/// string indices).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ContentHighlights {
    title: Vec<[usize; 2]>,
    summary: Vec<[usize; 2]>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BusinessHighlights {
    name: Vec<[usize; 2]>,
    description: Vec<[usize; 2]>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ContentItem {
    post_seq: i64,
    title: String,
    summary: String,
    category_id: i16,
    business_id: i64,
    business_name: String,
    published_at: Option<DateTime<Utc>>,
    highlights: ContentHighlights,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BusinessItem {
    business_id: i64,
    name: String,
    /// The business's logo, as its badge elsewhere shows it.
    logo_url: Option<String>,
    description: String,
    industry: String,
    follower_count: i64,
    verified: bool,
    highlights: BusinessHighlights,
}

#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub(super) enum SearchItem {
    Content(ContentItem),
    Business(BusinessItem),
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SearchPage {
    items: Vec<SearchItem>,
    /// The cursor of the next page; null on the last one.
    next_cursor: Option<String>,
    /// How many documents match in all.
    total: usize,
}

/// A small stable hash, so a cursor is only good for the search it came from.
fn fingerprint(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

fn encode_cursor(offset: usize, search: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(format!("s1.{offset}.{:08x}", fingerprint(search)))
}

fn decode_cursor(cursor: &str, search: &str) -> ApiResult<usize> {
    let bad =
        || ApiError::bad_request("cursor is not valid (use the nextCursor of the previous page)");
    if cursor.len() > 64 {
        return Err(bad());
    }
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(cursor)
        .map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let mut parts = text.split('.');
    let (Some("s1"), Some(offset), Some(hash), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    if hash != format!("{:08x}", fingerprint(search)) {
        return Err(ApiError::bad_request(
            "cursor belongs to another search (q, type, sort and categoryId must stay the same)",
        ));
    }
    let offset: usize = offset.parse().map_err(|_| bad())?;
    if offset > MAX_OFFSET {
        return Err(bad());
    }
    Ok(offset)
}

/// Who searches: the signed-in member, or else the visitor's guest id; only searches in the web
/// client are written to the search log.
pub(super) struct Searcher {
    pub(super) member_id: Option<i64>,
    pub(super) guest_id: Option<String>,
    pub(super) from_web_client: bool,
}

/// Searches posts or businesses; a first page searched in the web client is written to the
/// search log (for popular searches and related keywords).
pub(super) async fn search(
    state: &AppState,
    ip: &str,
    searcher: &Searcher,
    params: SearchParams,
) -> ApiResult<SearchPage> {
    RateLimits::check(&state.limits.search_ip, ip, "searches").await?;
    let (request, identity) = checked_search(params)?;
    let (text, offset) = (request.text.clone(), request.offset);
    let result = state
        .search
        .search_off_thread(request)
        .await
        .map_err(ApiError::Internal)?;
    // Only a person searching in the web client is written down (a search forced by an
    // image in a post, or any call without SPEC's headers, is answered but not counted).
    if offset == 0 && !text.is_empty() && searcher.from_web_client {
        let member = searcher.member_id;
        let guest = if member.is_none() {
            searcher.guest_id.clone()
        } else {
            None
        };
        state.search.log_search(
            &state.db,
            &state.tokens,
            LoggedSearch {
                query: text,
                member_id: member,
                guest_id: guest,
                result_count: result.total,
                at: Utc::now(),
            },
        );
    }
    let items = items_of(state, result.hits, &result.parts).await?;
    let next = offset + items.len();
    let next_cursor = (!items.is_empty() && next < result.total && next <= MAX_OFFSET)
        .then(|| encode_cursor(next, &identity));
    Ok(SearchPage {
        items,
        next_cursor,
        total: result.total,
    })
}

/// The search the parameters ask for, and its identity (what a cursor is bound to).
fn checked_search(params: SearchParams) -> ApiResult<(SearchRequest, String)> {
    let text = checked_query(params.q.as_deref(), true)?;
    let target = match params.kind.as_deref() {
        None | Some("CONTENTS") => Target::Contents,
        Some("BUSINESS") => Target::Businesses,
        Some(_) => return Err(ApiError::bad_request("type must be CONTENTS or BUSINESS")),
    };
    let sort = match params.sort.as_deref() {
        None | Some("POPULAR") => Sort::Popular,
        Some("LATEST") => Sort::Latest,
        Some("RELEVANCE") => Sort::Relevance,
        Some(_) => {
            return Err(ApiError::bad_request(
                "sort must be POPULAR, LATEST or RELEVANCE",
            ))
        }
    };
    let category = match params.category_id.as_deref() {
        None => None,
        Some(value) => match value.parse::<i16>() {
            Ok(id)
                if tidemark_core::breadcrumbs::category_of(i64::from(id)).is_some()
                    && target == Target::Contents =>
            {
                Some(id)
            }
            _ => {
                return Err(ApiError::bad_request(
                    "categoryId must be 1 to 9, with type CONTENTS",
                ))
            }
        },
    };
    let size = match params.size.as_deref() {
        None => DEFAULT_SIZE,
        Some(value) => match value.parse::<usize>() {
            Ok(size) if (1..=MAX_SIZE).contains(&size) => size,
            _ => return Err(ApiError::bad_request("size must be between 1 and 50")),
        },
    };
    let identity = format!(
        "{}|{:?}|{:?}|{:?}",
        logbook::normalize(&text),
        target,
        sort,
        category
    );
    let offset = match params.cursor.as_deref() {
        None | Some("") => 0,
        Some(cursor) => decode_cursor(cursor, &identity)?,
    };
    let request = SearchRequest {
        text,
        target,
        sort,
        offset,
        size,
        category,
    };
    Ok((request, identity))
}

/// The answer's items for the hits, with where the query's `parts` occur in them.
/// The ids among `ids` of posts public now, read from the database: a post hidden or removed
/// on another server process leaves this one's results at once, before this process's
/// index has applied the change (docs/scale-out.md). While the database is away, the
/// catalogue says instead: the posts this process holds as public (as current as the change
/// log it applied before the loss).
async fn still_public(state: &AppState, ids: Vec<i64>) -> ApiResult<HashSet<i64>> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let held = |ids: Vec<i64>| {
        let held = state.catalog.snapshot();
        ids.into_iter()
            .filter(|id| held.entries.contains_key(id))
            .collect()
    };
    if !state.reach.up() {
        return Ok(held(ids));
    }
    let query = posts::Entity::find()
        .select_only()
        .column(posts::Column::Id)
        .filter(posts::Column::Id.is_in(ids.clone()))
        .filter(crate::catalog::visible())
        .into_tuple::<i64>()
        .all(&state.db);
    match state.reach.unless_away(query).await {
        Some(Ok(public)) => Ok(public.into_iter().collect()),
        // Lost while the query waited: the probe noticed, or the query failed first.
        None => Ok(held(ids)),
        Some(Err(error)) if crate::http::error::is_unreachable(&error) => Ok(held(ids)),
        Some(Err(error)) => Err(error.into()),
    }
}

async fn items_of(state: &AppState, hits: Hits, parts: &[Part]) -> ApiResult<Vec<SearchItem>> {
    Ok(match hits {
        Hits::Posts(hits) => {
            let public = still_public(state, hits.iter().map(|hit| hit.id).collect()).await?;
            hits.into_iter()
                .filter(|hit| public.contains(&hit.id))
                .map(|hit| {
                    SearchItem::Content(ContentItem {
                        highlights: ContentHighlights {
                            title: highlights(&hit.title, parts),
                            summary: highlights(&hit.summary, parts),
                        },
                        post_seq: hit.id,
                        title: hit.title,
                        summary: hit.summary,
                        category_id: hit.category_id,
                        business_id: hit.business_id,
                        business_name: hit.business_name,
                        published_at: hit.published_at,
                    })
                })
                .collect()
        }
        Hits::Businesses(hits) => {
            let ids: Vec<i64> = hits.iter().map(|hit| hit.id).collect();
            let mut badges = crate::content::cards::badges(state, &ids).await?;
            hits.into_iter()
                .map(|hit| {
                    SearchItem::Business(BusinessItem {
                        highlights: BusinessHighlights {
                            name: highlights(&hit.name, parts),
                            description: highlights(&hit.description, parts),
                        },
                        logo_url: badges.remove(&hit.id).and_then(|badge| badge.logo_url),
                        business_id: hit.id,
                        name: hit.name,
                        description: hit.description,
                        industry: hit.industry,
                        follower_count: hit.follower_count,
                        verified: hit.verified,
                    })
                })
                .collect()
        }
    })
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct SuggestionParams {
    /// What has been typed so far (at most 100 characters); empty: popular searches.
    q: Option<String>,
    /// `Typing` (default): completions of titles, business names, categories, tags and
    /// popular searches, by prefix, initial consonants (ㅁㅋㅌ) or half-typed syllables (맠).
    /// `Related`: keywords searched together with `q`, and tags found with it.
    #[param(inline, value_type = Option<SuggestionMode>)]
    mode: Option<String>,
}

crate::word_schema! {
    /// Completions of what is typed (`Typing`) or keywords searched with it (`Related`).
    SuggestionMode = ["Typing", "Related"]
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Suggestion {
    text: String,
    /// `post` | `business` | `category` | `query` | `tag`
    #[schema(value_type = SuggestionKind)]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    post_seq: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    business_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    category_id: Option<i64>,
}

crate::word_schema! {
    /// What a suggestion completes: a post's title, a business's name, a category, a popular query or a tag.
    SuggestionKind = ["post", "business", "category", "query", "tag"]
}

impl Suggestion {
    fn of(entry: &Entry) -> Suggestion {
        Suggestion {
            text: entry.text.to_string(),
            kind: entry.kind.as_str(),
            post_seq: (entry.kind == Kind::Post).then_some(entry.id),
            business_id: (entry.kind == Kind::Business).then_some(entry.id),
            category_id: (entry.kind == Kind::Category).then_some(entry.id),
        }
    }

    fn plain(text: String, kind: Kind) -> Suggestion {
        Suggestion {
            text,
            kind: kind.as_str(),
            post_seq: None,
            business_id: None,
            category_id: None,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Suggestions {
    items: Vec<Suggestion>,
}

/// Completions while typing (popular searches for an empty box), or related keywords.
pub(super) async fn suggestions(
    state: &AppState,
    ip: &str,
    params: SuggestionParams,
) -> ApiResult<Suggestions> {
    RateLimits::check(&state.limits.search_ip, ip, "searches").await?;
    let typed = checked_query(params.q.as_deref(), false)?;
    let related = match params.mode.as_deref() {
        None | Some("Typing") => false,
        Some("Related") => true,
        Some(_) => return Err(ApiError::bad_request("mode must be Typing or Related")),
    };
    let items = if related {
        related_keywords(state, &typed).await?
    } else if typed.is_empty() {
        let popular = state.search.popular(&state.db).await?;
        popular
            .items
            .into_iter()
            .take(MAX_SUGGESTIONS)
            .map(|p| Suggestion::plain(p.query, Kind::Query))
            .collect()
    } else {
        let queries = state.search.logged_queries(&state.db);
        let index = state.search.clone();
        tokio::task::spawn_blocking(move || {
            let content = index.suggest_content(&typed, MAX_SUGGESTIONS);
            let mut found: Vec<&Entry> = queries
                .as_ref()
                .map(|table| table.lookup(&typed, MAX_SUGGESTIONS))
                .unwrap_or_default();
            found.extend(content.iter());
            blend(found, MAX_SUGGESTIONS)
                .into_iter()
                .map(Suggestion::of)
                .collect::<Vec<_>>()
        })
        .await
        .map_err(ApiError::internal)?
    };
    Ok(Suggestions { items })
}

/// Keywords searched together with `typed` first, then tags found with it.
async fn related_keywords(state: &AppState, typed: &str) -> ApiResult<Vec<Suggestion>> {
    if typed.is_empty() {
        return Ok(Vec::new());
    }
    let normalized = logbook::normalize(typed);
    let together = logbook::searched_together(&state.db, &normalized, MAX_SUGGESTIONS).await?;
    let index = state.search.clone();
    let keyword = typed.to_string();
    let tags = tokio::task::spawn_blocking(move || index.tags_near(&keyword, MAX_SUGGESTIONS))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::Internal)?;
    let mut seen = vec![fold(&normalized)];
    let mut items = Vec::new();
    let candidates = together
        .into_iter()
        .map(|(text, _)| (text, Kind::Query))
        .chain(tags.into_iter().map(|(text, _)| (text, Kind::Tag)));
    for (text, kind) in candidates {
        let key = fold(&text);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        items.push(Suggestion::plain(text, kind));
        if items.len() == MAX_SUGGESTIONS {
            break;
        }
    }
    Ok(items)
}
