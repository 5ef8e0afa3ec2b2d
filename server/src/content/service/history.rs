//! A post's history as writes keep it: every content write (create, edit, restore) stores a
//! revision in its transaction and the newest [`KEPT`] of a post stay; an edit from an older
//! version of the post is refused with [`edit_conflict`], which names who wrote the newer one.
//! Below both the writing and the revisions a business reads ([`super::revisions`]), so
//! neither imports the other back.

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

/// How a post is now, in the 409 (code 2009) of an edit that started from an older version.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EditConflict {
    /// The post's version now: an edit that takes it in sends it back as `baseVersion`.
    version: i32,
    updated_at: DateTime<Utc>,
    /// Who wrote the newest version (the author of its newest revision), while they have a
    /// nickname.
    editor_nickname: Option<String>,
}

/// The 409 answer of an edit that started from an older version: code 2009, with the post as
/// it is now in `data` (the server writes it through `ApiError::EditConflict`).
#[derive(Serialize, ToSchema)]
pub(crate) struct EditConflictBody {
    /// `2009`.
    code: String,
    message: String,
    data: EditConflict,
}

/// The 409 (code 2009) of an edit that started from an older version of `post`: the version
/// it has now, when it changed, and who wrote it (the author of its newest revision).
pub(super) async fn edit_conflict(state: &AppState, post: &posts::Model) -> ApiError {
    let editor = match newest_author(state, post.id).await {
        Ok(editor) => editor,
        Err(error) => return error,
    };
    let now = EditConflict {
        version: post.version,
        updated_at: post.updated_at,
        editor_nickname: editor,
    };
    ApiError::EditConflict(serde_json::to_value(now).expect("the conflict serializes"))
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
pub(super) async fn nicknames(
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
