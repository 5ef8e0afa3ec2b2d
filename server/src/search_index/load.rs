//! The database reads of the search index: which posts are public, and the documents and
//! suggestions built from the rows.

use super::fields::{BusinessDoc, PostDoc};
use super::suggest::{ContentSuggestions, PostSuggestion};
use super::{db_error, TaggedPost, REBUILD_PAGE};
use crate::entities::posts::PostStatus;
use crate::entities::{businesses, post_tags, posts, tags};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;
use std::sync::Arc;

/// PRODUCT: a post is public when published and its time has come.
pub(super) fn is_public(post: &posts::Model, now: DateTime<Utc>) -> bool {
    posts::is_public(post.status, post.published_at, now)
}

pub(super) fn public_condition(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(posts::Column::Status.eq(PostStatus::Published))
        .add(posts::Column::PublishedAt.lte(now))
}

pub(super) async fn any_public_post(db: &DatabaseConnection) -> Result<bool, String> {
    Ok(posts::Entity::find()
        .select_only()
        .column(posts::Column::Id)
        .filter(public_condition(Utc::now()))
        .limit(1)
        .into_tuple::<i64>()
        .one(db)
        .await
        .map_err(db_error)?
        .is_some())
}

pub(super) fn business_doc(row: &businesses::Model) -> BusinessDoc {
    BusinessDoc {
        id: row.id,
        name: row.name.clone(),
        description: row.description.clone(),
        industry: row.industry.clone(),
        follower_count: row.follower_count,
        verified: row.verified_at.is_some(),
        created_millis: row.created_at.timestamp_millis(),
    }
}

pub(super) fn category_list(
    categories: &HashMap<i16, (String, String)>,
) -> Vec<(i16, String, String)> {
    let mut list: Vec<(i16, String, String)> = categories
        .iter()
        .map(|(id, (ko, en))| (*id, ko.clone(), en.clone()))
        .collect();
    list.sort_by_key(|c| c.0);
    list
}

/// (tag id, name) of each of these posts; a tag's name is shared by its posts.
async fn tags_of(
    db: &DatabaseConnection,
    post_ids: &[i64],
) -> Result<HashMap<i64, Vec<(i64, Arc<str>)>>, String> {
    let mut out: HashMap<i64, Vec<(i64, Arc<str>)>> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(out);
    }
    let links = post_tags::Entity::find()
        .filter(post_tags::Column::PostId.is_in(post_ids.iter().copied()))
        .all(db)
        .await
        .map_err(db_error)?;
    let mut tag_ids: Vec<i64> = links.iter().map(|l| l.tag_id).collect();
    tag_ids.sort_unstable();
    tag_ids.dedup();
    let names: HashMap<i64, Arc<str>> = if tag_ids.is_empty() {
        HashMap::new()
    } else {
        tags::Entity::find()
            .filter(tags::Column::Id.is_in(tag_ids))
            .all(db)
            .await
            .map_err(db_error)?
            .into_iter()
            .map(|t| (t.id, Arc::from(t.name)))
            .collect()
    };
    for link in links {
        if let Some(name) = names.get(&link.tag_id) {
            out.entry(link.post_id)
                .or_default()
                .push((link.tag_id, name.clone()));
        }
    }
    for tags in out.values_mut() {
        tags.sort();
    }
    Ok(out)
}

/// Index documents of these (public) posts, with their tags.
pub(super) async fn load_post_docs(
    db: &DatabaseConnection,
    rows: Vec<posts::Model>,
    categories: &HashMap<i16, (String, String)>,
    business_names: Option<&HashMap<i64, String>>,
) -> Result<Vec<TaggedPost>, String> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tags = tags_of(db, &ids).await?;
    let names: HashMap<i64, String> = match business_names {
        Some(names) => names.clone(),
        None => {
            let mut wanted: Vec<i64> = rows.iter().map(|r| r.business_id).collect();
            wanted.sort_unstable();
            wanted.dedup();
            businesses::Entity::find()
                .filter(businesses::Column::Id.is_in(wanted))
                .all(db)
                .await
                .map_err(db_error)?
                .into_iter()
                .map(|b| (b.id, b.name))
                .collect()
        }
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let tags = tags.remove(&row.id).unwrap_or_default();
            let category_names = categories
                .get(&row.category_id)
                .map(|(ko, en)| format!("{ko} {en}"))
                .unwrap_or_default();
            let document = PostDoc {
                id: row.id,
                business_id: row.business_id,
                category_id: row.category_id,
                title: row.title,
                summary: row.summary,
                body: row.body_text,
                business_name: names.get(&row.business_id).cloned().unwrap_or_default(),
                tags: tags.iter().map(|t| t.1.to_string()).collect(),
                category_names,
                popular_score: row.popular_score,
                published_millis: row
                    .published_at
                    .map(|at| at.timestamp_millis())
                    .unwrap_or_default(),
            };
            (document, tags)
        })
        .collect())
}

/// The suggestions from the database (start without a rebuild): titles and scores of public
/// posts, their tags, businesses, categories.
pub(super) async fn load_suggestions(
    db: &DatabaseConnection,
    categories: &HashMap<i16, (String, String)>,
) -> Result<ContentSuggestions, String> {
    let started = std::time::Instant::now();
    let mut posts_found = Vec::new();
    let mut after = 0i64;
    loop {
        let rows: Vec<(i64, String, f64)> = posts::Entity::find()
            .select_only()
            .columns([
                posts::Column::Id,
                posts::Column::Title,
                posts::Column::PopularScore,
            ])
            .filter(public_condition(Utc::now()))
            .filter(posts::Column::Id.gt(after))
            .order_by_asc(posts::Column::Id)
            .limit(REBUILD_PAGE * 4)
            .into_tuple()
            .all(db)
            .await
            .map_err(db_error)?;
        let Some(last) = rows.last() else { break };
        after = last.0;
        let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let mut tags = tags_of(db, &ids).await?;
        posts_found.extend(rows.into_iter().map(|(id, title, score)| PostSuggestion {
            id,
            title,
            popular_score: score,
            tags: tags.remove(&id).unwrap_or_default(),
        }));
    }
    let businesses_found: Vec<(i64, String, i64)> = businesses::Entity::find()
        .select_only()
        .columns([
            businesses::Column::Id,
            businesses::Column::Name,
            businesses::Column::FollowerCount,
        ])
        .into_tuple()
        .all(db)
        .await
        .map_err(db_error)?;
    let category_list = category_list(categories);
    tracing::info!(posts = posts_found.len(), elapsed = ?started.elapsed(), "search suggestions: rows read");
    tokio::task::spawn_blocking(move || {
        let started = std::time::Instant::now();
        let built = ContentSuggestions::build(posts_found, businesses_found, category_list);
        tracing::info!(elapsed = ?started.elapsed(), "search suggestions: table built");
        built
    })
    .await
    .map_err(|e| format!("search index: {e}"))
}
