//! Post cards: what a list shows of a post, kept in memory while they are read (the
//! catalogue's kept answers) and fetched for the others in at most three queries whatever
//! their number (the cards' rows with their covers' keys, the badges not kept, the tag names
//! not yet known). A public post's own row is read in the statement that reads its related
//! posts' cards (a page made on a miss asks the database once).

use crate::content::view::KeptViews;
use crate::content::view::{BusinessBadge, BusinessCard, Card};
use crate::entities::posts::PostStatus;
use crate::entities::{businesses, post_tags, posts, tags};
use crate::http::error::ApiResult;
use crate::kernel::ids::for_in;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QuerySelect};
use std::collections::HashMap;
use std::sync::Arc;

/// A public post's row as one statement reads it: what its card shows and, for the one post
/// whose detail is wanted, what the detail shows besides (its body and its report's key,
/// `None` on the cards' rows, whose bodies are not read).
#[derive(sea_orm::FromQueryResult)]
pub(crate) struct PostRow {
    pub id: i64,
    pub business_id: i64,
    pub category_id: i16,
    pub title: String,
    pub summary: String,
    /// The cover's storage key, read in the same statement.
    pub cover_key: Option<String>,
    pub is_report: bool,
    pub series_order: Option<i32>,
    pub status: PostStatus,
    pub publish_at: Option<DateTime<Utc>>,
    pub published_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    pub view_count: i64,
    pub unique_reader_count: i64,
    pub bookmark_count: i64,
    pub share_count: i64,
    pub body_html: Option<String>,
    pub report_key: Option<String>,
}

impl PostRow {
    /// Whether the post is public now.
    pub fn is_visible(&self) -> bool {
        posts::is_public(self.status, self.published_at, Utc::now())
    }
}

/// A post's whole row as a detail shows it (the cover's and report's keys are not read: the
/// caller has their addresses).
impl From<posts::Model> for PostRow {
    fn from(post: posts::Model) -> Self {
        PostRow {
            id: post.id,
            business_id: post.business_id,
            category_id: post.category_id,
            title: post.title,
            summary: post.summary,
            cover_key: None,
            is_report: post.is_report,
            series_order: post.series_order,
            status: post.status,
            publish_at: post.publish_at,
            published_at: post.published_at,
            updated_at: post.updated_at,
            view_count: post.view_count,
            unique_reader_count: post.unique_reader_count,
            bookmark_count: post.bookmark_count,
            share_count: post.share_count,
            body_html: Some(post.body_html),
            report_key: None,
        }
    }
}

/// The rows of posts `ids` (in no order), with the body and the report's key of `detail`
/// alone: one statement, which reads no other post's body.
async fn read_rows(state: &AppState, ids: &[i64], detail: Option<i64>) -> ApiResult<Vec<PostRow>> {
    use sea_orm::sea_query::Expr;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The embedded database answers on this thread (crate::db::direct says why).
    if let Some(direct) = &state.direct {
        let ids = for_in(ids.iter().copied());
        return Ok(direct.read(|connection| direct_rows(connection, &ids, detail))?);
    }
    let only_for = |column: Expr| -> Expr {
        match detail {
            Some(id) => Expr::case(posts::Column::Id.eq(id), column).into(),
            None => Expr::cust("NULL"),
        }
    };
    Ok(posts::Entity::find()
        .select_only()
        .columns([
            posts::Column::Id,
            posts::Column::BusinessId,
            posts::Column::CategoryId,
            posts::Column::Title,
            posts::Column::Summary,
            posts::Column::IsReport,
            posts::Column::SeriesOrder,
            posts::Column::Status,
            posts::Column::PublishAt,
            posts::Column::PublishedAt,
            posts::Column::UpdatedAt,
            posts::Column::ViewCount,
            posts::Column::UniqueReaderCount,
            posts::Column::BookmarkCount,
            posts::Column::ShareCount,
        ])
        .column_as(
            crate::uploads::key_of((posts::Entity, posts::Column::CoverUploadId)),
            "cover_key",
        )
        .column_as(
            only_for(Expr::col((posts::Entity, posts::Column::BodyHtml))),
            "body_html",
        )
        .column_as(
            only_for(crate::uploads::key_of((
                posts::Entity,
                posts::Column::ReportUploadId,
            ))),
            "report_key",
        )
        .filter(posts::Column::Id.is_in(for_in(ids.iter().copied())))
        .into_model::<PostRow>()
        .all(&state.db)
        .await?)
}

