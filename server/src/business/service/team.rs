//! The people of a business: managers and invitations (e-mail bound, single use, 7 days);
//! the rules and the writes behind `routes::team` (the audit log it reads is `audit`).

use crate::auth::access::{self, require_master_of, require_member_of, Role};
use crate::auth::{session, AuthUser};
use crate::business::audit;
use crate::business::service::profile;
use crate::entities::{business_members, invitations, members};
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

/// PRODUCT: an invitation is good for seven days.
const INVITATION_DAYS: i64 = 7;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Manager {
    member_id: i64,
    nickname: Option<String>,
    email: Option<String>,
    /// `BUSINESS_MASTER` | `BUSINESS`
    #[schema(value_type = crate::kernel::schema::codes::BusinessRole)]
    role: String,
    since: DateTime<Utc>,
    /// Whether this person signs in with two steps (what the master needs to know before
    /// requiring it of the team).
    two_step: bool,
}

/// The business's master and managers (for its own people).
pub(crate) async fn managers(
    state: &AppState,
    user: &AuthUser,
    id: i64,
) -> ApiResult<Vec<Manager>> {
    require_member_of(state, &user.member, id).await?;
    let rows = business_members::Entity::find()
        .filter(business_members::Column::BusinessId.eq(id))
        .order_by_asc(business_members::Column::CreatedAt)
        .find_also_related(members::Entity)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(row, member)| Manager {
            member_id: row.member_id,
            nickname: member.as_ref().and_then(|m| m.nickname.clone()),
            two_step: member.as_ref().is_some_and(|m| m.two_step_at.is_some()),
            email: member.and_then(|m| m.email),
            role: row.role.to_string(),
            since: row.created_at,
        })
        .collect())
}

