//! Preview links: the post's people make, list and revoke links that show a post before it
//! is public; anyone holding a link reads the post through it (`GET /api/v1/previews/{token}`,
//! the data of the page `/preview/{token}`), never cached and never indexed.

use crate::auth::AuthUser;
use crate::content::service::previews::{
    self as service, NewPreview, PreviewDetail, PreviewItem, PreviewList, PreviewRequest,
};
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(revoke))
        .routes(routes!(show))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/previews",
        tag = "posts",
        request_body = PreviewRequest,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NewPreview>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Makes a preview link of the post (its business's people): `/preview/{token}`, working for
/// `days` (1 to 30, 7 by default). The token is shown in this answer only.
async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(request): Json<PreviewRequest>,
) -> ApiResult<Ok<NewPreview>> {
    Ok(ok(service::create(&state, &user, id, &request).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/{id}/previews",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PreviewList>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// The post's preview links, newest first, with whether each still works.
async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PreviewList>> {
    Ok(ok(service::list(&state, &user, id).await?))
}

#[utoipa::path(
        delete,
        path = "/api/v1/posts/{id}/previews/{previewId}",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("previewId" = i64, Path, description = "preview link id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PreviewItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Revokes a preview link of the post at once; answers the link as the list shows it.
async fn revoke(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, preview_id)): Path<(i64, i64)>,
) -> ApiResult<Ok<PreviewItem>> {
    Ok(ok(service::revoke(&state, &user, id, preview_id).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/previews/{token}",
        tag = "posts",
        params(("token" = String, Path, description = "the preview link's token")),
        responses((status = 200, body = Ok<PreviewDetail>), (status = 404, body = ErrorBody))
    )]
/// The post a preview link shows, whatever its status, to anyone holding the link: the post
/// detail's fields and `preview: true`. Never stored by caches, never indexed. 404 (101) for
/// an unknown, revoked or expired link.
async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<([(header::HeaderName, &'static str); 2], Ok<PreviewDetail>)> {
    let detail = service::show(&state, &token).await?;
    let headers = [
        (header::CACHE_CONTROL, "no-store"),
        (header::HeaderName::from_static("x-robots-tag"), "noindex"),
    ];
    Ok((headers, ok(detail)))
}
