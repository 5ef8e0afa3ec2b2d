//! The rules behind the media calls: who may upload, what a file is and what is kept of it,
//! storing it once per content and linking it to its business; and what a stored file is
//! served as.

use super::process::{self, Detected, Failure};
use super::quota::{self, Holder};
use super::{public_url, thumbnail_key};
use crate::auth::access::{acting_for, require_admin};
use crate::auth::AuthUser;
use crate::entities::uploads;
use crate::http::error::{is_unique_violation, ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use crate::storage::valid_key;
use axum::http::StatusCode;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::sync::LazyLock;
use tokio::sync::Semaphore;
use utoipa::ToSchema;

/// Images decoded at once: each can take a few hundred megabytes at the pixel limit.
static DECODERS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));

/// What the uploaded file is for: covers and logos must be images, reports PDFs, body
/// files either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum Purpose {
    Cover,
    Logo,
    Body,
    Report,
}

impl Purpose {
    pub(super) fn parse(value: &str) -> ApiResult<Purpose> {
        match value.trim() {
            "cover" => Ok(Purpose::Cover),
            "logo" => Ok(Purpose::Logo),
            "body" | "" => Ok(Purpose::Body),
            "report" => Ok(Purpose::Report),
            _ => Err(ApiError::bad_request(
                "purpose must be cover, logo, body or report",
            )),
        }
    }
}

/// A stored upload.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    pub id: i64,
    /// `/media/<key>`.
    pub url: String,
    /// The image 480 pixels wide at most; null for PDFs.
    pub thumbnail_url: Option<String>,
    pub content_type: String,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub byte_size: i64,
    /// `image` or `pdf`.
    #[schema(value_type = UploadKind)]
    pub kind: String,
}

crate::word_schema! {
    /// What was uploaded: an image or a PDF report.
    UploadKind = ["image", "pdf"]
}

impl From<uploads::Model> for Uploaded {
    fn from(row: uploads::Model) -> Self {
        Uploaded {
            id: row.id,
            url: public_url(&row.storage_key),
            thumbnail_url: thumbnail_key(&row.storage_key).map(|key| public_url(&key)),
            content_type: row.content_type,
            width: row.width,
            height: row.height,
            byte_size: row.byte_size,
            kind: row.kind,
        }
    }
}

/// 413 with `message`.
pub(super) fn too_large(message: impl Into<String>) -> ApiError {
    ApiError::CodedWithStatus {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        code: tidemark_core::error_screen::ErrorCode::RequiredParameterMissing,
        message: message.into(),
    }
}

fn failure(failure: Failure) -> ApiError {
    match failure {
        Failure::Refused(message) => ApiError::BadRequest(message),
        Failure::Internal(detail) => ApiError::Internal(detail),
    }
}

/// What the upload form brought: the file (its bytes and the name it was sent under), if
/// any, and its purpose.
pub(super) struct Form {
    pub file: Option<(Vec<u8>, Option<String>)>,
    pub purpose: Purpose,
}

/// One object to store and the row that describes it.
struct Stored {
    key: String,
    bytes: Vec<u8>,
    content_type: &'static str,
    kind: &'static str,
    width: Option<i32>,
    height: Option<i32>,
    sha256: String,
    /// The thumbnail of an image: its key and bytes.
    thumbnail: Option<(String, Vec<u8>)>,
}

/// Checks and keeps an uploaded file for the uploader's business (or, without one, for an
/// operator, or as a future business's logo or cover).
pub(super) async fn upload(state: &AppState, user: &AuthUser, form: Form) -> ApiResult<Uploaded> {
    let business_id = acting_for(state, &user.member)
        .await?
        .map(|(business_id, _role)| business_id);
    let Form { file, purpose } = form;
    // Without a business: operators upload for the platform, and a member about to register
    // a business uploads its logo and cover (theirs until the business takes them).
    if business_id.is_none()
        && require_admin(&user.member).is_err()
        && !matches!(purpose, Purpose::Logo | Purpose::Cover)
    {
        return Err(ApiError::Forbidden(
            "only a business's master or managers upload files".into(),
        ));
    }
    let Some((bytes, original_name)) = file else {
        return Err(ApiError::bad_request("the form field file is required"));
    };
    if bytes.is_empty() {
        return Err(ApiError::bad_request("the file is empty"));
    }
    RateLimits::check(
        &state.limits.upload_member,
        &user.member.id.to_string(),
        "uploads",
    )
    .await?;
    let holder = match business_id {
        Some(id) => Holder::Business(id),
        None if require_admin(&user.member).is_ok() => Holder::Operator,
        None => Holder::Unattached(user.member.id),
    };
    let stored = prepare(bytes, purpose).await?;
    let row = save(
        state,
        user.member.id,
        business_id,
        holder,
        original_name,
        stored,
    )
    .await?;
    Ok(Uploaded::from(row))
}

