//! Recommendation collections: operator-curated, titled, ordered lists of posts; the home
//! page shows them. Only public posts show; a collection keeps its order.

use crate::answers::{CachedPage, Shows};
use crate::auth::access::require_admin;
use crate::auth::AuthUser;
use crate::content::cards::cards;
use crate::content::view::Card;
use crate::entities::{recommendation_collections as collections, recommendation_items as items};
use crate::http::envelope::ok;
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, PageQuery};
use crate::oplog::{self, Actor, Entry, Target};
use crate::state::AppState;
use crate::sync::Change;
use chrono::Utc;
use sea_orm::{
    ActiveEnum, ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

/// Posts of each collection on the home page.
const HOME_ITEMS: usize = 8;
const MAX_ITEMS: usize = 100;

/// A collection with its first posts (home) or a page of them.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Collection {
    pub id: i64,
    pub title_ko: String,
    pub title_en: String,
    /// The first posts (home) or a page of them.
    pub items: Vec<Card>,
    pub next_cursor: Option<String>,
}

/// The public posts of a collection, in its order.
async fn visible_items(state: &AppState, collection: i64) -> ApiResult<Vec<i64>> {
    let snapshot = state.catalog.snapshot();
    Ok(items::Entity::find()
        .filter(items::Column::CollectionId.eq(collection))
        .order_by_asc(items::Column::Position)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|row| row.post_id)
        .filter(|id| snapshot.entries.contains_key(id))
        .collect())
}

/// The answer of `GET /api/v1/recommendations`, from the page cache (dropped with the lists'
/// pages whenever a post, a business or a collection changes) or made and kept.
pub async fn home_page(state: &AppState) -> ApiResult<Arc<CachedPage>> {
    const KEY: &str = "recommendations";
    if let Some(page) = state.catalog.answers.cached(KEY) {
        return Ok(page);
    }
    let generation = state.catalog.answers.generation();
    let collections = home_collections(state).await?;
    let body = serde_json::to_vec(&ok(collections)).map_err(ApiError::internal)?;
    Ok(state
        .catalog
        .answers
        .keep(KEY.into(), generation, Shows::Lists, body.into()))
}

/// The home page's collections: each with public posts, its first posts, in the operators'
/// order.
pub async fn home_collections(state: &AppState) -> ApiResult<Vec<Collection>> {
    let rows = collections::Entity::find()
        .filter(collections::Column::Published.eq(true))
        .order_by_asc(collections::Column::SortOrder)
        .order_by_asc(collections::Column::Id)
        .all(&state.db)
        .await?;
    let mut answer = Vec::with_capacity(rows.len());
    for row in rows {
        let ids = visible_items(state, row.id).await?;
        if ids.is_empty() {
            continue;
        }
        let more = ids.len() > HOME_ITEMS;
        let first: Vec<i64> = ids.into_iter().take(HOME_ITEMS).collect();
        answer.push(Collection {
            id: row.id,
            title_ko: row.title_ko,
            title_en: row.title_en,
            items: cards(state, &first).await?,
            next_cursor: more.then(|| paging::encode(&[HOME_ITEMS as i64])),
        });
    }
    Ok(answer)
}

/// Collection `id` with a page of its public posts.
pub(crate) async fn one(state: &AppState, id: i64, page: &PageQuery) -> ApiResult<Collection> {
    let row = collections::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .filter(|row| row.published)
        .ok_or_else(|| ApiError::NotFound("no such collection".into()))?;
    let size = page.size()? as usize;
    let start = match page.position()? {
        None => 0,
        Some(position) => match position.as_slice() {
            [offset] if *offset >= 0 => *offset as usize,
            _ => return Err(ApiError::bad_request("cursor is not valid for this list")),
        },
    };
    let ids = visible_items(state, id).await?;
    let page_ids: Vec<i64> = ids.iter().skip(start).take(size).copied().collect();
    let end = start + page_ids.len();
    Ok(Collection {
        id: row.id,
        title_ko: row.title_ko,
        title_en: row.title_en,
        items: cards(state, &page_ids).await?,
        next_cursor: (end < ids.len()).then(|| paging::encode(&[end as i64])),
    })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct CollectionInput {
    title_ko: String,
    title_en: String,
    /// The home page shows collections in this order.
    #[serde(default)]
    sort_order: i32,
    /// The posts, in order.
    post_seqs: Vec<i64>,
    /// On the home page: a new collection is published unless this says false; a saved one
    /// keeps its state unless this names one.
    published: Option<bool>,
}

/// A collection as an operator saves it.
pub struct CollectionSave<'a> {
    pub title_ko: &'a str,
    pub title_en: &'a str,
    pub sort_order: i32,
    pub post_seqs: &'a [i64],
    pub published: Option<bool>,
}