/// [`read_rows`]' statement on a connection of the embedded database (`ids` padded by
/// `for_in`, so a few statements are prepared once and kept).
fn direct_rows(
    connection: &rusqlite::Connection,
    ids: &[i64],
    detail: Option<i64>,
) -> rusqlite::Result<Vec<PostRow>> {
    use rusqlite::types::Type;
    use sea_orm::ActiveEnum;
    let marks = vec!["?"; ids.len()].join(", ");
    let sql = format!(
        "SELECT p.id, p.business_id, p.category_id, p.title, p.summary, \
         (SELECT u.storage_key FROM uploads u WHERE u.id = p.cover_upload_id), p.is_report, \
         p.series_order, p.status, p.publish_at, p.published_at, p.updated_at, p.view_count, \
         p.unique_reader_count, p.bookmark_count, p.share_count, \
         CASE WHEN p.id = ?1 THEN p.body_html END, \
         CASE WHEN p.id = ?1 THEN (SELECT u.storage_key FROM uploads u WHERE u.id = p.report_upload_id) END \
         FROM posts p WHERE p.id IN ({marks})"
    );
    let mut statement = connection.prepare_cached(&sql)?;
    // ?1 is the detail's id; the ids follow (a bare `?` takes the number after the largest).
    let values: Vec<&dyn rusqlite::ToSql> = std::iter::once(&detail as &dyn rusqlite::ToSql)
        .chain(ids.iter().map(|id| id as &dyn rusqlite::ToSql))
        .collect();
    let rows = statement.query_map(values.as_slice(), |row| {
        let status: String = row.get(8)?;
        let status = PostStatus::try_from_value(&status).map_err(|_| {
            rusqlite::Error::FromSqlConversionFailure(
                8,
                Type::Text,
                format!("status {status}").into(),
            )
        })?;
        Ok(PostRow {
            id: row.get(0)?,
            business_id: row.get(1)?,
            category_id: row.get(2)?,
            title: row.get(3)?,
            summary: row.get(4)?,
            cover_key: row.get(5)?,
            is_report: row.get(6)?,
            series_order: row.get(7)?,
            status,
            publish_at: row.get(9)?,
            published_at: row.get(10)?,
            updated_at: row.get(11)?,
            view_count: row.get(12)?,
            unique_reader_count: row.get(13)?,
            bookmark_count: row.get(14)?,
            share_count: row.get(15)?,
            body_html: row.get(16)?,
            report_key: row.get(17)?,
        })
    })?;
    // The padding repeats the last id; each post is read once.
    rows.collect()
}

/// Public post `id`'s row with its body, and the cards of `others` (in their order, those
/// that no longer exist left out): the cards kept from memory, the row and the other cards'
/// rows in one statement. The row is `None` when there is no such post.
pub(crate) async fn row_and_cards(
    state: &AppState,
    id: i64,
    others: &[i64],
) -> ApiResult<(Option<PostRow>, Vec<Card>)> {
    let generation = state.catalog.answers.generation();
    let mut kept = state.catalog.cached_cards(others);
    let mut wanted = missing(others, &kept);
    wanted.push(id);
    let (mut rows, mut post) = (read_rows(state, &wanted, Some(id)).await?, None);
    if let Some(at) = rows
        .iter()
        .position(|row| row.id == id && row.body_html.is_some())
    {
        post = Some(rows.swap_remove(at));
    }
    rows.retain(|row| others.contains(&row.id));
    let mut read: HashMap<i64, Card> = cards_of(state, rows)
        .await?
        .into_iter()
        .map(|card| (card.post_seq, card))
        .collect();
    state
        .catalog
        .keep_cards(generation, &read.values().cloned().collect::<Vec<_>>());
    let cards = others
        .iter()
        .filter_map(|id| {
            read.remove(id)
                .or_else(|| kept.remove(id).map(Arc::unwrap_or_clone))
        })
        .collect();
    Ok((post, cards))
}

