//! The member's mail choices, and the unsubscribe calls a mail's links make (no session: the
//! link's token says who stops what).

use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::PageQuery;
use crate::notifications::service::mail::{
    self as service, FeedbackOutcome, MailSetting, MailSettings, Unsubscribe,
};
use crate::state::AppState;
use axum::extract::State;
use axum::response::Redirect;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(settings))
        .routes(routes!(choose))
        .routes(routes!(look, stop))
        .routes(routes!(open))
        .routes(routes!(feedback))
}

#[utoipa::path(
        get,
        path = "/api/v1/me/notifications/mail",
        tag = "readers",
        params(PageQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MailSettings>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
/// The businesses the member follows, last followed first, with how each one's posts come by
/// e-mail.
async fn settings(
    State(state): State<AppState>,
    user: AuthUser,
    Query(page): Query<PageQuery>,
) -> ApiResult<Ok<MailSettings>> {
    Ok(ok(service::settings(&state, user.member.id, &page).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ChoiceBody {
    /// `OFF`, `EACH` (a mail a post), `DAILY` or `WEEKLY` (a digest at 08:00 KST).
    #[schema(value_type = crate::fanout::mailing::MailChoice)]
    mail: String,
}

#[utoipa::path(
        put,
        path = "/api/v1/me/notifications/mail/{businessId}",
        tag = "readers",
        request_body = ChoiceBody,
        params(("businessId" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<MailSetting>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Sets how the posts of a followed business come by e-mail.
async fn choose(
    State(state): State<AppState>,
    user: AuthUser,
    Path(business_id): Path<i64>,
    Json(body): Json<ChoiceBody>,
) -> ApiResult<Ok<MailSetting>> {
    Ok(ok(service::choose(
        &state,
        user.member.id,
        business_id,
        &body.mail,
    )
    .await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token of the mail's unsubscribe link.
    t: String,
}

#[utoipa::path(
        get,
        path = "/mail/v1/unsubscribe",
        tag = "readers",
        params(TokenQuery),
        responses((status = 200, body = Ok<Unsubscribe>), (status = 400, body = ErrorBody))
    )]
/// What a mail's unsubscribe link stops, without stopping it.
async fn look(
    State(state): State<AppState>,
    Query(query): Query<TokenQuery>,
) -> ApiResult<Ok<Unsubscribe>> {
    Ok(ok(service::look(&state, &query.t).await?))
}

#[utoipa::path(
        post,
        path = "/mail/v1/unsubscribe",
        tag = "readers",
        params(TokenQuery),
        responses((status = 200, body = Ok<Unsubscribe>), (status = 400, body = ErrorBody))
    )]
/// One-click unsubscribe (RFC 8058): stops the mails the link is for. No session and no
/// `_off_set` header: a mail program posts `List-Unsubscribe=One-Click` here.
async fn stop(
    State(state): State<AppState>,
    Query(query): Query<TokenQuery>,
) -> ApiResult<Ok<Unsubscribe>> {
    Ok(ok(service::stop(&state, &query.t).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct OpenQuery {
    /// The token of the post's link in a notice mail.
    t: String,
}

#[utoipa::path(
        get,
        path = "/mail/v1/open",
        tag = "readers",
        params(OpenQuery),
        responses((status = 303, description = "on to the post (or the home page when the link names none)"))
    )]
/// The post's link in a notice mail: counts the member's first click for the business's
/// console and sends the reader on to the post. No session: the token names the member.
async fn open(State(state): State<AppState>, Query(query): Query<OpenQuery>) -> Redirect {
    Redirect::to(&service::open_link(&state, &query.t, crate::fanout::opens::Channel::Email).await)
}

#[utoipa::path(
        post,
        path = "/mail/v1/feedback",
        tag = "operations",
        request_body(content = String, content_type = "text/plain", description = "a feedback report (RFC 5965, multipart/report; report-type=feedback-report) as the mailbox provider sent it, whatever its content type"),
        params(("authorization" = String, Header, description = "Bearer <TIDEMARK_FEEDBACK_TOKEN>")),
        responses((status = 200, body = Ok<FeedbackOutcome>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// The intake of mailbox providers' feedback reports, for the site's mail relay to hand them
/// on: a reader's spam mark on one of the site's mails stops notice mail to that address.
async fn feedback(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    report: axum::body::Bytes,
) -> ApiResult<Ok<FeedbackOutcome>> {
    let authorization = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok());
    let report = String::from_utf8_lossy(&report);
    Ok(ok(service::feedback(&state, authorization, &report).await?))
}
