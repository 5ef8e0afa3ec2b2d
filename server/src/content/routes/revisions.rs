//! A post's history: its revisions (one per create, edit and restore, the newest 50 kept),
//! one revision's content, and restoring it. For the post's business's people.

use crate::auth::AuthUser;
use crate::content::service::revisions::{self as service, Revision, Revisions};
use crate::content::view::PostDetail;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Path;
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(one))
        .routes(routes!(restore))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/{id}/revisions",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Revisions>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// The post's revisions, newest first (the post's business's master and managers).
async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<Revisions>> {
    Ok(ok(service::list(&state, &user, id).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/{id}/revisions/{revisionId}",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("revisionId" = i64, Path, description = "revision id")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Revision>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// One revision of the post with what it said (the post's business's people).
async fn one(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, revision_id)): Path<(i64, i64)>,
) -> ApiResult<Ok<Revision>> {
    Ok(ok(service::one(&state, &user, id, revision_id).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/revisions/{revisionId}/restore",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("revisionId" = i64, Path, description = "revision id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = crate::content::service::history::EditConflictBody, description = "someone saved the post after `baseVersion`: how it is now"))
    )]
/// Puts a revision's title, summary, body, category, tags and cover back into the post,
/// keeping its status and publication time; stores a new revision and answers the post as
/// an edit does (with its new `version`).
async fn restore(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, revision_id)): Path<(i64, i64)>,
) -> ApiResult<Ok<PostDetail>> {
    Ok(ok(service::restore(&state, &user, id, revision_id).await?))
}