/// The ids of `ids` that `found` lacks, each once, in order.
fn missing<V>(ids: &[i64], found: &HashMap<i64, V>) -> Vec<i64> {
    let mut missing: Vec<i64> = ids
        .iter()
        .copied()
        .filter(|id| !found.contains_key(id))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    missing
}

/// The cards of `ids`, in the order of `ids` (ids that no longer exist are left out).
pub async fn cards(state: &AppState, ids: &[i64]) -> ApiResult<Vec<Card>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // Cards kept since the last change come from memory; the others are read and kept.
    let generation = state.catalog.answers.generation();
    let mut kept = state.catalog.cached_cards(ids);
    let missing = missing(ids, &kept);
    let mut read: HashMap<i64, Card> = read_cards(state, &missing)
        .await?
        .into_iter()
        .map(|card| (card.post_seq, card))
        .collect();
    state
        .catalog
        .keep_cards(generation, &read.values().cloned().collect::<Vec<_>>());
    Ok(ids
        .iter()
        .filter_map(|id| {
            read.remove(id)
                .or_else(|| kept.remove(id).map(Arc::unwrap_or_clone))
        })
        .collect())
}

/// The cards of `ids` from the database, in no order.
async fn read_cards(state: &AppState, ids: &[i64]) -> ApiResult<Vec<Card>> {
    let rows = read_rows(state, ids, None).await?;
    cards_of(state, rows).await
}

/// The cards of `rows`, with their businesses' badges and their tags.
async fn cards_of(state: &AppState, rows: Vec<PostRow>) -> ApiResult<Vec<Card>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let business_ids: Vec<i64> = rows.iter().map(|row| row.business_id).collect();
    let badges = badges(state, &business_ids).await?;
    let mut tag_names = tags_of(state, &ids).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let business = badges.get(&row.business_id)?.clone();
            let (cover_url, cover_thumbnail_url) = row
                .cover_key
                .as_deref()
                .map(crate::uploads::addresses)
                .unzip();
            Some(Card {
                post_seq: row.id,
                title: row.title,
                summary: row.summary,
                category_id: row.category_id,
                cover_url,
                cover_thumbnail_url: cover_thumbnail_url.flatten(),
                business,
                tags: tag_names.remove(&row.id).unwrap_or_default(),
                is_report: row.is_report,
                series_order: row.series_order,
                published_at: row.published_at,
                view_count: row.view_count,
                bookmark_count: row.bookmark_count,
            })
        })
        .collect())
}

/// Business badges by id: those kept since their business last changed from memory, the
/// others read and kept.
pub async fn badges(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, BusinessBadge>> {
    let generation = state.catalog.answers.generation();
    let mut found: HashMap<i64, BusinessBadge> = state
        .catalog
        .cached_badges(ids)
        .into_iter()
        .map(|(id, badge)| (id, Arc::unwrap_or_clone(badge)))
        .collect();
    let read = read_badges(state, &missing(ids, &found)).await?;
    state.catalog.keep_badges(generation, read.values());
    found.extend(read);
    Ok(found)
}

/// A business's badge as one statement reads it: its row's columns and its logo's key.
#[derive(sea_orm::FromQueryResult)]
struct BadgeRow {
    id: i64,
    name: String,
    logo_key: Option<String>,
    verified_at: Option<DateTime<Utc>>,
}

impl BadgeRow {
    /// `select` reading a badge's columns, the logo's key among them.
    fn columns(select: sea_orm::Select<businesses::Entity>) -> sea_orm::Select<businesses::Entity> {
        select
            .select_only()
            .columns([
                businesses::Column::Id,
                businesses::Column::Name,
                businesses::Column::VerifiedAt,
            ])
            .column_as(
                crate::uploads::key_of((businesses::Entity, businesses::Column::LogoUploadId)),
                "logo_key",
            )
    }

    fn into_badge(self) -> BusinessBadge {
        BusinessBadge {
            id: self.id,
            logo_url: self.logo_key.as_deref().map(crate::uploads::public_url),
            verified: self.verified_at.is_some(),
            name: self.name,
        }
    }
}

/// Business badges by id, from the database.
async fn read_badges(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, BusinessBadge>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = BadgeRow::columns(businesses::Entity::find())
        .filter(businesses::Column::Id.is_in(for_in(ids.iter().copied())))
        .into_model::<BadgeRow>()
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| (row.id, row.into_badge()))
        .collect())
}

