//! Uploaded files: images (checked by content, re-encoded without metadata, with
//! thumbnails) and PDF reports, behind a storage interface (a folder under the data
//! directory by default), served from `/media/<key>` (docs/media.md).
//!
//! Other modules show uploads through [`public_url`], [`url_of`], [`upload_urls`] and
//! [`key_of`] with [`addresses`]: posts and businesses keep upload ids (cover, logo, report)
//! and answer with their addresses.

pub mod process;
pub mod quota;
mod routes;
mod service;
mod sweep;

pub use sweep::{sweep_unused, Swept, UNUSED_FOR};

pub use routes::{router, UPLOAD_BODY_LIMIT};
pub use service::{keep_fetched, Uploaded};

use crate::entities::uploads;
use crate::http::error::{ApiError, ApiResult};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect,
};
use std::collections::HashMap;

/// Whose uploads a writer may use. An upload id names one business's link to a stored file
/// (the same bytes uploaded by two businesses are two rows), so a post, a profile or a
/// media request may use only its own business's uploads; before a business exists, its
/// future master uses the images they uploaded themselves; operators use any.
#[derive(Clone, Copy, Debug)]
pub enum UploadScope {
    /// The people of this business write for it.
    Business(i64),
    /// A member without a business yet (registering one): their own unattached uploads.
    Member(i64),
    /// A platform operator.
    Operator,
}

impl UploadScope {
    fn condition(self) -> Condition {
        match self {
            UploadScope::Business(id) => Condition::all().add(uploads::Column::BusinessId.eq(id)),
            UploadScope::Member(id) => Condition::all()
                .add(uploads::Column::BusinessId.is_null())
                .add(uploads::Column::OwnerMemberId.eq(id)),
            UploadScope::Operator => Condition::all(),
        }
    }
}

/// 400 naming `field` unless every id in `ids` is an upload of `kind` (`image` | `pdf`, or
/// any kind with `None`) that `scope` may use. Someone else's upload answers exactly like
/// one that does not exist, so ids cannot be probed.
pub async fn check_usable(
    db: &impl ConnectionTrait,
    ids: &[i64],
    kind: Option<&str>,
    scope: UploadScope,
    field: &str,
) -> ApiResult<()> {
    let mut wanted = ids.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    if wanted.is_empty() {
        return Ok(());
    }
    let mut query = uploads::Entity::find()
        .filter(uploads::Column::Id.is_in(wanted.iter().copied()))
        .filter(scope.condition());
    if let Some(kind) = kind {
        query = query.filter(uploads::Column::Kind.eq(kind));
    }
    let found = query.count(db).await?;
    if found == wanted.len() as u64 {
        return Ok(());
    }
    let what = match kind {
        Some("image") => "an image upload",
        Some("pdf") => "a PDF upload",
        _ => "an upload",
    };
    let whose = match scope {
        UploadScope::Business(_) => " of this business",
        UploadScope::Member(_) => " of yours",
        UploadScope::Operator => "",
    };
    Err(ApiError::bad_request(format!(
        "{field} is not {what}{whose}"
    )))
}

/// The address a stored object is served at: `/media/<key>`.
/// The public address of uploads, by id.
pub async fn upload_urls(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> ApiResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = uploads::Entity::find()
        .filter(uploads::Column::Id.is_in(crate::kernel::ids::for_in(ids.iter().copied())))
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|upload| (upload.id, public_url(&upload.storage_key)))
        .collect())
}

/// The storage key of the upload a row's `upload` column names, as a column of that row's
/// own statement (`NULL` for no upload): a row and its files' addresses in one read.
pub fn key_of(upload: impl sea_orm::sea_query::IntoColumnRef) -> sea_orm::sea_query::Expr {
    use sea_orm::sea_query::{Expr, ExprTrait, Query};
    let key = Query::select()
        .column((uploads::Entity, uploads::Column::StorageKey))
        .from(uploads::Entity)
        .and_where(Expr::col((uploads::Entity, uploads::Column::Id)).equals(upload))
        .to_owned();
    Expr::SubQuery(None, Box::new(key.into()))
}

pub fn public_url(storage_key: &str) -> String {
    format!("/media/{storage_key}")
}

/// The address of a stored file and of its thumbnail (`None` for PDFs).
pub fn addresses(storage_key: &str) -> (String, Option<String>) {
    let thumbnail = thumbnail_key(storage_key).map(|thumb| public_url(&thumb));
    (public_url(storage_key), thumbnail)
}

/// The key of an image's thumbnail (`images/<sha256>-480.jpg` for `images/<sha256>.jpg`);
/// `None` for keys that have none (PDFs, thumbnails themselves).
pub fn thumbnail_key(storage_key: &str) -> Option<String> {
    let name = storage_key.strip_prefix("images/")?;
    let (stem, extension) = name.rsplit_once('.')?;
    let suffix = format!("-{}", process::THUMBNAIL_WIDTH);
    if stem.is_empty() || stem.contains('/') || stem.ends_with(&suffix) {
        return None;
    }
    Some(format!("images/{stem}{suffix}.{extension}"))
}

/// The address of upload `upload_id`, `None` when there is no id or no such upload (a
/// database error is logged and shows as no picture).
pub async fn url_of(db: &impl ConnectionTrait, upload_id: Option<i64>) -> Option<String> {
    let id = upload_id?;
    match uploads::Entity::find_by_id(id)
        .select_only()
        .column(uploads::Column::StorageKey)
        .into_tuple::<String>()
        .one(db)
        .await
    {
        Ok(key) => key.map(|key| public_url(&key)),
        Err(error) => {
            tracing::error!(%error, upload_id = id, "reading an upload's address");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_thumbnail_keys() {
        assert_eq!(public_url("images/ab.jpg"), "/media/images/ab.jpg");
        assert_eq!(
            thumbnail_key("images/ab.jpg").as_deref(),
            Some("images/ab-480.jpg")
        );
        assert_eq!(
            thumbnail_key("images/ab.png").as_deref(),
            Some("images/ab-480.png")
        );
        assert_eq!(thumbnail_key("images/ab-480.png"), None);
        assert_eq!(thumbnail_key("files/ab.pdf"), None);
        assert_eq!(thumbnail_key("images/noextension"), None);
    }
}
