//! A business never loses its master: the master hands it over to one of its managers (who
//! accepts), or closes it, and only then may withdraw (PRODUCT "Roles"; docs/security.md).
//!
//! An offer is an `invitations` row with the role `BUSINESS_MASTER`, addressed to the
//! manager's e-mail; it is accepted signed in, never through a link, so it carries no usable
//! token. A newer offer replaces an older one; the master withdraws one like any invitation.

use super::audit;
use crate::auth::access::{require_master_of, require_member_of, Role, MANAGER, MASTER};
use crate::auth::{session, AuthUser};
use crate::entities::{business_members, businesses, invitations, members, posts};
use crate::http::envelope::{ok, NoData, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Json, Path};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::random_token;
use axum::extract::State;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

const OFFER_DAYS: i64 = 7;

pub fn router() -> OpenApiRouter<AppState> {
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

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Offer {
    /// The offer's id in the business's invitations (withdraw it there).
    id: i64,
    member_id: i64,
    expires_at: DateTime<Utc>,
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
    require_master_of(&state, &user.member, id).await?;
    session::require_recent_check(&state, &user).await?;
    let manager = business_members::Entity::find()
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::MemberId.eq(body.member_id))
        .filter(business_members::Column::Role.eq(MANAGER))
        .one(&state.db)
        .await?;
    let recipient = match manager {
        Some(_) => members::Entity::find_by_id(body.member_id)
            .one(&state.db)
            .await?
            .filter(|m| m.status == "ACTIVE"),
        None => None,
    };
    let Some(email) = recipient.and_then(|m| m.email) else {
        return Err(ApiError::bad_request(
            "memberId must be an active manager of this business",
        ));
    };
    let business = businesses::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such business".into()))?;
    let now = Utc::now();
    let txn = state.db.begin().await?;
    open_offers(id)
        .col_expr(invitations::Column::RevokedAt, Expr::value(now))
        .exec(&txn)
        .await?;
    // Accepted signed in, never by link: the token is never shown to anyone.
    let row = super::team::pending_invitation(
        id,
        &email,
        MASTER,
        &random_token(),
        user.member.id,
        OFFER_DAYS,
    )
    .insert(&txn)
    .await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        "OWNERSHIP_OFFERED",
        Some(body.member_id),
        Some(email.clone()),
        None,
    )
    .await?;
    txn.commit().await?;
    let text = format!(
        "{name}의 마스터가 기업 관리 권한을 넘기려 합니다. 로그인한 뒤 수락하세요:\n\
         The master of {name} offers you the business. Sign in and accept it here:\n\
         {url}/mypage/business\n\n\
         {days}일 안에 수락하지 않으면 제안은 사라집니다. / The offer lapses after {days} days.",
        name = business.name,
        url = state.settings.public_url.trim_end_matches('/'),
        days = OFFER_DAYS,
    );
    state
        .mailer
        .queue(
            &state.db,
            &email,
            &format!("[Tidemark] {} 관리 권한 이전 / Ownership", business.name),
            &text,
            "ownership_offer",
        )
        .await?;
    Ok(ok(Offer {
        id: row.id,
        member_id: body.member_id,
        expires_at: row.expires_at,
    }))
}

/// The business's offers still open (not accepted, not withdrawn), for an update.
fn open_offers(business_id: i64) -> sea_orm::UpdateMany<invitations::Entity> {
    invitations::Entity::update_many()
        .filter(invitations::Column::BusinessId.eq(business_id))
        .filter(invitations::Column::Role.eq(MASTER))
        .filter(invitations::Column::AcceptedAt.is_null())
        .filter(invitations::Column::RevokedAt.is_null())
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
    if require_member_of(&state, &user.member, id).await? != Role::Manager {
        return Err(ApiError::Conflict("you are the master already".into()));
    }
    let email = user.member.email.clone().unwrap_or_default();
    let now = Utc::now();
    let txn = state.db.begin().await?;
    let claimed = open_offers(id)
        .col_expr(invitations::Column::AcceptedAt, Expr::value(now))
        .col_expr(invitations::Column::AcceptedBy, Expr::value(user.member.id))
        .filter(invitations::Column::Email.eq(email.as_str()))
        .filter(invitations::Column::ExpiresAt.gt(now))
        .exec(&txn)
        .await?;
    if claimed.rows_affected == 0 {
        return Err(ApiError::Conflict(
            "there is no open offer of this business for you".into(),
        ));
    }
    let master = business_members::Entity::find()
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::Role.eq(MASTER))
        .one(&txn)
        .await?;
    business_members::Entity::update_many()
        .col_expr(business_members::Column::Role, Expr::value(MANAGER))
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::Role.eq(MASTER))
        .exec(&txn)
        .await?;
    business_members::Entity::update_many()
        .col_expr(business_members::Column::Role, Expr::value(MASTER))
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::MemberId.eq(user.member.id))
        .exec(&txn)
        .await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        "OWNERSHIP_TRANSFERRED",
        master.map(|m| m.member_id),
        None,
        None,
    )
    .await?;
    txn.commit().await?;
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
    require_master_of(&state, &user.member, id).await?;
    session::require_recent_check(&state, &user).await?;
    let business = businesses::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such business".into()))?;
    if body.confirm_name.trim() != business.name {
        return Err(ApiError::bad_request(
            "confirmName must be the business's name exactly",
        ));
    }
    let post_ids: Vec<i64> = posts::Entity::find()
        .select_only()
        .column(posts::Column::Id)
        .filter(posts::Column::BusinessId.eq(id))
        .into_tuple()
        .all(&state.db)
        .await?;
    businesses::Entity::delete_by_id(id).exec(&state.db).await?;
    for post in post_ids {
        state.post_changed(post).await;
    }
    if let Err(error) = state.search.sync_business(&state.db, id).await {
        tracing::warn!(%error, business = id, "search index: closed business not removed");
    }
    state.catalog_changed();
    Ok(ok(None))
}