/// A business as a post's page shows it: its badge's row and three columns more.
struct BusinessRow {
    badge: BadgeRow,
    description: String,
    industry: String,
    follower_count: i64,
}

impl FromQueryResult for BusinessRow {
    fn from_query_result(row: &sea_orm::QueryResult, prefix: &str) -> Result<Self, sea_orm::DbErr> {
        Ok(BusinessRow {
            badge: BadgeRow::from_query_result(row, prefix)?,
            description: row.try_get(prefix, "description")?,
            industry: row.try_get(prefix, "industry")?,
            follower_count: row.try_get(prefix, "follower_count")?,
        })
    }
}

/// Business `id` as a post's page shows it (`following` false): kept since the business last
/// changed, or read with its logo's address in one statement and kept. `None` when there is no
/// such business.
pub async fn business_card(state: &AppState, id: i64) -> ApiResult<Option<BusinessCard>> {
    if let Some(kept) = state.catalog.cached_business(id) {
        return Ok(Some(Arc::unwrap_or_clone(kept)));
    }
    let generation = state.catalog.answers.generation();
    let Some(row) = BadgeRow::columns(businesses::Entity::find_by_id(id))
        .columns([
            businesses::Column::Description,
            businesses::Column::Industry,
            businesses::Column::FollowerCount,
        ])
        .into_model::<BusinessRow>()
        .one(&state.db)
        .await?
    else {
        return Ok(None);
    };
    let card = BusinessCard {
        badge: row.badge.into_badge(),
        description: row.description,
        industry: row.industry,
        follower_count: row.follower_count,
        following: false,
    };
    state.catalog.keep_business(generation, &card);
    Ok(Some(card))
}

/// Tag names per post: for the posts the catalogue holds, from its tag ids and the names
/// already known (a tag's name never changes, and tags are never deleted); for the others,
/// from the database.
pub async fn tags_of(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, Vec<String>>> {
    let snapshot = state.catalog.snapshot();
    let (held, other): (Vec<i64>, Vec<i64>) =
        ids.iter().partition(|id| snapshot.entries.contains_key(id));
    let mut names: HashMap<i64, Vec<String>> = HashMap::new();
    if !held.is_empty() {
        let tag_ids: Vec<i64> = held
            .iter()
            .flat_map(|id| snapshot.entries.tags(&snapshot.entries[id]).iter().copied())
            .collect();
        let known = tag_names(state, &tag_ids).await?;
        for id in &held {
            let list: Vec<String> = snapshot
                .entries
                .tags(&snapshot.entries[id])
                .iter()
                .filter_map(|tag| known.get(tag).map(|name| name.to_string()))
                .collect();
            if !list.is_empty() {
                names.insert(*id, list);
            }
        }
    }
    if !other.is_empty() {
        let rows = post_tags::Entity::find()
            .filter(post_tags::Column::PostId.is_in(for_in(other.iter().copied())))
            .find_also_related(tags::Entity)
            .all(&state.db)
            .await?;
        for (link, tag) in rows {
            if let Some(tag) = tag {
                names.entry(link.post_id).or_default().push(tag.name);
            }
        }
    }
    for list in names.values_mut() {
        list.sort();
    }
    Ok(names)
}

/// The names of tags `ids`: those known from memory, the others read once and remembered.
async fn tag_names(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, Arc<str>>> {
    let mut found = state.catalog.answers.tag_names(ids);
    let missing = missing(ids, &found);
    if missing.is_empty() {
        return Ok(found);
    }
    let rows = tags::Entity::find()
        .filter(tags::Column::Id.is_in(for_in(missing.iter().copied())))
        .all(&state.db)
        .await?;
    let read: Vec<(i64, Arc<str>)> = rows
        .into_iter()
        .map(|row| (row.id, Arc::from(row.name)))
        .collect();
    state.catalog.answers.learn_tag_names(&read);
    found.extend(read);
    Ok(found)
}
