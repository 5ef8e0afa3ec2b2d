//! A post's revisions as its business's people read them: listed, one read, one restored
//! (which is itself an edit, so it stores a revision too: [`super::history`] keeps them, and
//! a post's `version` counts the same writes).

use super::history::{nicknames, KEPT};
use super::posts::{team_post, PostStatus};
use super::writing::{self, Action, PostInput};
use crate::auth::AuthUser;
use crate::content::view::PostDetail;
use crate::entities::post_revisions as revisions;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

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
        action: Action::Save,
        publish_at: None,
        base_version: None,
    };
    writing::rewrite(state, user, post, input).await
}