/// Keeps an image the server fetched for a writer of `business_id` (a link card's picture, a
/// video's thumbnail) like one they uploaded: checked by content, re-encoded, counted in the
/// business's quota. Anything but an image is refused.
pub async fn keep_fetched(
    state: &AppState,
    member_id: i64,
    business_id: i64,
    bytes: Vec<u8>,
) -> ApiResult<Uploaded> {
    if !matches!(process::detect(&bytes), Some(Detected::Image(_))) {
        return Err(ApiError::bad_request(
            "the picture is not a PNG, JPEG, GIF or WebP image",
        ));
    }
    let stored = prepare(bytes, Purpose::Body).await?;
    let holder = Holder::Business(business_id);
    let row = save(state, member_id, Some(business_id), holder, None, stored).await?;
    Ok(Uploaded::from(row))
}

/// What is kept of a file: a PDF as it is, an image re-encoded with its thumbnail.
async fn prepare(bytes: Vec<u8>, purpose: Purpose) -> ApiResult<Stored> {
    let detected = process::detect(&bytes).ok_or_else(|| {
        ApiError::bad_request(
            "this file type is not accepted: upload a PNG, JPEG, GIF or WebP image or a PDF",
        )
    })?;
    match (detected, purpose) {
        (Detected::Pdf, Purpose::Cover | Purpose::Logo) => {
            Err(ApiError::bad_request("covers and logos must be images"))
        }
        (Detected::Image(_), Purpose::Report) => {
            Err(ApiError::bad_request("reports must be PDF files"))
        }
        (Detected::Pdf, _) => {
            process::check_pdf(&bytes).map_err(failure)?;
            let sha256 = hex::encode(Sha256::digest(&bytes));
            Ok(Stored {
                key: format!("files/{sha256}.pdf"),
                content_type: "application/pdf",
                kind: "pdf",
                width: None,
                height: None,
                sha256,
                thumbnail: None,
                bytes,
            })
        }
        (Detected::Image(format), _) => {
            if bytes.len() > process::IMAGE_MAX_BYTES {
                return Err(too_large(format!(
                    "images are limited to {} MB",
                    process::IMAGE_MAX_BYTES / (1024 * 1024)
                )));
            }
            let _permit = DECODERS.acquire().await.map_err(ApiError::internal)?;
            let kept = tokio::task::spawn_blocking(move || process::process_image(&bytes, format))
                .await
                .map_err(ApiError::internal)?
                .map_err(failure)?;
            let sha256 = hex::encode(Sha256::digest(&kept.image.bytes));
            let key = format!("images/{sha256}.{}", kept.image.extension);
            let thumbnail = thumbnail_key(&key).map(|thumb| (thumb, kept.thumbnail.bytes));
            Ok(Stored {
                key,
                content_type: kept.image.content_type,
                kind: "image",
                width: i32::try_from(kept.image.width).ok(),
                height: i32::try_from(kept.image.height).ok(),
                sha256,
                thumbnail,
                bytes: kept.image.bytes,
            })
        }
    }
}