fn check(input: &CollectionSave) -> ApiResult<()> {
    for title in [input.title_ko, input.title_en] {
        let length = title.trim().chars().count();
        if length == 0 || length > 100 {
            return Err(ApiError::bad_request("titles must be 1 to 100 characters"));
        }
    }
    if input.post_seqs.len() > MAX_ITEMS {
        return Err(ApiError::bad_request(format!("at most {MAX_ITEMS} posts")));
    }
    let unique: std::collections::HashSet<_> = input.post_seqs.iter().collect();
    if unique.len() != input.post_seqs.len() {
        return Err(ApiError::bad_request("a post appears twice"));
    }
    Ok(())
}

/// Creates a collection (`id` `None`) or replaces collection `id`'s titles and posts
/// (operators only); answers its id.
pub(crate) async fn save(
    state: &AppState,
    user: &AuthUser,
    id: Option<i64>,
    input: &CollectionInput,
) -> ApiResult<i64> {
    require_admin(&user.member)?;
    let save = CollectionSave {
        title_ko: &input.title_ko,
        title_en: &input.title_en,
        sort_order: input.sort_order,
        post_seqs: &input.post_seqs,
        published: input.published,
    };
    save_collection(state, id, &save, Some(Actor::Operator(user.member.id))).await
}

/// Saves a collection and its posts (the posts must exist), from the API or the command line
/// (`by`, recorded in the operators' log) or the demo seed (`None`).
pub async fn save_collection(
    state: &AppState,
    id: Option<i64>,
    input: &CollectionSave<'_>,
    by: Option<Actor>,
) -> ApiResult<i64> {
    check(input)?;
    let CollectionSave {
        title_ko,
        title_en,
        sort_order,
        post_seqs,
        published,
    } = *input;
    let found = crate::entities::posts::Entity::find()
        .filter(crate::entities::posts::Column::Id.is_in(post_seqs.iter().copied()))
        .all(&state.db)
        .await?
        .len();
    if found != post_seqs.len() {
        return Err(ApiError::bad_request(
            "a post of the collection does not exist",
        ));
    }
    let now = Utc::now();
    let created = id.is_none();
    let txn = crate::db::write_txn(&state.db).await?;
    let id = match id {
        Some(id) => {
            let row = collections::Entity::find_by_id(id)
                .one(&txn)
                .await?
                .ok_or_else(|| ApiError::NotFound("no such collection".into()))?;
            let mut active: collections::ActiveModel = row.into();
            active.title_ko = Set(title_ko.trim().into());
            active.title_en = Set(title_en.trim().into());
            active.sort_order = Set(sort_order);
            if let Some(published) = published {
                active.published = Set(published);
            }
            active.updated_at = Set(now);
            active.update(&txn).await?;
            items::Entity::delete_many()
                .filter(items::Column::CollectionId.eq(id))
                .exec(&txn)
                .await?;
            id
        }
        None => {
            collections::ActiveModel {
                title_ko: Set(title_ko.trim().into()),
                title_en: Set(title_en.trim().into()),
                sort_order: Set(sort_order),
                published: Set(published.unwrap_or(true)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?
            .id
        }
    };
    for (position, post) in post_seqs.iter().enumerate() {
        items::ActiveModel {
            collection_id: Set(id),
            post_id: Set(*post),
            position: Set(position as i32),
        }
        .insert(&txn)
        .await?;
    }
    if let Some(by) = by {
        oplog::write(
            &txn,
            Entry {
                actor: by.member(),
                action: if created {
                    oplog::Action::CollectionCreated
                } else {
                    oplog::Action::CollectionUpdated
                },
                target: Target::Collection(id),
                note: Some(title_ko.trim()),
                detail: Some(serde_json::json!({ "posts": post_seqs, "sortOrder": sort_order })),
            },
        )
        .await?;
    }
    state.commit_with(txn, &[Change::Catalog]).await?;
    Ok(id)
}

/// Puts a collection on the home page or takes it off (operators only).
pub(crate) async fn set_published(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    published: bool,
) -> ApiResult<()> {
    require_admin(&user.member)?;
    let txn = crate::db::write_txn(&state.db).await?;
    let row = collections::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such collection".into()))?;
    let title = row.title_ko.clone();
    let mut active: collections::ActiveModel = row.into();
    active.published = Set(published);
    active.updated_at = Set(Utc::now());
    active.update(&txn).await?;
    oplog::write(
        &txn,
        Entry {
            actor: Some(user.member.id),
            action: if published {
                oplog::Action::CollectionPublished
            } else {
                oplog::Action::CollectionUnpublished
            },
            target: Target::Collection(id),
            note: Some(title.as_str()),
            detail: None,
        },
    )
    .await?;
    state.commit_with(txn, &[Change::Catalog]).await?;
    Ok(())
}

/// A post of a collection as operators see it: any status.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionPost {
    pub post_seq: i64,
    pub title: String,
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    pub status: String,
    pub business_name: String,
}

/// A collection as operators see it: every post whatever its status, the order among the
/// collections, whether it is on the home page.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorCollection {
    pub id: i64,
    pub title_ko: String,
    pub title_en: String,
    pub sort_order: i32,
    pub published: bool,
    pub posts: Vec<CollectionPost>,
    pub updated_at: chrono::DateTime<Utc>,
}

