//! The certification calls of SPEC §7 and the member calls that use a completed certification:
//! attach it to the account, change the phone, find the password by phone.

use super::service::request::{
    CertifyRequested, CompleteError, CompleteRequest, Completed, RequestParams,
};
use super::service::uses::{Certified, ResetTicket, UseRequest};
use super::service::{request, uses};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::extract::Query;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

/// SPEC §7: opens a certification request (30 minutes) with the configured provider.
#[utoipa::path(get, path = "/certify/v1", tag = "certification", params(RequestParams),
    responses((status = 200, body = Ok<CertifyRequested>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(super) async fn request(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(params): Query<RequestParams>,
) -> ApiResult<impl IntoResponse> {
    let requested = request::open_request(&state, &ip, &params).await?;
    // A GET that opens something: never from a cache.
    Ok(([(header::CACHE_CONTROL, "no-store")], ok(requested)))
}

/// SPEC §7: asks the provider about `certifyUid` and, when it is a finished certification of
/// this very request, stores the person. Nothing changes on any failure.
#[utoipa::path(post, path = "/certify/v1/complete", tag = "certification", request_body = CompleteRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<Completed>),
        (status = 400, description = "104: a bad, unknown, expired or used request; F0000: cancelled", body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 502, description = "the provider could not be reached", body = ErrorBody)))]
pub(super) async fn complete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CompleteRequest>,
) -> Result<Ok<Completed>, CompleteError> {
    Ok(ok(request::complete(&state, &ip, &body).await?))
}

/// SPEC §7: attaches a completed certification (purpose join or account) to the signed-in
/// member. PRODUCT: one person, one reader account.
#[utoipa::path(post, path = "/membership/v1/account/certify", tag = "certification", request_body = UseRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Certified>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the account is certified as another person", body = ErrorBody),
        (status = 409, description = "2007: another account belongs to this person", body = ErrorBody)))]
pub(super) async fn attach_to_account(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<UseRequest>,
) -> ApiResult<Ok<Certified>> {
    Ok(ok(
        uses::attach_to_account(&state, user.member, &body).await?
    ))
}

/// SPEC §7: the member's phone changes through a new certification of the same person.
#[utoipa::path(post, path = "/mypage/v1/certify/change", tag = "certification", request_body = UseRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Certified>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the certification is of another person, or the account is not certified yet", body = ErrorBody)))]
pub(super) async fn change_phone(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<UseRequest>,
) -> ApiResult<Ok<Certified>> {
    Ok(ok(uses::change_phone(&state, user.member, &body).await?))
}

/// PRODUCT "Members": password recovery by phone. A completed certification (purpose password)
/// of the person of an active account with a password gives a single-use reset token.
#[utoipa::path(post, path = "/membership/v1/password/find/phone", tag = "certification", request_body = UseRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<ResetTicket>), (status = 400, body = ErrorBody),
        (status = 404, description = "2002: no account with a password belongs to this person", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(super) async fn find_password_by_phone(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<UseRequest>,
) -> ApiResult<Ok<ResetTicket>> {
    Ok(ok(uses::find_password_by_phone(&state, &ip, &body).await?))
}
