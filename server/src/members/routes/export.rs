//! "내 정보 내려받기": the file of everything the platform holds about the member signed in.

use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Path;
use crate::http::openapi::ErrorBody;
use crate::members::service::export::{self as service, ExportState};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

#[utoipa::path(
        get,
        path = "/mypage/v1/export",
        tag = "members",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<ExportState>), (status = 401, body = ErrorBody))
    )]
/// Where the member's latest file of their data stands: none, being made, or ready until a
/// date.
pub async fn latest(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<ExportState>> {
    Ok(ok(service::latest(&state, &user).await?))
}

#[utoipa::path(
        post,
        path = "/mypage/v1/export",
        tag = "members",
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<ExportState>),
            (status = 401, body = ErrorBody),
            (status = 429, description = "two files a member every 12 hours", body = ErrorBody)
        )
    )]
/// Asks for a file of everything the platform holds about the member. It is made in the
/// background, kept seven days and announced by mail; asking while one is being made answers
/// with that one.
pub async fn request(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<ExportState>> {
    Ok(ok(service::request(&state, &user).await?))
}

#[utoipa::path(
        get,
        path = "/mypage/v1/export/{id}/file",
        tag = "members",
        params(("id" = i64, Path, description = "the file's id, from `GET /mypage/v1/export`")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, description = "the file (JSON), as an attachment", content_type = "application/json"),
            (status = 401, body = ErrorBody),
            (status = 404, description = "not the member's, or expired", body = ErrorBody),
            (status = 409, description = "still being made", body = ErrorBody)
        )
    )]
/// The file itself, for the member it belongs to; never cached on the way.
pub async fn file(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let file = service::file(&state, &user, id).await?;
    let mut response = file.body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    if let Ok(value) =
        HeaderValue::from_str(&format!("attachment; filename=\"{}\"", file.file_name))
    {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
