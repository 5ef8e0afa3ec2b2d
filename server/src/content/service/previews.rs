//! Preview links: a post's people make a link (`/preview/{token}`) that shows the post,
//! whatever its status, to whoever holds it, for 1 to 30 days or until they revoke it. The
//! token (256 random bits) is shown once, when the link is made; only its SHA-256 is kept,
//! like reset links. A removed post shows through no link.

use super::posts::{detail_of, team_post, PostStatus};
use crate::auth::AuthUser;
use crate::content::view::PostDetail;
use crate::entities::{post_previews as previews, posts};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long a link works when the request does not say.
const DEFAULT_DAYS: i64 = 7;
/// The longest a link may work.
const MAX_DAYS: i64 = 30;
/// The most links a post's list shows (newest first).
const LISTED: u64 = 100;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PreviewRequest {
    /// How many days the link works: 1 to 30, 7 when left out.
    days: Option<i64>,
}

/// A link just made: the only answer that carries its token.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NewPreview {
    preview_id: i64,
    /// `/preview/{token}`: the page address to share.
    url: String,
    token: String,
    expires_at: DateTime<Utc>,
}

/// A link of the post, as its list shows it (without the token, which is not kept).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PreviewItem {
    preview_id: i64,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    revoked_at: Option<DateTime<Utc>>,
    /// Whether the link works now: neither revoked nor expired.
    active: bool,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct PreviewList {
    /// Newest first.
    items: Vec<PreviewItem>,
}

/// A post as a preview link shows it: the public detail's fields, and `preview: true`.
#[derive(Serialize, ToSchema)]
pub(crate) struct PreviewDetail {
    #[serde(flatten)]
    detail: PostDetail,
    preview: bool,
}

fn item(row: previews::Model, now: DateTime<Utc>) -> PreviewItem {
    PreviewItem {
        preview_id: row.id,
        active: row.revoked_at.is_none() && row.expires_at > now,
        created_at: row.created_at,
        expires_at: row.expires_at,
        revoked_at: row.revoked_at,
    }
}

/// Makes a preview link of the post (its business's people), working for `days` (1 to 30,
/// 7 by default).
pub(crate) async fn create(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    request: &PreviewRequest,
) -> ApiResult<NewPreview> {
    let days = request.days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ApiError::bad_request(format!(
            "days must be 1 to {MAX_DAYS}"
        )));
    }
    let post = team_post(state, user, id).await?;
    if post.status == PostStatus::Removed {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    let token = random_token();
    let now = Utc::now();
    let row = previews::ActiveModel {
        post_id: Set(post.id),
        token_hash: Set(hash_token(&token)),
        created_by: Set(Some(user.member.id)),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(days)),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(NewPreview {
        preview_id: row.id,
        url: format!("/preview/{token}"),
        token,
        expires_at: row.expires_at,
    })
}

/// The post's preview links, newest first (its business's people).
pub(crate) async fn list(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<PreviewList> {
    let post = team_post(state, user, id).await?;
    let now = Utc::now();
    let rows = previews::Entity::find()
        .filter(previews::Column::PostId.eq(post.id))
        .order_by_desc(previews::Column::Id)
        .limit(LISTED)
        .all(&state.db)
        .await?;
    Ok(PreviewList {
        items: rows.into_iter().map(|row| item(row, now)).collect(),
    })
}

/// Revokes a preview link of the post (its business's people); revoking it again changes
/// nothing.
pub(crate) async fn revoke(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    preview_id: i64,
) -> ApiResult<PreviewItem> {
    let post = team_post(state, user, id).await?;
    let row = previews::Entity::find_by_id(preview_id)
        .filter(previews::Column::PostId.eq(post.id))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such preview link of this post".into()))?;
    let now = Utc::now();
    let row = if row.revoked_at.is_some() {
        row
    } else {
        let mut active: previews::ActiveModel = row.into();
        active.revoked_at = Set(Some(now));
        active.update(&state.db).await?
    };
    Ok(item(row, now))
}

/// The post a preview link shows, to anyone holding it; 404 (101) for a token that is
/// unknown, revoked or expired, and for a removed post.
pub(crate) async fn show(state: &AppState, token: &str) -> ApiResult<PreviewDetail> {
    let gone = || ApiError::NotFound("this preview link does not work (any more)".into());
    let now = Utc::now();
    let token = token.trim();
    if token.is_empty() || token.len() > 128 {
        return Err(gone());
    }
    let link = previews::Entity::find()
        .filter(previews::Column::TokenHash.eq(hash_token(token)))
        .filter(previews::Column::RevokedAt.is_null())
        .filter(previews::Column::ExpiresAt.gt(now))
        .one(&state.db)
        .await?
        .ok_or_else(gone)?;
    let post = posts::Entity::find_by_id(link.post_id)
        .one(&state.db)
        .await?
        .filter(|post| post.status != PostStatus::Removed)
        .ok_or_else(gone)?;
    Ok(PreviewDetail {
        detail: detail_of(state, post, None).await?,
        preview: true,
    })
}
