//! My page: profile, password check (valid 5 minutes for this session), password change,
//! withdrawal (personal data erased at once).

use super::join::save_profile;
use super::{check_interests, check_nickname, check_password_policy};
use crate::auth::access::{membership_of, Role};
use crate::auth::accounts::{profile_of, Profile};
use crate::auth::{cookies, guard, password, session, AuthUser};
use crate::entities::{members, refresh_token_families as families};
use crate::http::envelope::NoData;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::Json;
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use axum_extra::extract::cookie::CookieJar;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read_profile, edit_profile))
        .routes(routes!(check))
        .routes(routes!(change))
        .routes(routes!(withdraw))
}

#[utoipa::path(
        get,
        path = "/mypage/v1/profile",
        tag = "members",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Profile>), (status = 401, body = ErrorBody))
    )]
async fn read_profile(State(state): State<AppState>, user: AuthUser) -> ApiResult<Ok<Profile>> {
    Ok(ok(profile_of(&state, &user.member).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct EditRequest {
    nickname: Option<String>,
    interests: Option<Vec<i64>>,
    marketing_opt_in: Option<bool>,
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
async fn edit_profile(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<EditRequest>,
) -> ApiResult<Ok<Profile>> {
    let nickname = body.nickname.as_deref().map(check_nickname).transpose()?;
    let interests = body.interests.as_deref().map(check_interests).transpose()?;
    save_profile(
        &state,
        &user.member,
        nickname,
        interests,
        body.marketing_opt_in,
    )
    .await?;
    let member = members::Entity::find_by_id(user.member.id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such member".into()))?;
    Ok(ok(profile_of(&state, &member).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CheckRequest {
    password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Checked {
    valid_until: DateTime<Utc>,
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
async fn check(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<CheckRequest>,
) -> ApiResult<Ok<Checked>> {
    let now = Utc::now();
    let counter = format!("check:{}", user.member.id);
    guard::take_try(
        &state.db,
        &counter,
        guard::PASSWORD_CHECKS,
        "password checks",
        now,
    )
    .await?;
    if body.password.chars().count() > 128
        || !password::verify(body.password, user.member.password_hash.clone()).await?
    {
        return Err(ApiError::Unauthorized("the password is not right".into()));
    }
    guard::give_back(&state.db, &counter).await?;
    let family = families::Entity::find_by_id(user.family_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("sign in first".into()))?;
    let mut update: families::ActiveModel = family.into();
    update.password_checked_at = Set(Some(now));
    update.update(&state.db).await?;
    Ok(ok(Checked {
        valid_until: now + Duration::minutes(session::CHECK_VALID_MINUTES),
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ChangeRequest {
    new_password: String,
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
async fn change(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<ChangeRequest>,
) -> ApiResult<Ok<NoData>> {
    session::require_recent_check(&state, &user).await?;
    if body.new_password.chars().count() > 128 {
        return Err(ApiError::bad_request(
            "the password must be at most 64 characters",
        ));
    }
    check_password_policy(&body.new_password, user.member.email.as_deref())?;
    let hash = password::hash(body.new_password).await?;
    let txn = state.db.begin().await?;
    let mut update: members::ActiveModel = user.member.clone().into();
    update.password_hash = Set(Some(hash));
    update.updated_at = Set(Utc::now());
    update.update(&txn).await?;
    // Other sessions end; this one goes on.
    families::Entity::update_many()
        .col_expr(
            families::Column::RevokedAt,
            sea_orm::prelude::Expr::value(Utc::now()),
        )
        .col_expr(
            families::Column::RevokedReason,
            sea_orm::prelude::Expr::value("password_change"),
        )
        .filter(families::Column::MemberId.eq(user.member.id))
        .filter(families::Column::Id.ne(user.family_id))
        .filter(families::Column::RevokedAt.is_null())
        .exec(&txn)
        .await?;
    super::recovery::end_reset_links(&txn, user.member.id, Utc::now()).await?;
    txn.commit().await?;
    Ok(ok(None))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WithdrawRequest {
    reason: String,
    /// Instead of a password check: a fresh certification of the member's own person
    /// (purpose account or change), for members without a password.
    #[serde(default)]
    certify_no: Option<String>,
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
async fn withdraw(
    State(state): State<AppState>,
    user: AuthUser,
    jar: CookieJar,
    Json(body): Json<WithdrawRequest>,
) -> ApiResult<(CookieJar, Ok<NoData>)> {
    match body
        .certify_no
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        Some(certify_no) => {
            crate::certify::reauthenticate(&state, &user.member, certify_no).await?
        }
        None => session::require_recent_check(&state, &user).await?,
    }
    let reason: String = body.reason.trim().chars().take(500).collect();
    if reason.is_empty() {
        return Err(ApiError::bad_request("reason is required"));
    }
    if let Some((business_id, Role::Master)) = membership_of(&state, user.member.id).await? {
        return Err(ApiError::Conflict(format!(
            "you are the master of business {business_id}: hand the business over to one of \
             its managers, or close it, before you withdraw"
        )));
    }
    let txn = state.db.begin().await?;
    super::erase::withdraw(&txn, &state.tokens, &user.member, reason, Utc::now()).await?;
    txn.commit().await?;
    Ok((
        cookies::without_session(jar, state.settings.secure_cookies()),
        ok(None),
    ))
}