/// Removes a manager (the master only, after a recent password check; the master cannot
/// remove itself).
pub(crate) async fn remove_manager(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    member_id: i64,
) -> ApiResult<()> {
    require_master_of(state, &user.member, id).await?;
    if member_id == user.member.id {
        return Err(ApiError::bad_request("the master cannot remove itself"));
    }
    session::require_recent_check(state, user).await?;
    let txn = crate::db::write_txn(&state.db).await?;
    let row = business_members::Entity::find()
        .filter(business_members::Column::BusinessId.eq(id))
        .filter(business_members::Column::MemberId.eq(member_id))
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such manager in this business".into()))?;
    let email = members::Entity::find_by_id(member_id)
        .one(&txn)
        .await?
        .and_then(|m| m.email);
    business_members::Entity::delete_by_id(row.id)
        .exec(&txn)
        .await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        audit::Action::ManagerRemoved,
        Some(member_id),
        email,
        None,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Invitation {
    id: i64,
    email: String,
    #[schema(value_type = TeamInvitationStatus)]
    status: &'static str,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

crate::word_schema! {
    /// An invitation in the business's list: `EXPIRED` is still pending but past its expiry
    /// (the master may send it again), `WITHDRAWN` taken back by the master or replaced by a
    /// newer invitation of the same address.
    TeamInvitationStatus = ["PENDING", "EXPIRED", "ACCEPTED", "WITHDRAWN"]
}

/// Where an invitation stands ([`TeamInvitationStatus`]).
pub(super) fn status_of(row: &invitations::Model, now: DateTime<Utc>) -> &'static str {
    if row.accepted_at.is_some() {
        "ACCEPTED"
    } else if row.revoked_at.is_some() {
        "WITHDRAWN"
    } else if row.expires_at <= now {
        "EXPIRED"
    } else {
        "PENDING"
    }
}

fn invitation(row: invitations::Model, now: DateTime<Utc>) -> Invitation {
    Invitation {
        id: row.id,
        status: status_of(&row, now),
        email: row.email,
        created_at: row.created_at,
        expires_at: row.expires_at,
    }
}

/// Invites a manager by e-mail (the master only). The link goes by mail; an earlier pending
/// invitation of the same address is replaced.
pub(crate) async fn invite(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    email: &str,
) -> ApiResult<Invitation> {
    require_master_of(state, &user.member, id).await?;
    let email = crate::auth::accounts::Email::parse(Some(email))?;
    RateLimits::check(
        &state.limits.invitation_business,
        &id.to_string(),
        "invitations",
    )
    .await?;
    let elsewhere = manages_elsewhere(state, id, &email).await?;
    // A member with this (verified) address hears of it in the site too.
    let invitee = crate::auth::accounts::member_by_email(state, &email)
        .await?
        .filter(|member| is_invited(member, &email));
    let business = profile::find(state, id).await?;
    let now = Utc::now();
    let token = random_token();
    let txn = crate::db::write_txn(&state.db).await?;
    invitations::Entity::update_many()
        .col_expr(
            invitations::Column::RevokedAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(invitations::Column::BusinessId.eq(id))
        .filter(invitations::Column::Email.eq(&email))
        .filter(invitations::Column::AcceptedAt.is_null())
        .filter(invitations::Column::RevokedAt.is_null())
        .exec(&txn)
        .await?;
    let row = pending_invitation(
        id,
        &email,
        Role::Manager,
        &token,
        user.member.id,
        INVITATION_DAYS,
    )
    .insert(&txn)
    .await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        audit::Action::InvitationSent,
        None,
        Some(email.to_string()),
        None,
    )
    .await?;
    if let Some(invitee) = invitee {
        crate::fanout::invited(&txn, invitee.id, id, now).await?;
    }
    txn.commit().await?;
    mail_invitation(state, &business.name, &email, &token, elsewhere).await?;
    Ok(invitation(row, now))
}

/// Whether the invited address's account manages another business (409 when it is in this
/// team already). Whether it does is the invitee's to know, not the inviter's: the answer is
/// the same, and the mail tells the invitee what to do.
async fn manages_elsewhere(state: &AppState, id: i64, email: &str) -> ApiResult<bool> {
    let Some(member) = crate::auth::accounts::member_by_email(state, email).await? else {
        return Ok(false);
    };
    match access::membership_of(state, member.id).await? {
        Some((business, _)) if business == id => Err(ApiError::Conflict(
            "this person is in the team already".into(),
        )),
        Some(_) => Ok(true),
        None => Ok(false),
    }
}

/// The invitation mail: the link with `token`, good for [`INVITATION_DAYS`] days, and a note
/// when the address's account manages another business (`elsewhere`).
async fn mail_invitation(
    state: &AppState,
    business_name: &str,
    email: &str,
    token: &str,
    elsewhere: bool,
) -> ApiResult<()> {
    let link = format!(
        "{}/manager/invite?token={token}",
        state.settings.public_url.trim_end_matches('/')
    );
    let body = format!(
        "{name}에서 Tidemark 매니저로 초대했습니다.\n\
         {name} invited you to manage its page on Tidemark.\n\n\
         초대 수락 / Accept the invitation:\n{link}\n\n\
         이 링크는 {days}일 동안 한 번만 쓸 수 있습니다.\n\
         The link works once, for {days} days. If you did not expect it, ignore this mail.{note}",
        name = business_name,
        days = INVITATION_DAYS,
        note = if elsewhere {
            "\n\n이 주소의 계정은 이미 다른 기업을 관리하고 있습니다. 수락하려면 먼저 그 기업에서 \
             나오세요.\nThe account of this address manages another business: leave it first to \
             accept."
        } else {
            ""
        },
    );
    state
        .mailer
        .queue(
            &state.db,
            email,
            &format!("[Tidemark] {business_name} 매니저 초대 / Invitation"),
            &body,
            "invitation",
        )
        .await
}

/// Sends a pending or expired manager invitation again (the master only): a new link, good
/// for seven days from now, by the same mail; the old link stops working at once. A
/// conditional update, so an invitation accepted or withdrawn meanwhile is not revived.
pub(crate) async fn resend(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    invitation_id: i64,
) -> ApiResult<Invitation> {
    require_master_of(state, &user.member, id).await?;
    let row = invitations::Entity::find_by_id(invitation_id)
        .filter(invitations::Column::BusinessId.eq(id))
        .filter(invitations::Column::Role.eq(Role::Manager))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such invitation".into()))?;
    if row.accepted_at.is_some() || row.revoked_at.is_some() {
        return Err(ApiError::Conflict(
            "the invitation was accepted or withdrawn: send a new one instead".into(),
        ));
    }
    RateLimits::check(
        &state.limits.invitation_business,
        &id.to_string(),
        "invitations",
    )
    .await?;
    let elsewhere = manages_elsewhere(state, id, &row.email).await?;
    let business = profile::find(state, id).await?;
    let now = Utc::now();
    let token = random_token();
    let expires_at = now + Duration::days(INVITATION_DAYS);
    let txn = crate::db::write_txn(&state.db).await?;
    let renewed = invitations::Entity::update_many()
        .col_expr(
            invitations::Column::TokenHash,
            sea_orm::sea_query::Expr::value(hash_token(&token)),
        )
        .col_expr(
            invitations::Column::ExpiresAt,
            sea_orm::sea_query::Expr::value(expires_at),
        )
        .filter(invitations::Column::Id.eq(row.id))
        .filter(invitations::Column::AcceptedAt.is_null())
        .filter(invitations::Column::RevokedAt.is_null())
        .exec(&txn)
        .await?;
    if renewed.rows_affected != 1 {
        return Err(ApiError::Conflict(
            "the invitation was accepted or withdrawn meanwhile".into(),
        ));
    }
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        audit::Action::InvitationResent,
        None,
        Some(row.email.clone()),
        None,
    )
    .await?;
    txn.commit().await?;
    mail_invitation(state, &business.name, &row.email, &token, elsewhere).await?;
    Ok(Invitation {
        id: row.id,
        email: row.email,
        status: "PENDING",
        created_at: row.created_at,
        expires_at,
    })
}

/// The business's invitations, newest first (the master only).
pub(crate) async fn pending(
    state: &AppState,
    user: &AuthUser,
    id: i64,
) -> ApiResult<Vec<Invitation>> {
    require_master_of(state, &user.member, id).await?;
    let now = Utc::now();
    let rows = invitations::Entity::find()
        .filter(invitations::Column::BusinessId.eq(id))
        .order_by_desc(invitations::Column::CreatedAt)
        .limit(100)
        .all(&state.db)
        .await?;
    Ok(rows.into_iter().map(|row| invitation(row, now)).collect())
}