/// Stores the objects and records the business's link to them. Objects are
/// content-addressed (the same bytes are stored once, whoever sent them), but each business
/// (or, without one, each uploader) gets its own row: an upload id is never shared, so
/// nobody can use another business's file by naming its id.
async fn save(
    state: &AppState,
    owner: i64,
    business_id: Option<i64>,
    holder: Holder,
    original_name: Option<String>,
    stored: Stored,
) -> ApiResult<uploads::Model> {
    let own_link = || async {
        let query =
            uploads::Entity::find().filter(uploads::Column::StorageKey.eq(stored.key.as_str()));
        let query = match business_id {
            Some(id) => query.filter(uploads::Column::BusinessId.eq(id)),
            None => query
                .filter(uploads::Column::BusinessId.is_null())
                .filter(uploads::Column::OwnerMemberId.eq(owner)),
        };
        query.one(&state.db).await
    };
    if let Some(row) = own_link().await? {
        return Ok(row);
    }
    let byte_size = i64::try_from(stored.bytes.len()).map_err(ApiError::internal)?;
    quota::check(&state.db, holder, byte_size).await?;
    let stored_before = uploads::Entity::find()
        .filter(uploads::Column::StorageKey.eq(stored.key.as_str()))
        .count(&state.db)
        .await?
        > 0;
    if !stored_before {
        if let Some((thumbnail_key, thumbnail)) = &stored.thumbnail {
            state
                .storage
                .put(thumbnail_key, thumbnail.clone(), stored.content_type)
                .await
                .map_err(|error| {
                    ApiError::storage_away(format!("storing {thumbnail_key}: {error}"))
                })?;
        }
    }
    if !stored_before {
        state
            .storage
            .put(&stored.key, stored.bytes, stored.content_type)
            .await
            .map_err(|error| ApiError::storage_away(format!("storing {}: {error}", stored.key)))?;
    }
    let inserted = uploads::ActiveModel {
        owner_member_id: Set(Some(owner)),
        business_id: Set(business_id),
        kind: Set(stored.kind.into()),
        content_type: Set(stored.content_type.into()),
        storage_key: Set(stored.key.clone()),
        byte_size: Set(byte_size),
        width: Set(stored.width),
        height: Set(stored.height),
        sha256: Set(stored.sha256.clone()),
        original_name: Set(original_name),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&state.db)
    .await;
    match inserted {
        Ok(row) => Ok(row),
        // The same file arriving twice at once for one business: the other upload's row
        // stands.
        Err(error) if is_unique_violation(&error) => own_link()
            .await?
            .ok_or_else(|| ApiError::internal(format!("upload {} vanished", stored.key))),
        Err(error) => Err(error.into()),
    }
}

/// A stored file as it is served: its bytes, type and `Content-Disposition`.
pub(super) struct Served {
    pub bytes: Vec<u8>,
    pub content_type: String,
    pub disposition: String,
}

/// The stored file `key` (404 for a key that is not valid or not stored): images inline,
/// anything else as a download under the name it was first uploaded with.
pub(super) async fn stored_file(state: &AppState, key: &str) -> ApiResult<Served> {
    let missing = || ApiError::NotFound("no such file".into());
    if !valid_key(key) {
        return Err(missing());
    }
    let object = state
        .storage
        .get(key)
        .await
        .map_err(|error| ApiError::storage_away(format!("reading {key}: {error}")))?
        .ok_or_else(missing)?;
    let disposition = if object.content_type.starts_with("image/") {
        "inline".to_string()
    } else {
        // Every business that uploaded these bytes has its own row; the first one names the
        // download.
        let original = uploads::Entity::find()
            .filter(uploads::Column::StorageKey.eq(key))
            .order_by_asc(uploads::Column::Id)
            .one(&state.db)
            .await?
            .and_then(|row| row.original_name);
        attachment(&download_name(original.as_deref()))
    };
    Ok(Served {
        bytes: object.bytes,
        content_type: object.content_type,
        disposition,
    })
}

/// `Content-Disposition` of a download named `name`: an ASCII `filename` for old clients
/// and the exact UTF-8 name in `filename*` (RFC 6266, RFC 8187).
fn attachment(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && !matches!(c, '"' | '\\' | '%' | ';') || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// The name a PDF is downloaded as: the uploader's name with a `.pdf` ending, or
/// `report.pdf`.
fn download_name(original: Option<&str>) -> String {
    match original {
        Some(name) if name.to_ascii_lowercase().ends_with(".pdf") => name.to_string(),
        Some(name) => format!("{name}.pdf"),
        None => "report.pdf".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downloads_carry_both_names() {
        assert_eq!(
            attachment("report.pdf"),
            "attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf"
        );
        assert_eq!(
            attachment("보고서 1.pdf"),
            "attachment; filename=\"___ 1.pdf\"; filename*=UTF-8''%EB%B3%B4%EA%B3%A0%EC%84%9C%201.pdf"
        );
        assert_eq!(download_name(None), "report.pdf");
        assert_eq!(download_name(Some("Q3")), "Q3.pdf");
        assert_eq!(download_name(Some("Q3.PDF")), "Q3.PDF");
    }
}
