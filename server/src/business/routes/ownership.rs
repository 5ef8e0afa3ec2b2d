//! A business never loses its master: the master hands it over to one of its managers (who
//! accepts), or closes it, and only then may withdraw (PRODUCT "Roles"; docs/security.md).

use crate::auth::AuthUser;
use crate::business::service::ownership::{self as service, Offer};
use crate::http::envelope::{ok, NoData, Ok};
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
        .routes(routes!(offer))
        .routes(routes!(accept))
        .routes(routes!(close))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OfferRequest {
    /// The manager who is to become the master.
    member_id: i64,
}

#[utoipa::path(
        post,
        path = "/api/v1/businesses/{id}/ownership",
        tag = "businesses",
        request_body = OfferRequest,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Offer>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Offers the business to one of its managers (the master, after a password check). The
/// manager is told by mail and accepts signed in; until then nothing changes.
async fn offer(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<OfferRequest>,
) -> ApiResult<Ok<Offer>> {
    Ok(ok(service::offer(&state, &user, id, body.member_id).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/businesses/{id}/ownership/accept",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Accepts the business offered to the signed-in manager: they become its master and the
/// master a manager, in one transaction.
async fn accept(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<NoData>> {
    service::accept(&state, &user, id).await?;
    Ok(ok(None))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CloseRequest {
    /// The business's name, typed again: closing cannot be undone.
    confirm_name: String,
}

#[utoipa::path(
        delete,
        path = "/api/v1/businesses/{id}",
        tag = "businesses",
        request_body = CloseRequest,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Closes the business (the master, after a password check, typing its name): the business,
/// its posts, files, team, invitations and followers go, and it leaves every list, feed and
/// search at once.
async fn close(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<CloseRequest>,
) -> ApiResult<Ok<NoData>> {
    service::close(&state, &user, id, &body.confirm_name).await?;
    Ok(ok(None))
}
