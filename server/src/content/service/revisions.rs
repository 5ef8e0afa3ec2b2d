//! A post's history: a revision is stored with every content write (create, edit, restore)
//! in the write's transaction, the newest [`KEPT`] of a post are kept, and the business's
//! people list them, read one and restore one (which is itself an edit, so it stores a
//! revision too). A post's `version` counts the same writes; an edit from an older version
//! is refused with [`edit_conflict`].

use super::posts::{team_post, PostStatus};
use super::writing::{self, PostInput};
use crate::auth::AuthUser;
use crate::catalog::PostDetail;
use crate::entities::{members, post_revisions as revisions, posts};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// How many revisions of a post are kept.
pub const KEPT: u64 = 50;

/// Stores what `post` says now (with its `tags`) as a revision by `author`, inside the
/// write's transaction, and deletes the revisions beyond the newest [`KEPT`].
pub(super) async fn store(
    db: &impl ConnectionTrait,
    post: &posts::Model,
    tags: &[String],
    author: Option<i64>,
    at: DateTime<Utc>,
) -> ApiResult<()> {
    revisions::ActiveModel {
        post_id: Set(post.id),
        author_id: Set(author),
        title: Set(post.title.clone()),
        summary: Set(post.summary.clone()),
        body: Set(post.body_html.clone()),
        category_id: Set(post.category_id),
        tags: Set(serde_json::to_string(tags).map_err(ApiError::internal)?),
        cover_upload_id: Set(post.cover_upload_id),
        created_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let oldest_kept: Option<i64> = revisions::Entity::find()
        .select_only()
        .column(revisions::Column::Id)
        .filter(revisions::Column::PostId.eq(post.id))
        .order_by_desc(revisions::Column::Id)
        .offset(KEPT - 1)
        .limit(1)
        .into_tuple()
        .one(db)
        .await?;
    if let Some(oldest_kept) = oldest_kept {
        revisions::Entity::delete_many()
            .filter(revisions::Column::PostId.eq(post.id))
            .filter(revisions::Column::Id.lt(oldest_kept))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The 409 (code 2009) of an edit that started from an older version of `post`: the version
/// it has now, when it changed, and who wrote it (the author of its newest revision).
pub(super) async fn edit_conflict(state: &AppState, post: &posts::Model) -> ApiError {
    let editor = match newest_author(state, post.id).await {
        Ok(editor) => editor,
        Err(error) => return error,
    };
    ApiError::EditConflict(serde_json::json!({
        "version": post.version,
        "updatedAt": post.updated_at,
        "editorNickname": editor,
    }))
}

async fn newest_author(state: &AppState, post_id: i64) -> ApiResult<Option<String>> {
    let newest = revisions::Entity::find()
        .filter(revisions::Column::PostId.eq(post_id))
        .order_by_desc(revisions::Column::Id)
        .one(&state.db)
        .await?;
    let authors = nicknames(state, newest.iter().filter_map(|r| r.author_id)).await?;
    Ok(newest
        .and_then(|r| r.author_id)
        .and_then(|id| authors.get(&id).cloned()))
}

/// The nicknames of `ids` that still have one (a member who left has none).
async fn nicknames(
    state: &AppState,
    ids: impl Iterator<Item = i64>,
) -> ApiResult<HashMap<i64, String>> {
    let mut ids: Vec<i64> = ids.collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, Option<String>)> = members::Entity::find()
        .select_only()
        .column(members::Column::Id)
        .column(members::Column::Nickname)
        .filter(members::Column::Id.is_in(ids))
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, nickname)| nickname.map(|n| (id, n)))
        .collect())
}

/// A revision in a post's history.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RevisionItem {
    revision_id: i64,
    created_at: DateTime<Utc>,
    /// Who wrote it; null when the member has left.
    author_nickname: Option<String>,
    title: String,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Revisions {
    /// Newest first; at most 50.
    items: Vec<RevisionItem>,
}

/// A revision with what the post said.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Revision {
    revision_id: i64,
    created_at: DateTime<Utc>,
    author_nickname: Option<String>,
    title: String,
    summary: String,
    /// The sanitised HTML.
    body: String,
    category_id: i16,
    tags: Vec<String>,
}

/// Revision `revision_id` of post `post_id`, or 404.
async fn revision_of(
    state: &AppState,
    post_id: i64,
    revision_id: i64,
) -> ApiResult<revisions::Model> {
    revisions::Entity::find_by_id(revision_id)
        .filter(revisions::Column::PostId.eq(post_id))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such revision of this post".into()))
}

fn tags_of(revision: &revisions::Model) -> Vec<String> {
    serde_json::from_str(&revision.tags).unwrap_or_default()
}

/// The post's revisions, newest first (its business's people).
pub(crate) async fn list(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<Revisions> {
    let post = team_post(state, user, id).await?;
    let rows: Vec<(i64, DateTime<Utc>, Option<i64>, String)> = revisions::Entity::find()
        .select_only()
        .columns([
            revisions::Column::Id,
            revisions::Column::CreatedAt,
            revisions::Column::AuthorId,
            revisions::Column::Title,
        ])
        .filter(revisions::Column::PostId.eq(post.id))
        .order_by_desc(revisions::Column::Id)
        .limit(KEPT)
        .into_tuple()
        .all(&state.db)
        .await?;
    let authors = nicknames(state, rows.iter().filter_map(|row| row.2)).await?;
    Ok(Revisions {
        items: rows
            .into_iter()
            .map(|(revision_id, created_at, author, title)| RevisionItem {
                revision_id,
                created_at,
                author_nickname: author.and_then(|id| authors.get(&id).cloned()),
                title,
            })
            .collect(),
    })
}

/// One revision of the post (its business's people).
pub(crate) async fn one(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    revision_id: i64,
) -> ApiResult<Revision> {
    let post = team_post(state, user, id).await?;
    let revision = revision_of(state, post.id, revision_id).await?;
    let authors = nicknames(state, revision.author_id.into_iter()).await?;
    Ok(Revision {
        revision_id: revision.id,
        created_at: revision.created_at,
        author_nickname: revision.author_id.and_then(|a| authors.get(&a).cloned()),
        tags: tags_of(&revision),
        title: revision.title,
        summary: revision.summary,
        body: revision.body,
        category_id: revision.category_id,
    })
}

/// Puts a revision's title, summary, body, category, tags and cover back into the post,
/// keeping its status and times; an edit like any other (checked the same way, a new
/// version and a new revision). The series order stays when the category is a series, the
/// report stays as it is.
pub(crate) async fn restore(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    revision_id: i64,
) -> ApiResult<PostDetail> {
    let post = team_post(state, user, id).await?;
    if post.status == PostStatus::Removed {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    let revision = revision_of(state, post.id, revision_id).await?;
    let series = matches!(revision.category_id, 8 | 9);
    let input = PostInput {
        business_id: None,
        category_id: revision.category_id,
        tags: tags_of(&revision),
        title: revision.title,
        summary: revision.summary,
        body_html: revision.body,
        cover_upload_id: revision.cover_upload_id,
        is_report: post.is_report,
        report_upload_id: post.report_upload_id,
        series_order: post.series_order.filter(|_| series),
        action: "save".into(),
        publish_at: None,
        base_version: None,
    };
    writing::rewrite(state, user, post, input).await
}
