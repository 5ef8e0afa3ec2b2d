//! The invitee who has no account yet: joins with the invitation link, which proves the
//! e-mail, and becomes a manager of the business in the same transaction.

use super::team::{by_token, status_of, take};
use crate::auth::accounts::{new_member, Joining, SignedIn};
use crate::auth::session::AgentDevice;
use crate::auth::{password, session};
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::members::Terms;
use crate::state::AppState;
use axum_extra::extract::cookie::CookieJar;
use chrono::Utc;
use sea_orm::ActiveModelTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = InvitedJoinRequest)]
pub(crate) struct JoinRequest {
    token: String,
    password: String,
    nickname: String,
    terms: Terms,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvitedJoined)]
pub(crate) struct Joined {
    member_id: i64,
    business_id: i64,
    #[serde(flatten)]
    session: SignedIn,
}

/// Creates the invited person's account (the invitation proves the e-mail) and accepts the
/// invitation with it; signs the new member in (the session's cookies on `jar`).
pub(crate) async fn join(
    state: &AppState,
    jar: CookieJar,
    device: AgentDevice,
    body: JoinRequest,
) -> ApiResult<(CookieJar, Joined)> {
    body.terms.check()?;
    let nickname = crate::members::check_nickname(&body.nickname)?;
    let row = by_token(state, &body.token).await?;
    if status_of(&row, Utc::now()) != "PENDING" {
        return Err(ApiError::Conflict(
            "the invitation was used, withdrawn or has expired".into(),
        ));
    }
    if body.password.chars().count() > 128 {
        return Err(ApiError::bad_request(
            "the password must be at most 64 characters",
        ));
    }
    crate::members::check_password_policy(&body.password, Some(&row.email))?;
    let hash = password::hash(body.password.clone()).await?;
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    let member = new_member(
        Joining {
            email: Some(row.email.clone()),
            password_hash: Some(hash),
            nickname: Some(nickname),
            signup_channel: "email".into(),
            marketing_opt_in: body.terms.marketing,
        },
        now,
    )
    .insert(&txn)
    .await
    .map_err(on_unique(|| {
        ApiError::AccountExists(
            "an account with this e-mail exists already: sign in and accept the invitation".into(),
        )
    }))?;
    let accepted = take(&txn, &row, member.id, &row.email).await?;
    let (jar, session) = session::sign_in_joined(state, &txn, jar, member.id, device).await?;
    txn.commit().await?;
    Ok((
        jar,
        Joined {
            member_id: member.id,
            business_id: accepted.business_id,
            session,
        },
    ))
}
