//! `POST /api/v1/embeds`: a pasted link as a video block or a link card.

use super::service::{self, Embed, EmbedInput};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(embed))
}

#[utoipa::path(
        post,
        path = "/api/v1/embeds",
        tag = "media",
        request_body = EmbedInput,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<Embed>),
            (status = 400, description = "not a web address; a private, loopback or link-local one (also after a redirect or in DNS's answer); a page that is too large, too slow, has no title or answered an error", body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, description = "the member writes for no business", body = ErrorBody),
            (status = 429, body = ErrorBody)
        )
    )]
/// A link a writer pasted, for the body: a YouTube, Vimeo or Naver TV link becomes a video
/// (its player's canonical address, with its title and thumbnail when the provider gives
/// them: a video is never refused for their lack); any other web page becomes a link card
/// read from its Open Graph tags. Pictures are kept as the business's uploads.
async fn embed(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<EmbedInput>,
) -> ApiResult<Ok<Embed>> {
    Ok(ok(service::embed(&state, &user, body).await?))
}