/// Withdraws a pending invitation (the master only).
pub(crate) async fn revoke(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    invitation_id: i64,
) -> ApiResult<()> {
    require_master_of(state, &user.member, id).await?;
    let now = Utc::now();
    let row = invitations::Entity::find_by_id(invitation_id)
        .filter(invitations::Column::BusinessId.eq(id))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such invitation".into()))?;
    if status_of(&row, now) != "PENDING" {
        return Err(ApiError::Conflict("the invitation is not pending".into()));
    }
    let email = row.email.clone();
    let mut active: invitations::ActiveModel = row.into();
    active.revoked_at = Set(Some(now));
    let txn = crate::db::write_txn(&state.db).await?;
    active.update(&txn).await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        audit::Action::InvitationRevoked,
        None,
        Some(email),
        None,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Whether `member` is the one an invitation to `email` is for: a verified e-mail, the same
/// address.
pub(super) fn is_invited(member: &members::Model, email: &str) -> bool {
    member.email_verified_at.is_some()
        && member
            .email
            .as_deref()
            .is_some_and(|own| own.eq_ignore_ascii_case(email))
}

/// A new pending invitation of `email` to `role` in `business_id`, valid for `days`; the
/// token is stored hashed.
pub(in crate::business) fn pending_invitation(
    business_id: i64,
    email: &str,
    role: Role,
    token: &str,
    invited_by: i64,
    days: i64,
) -> invitations::ActiveModel {
    let now = Utc::now();
    invitations::ActiveModel {
        business_id: Set(business_id),
        email: Set(email.to_string()),
        role: Set(role),
        token_hash: Set(hash_token(token)),
        invited_by: Set(Some(invited_by)),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(days)),
        accepted_at: Set(None),
        accepted_by: Set(None),
        revoked_at: Set(None),
        ..Default::default()
    }
}

pub(super) async fn by_token(state: &AppState, token: &str) -> ApiResult<invitations::Model> {
    invitations::Entity::find()
        .filter(invitations::Column::TokenHash.eq(hash_token(token.trim())))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such invitation".into()))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvitationAccepted)]
pub(crate) struct Accepted {
    pub(super) business_id: i64,
    /// `BUSINESS`
    role: String,
}

/// Makes `member` a manager through the invitation, inside `txn`: the invitation must be
/// pending and the member free of any other business. Claiming is a conditional update, so
/// two accepts of one link cannot both win.
pub(super) async fn take(
    txn: &sea_orm::DatabaseTransaction,
    row: &invitations::Model,
    member_id: i64,
    email: &str,
) -> ApiResult<Accepted> {
    let now = Utc::now();
    match status_of(row, now) {
        "PENDING" => {}
        "EXPIRED" => return Err(ApiError::Conflict("the invitation has expired".into())),
        _ => {
            return Err(ApiError::Conflict(
                "the invitation was used or withdrawn".into(),
            ))
        }
    }
    let claimed = invitations::Entity::update_many()
        .col_expr(
            invitations::Column::AcceptedAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .col_expr(
            invitations::Column::AcceptedBy,
            sea_orm::sea_query::Expr::value(member_id),
        )
        .filter(invitations::Column::Id.eq(row.id))
        .filter(invitations::Column::AcceptedAt.is_null())
        .filter(invitations::Column::RevokedAt.is_null())
        .exec(txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(ApiError::Conflict(
            "the invitation was used or withdrawn".into(),
        ));
    }
    if business_members::Entity::find()
        .filter(business_members::Column::MemberId.eq(member_id))
        .one(txn)
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict("you manage a business already".into()));
    }
    business_members::ActiveModel {
        business_id: Set(row.business_id),
        member_id: Set(member_id),
        role: Set(row.role),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await
    .map_err(on_unique(|| {
        ApiError::Conflict("you manage a business already".into())
    }))?;
    audit::write(
        txn,
        row.business_id,
        Some(member_id),
        audit::Action::InvitationAccepted,
        Some(member_id),
        Some(email.to_string()),
        Some(serde_json::json!({ "role": row.role.as_str() })),
    )
    .await?;
    Ok(Accepted {
        business_id: row.business_id,
        role: row.role.to_string(),
    })
}

/// Accepts an invitation as the signed-in member whose verified e-mail is the invited one.
pub(crate) async fn accept(state: &AppState, user: &AuthUser, token: &str) -> ApiResult<Accepted> {
    let row = by_token(state, token).await?;
    if !is_invited(&user.member, &row.email) {
        return Err(ApiError::Forbidden(
            "this invitation is for another e-mail address".into(),
        ));
    }
    let email = user.member.email.clone().unwrap_or_default();
    let txn = crate::db::write_txn(&state.db).await?;
    let accepted = take(&txn, &row, user.member.id, &email).await?;
    txn.commit().await?;
    Ok(accepted)
}
