//! The public lists: popular, latest, category (POPULAR or LATEST), report, a business's
//! posts, related posts; and the reader's interest list. Public lists are slices of the
//! in-memory catalogue; their pages are cached as finished JSON with an ETag until a post
//! changes (the routes answer 304 to a matching If-None-Match).

use crate::answers::{CachedPage, Shows};
use crate::catalog::Snapshot;
use crate::content::cards::cards;
use crate::content::view::Card;
use crate::entities::{follows, member_interests};
use crate::http::envelope::ok;
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::HashSet;
use std::sync::Arc;
use tidemark_core::breadcrumbs::category_of;
use utoipa::ToSchema;

/// The order of a category list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sort {
    Popular,
    Latest,
}

fn sort_of(value: Option<&str>) -> ApiResult<Sort> {
    match value {
        None | Some("POPULAR") => Ok(Sort::Popular),
        Some("LATEST") => Ok(Sort::Latest),
        Some(_) => Err(ApiError::bad_request("sort must be POPULAR or LATEST")),
    }
}

/// Where in `ordering` the page `page` asks for starts: popular pages by place in the
/// ordering (scores move), newest first by keyset (stable while posts arrive).
fn start_of(
    snapshot: &Snapshot,
    ordering: &[i64],
    sort: Sort,
    page: &PageQuery,
) -> ApiResult<usize> {
    Ok(match (sort, page.position()?) {
        (_, None) => 0,
        (Sort::Popular, Some(position)) => match position.as_slice() {
            [offset] if *offset >= 0 => *offset as usize,
            _ => return Err(ApiError::bad_request("cursor is not valid for this list")),
        },
        (Sort::Latest, Some(position)) => match position.as_slice() {
            [published_at, id] => snapshot.after(ordering, *published_at, *id),
            _ => return Err(ApiError::bad_request("cursor is not valid for this list")),
        },
    })
}

/// A page of an ordering: by position (popular: the ordering is by score, which moves) or
/// by keyset (newest first: stable while posts arrive).
fn slice(
    snapshot: &Snapshot,
    ordering: &[i64],
    sort: Sort,
    page: &PageQuery,
) -> ApiResult<(Vec<i64>, Option<String>)> {
    let size = page.size()? as usize;
    let start = start_of(snapshot, ordering, sort, page)?;
    let ids: Vec<i64> = ordering.iter().skip(start).take(size).copied().collect();
    let more = start + ids.len() < ordering.len();
    let next = match (more, ids.last()) {
        (true, Some(last)) => Some(match sort {
            Sort::Popular => paging::encode(&[(start + ids.len()) as i64]),
            Sort::Latest => {
                let entry = &snapshot.entries[last];
                paging::encode(&[entry.published_at, entry.id])
            }
        }),
        _ => None,
    };
    Ok((ids, next))
}

/// A public list of posts, as the catalogue orders it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// `GET /api/v1/posts/popular`.
    Popular,
    /// `GET /api/v1/posts/latest`.
    Latest,
    /// `GET /api/v1/posts/category/{id}`: a category (1 to 9) in either order.
    Category(i16, Sort),
    /// `GET /api/v1/posts/report`: the posts with the report flag, newest first.
    Reports,
    /// `GET /api/v1/businesses/{id}/posts`: a business's public posts, newest first,
    /// optionally of one category.
    Business(i64, Option<i16>),
}

impl Listing {
    /// The key of a page of the list among the kept answers.
    fn key(self, page: &PageQuery) -> ApiResult<String> {
        let list = match self {
            Listing::Popular => "popular".to_string(),
            Listing::Latest => "latest".to_string(),
            Listing::Category(id, sort) => format!("category:{id}:{sort:?}"),
            Listing::Reports => "report".to_string(),
            Listing::Business(id, category) => format!("business:{id}:{category:?}"),
        };
        Ok(format!(
            "{list}|{}|{}",
            page.size()?,
            page.cursor.as_deref().unwrap_or("")
        ))
    }

