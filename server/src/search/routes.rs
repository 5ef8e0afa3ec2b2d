//! The search API: `GET /api/v1/search`, `/api/v1/search/suggestions`,
//! `/api/v1/search/popular`, and the operators' `POST /api/v1/admin/search/rebuild`.

use super::service::{self, SearchPage, SearchParams, Searcher, SuggestionParams, Suggestions};
use crate::auth::{AuthUser, MaybeAuthUser};
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::Query;
use crate::http::limits::RateLimits;
use crate::http::openapi::ErrorBody;
use crate::http::security::{sent_by_the_web_client, ClientIp};
use crate::search_index::logbook::Popular;
use crate::search_index::{RebuildProgress, RebuildReport};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;

/// The guest id of a visitor who is not signed in: cookie `tma_id`, else header `_tma_id`.
fn guest_id(jar: &CookieJar, headers: &HeaderMap) -> Option<String> {
    jar.get(tidemark_core::cookies::GUEST_ID)
        .map(|c| c.value().to_string())
        .or_else(|| {
            headers
                .get("_tma_id")
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        })
        .map(|v| v.trim().chars().take(64).collect::<String>())
        .filter(|v| !v.is_empty())
}

/// Searches posts or businesses; every search (first pages only) is written to the search
/// log for popular searches and related keywords.
#[utoipa::path(
        get,
        path = "/api/v1/search",
        tag = "search",
        params(SearchParams),
        responses((status = 200, body = Ok<SearchPage>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub(super) async fn search(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: MaybeAuthUser,
    jar: CookieJar,
    headers: HeaderMap,
    Query(params): Query<SearchParams>,
) -> ApiResult<Ok<SearchPage>> {
    let searcher = Searcher {
        member_id: user.0.map(|u| u.member.id),
        guest_id: guest_id(&jar, &headers),
        from_web_client: sent_by_the_web_client(&headers),
    };
    Ok(ok(service::search(&state, &ip, &searcher, params).await?))
}

/// Suggestions for the search box: completions while typing, or related keywords.
#[utoipa::path(
        get,
        path = "/api/v1/search/suggestions",
        tag = "search",
        params(SuggestionParams),
        responses((status = 200, body = Ok<Suggestions>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody))
    )]
pub(super) async fn suggestions(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(params): Query<SuggestionParams>,
) -> ApiResult<Ok<Suggestions>> {
    Ok(ok(service::suggestions(&state, &ip, params).await?))
}

/// The ten most searched queries of the KST day (or of the week when the day has fewer than
/// ten), searches without results left out.
#[utoipa::path(
        get,
        path = "/api/v1/search/popular",
        tag = "search",
        responses((status = 200, body = Ok<Popular>), (status = 429, body = ErrorBody))
    )]
pub(super) async fn popular(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
) -> ApiResult<Ok<Popular>> {
    RateLimits::check(&state.limits.search_ip, &ip, "searches").await?;
    Ok(ok(state.search.popular(&state.db).await?))
}

/// Operators: drops the search index and builds it again from the database (also the
/// suggestions). Searches keep working on the old index meanwhile.
#[utoipa::path(
        post,
        path = "/api/v1/admin/search/rebuild",
        tag = "operators",
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<RebuildReport>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
pub(super) async fn rebuild(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<RebuildReport>> {
    crate::auth::access::require_admin(&user.member)?;
    // Its own task: a caller who leaves does not stop a rebuild half way.
    let task_state = state.clone();
    let operator = user.member.id;
    let report = tokio::spawn(async move {
        let report = task_state.search.rebuild(&task_state.db).await?;
        let entry = crate::oplog::Entry {
            actor: Some(operator),
            action: crate::oplog::Action::SearchRebuilt,
            target: crate::oplog::Target::SearchIndex,
            note: None,
            detail: Some(serde_json::json!(report)),
        };
        crate::oplog::write(&task_state.db, entry)
            .await
            .map_err(|error| error.to_string())?;
        Ok::<_, String>(report)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::Internal)?;
    tracing::info!(
        ?report,
        member = operator,
        "search index rebuilt by an operator"
    );
    Ok(ok(report))
}

/// Operators: where the running rebuild stands (posts indexed of all), or the last one's
/// report.
#[utoipa::path(
        get,
        path = "/api/v1/admin/search/rebuild",
        tag = "operators",
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<RebuildProgress>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
pub(super) async fn rebuild_progress(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Ok<RebuildProgress>> {
    crate::auth::access::require_admin(&user.member)?;
    Ok(ok(state.search.progress()))
}
