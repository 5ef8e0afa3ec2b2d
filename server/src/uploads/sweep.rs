//! Uploads nothing uses, deleted a day after they came (docs/media.md, "Quotas"): a logo tried
//! and replaced before a business was registered, a picture taken out of a draft. An upload is
//! used while a business's logo or cover, a post's or a revision's cover or report, a media
//! request's attachment names its id, or a post's or a revision's body shows its address.
//! Operators' uploads are the platform's and stay. The stored object goes with its last row
//! (objects are shared by content: two businesses' rows may name one).

use super::thumbnail_key;
use crate::entities::members::MemberRole;
use crate::entities::{businesses, media_requests, members, post_revisions, posts, uploads};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Query, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use std::collections::{HashMap, HashSet};

/// How long an unused upload is kept: a draft's pictures wait this long for their post.
pub const UNUSED_FOR: chrono::Duration = chrono::Duration::hours(24);
/// Uploads looked at in one round (the job runs hourly).
const ROUND: u64 = 500;

/// What a round deleted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub rows: usize,
    pub objects: usize,
}

/// `column NOT IN (SELECT id_column FROM table WHERE id_column IS NOT NULL)`.
fn not_named_by<E: EntityTrait>(_: E, id_column: E::Column) -> SimpleExpr {
    uploads::Column::Id.not_in_subquery(
        Query::select()
            .column(id_column)
            .from(E::default())
            .and_where(id_column.is_not_null())
            .to_owned(),
    )
}

/// Rows no id column names (the body and attachment checks come after, per business).
fn named_by_no_id() -> Condition {
    Condition::all()
        .add(not_named_by(
            businesses::Entity,
            businesses::Column::LogoUploadId,
        ))
        .add(not_named_by(
            businesses::Entity,
            businesses::Column::CoverUploadId,
        ))
        .add(not_named_by(posts::Entity, posts::Column::CoverUploadId))
        .add(not_named_by(posts::Entity, posts::Column::ReportUploadId))
        .add(not_named_by(
            post_revisions::Entity,
            post_revisions::Column::CoverUploadId,
        ))
}

/// Deletes the uploads unused for [`UNUSED_FOR`] before `now` (one round of `ROUND`).
pub async fn sweep_unused(state: &AppState, now: DateTime<Utc>) -> Result<Swept, DbErr> {
    let db = &state.db;
    let candidates = uploads::Entity::find()
        .filter(uploads::Column::CreatedAt.lt(now - UNUSED_FOR))
        .filter(named_by_no_id())
        .order_by_asc(uploads::Column::Id)
        .limit(ROUND)
        .all(db)
        .await?;
    if candidates.is_empty() {
        return Ok(Swept::default());
    }
    let operators = operators_among(db, &candidates).await?;
    let mut by_business: HashMap<Option<i64>, Vec<uploads::Model>> = HashMap::new();
    for upload in candidates {
        let operators_own = upload.business_id.is_none()
            && upload
                .owner_member_id
                .is_some_and(|id| operators.contains(&id));
        if !operators_own {
            by_business
                .entry(upload.business_id)
                .or_default()
                .push(upload);
        }
    }
    let mut unused = Vec::new();
    for (business, uploads) in by_business {
        let (bodies, attachments) = match business {
            Some(id) => (bodies_of(db, id).await?, attachments_of(db, id).await?),
            // Without a business an upload is a logo or a cover: only an id names it.
            None => (Vec::new(), HashSet::new()),
        };
        unused.extend(uploads.into_iter().filter(|upload| {
            !attachments.contains(&upload.id)
                && !bodies
                    .iter()
                    .any(|body| body.contains(upload.storage_key.as_str()))
        }));
    }

    let mut swept = Swept::default();
    let mut keys = HashSet::new();
    for upload in unused {
        // Checked again in the statement: a post that took the upload since is not robbed.
        let deleted = uploads::Entity::delete_many()
            .filter(uploads::Column::Id.eq(upload.id))
            .filter(named_by_no_id())
            .exec(db)
            .await?;
        if deleted.rows_affected > 0 {
            swept.rows += 1;
            keys.insert(upload.storage_key);
        }
    }
    for key in keys {
        let still_named = uploads::Entity::find()
            .filter(uploads::Column::StorageKey.eq(key.as_str()))
            .count(db)
            .await?
            > 0;
        if still_named {
            continue;
        }
        for object in std::iter::once(key.clone()).chain(thumbnail_key(&key)) {
            match state.storage.delete(&object).await {
                Ok(()) => swept.objects += 1,
                Err(error) => {
                    tracing::warn!(%error, key = object, "unused upload: object not deleted")
                }
            }
        }
    }
    Ok(swept)
}

async fn operators_among(
    db: &impl ConnectionTrait,
    candidates: &[uploads::Model],
) -> Result<HashSet<i64>, DbErr> {
    let owners: Vec<i64> = candidates
        .iter()
        .filter(|upload| upload.business_id.is_none())
        .filter_map(|upload| upload.owner_member_id)
        .collect();
    if owners.is_empty() {
        return Ok(HashSet::new());
    }
    let operators: Vec<i64> = members::Entity::find()
        .select_only()
        .column(members::Column::Id)
        .filter(members::Column::Id.is_in(owners))
        .filter(members::Column::Role.eq(MemberRole::Admin))
        .into_tuple()
        .all(db)
        .await?;
    Ok(operators.into_iter().collect())
}

/// The bodies of a business's posts and of their revisions that show a stored file.
async fn bodies_of(db: &impl ConnectionTrait, business: i64) -> Result<Vec<String>, DbErr> {
    let mut bodies: Vec<String> = posts::Entity::find()
        .select_only()
        .column(posts::Column::BodyHtml)
        .filter(posts::Column::BusinessId.eq(business))
        .filter(posts::Column::BodyHtml.contains("/media/"))
        .into_tuple()
        .all(db)
        .await?;
    let revisions: Vec<String> = post_revisions::Entity::find()
        .select_only()
        .column(post_revisions::Column::Body)
        .filter(
            post_revisions::Column::PostId.in_subquery(
                Query::select()
                    .column(posts::Column::Id)
                    .from(posts::Entity)
                    .and_where(posts::Column::BusinessId.eq(business))
                    .to_owned(),
            ),
        )
        .filter(post_revisions::Column::Body.contains("/media/"))
        .into_tuple()
        .all(db)
        .await?;
    bodies.extend(revisions);
    Ok(bodies)
}

/// The upload ids a business's media requests attach.
async fn attachments_of(db: &impl ConnectionTrait, business: i64) -> Result<HashSet<i64>, DbErr> {
    let lists: Vec<serde_json::Value> = media_requests::Entity::find()
        .select_only()
        .column(media_requests::Column::AttachmentIds)
        .filter(media_requests::Column::BusinessId.eq(business))
        .into_tuple()
        .all(db)
        .await?;
    Ok(lists
        .iter()
        .filter_map(serde_json::Value::as_array)
        .flatten()
        .filter_map(serde_json::Value::as_i64)
        .collect())
}