    /// What a page of the list shows, so that a change forgets it.
    fn shows(self) -> Shows {
        match self {
            Listing::Business(id, _) => Shows::Business(id),
            _ => Shows::Lists,
        }
    }

    /// The ids of page `page` of the list in `s`, and the cursor of the next.
    fn slice(self, s: &Snapshot, page: &PageQuery) -> ApiResult<(Vec<i64>, Option<String>)> {
        match self {
            Listing::Popular => slice(s, &s.popular, Sort::Popular, page),
            Listing::Latest => slice(s, &s.latest, Sort::Latest, page),
            Listing::Category(id, sort) => {
                let ordering = match sort {
                    Sort::Popular => s.popular_by_category.get(&id),
                    Sort::Latest => s.latest_by_category.get(&id),
                };
                slice(s, ordering.map(Vec::as_slice).unwrap_or(&[]), sort, page)
            }
            Listing::Reports => slice(s, &s.reports, Sort::Latest, page),
            Listing::Business(id, category) => {
                let own = s.latest_by_business.get(&id).map_or(&[][..], Vec::as_slice);
                match category {
                    None => slice(s, own, Sort::Latest, page),
                    Some(category) => {
                        let ordering: Vec<i64> = own
                            .iter()
                            .filter(|post| s.entries[post].category_id == category)
                            .copied()
                            .collect();
                        slice(s, &ordering, Sort::Latest, page)
                    }
                }
            }
        }
    }
}

/// A page of `listing` as its call answers it: from the kept answers, or made and kept.
pub async fn answer(
    state: &AppState,
    listing: Listing,
    page: &PageQuery,
) -> ApiResult<Arc<CachedPage>> {
    let key = listing.key(page)?;
    if let Some(kept) = state.catalog.answers.cached(&key) {
        return Ok(kept);
    }
    let generation = state.catalog.answers.generation();
    let made = match state
        .reach
        .unless_away(cards_page(state, listing, page))
        .await
    {
        Some(Ok(made)) => made,
        // The database is away (or went while the page was made): the page held before
        // stands in.
        Some(Err(error @ ApiError::Unavailable { .. })) => {
            return state.catalog.answers.stand_in_page(&key).ok_or(error)
        }
        None => {
            let stand_in = state.catalog.answers.stand_in_page(&key);
            return stand_in.ok_or_else(ApiError::database_away);
        }
        Some(Err(error)) => return Err(error),
    };
    let body = serde_json::to_vec(&ok(made)).map_err(ApiError::internal)?;
    Ok(state
        .catalog
        .answers
        .keep(key, generation, listing.shows(), body.into()))
}

/// A page of `listing` as cards (what a first view renders, and its call's answer holds).
pub async fn cards_page(
    state: &AppState,
    listing: Listing,
    page: &PageQuery,
) -> ApiResult<Page<Card>> {
    let snapshot = state.catalog.snapshot();
    let (ids, next_cursor) = listing.slice(&snapshot, page)?;
    let items = cards(state, &ids).await?;
    Ok(Page { items, next_cursor })
}

/// The call `GET /api/v1/posts/category/{id}`: 404 for a category that does not exist, 400
/// for a sort other than `POPULAR` or `LATEST`.
pub(crate) async fn category(
    state: &AppState,
    id: i16,
    sort: Option<&str>,
    page: &PageQuery,
) -> ApiResult<Arc<CachedPage>> {
    if category_of(i64::from(id)).is_none() {
        return Err(ApiError::NotFound("no such category".into()));
    }
    let sort = sort_of(sort)?;
    answer(state, Listing::Category(id, sort), page).await
}

/// The call `GET /api/v1/businesses/{id}/posts`: 400 for a category that does not exist.
pub(crate) async fn of_business(
    state: &AppState,
    id: i64,
    category: Option<i16>,
    page: &PageQuery,
) -> ApiResult<Arc<CachedPage>> {
    if category.is_some_and(|c| category_of(i64::from(c)).is_none()) {
        return Err(ApiError::bad_request("categoryId must be 1 to 9"));
    }
    answer(state, Listing::Business(id, category), page).await
}

