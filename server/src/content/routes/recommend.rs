//! The recommendation calls: the home page's collections, one collection's posts, and the
//! operators' editing.

use crate::auth::AuthUser;
use crate::content::service::recommend::{
    self as service, Collection, CollectionInput, OperatorCollection,
};
use crate::http::envelope::{ok, NoData, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::PageQuery;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(home))
        .routes(routes!(one))
        .routes(routes!(create, for_operators))
        .routes(routes!(replace, delete))
        .routes(routes!(publish))
}

#[utoipa::path(
        get,
        path = "/api/v1/recommendations",
        tag = "lists",
        responses((status = 200, body = Ok<Vec<Collection>>))
    )]
/// Every collection with its first posts, in the operators' order (the home page's sections).
async fn home(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let page = service::home_page(&state).await?;
    Ok(page.respond(&headers, "no-cache"))
}

#[utoipa::path(
        get,
        path = "/api/v1/recommendations/{id}",
        tag = "lists",
        params(("id" = i64, Path, description = "collection id"), PageQuery),
        responses((status = 200, body = Ok<Collection>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// One collection, a page of its posts.
async fn one(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Ok<Collection>> {
    Ok(ok(service::one(&state, id, &page).await?))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Saved {
    id: i64,
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/recommendations",
        tag = "operators",
        request_body = CollectionInput,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Saved>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Creates a collection (operators only).
async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Json(input): Json<CollectionInput>,
) -> ApiResult<Ok<Saved>> {
    let id = service::save(&state, &user, None, &input).await?;
    Ok(ok(Saved { id }))
}

#[utoipa::path(
        put,
        path = "/api/v1/admin/recommendations/{id}",
        tag = "operators",
        request_body = CollectionInput,
        params(("id" = i64, Path, description = "collection id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Saved>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Replaces a collection's titles and posts (operators only).
async fn replace(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(input): Json<CollectionInput>,
) -> ApiResult<Ok<Saved>> {
    let id = service::save(&state, &user, Some(id), &input).await?;
    Ok(ok(Saved { id }))
}

#[utoipa::path(
        delete,
        path = "/api/v1/admin/recommendations/{id}",
        tag = "operators",
        params(("id" = i64, Path, description = "collection id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Deletes a collection (operators only).
async fn delete(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<NoData>> {
    service::delete(&state, &user, id).await?;
    Ok(ok(None))
}

#[utoipa::path(
        get,
        path = "/api/v1/admin/recommendations",
        tag = "operators",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Vec<OperatorCollection>>), (status = 403, body = ErrorBody))
    )]
/// Every collection in the home page's order, published or not, with all its posts whatever
/// their status (operators only).
async fn for_operators(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<Vec<OperatorCollection>>> {
    Ok(ok(service::for_operators(&state, &user).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PublishRequest {
    published: bool,
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/recommendations/{id}/publish",
        tag = "operators",
        request_body = PublishRequest,
        params(("id" = i64, Path, description = "collection id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Puts a collection on the home page or takes it off (operators only).
async fn publish(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<PublishRequest>,
) -> ApiResult<Ok<NoData>> {
    service::set_published(&state, &user, id, body.published).await?;
    Ok(ok(None))
}
