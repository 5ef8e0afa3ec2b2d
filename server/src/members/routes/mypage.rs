//! My page: profile, password check (valid 5 minutes for this session), password change,
//! withdrawal (personal data erased at once).

use crate::auth::accounts::{profile_of, Profile};
use crate::auth::session::Checked;
use crate::auth::{cookies, AuthUser};
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::members::service::mypage::{
    self as service, CertificationCheckRequest, ChangeRequest, CheckRequest, EditRequest,
    WithdrawRequest,
};
use crate::state::AppState;
use axum::extract::State;
use axum_extra::extract::cookie::CookieJar;

#[utoipa::path(
        get,
        path = "/mypage/v1/profile",
        tag = "members",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Profile>), (status = 401, body = ErrorBody))
    )]
pub async fn read_profile(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Profile>> {
    Ok(ok(profile_of(&state, &user.member).await?))
}

#[utoipa::path(
        put,
        path = "/mypage/v1/profile",
        tag = "members",
        request_body = EditRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Profile>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
    )]
pub async fn edit_profile(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<EditRequest>,
) -> ApiResult<Ok<Profile>> {
    Ok(ok(service::edit_profile(&state, &user.member, body).await?))
}

#[utoipa::path(
        post,
        path = "/mypage/v1/password/check",
        tag = "members",
        request_body = CheckRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Checked>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub async fn check(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<CheckRequest>,
) -> ApiResult<Ok<Checked>> {
    Ok(ok(service::check_password(&state, &user, body).await?))
}

#[utoipa::path(
        post,
        path = "/mypage/v1/certification/check",
        tag = "members",
        request_body = CertificationCheckRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Checked>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub async fn check_certification(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<CertificationCheckRequest>,
) -> ApiResult<Ok<Checked>> {
    Ok(ok(service::check_certification(&state, &user, &body).await?))
}

#[utoipa::path(
        post,
        path = "/mypage/v1/password/change",
        tag = "members",
        request_body = ChangeRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
pub async fn change(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<ChangeRequest>,
) -> ApiResult<Ok<NoData>> {
    service::change_password(&state, &user, body).await?;
    Ok(ok(None))
}

#[utoipa::path(
        post,
        path = "/mypage/v1/withdraw",
        tag = "members",
        request_body = WithdrawRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Personal data goes at once, everywhere (`members::erase` lists the places). The member row
/// stays as a tombstone so the business's posts keep their author reference; the e-mail can
/// join again. A business's master hands it over or closes it first (409).
pub async fn withdraw(
    State(state): State<AppState>,
    user: AuthUser,
    jar: CookieJar,
    Json(body): Json<WithdrawRequest>,
) -> ApiResult<(CookieJar, Ok<NoData>)> {
    service::withdraw(&state, &user, &body).await?;
    Ok((
        cookies::without_session(jar, state.settings.secure_cookies()),
        ok(None),
    ))
}