/// Every collection in the home page's order, with all its posts (operators only).
pub(crate) async fn for_operators(
    state: &AppState,
    user: &AuthUser,
) -> ApiResult<Vec<OperatorCollection>> {
    require_admin(&user.member)?;
    let rows = collections::Entity::find()
        .order_by_asc(collections::Column::SortOrder)
        .order_by_asc(collections::Column::Id)
        .all(&state.db)
        .await?;
    let members = items::Entity::find()
        .order_by_asc(items::Column::CollectionId)
        .order_by_asc(items::Column::Position)
        .all(&state.db)
        .await?;
    let post_ids: Vec<i64> = members.iter().map(|item| item.post_id).collect();
    let posts: std::collections::HashMap<i64, (String, String, i64)> =
        crate::entities::posts::Entity::find()
            .filter(crate::entities::posts::Column::Id.is_in(post_ids))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|post| {
                (
                    post.id,
                    (post.title, post.status.to_value(), post.business_id),
                )
            })
            .collect();
    let business_ids: Vec<i64> = posts.values().map(|(_, _, business)| *business).collect();
    let names: std::collections::HashMap<i64, String> = crate::entities::businesses::Entity::find()
        .filter(crate::entities::businesses::Column::Id.is_in(business_ids))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|business| (business.id, business.name))
        .collect();
    Ok(rows
        .into_iter()
        .map(|row| OperatorCollection {
            posts: members
                .iter()
                .filter(|item| item.collection_id == row.id)
                .filter_map(|item| {
                    let (title, status, business) = posts.get(&item.post_id)?;
                    Some(CollectionPost {
                        post_seq: item.post_id,
                        title: title.clone(),
                        status: status.clone(),
                        business_name: names.get(business).cloned().unwrap_or_default(),
                    })
                })
                .collect(),
            id: row.id,
            title_ko: row.title_ko,
            title_en: row.title_en,
            sort_order: row.sort_order,
            published: row.published,
            updated_at: row.updated_at,
        })
        .collect())
}

/// Deletes a collection (operators only).
pub(crate) async fn delete(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<()> {
    require_admin(&user.member)?;
    let txn = crate::db::write_txn(&state.db).await?;
    let row = collections::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such collection".into()))?;
    collections::Entity::delete_by_id(id).exec(&txn).await?;
    oplog::write(
        &txn,
        Entry {
            actor: Some(user.member.id),
            action: oplog::Action::CollectionDeleted,
            target: Target::Collection(id),
            note: Some(row.title_ko.as_str()),
            detail: None,
        },
    )
    .await?;
    state.commit_with(txn, &[Change::Catalog]).await?;
    Ok(())
}
