//! Registering a business (the member becomes its master), the public profile, editing it,
//! and the operator's verified badge.

use crate::auth::{AuthUser, MaybeAuthUser};
use crate::business::service::mine::{self, Mine};
use crate::business::service::profile::{
    self as service, Business, ProfileFields, RegisterRequest,
};
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::business) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(read, edit))
        .routes(routes!(mine))
        .routes(routes!(verify))
}

#[utoipa::path(
        post,
        path = "/api/v1/businesses",
        tag = "businesses",
        request_body = RegisterRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Business>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Registers a business; the signed-in member becomes its master.
async fn register(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<RegisterRequest>,
) -> ApiResult<Ok<Business>> {
    Ok(ok(service::register(&state, &user, body).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id")),
        responses((status = 200, body = Ok<Business>), (status = 404, body = ErrorBody))
    )]
/// A business's public profile.
async fn read(
    State(state): State<AppState>,
    viewer: MaybeAuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<Business>> {
    let viewer = viewer.0.map(|u| u.member.id);
    Ok(ok(service::read(&state, id, viewer).await?))
}

#[utoipa::path(
        put,
        path = "/api/v1/businesses/{id}",
        tag = "businesses",
        request_body = ProfileFields,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Business>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Edits the profile (the master only). Fields left out stay as they are; an empty
/// optional field clears it.
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ProfileFields>,
) -> ApiResult<Ok<Business>> {
    Ok(ok(service::edit(&state, &user, id, body).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/mypage/business",
        tag = "businesses",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Option<Mine>>), (status = 401, body = ErrorBody))
    )]
/// The business the signed-in member manages and the member's role in it (null when none).
async fn mine(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Option<Mine>>> {
    Ok(ok(mine::mine(&state, &user).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = BusinessVerifyRequest)]
struct VerifyRequest {
    verified: bool,
    /// The operator's note (up to 500 characters), kept with the business and in the audit logs.
    note: Option<String>,
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/businesses/{id}/verify",
        tag = "operators",
        request_body = VerifyRequest,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Business>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Sets or clears a business's verified badge (operators only). Asks for a password check in
/// the last 5 minutes first (403/2013).
async fn verify(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<VerifyRequest>,
) -> ApiResult<Ok<Business>> {
    Ok(ok(service::verify(
        &state,
        &user,
        id,
        body.verified,
        body.note.as_deref(),
    )
    .await?))
}
