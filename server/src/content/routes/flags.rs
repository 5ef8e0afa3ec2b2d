//! Readers' flags on a post, and the operators' view and dismissal of them
//! (removing the post is `POST /api/v1/admin/posts/{id}/remove`, which closes them too).

use crate::auth::AuthUser;
use crate::content::service::flags::{self as service, Dismissed, FlagFiled, FlagInput, PostFlags};
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(report))
        .routes(routes!(of_post))
        .routes(routes!(dismiss))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/flags",
        tag = "posts",
        request_body = FlagInput,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<FlagFiled>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
/// A signed-in member reports a problem with a public post; the operators see it in their
/// queue. Reporting again while the first report waits files nothing new.
async fn report(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<FlagInput>,
) -> ApiResult<Ok<FlagFiled>> {
    Ok(ok(service::file(&state, &user, id, body).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/posts/{id}/flags",
        tag = "operators",
        params(("id" = i64, Path, description = "postSeq")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostFlags>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// A post's reports, newest first, with who filed each (operators only).
async fn of_post(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PostFlags>> {
    Ok(ok(service::of_post(&state, &user, id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DismissRequest {
    /// Why nothing is to be done (optional, at most 500 characters).
    #[serde(default)]
    note: String,
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/posts/{id}/flags/dismiss",
        tag = "operators",
        request_body = DismissRequest,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Dismissed>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Closes the post's waiting reports with nothing to do, and the operator's note (operators
/// only).
async fn dismiss(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<DismissRequest>,
) -> ApiResult<Ok<Dismissed>> {
    Ok(ok(service::dismiss(&state, &user, id, &body.note).await?))
}
