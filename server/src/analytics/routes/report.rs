//! The business analytics calls: the outline of a period and the figures of each post, as
//! JSON or as a CSV file. `service::report` has the rules (who may read, periods) and the
//! queries.

use crate::analytics::service::report::{
    self as service, ContentsPage, ContentsQuery, Outline, PeriodQuery,
};
use crate::auth::AuthUser;
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::state::AppState;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

pub(in crate::analytics) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(outline))
        .routes(routes!(contents))
        .routes(routes!(contents_csv))
}

fn query_of<T: Default>(query: Result<Query<T>, QueryRejection>) -> ApiResult<T> {
    query
        .map(|Query(q)| q)
        .map_err(|e| ApiError::bad_request(format!("invalid query: {}", e.body_text())))
}

/// The business id of the path.
fn business_of(path: Result<Path<i64>, PathRejection>) -> ApiResult<i64> {
    let Ok(Path(business_id)) = path else {
        return Err(ApiError::bad_request("the business id must be a number"));
    };
    Ok(business_id)
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/analytics/outline",
        tag = "analytics",
        params(("id" = i64, Path, description = "business id"), PeriodQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<Outline>),
            (status = 400, body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, body = ErrorBody),
            (status = 404, body = ErrorBody)
        )
    )]
async fn outline(
    State(state): State<AppState>,
    user: AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: Result<Query<PeriodQuery>, QueryRejection>,
) -> ApiResult<Ok<Outline>> {
    let query = query_of(query)?;
    let business_id = business_of(path)?;
    Ok(ok(
        service::outline(&state, &user, business_id, &query).await?
    ))
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/analytics/contents",
        tag = "analytics",
        params(("id" = i64, Path, description = "business id"), ContentsQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, body = Ok<ContentsPage>),
            (status = 400, body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, body = ErrorBody),
            (status = 404, body = ErrorBody)
        )
    )]
async fn contents(
    State(state): State<AppState>,
    user: AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: Result<Query<ContentsQuery>, QueryRejection>,
) -> ApiResult<Ok<ContentsPage>> {
    let query = query_of(query)?;
    let business_id = business_of(path)?;
    Ok(ok(
        service::contents(&state, &user, business_id, &query).await?
    ))
}

#[utoipa::path(
        get,
        path = "/api/v1/businesses/{id}/analytics/contents.csv",
        tag = "analytics",
        params(("id" = i64, Path, description = "business id"), ContentsQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses(
            (status = 200, description = "every row, UTF-8 with a byte order mark, as an attachment", content_type = "text/csv", body = String),
            (status = 400, body = ErrorBody),
            (status = 401, body = ErrorBody),
            (status = 403, body = ErrorBody),
            (status = 404, body = ErrorBody)
        )
    )]
async fn contents_csv(
    State(state): State<AppState>,
    user: AuthUser,
    path: Result<Path<i64>, PathRejection>,
    query: Result<Query<ContentsQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let query = query_of(query)?;
    let business_id = business_of(path)?;
    let csv = service::contents_csv(&state, &user, business_id, &query).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", csv.filename),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
        ],
        csv.body,
    )
        .into_response())
}
