//! Tag suggestions for the post editor.

use crate::auth::MaybeAuthUser;
use crate::content::service::tags::{self as service, TagSuggestions};
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Query;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::content) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(suggest))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SuggestQuery {
    /// What was typed: 1 to 30 characters (a leading `#` is dropped).
    prefix: String,
}

#[utoipa::path(
        get,
        path = "/api/v1/tags/suggest",
        tag = "posts",
        params(SuggestQuery),
        responses((status = 200, body = Ok<TagSuggestions>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
/// Up to ten existing tag names starting with `prefix` (any case), the most used first. Uses
/// count public posts, and for a business's people also their own business's posts.
async fn suggest(
    State(state): State<AppState>,
    viewer: MaybeAuthUser,
    ClientIp(ip): ClientIp,
    Query(query): Query<SuggestQuery>,
) -> ApiResult<Ok<TagSuggestions>> {
    let viewer = viewer.0.as_ref();
    Ok(ok(
        service::suggest(&state, viewer, &ip, &query.prefix).await?
    ))
}