/// The posts related to public post `id` (`GET /api/v1/posts/{id}/related`); 404 for a post
/// the catalogue does not hold.
pub async fn related_cards(state: &AppState, id: i64) -> ApiResult<Vec<Card>> {
    let ids = related_ids(&state.catalog.snapshot(), id)
        .ok_or_else(|| ApiError::NotFound("content does not exist".into()))?;
    cards(state, &ids).await
}

/// The posts related to public post `id`, best first; `None` for a post the catalogue does
/// not hold.
pub(crate) fn related_ids(snapshot: &Snapshot, id: i64) -> Option<Vec<i64>> {
    const RELATED: usize = 6;
    snapshot
        .entries
        .contains_key(&id)
        .then(|| crate::catalog::related(snapshot, id, RELATED))
}

/// Why a post is in the reader's interest list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InterestItem {
    #[serde(flatten)]
    card: Card,
    /// `followed_business` | `category_interest`
    #[schema(value_type = InterestReason)]
    reason: &'static str,
}

crate::word_schema! {
    /// Why a post is in the interest list: a followed business wrote it, or it is in a category of interest.
    InterestReason = ["followed_business", "category_interest"]
}

/// The reader's list: posts of the businesses `member_id` follows and of the categories
/// they chose, most popular or newest first (`sort`, POPULAR when left out), each with its
/// reason.
pub(crate) async fn interest(
    state: &AppState,
    member_id: i64,
    sort: Option<&str>,
    page: &PageQuery,
) -> ApiResult<Page<InterestItem>> {
    let sort = sort_of(sort)?;
    let size = page.size()? as usize;
    let followed: HashSet<i64> = follows::Entity::find()
        .filter(follows::Column::MemberId.eq(member_id))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|row| row.business_id)
        .collect();
    let categories: HashSet<i16> = member_interests::Entity::find()
        .filter(member_interests::Column::MemberId.eq(member_id))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|row| row.category_id)
        .collect();
    let snapshot = state.catalog.snapshot();
    let ordering: &[i64] = match sort {
        Sort::Popular => &snapshot.popular,
        Sort::Latest => &snapshot.latest,
    };
    // Popular pages by place in the whole ordering, as every list does.
    let start = start_of(&snapshot, ordering, sort, page)?.min(ordering.len());
    let mut chosen: Vec<(i64, &'static str)> = Vec::with_capacity(size + 1);
    let mut last_place = start;
    for (place, id) in ordering[start..].iter().enumerate() {
        let entry = &snapshot.entries[id];
        let reason = if followed.contains(&entry.business_id) {
            "followed_business"
        } else if categories.contains(&entry.category_id) {
            "category_interest"
        } else {
            continue;
        };
        if chosen.len() == size {
            // One more than the page holds: there is a next page.
            chosen.push((*id, reason));
            break;
        }
        chosen.push((*id, reason));
        last_place = start + place;
    }
    let next_cursor = if chosen.len() > size {
        chosen.truncate(size);
        chosen.last().map(|(id, _)| match sort {
            Sort::Popular => paging::encode(&[(last_place + 1) as i64]),
            Sort::Latest => {
                let entry = &snapshot.entries[id];
                paging::encode(&[entry.published_at, entry.id])
            }
        })
    } else {
        None
    };
    let ids: Vec<i64> = chosen.iter().map(|(id, _)| *id).collect();
    let mut cards: std::collections::HashMap<i64, Card> = cards(state, &ids)
        .await?
        .into_iter()
        .map(|card| (card.post_seq, card))
        .collect();
    let items = chosen
        .iter()
        .filter_map(|(id, reason)| cards.remove(id).map(|card| InterestItem { card, reason }))
        .collect();
    Ok(Page { items, next_cursor })
}
