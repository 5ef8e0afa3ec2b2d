//! The people of a business: managers, invitations (e-mail bound, single use, 7 days) and the
//! audit log the master reads.
//!
//! The invitation link (/manager/invite?token=…) only shows what the invitation is: the read
//! call changes nothing. It is accepted by a POST from the signed-in member whose verified
//! e-mail is the invited one, or by joining through it (which proves the e-mail, since the
//! token went there).

use crate::auth::session::AgentDevice;
use crate::auth::{AuthUser, MaybeAuthUser};
use crate::business::audit::{self, AuditEntry};
use crate::business::service::invitation::{self, InvitationView};
use crate::business::service::joining::{self, JoinRequest, Joined};
use crate::business::service::team::{self as service, Accepted, Invitation, Manager};
use crate::http::envelope::{ok, NoData, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum_extra::extract::cookie::CookieJar;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::business) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(managers))
        .routes(routes!(remove_manager))
        .routes(routes!(invite, pending))
        .routes(routes!(revoke))
        .routes(routes!(resend))
        .routes(routes!(show_invitation))
        .routes(routes!(accept))
        .routes(routes!(join))
        .routes(routes!(audit_trail))
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/managers",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Vec<Manager>>), (status = 403, body = ErrorBody))
    )]
/// The business's master and managers (for its own people).
async fn managers(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<Vec<Manager>>> {
    Ok(ok(service::managers(&state, &user, id).await?))
}

#[utoipa::path(
        delete,
        path = "/api/v1/businesses/{id}/managers/{memberId}",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id"), ("memberId" = i64, Path, description = "the manager's member id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Removes a manager (the master only; the master cannot remove itself). Asks for a password
/// check in the last 5 minutes first (403/2013).
async fn remove_manager(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, member_id)): Path<(i64, i64)>,
) -> ApiResult<Ok<NoData>> {
    service::remove_manager(&state, &user, id, member_id).await?;
    Ok(ok(None))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct InviteRequest {
    email: String,
}

#[utoipa::path(
        post,
        path = "/api/v1/businesses/{id}/invitations",
        tag = "businesses",
        request_body = InviteRequest,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Invitation>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
/// Invites a manager by e-mail (the master only). The link goes by mail; an earlier pending
/// invitation of the same address is replaced.
async fn invite(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<InviteRequest>,
) -> ApiResult<Ok<Invitation>> {
    Ok(ok(service::invite(&state, &user, id, &body.email).await?))
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/invitations",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Vec<Invitation>>), (status = 403, body = ErrorBody))
    )]
/// The business's invitations, newest first (the master only).
async fn pending(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<Vec<Invitation>>> {
    Ok(ok(service::pending(&state, &user, id).await?))
}

#[utoipa::path(
        delete,
        path = "/api/v1/businesses/{id}/invitations/{invitationId}",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id"), ("invitationId" = i64, Path, description = "invitation id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<NoData>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Withdraws a pending invitation (the master only).
async fn revoke(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, invitation_id)): Path<(i64, i64)>,
) -> ApiResult<Ok<NoData>> {
    service::revoke(&state, &user, id, invitation_id).await?;
    Ok(ok(None))
}

#[utoipa::path(
        post,
        path = "/api/v1/businesses/{id}/invitations/{invitationId}/resend",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id"), ("invitationId" = i64, Path, description = "invitation id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Invitation>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
/// Sends a pending or expired invitation again (the master only): a new link, good for seven
/// days, by mail; the old link stops working. 409 for one accepted or withdrawn.
async fn resend(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, invitation_id)): Path<(i64, i64)>,
) -> ApiResult<Ok<Invitation>> {
    Ok(ok(service::resend(&state, &user, id, invitation_id).await?))
}

#[derive(Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
struct TokenQuery {
    token: String,
}

#[utoipa::path(
        get,
        path = "/api/v1/invitations",
        tag = "businesses",
        params(TokenQuery),
        responses((status = 200, body = Ok<InvitationView>), (status = 404, body = ErrorBody))
    )]
/// What an invitation link is for. Reading it accepts nothing.
async fn show_invitation(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    Query(query): Query<TokenQuery>,
) -> ApiResult<Ok<InvitationView>> {
    Ok(ok(invitation::show_invitation(
        &state,
        user.as_ref(),
        &query.token,
    )
    .await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AcceptRequest {
    token: String,
}

#[utoipa::path(
        post,
        path = "/api/v1/invitations/accept",
        tag = "businesses",
        request_body = AcceptRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Accepted>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Accepts an invitation as the signed-in member whose verified e-mail is the invited one.
async fn accept(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<AcceptRequest>,
) -> ApiResult<Ok<Accepted>> {
    Ok(ok(service::accept(&state, &user, &body.token).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/invitations/join",
        tag = "businesses",
        request_body = JoinRequest,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        responses((status = 200, body = Ok<Joined>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Creates the invited person's account (the invitation proves the e-mail) and accepts the
/// invitation with it; signs the new member in.
async fn join(
    State(state): State<AppState>,
    jar: CookieJar,
    device: AgentDevice,
    Json(body): Json<JoinRequest>,
) -> ApiResult<(CookieJar, Ok<Joined>)> {
    let (jar, joined) = joining::join(&state, jar, device, body).await?;
    Ok((jar, ok(joined)))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct AuditQuery {
    /// Only this action: `BUSINESS_REGISTERED`, `PROFILE_UPDATED`, `VERIFIED`,
    /// `VERIFICATION_REMOVED`, `INVITATION_SENT`, `INVITATION_RESENT`, `INVITATION_REVOKED`,
    /// `INVITATION_ACCEPTED`, `MANAGER_REMOVED`, `OWNERSHIP_OFFERED`, `OWNERSHIP_TRANSFERRED`.
    action: Option<String>,
    cursor: Option<String>,
    size: Option<u64>,
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/audit",
        tag = "businesses",
        params(("id" = i64, Path, description = "business id"), AuditQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<AuditEntry>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// The business's audit log, newest first, cursor-paged (the master only). `action` narrows
/// it to one of: BUSINESS_REGISTERED, PROFILE_UPDATED, VERIFIED, VERIFICATION_REMOVED,
/// INVITATION_SENT, INVITATION_RESENT, INVITATION_REVOKED (withdrawn), INVITATION_ACCEPTED,
/// MANAGER_REMOVED, OWNERSHIP_OFFERED, OWNERSHIP_TRANSFERRED, TWO_STEP_REQUIRED,
/// TWO_STEP_OPTIONAL.
async fn audit_trail(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<AuditQuery>,
) -> ApiResult<Ok<Page<AuditEntry>>> {
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let action = query.action.as_deref();
    Ok(ok(audit::trail(&state, &user, id, action, &page).await?))
}
