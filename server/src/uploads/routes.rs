//! The media calls: `POST /api/v1/uploads` (a business's images and PDF reports) and
//! `GET /media/{*key}` (the stored bytes, under headers that keep them inert).

use super::process::{self, PDF_MAX_BYTES};
use super::service::{self, too_large, Form, Purpose, Uploaded};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::Path;
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The upload call's own body limit: the largest file (a 20 MB PDF) plus the form around it.
pub const UPLOAD_BODY_LIMIT: usize = PDF_MAX_BYTES + 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(upload))
        .layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT));
    OpenApiRouter::new()
        .route("/media/{*key}", axum::routing::get(serve))
        .merge(uploads)
}

/// The form of an upload (multipart/form-data).
#[derive(ToSchema)]
#[allow(dead_code)] // documentation of the form only
struct UploadForm {
    /// The file: a PNG, JPEG, GIF or WebP image (10 MB, 10,000 px a side, 40 megapixels at
    /// most) or a PDF (20 MB at most). The content decides, not the name.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// `body` when absent.
    purpose: Option<Purpose>,
}

fn form_error(error: MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(format!(
            "the upload is too large: files are limited to {} MB",
            PDF_MAX_BYTES / (1024 * 1024)
        ))
    } else {
        // multer's text names parser states and may quote the body: logged, not answered.
        tracing::info!(error = %error.body_text(), "upload form not readable");
        ApiError::bad_request(
            "the form could not be read: send the file as multipart/form-data with the fields file and purpose",
        )
    }
}

/// Reads the upload form: one `file` (at most the largest file accepted) and an optional
/// `purpose`; any other field is refused.
async fn read_form(form: Result<Multipart, MultipartRejection>) -> ApiResult<Form> {
    let mut form = form.map_err(|_| {
        ApiError::bad_request("send the file as multipart/form-data (with a boundary)")
    })?;
    let mut file: Option<(Vec<u8>, Option<String>)> = None;
    let mut purpose = Purpose::Body;
    while let Some(mut field) = form.next_field().await.map_err(form_error)? {
        match field.name().unwrap_or_default() {
            "file" => {
                if file.is_some() {
                    return Err(ApiError::bad_request("one file per upload"));
                }
                let name = field.file_name().and_then(process::clean_name);
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(form_error)? {
                    if bytes.len() + chunk.len() > PDF_MAX_BYTES {
                        return Err(too_large(format!(
                            "the file is too large: images are limited to {} MB, PDF files to {} MB",
                            process::IMAGE_MAX_BYTES / (1024 * 1024),
                            PDF_MAX_BYTES / (1024 * 1024)
                        )));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some((bytes, name));
            }
            "purpose" => {
                let text = field.text().await.map_err(form_error)?;
                purpose = Purpose::parse(&text)?;
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown form field {other:?}: send file and purpose"
                )))
            }
        }
    }
    Ok(Form { file, purpose })
}

#[utoipa::path(
        post,
        path = "/api/v1/uploads",
        tag = "media",
        request_body(content = UploadForm, content_type = "multipart/form-data"),
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<Uploaded>),
            (status = 400, description = "not a PNG, JPEG, GIF, WebP image or a PDF; too many pixels; a bad form", body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, description = "the member manages no business", body = ErrorBody),
            (status = 413, description = "larger than the limits", body = ErrorBody),
            (status = 503, description = "the storage (or the database) is away for a moment; `Retry-After` says when to try again", body = ErrorBody)
        )
    )]
/// Uploads a file for a business (its master or managers; operators upload for the
/// platform). Images are recognised by content, re-encoded without metadata (JPEG, or PNG
/// when transparent) and get a 480-pixel thumbnail; PDFs are kept as they are. Keys are
/// content-addressed, so the same file uploaded twice is stored once.
async fn upload(
    State(state): State<AppState>,
    user: AuthUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Ok<Uploaded>> {
    let form = read_form(form).await?;
    Ok(ok(service::upload(&state, &user, form).await?))
}

/// `GET /media/{*key}`: a stored file. Keys are content-addressed, so answers are cached for
/// a year; a sandbox policy and `nosniff` keep a file from ever running as a page. Outside
/// the API document: its key spans segments, which the document's paths cannot express.
async fn serve(State(state): State<AppState>, Path(key): Path<String>) -> ApiResult<Response> {
    let file = service::stored_file(&state, &key).await?;
    let mut response = file.bytes.into_response();
    let headers = response.headers_mut();
    let content_type = HeaderValue::from_str(&file.content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&file.disposition).unwrap_or(HeaderValue::from_static("attachment")),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; sandbox"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    Ok(response)
}
