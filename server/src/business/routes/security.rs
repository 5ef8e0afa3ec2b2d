//! The business's rule for its team's sign-in (its master's choice, in the console).

use crate::auth::AuthUser;
use crate::business::service::security::{self as service, TwoStepRule, TwoStepRuleSet};
use crate::http::envelope::{ok, Ok};
use crate::http::error::ApiResult;
use crate::http::extract::{Json, Path};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::business) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(set_two_step_rule))
}

#[utoipa::path(
        put,
        path = "/api/v1/businesses/{id}/two-step",
        tag = "businesses",
        request_body = TwoStepRule,
        params(("id" = i64, Path, description = "business id"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<TwoStepRuleSet>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody))
    )]
/// Requires two-step sign-in of the business's whole team, or stops requiring it (the master
/// only, with two-step sign-in on, after a password check in the last 5 minutes: 403/2013).
/// While required, a member of the team without it is refused the business's calls with
/// 403/2012.
async fn set_two_step_rule(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(rule): Json<TwoStepRule>,
) -> ApiResult<Ok<TwoStepRuleSet>> {
    Ok(ok(
        service::set_two_step_rule(&state, &user, id, rule).await?
    ))
}
