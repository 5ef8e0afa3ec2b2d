//! Handing a business over and closing it: the rules and the writes behind
//! `routes::ownership`.
//!
//! An offer is an `invitations` row with the role `BUSINESS_MASTER`, addressed to the
//! manager's e-mail; it is accepted signed in, never through a link, so it carries no usable
//! token. A newer offer replaces an older one; the master withdraws one like any invitation.

use crate::auth::access::{require_master_of, require_member_of, Role};
use crate::auth::{session, AuthUser};
use crate::business::audit;
use crate::business::service::{profile, team};
use crate::entities::members::MemberStatus;
use crate::entities::{business_members, businesses, invitations, members, posts};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::sync::Change;
use crate::tokens::random_token;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

const OFFER_DAYS: i64 = 7;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Offer {
    /// The offer's id in the business's invitations (withdraw it there).
    id: i64,
    member_id: i64,
    expires_at: DateTime<Utc>,
}

/// Offers the business to one of its managers (the master, after a password check). The
/// manager is told by mail and accepts signed in; until then nothing changes.
pub(crate) async fn offer(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    member_id: i64,
) -> ApiResult<Offer> {
    require_master_of(state, &user.member, id).await?;
    session::require_recent_check(state, user).await?;
    let manager = business_members::Entity::find()
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::MemberId.eq(member_id))
        .filter(business_members::Column::Role.eq(Role::Manager))
        .one(&state.db)
        .await?;
    let recipient = match manager {
        Some(_) => members::Entity::find_by_id(member_id)
            .one(&state.db)
            .await?
            .filter(|m| m.status == MemberStatus::Active),
        None => None,
    };
    let Some(email) = recipient.and_then(|m| m.email) else {
        return Err(ApiError::bad_request(
            "memberId must be an active manager of this business",
        ));
    };
    let business = profile::find(state, id).await?;
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    open_offers(id)
        .col_expr(invitations::Column::RevokedAt, Expr::value(now))
        .exec(&txn)
        .await?;
    // Accepted signed in, never by link: the token is never shown to anyone.
    let row = team::pending_invitation(
        id,
        &email,
        Role::Master,
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
        audit::Action::OwnershipOffered,
        Some(member_id),
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
    Ok(Offer {
        id: row.id,
        member_id,
        expires_at: row.expires_at,
    })
}

/// The business's offers still open (not accepted, not withdrawn), for an update.
fn open_offers(business_id: i64) -> sea_orm::UpdateMany<invitations::Entity> {
    invitations::Entity::update_many()
        .filter(invitations::Column::BusinessId.eq(business_id))
        .filter(invitations::Column::Role.eq(Role::Master))
        .filter(invitations::Column::AcceptedAt.is_null())
        .filter(invitations::Column::RevokedAt.is_null())
}

/// Until when the open offer of business `id` to the manager with `email` holds, if there is
/// one (what the manager's console shows, with the way to accept it).
pub(crate) async fn offer_for(
    state: &AppState,
    id: i64,
    email: &str,
) -> ApiResult<Option<DateTime<Utc>>> {
    let now = Utc::now();
    let row = invitations::Entity::find()
        .filter(invitations::Column::BusinessId.eq(id))
        .filter(invitations::Column::Role.eq(Role::Master))
        .filter(invitations::Column::AcceptedAt.is_null())
        .filter(invitations::Column::RevokedAt.is_null())
        .filter(invitations::Column::Email.eq(email))
        .filter(invitations::Column::ExpiresAt.gt(now))
        .one(&state.db)
        .await?;
    Ok(row.map(|row| row.expires_at))
}

/// Accepts the business offered to the signed-in manager: they become its master and the
/// master a manager, in one transaction.
pub(crate) async fn accept(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<()> {
    if require_member_of(state, &user.member, id).await? != Role::Manager {
        return Err(ApiError::Conflict("you are the master already".into()));
    }
    let email = user.member.email.clone().unwrap_or_default();
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
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
        .filter(business_members::Column::Role.eq(Role::Master))
        .one(&txn)
        .await?;
    business_members::Entity::update_many()
        .col_expr(business_members::Column::Role, Expr::value(Role::Manager))
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::Role.eq(Role::Master))
        .exec(&txn)
        .await?;
    business_members::Entity::update_many()
        .col_expr(business_members::Column::Role, Expr::value(Role::Master))
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::MemberId.eq(user.member.id))
        .exec(&txn)
        .await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        audit::Action::OwnershipTransferred,
        master.map(|m| m.member_id),
        None,
        None,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Closes the business (the master, after a password check, typing its name): the business,
/// its posts, files, team, invitations and followers go, and it leaves every list, feed and
/// search at once.
pub(crate) async fn close(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    confirm_name: &str,
) -> ApiResult<()> {
    require_master_of(state, &user.member, id).await?;
    session::require_recent_check(state, user).await?;
    let business = profile::find(state, id).await?;
    if confirm_name.trim() != business.name {
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
    let txn = crate::db::write_txn(&state.db).await?;
    businesses::Entity::delete_by_id(id).exec(&txn).await?;
    let changes: Vec<Change> = post_ids
        .into_iter()
        .map(Change::Post)
        .chain([Change::Business(id)])
        .collect();
    state.commit_with(txn, &changes).await?;
    Ok(())
}
