//! The member's web push calls: the settings (the site's public key, the member's browsers,
//! the night-time consent), turning a browser on and off, answering the consent.

use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::notifications::service::push::{self as service, PushSettings};
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(settings))
        .routes(routes!(subscribe))
        .routes(routes!(unsubscribe))
        .routes(routes!(night))
        .routes(routes!(open))
}

#[utoipa::path(
        get,
        path = "/api/v1/me/push",
        tag = "readers",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PushSettings>), (status = 401, body = ErrorBody))
    )]
/// The site's VAPID public key, the member's browsers with push on, and their night-time
/// consent.
async fn settings(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<PushSettings>> {
    Ok(ok(service::settings(&state, user.member.id).await?))
}

/// The browser's keys of a push subscription (`PushSubscription.toJSON().keys`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Keys {
    /// The browser's P-256 public key, base64url.
    p256dh: String,
    /// The browser's 16-byte secret, base64url.
    auth: String,
}

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Subscription {
    endpoint: String,
    keys: Keys,
    /// Given by some browsers; not used.
    #[allow(dead_code)]
    expiration_time: Option<f64>,
}

#[utoipa::path(
        post,
        path = "/api/v1/me/push/subscriptions",
        tag = "readers",
        request_body = Subscription,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PushSettings>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// Turns push on in this browser: new posts of followed businesses come as notifications.
async fn subscribe(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<Subscription>,
) -> ApiResult<Ok<PushSettings>> {
    let Subscription { endpoint, keys, .. } = body;
    Ok(ok(service::subscribe(
        &state,
        user.member.id,
        &endpoint,
        &keys.p256dh,
        &keys.auth,
    )
    .await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Endpoint {
    endpoint: String,
}

#[utoipa::path(
        post,
        path = "/api/v1/me/push/unsubscribe",
        tag = "readers",
        request_body = Endpoint,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PushSettings>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// Turns push off in the member's browser at this endpoint.
async fn unsubscribe(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<Endpoint>,
) -> ApiResult<Ok<PushSettings>> {
    Ok(ok(service::unsubscribe(
        &state,
        user.member.id,
        &body.endpoint,
    )
    .await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NightAnswer {
    /// True: pushes may come between 21:00 and 08:00 KST; false: they wait until 08:00.
    granted: bool,
}

#[utoipa::path(
        put,
        path = "/api/v1/me/push/night",
        tag = "readers",
        request_body = NightAnswer,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PushSettings>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// Answers the night-time consent (정보통신망법 Art. 50): recorded with its date.
async fn night(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<NightAnswer>,
) -> ApiResult<Ok<PushSettings>> {
    Ok(ok(service::answer_night(
        &state,
        user.member.id,
        body.granted,
    )
    .await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct OpenQuery {
    /// The token of the post's link in a push.
    t: String,
}

#[utoipa::path(
        get,
        path = "/push/v1/open",
        tag = "readers",
        params(OpenQuery),
        responses((status = 303, description = "on to the post (or the home page when the link names none)"))
    )]
/// A browser notification clicked: counts the member's first opening for the business's
/// console and sends the reader on to the post. No session: the token names the member.
async fn open(
    State(state): State<AppState>,
    crate::http::extract::Query(query): crate::http::extract::Query<OpenQuery>,
) -> axum::response::Redirect {
    let channel = crate::fanout::opens::Channel::Push;
    let to = crate::notifications::service::mail::open_link(&state, &query.t, channel).await;
    axum::response::Redirect::to(&to)
}
