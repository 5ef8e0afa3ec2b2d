//! A business's side of media publication: asking (its master), rewriting a request while
//! it waits, and reading its requests (its people, or operators); what a request must hold.

use super::super::MEDIA_TYPES;
use super::history::{notify, step, with_history, MediaRequest};
use crate::auth::access::{require_admin, require_master_of, require_member_of};
use crate::auth::AuthUser;
use crate::entities::media_requests as requests;
use crate::entities::media_requests::MediaRequestStatus::{self, Requested};
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use crate::uploads::{self, UploadScope};
use chrono::{NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RequestInput {
    title: String,
    /// The release (rich HTML, sanitised like posts).
    body: String,
    /// `yyyy-MM-dd`
    desired_date: Option<String>,
    /// `HH:mm`, Korean time (with a desired date only).
    desired_time: Option<String>,
    /// Some of `NEWSPAPER` | `ONLINE` | `BROADCAST` | `MAGAZINE` | `PORTAL`.
    #[schema(value_type = Vec<crate::publication::MediaType>)]
    media_types: Vec<String>,
    /// Uploads (images or PDFs) of the business.
    #[serde(default)]
    attachment_ids: Vec<i64>,
}

/// The checked fields of a new request.
struct Checked {
    title: String,
    body: String,
    desired_date: Option<NaiveDate>,
    desired_time: Option<String>,
    media_types: Vec<String>,
}

fn check(input: &RequestInput) -> ApiResult<Checked> {
    let title = input.title.trim().to_string();
    if title.is_empty() || title.chars().count() > 200 {
        return Err(ApiError::bad_request("title must be 1 to 200 characters"));
    }
    if input.body.len() > 500 * 1024 {
        return Err(ApiError::bad_request("body must be at most 500 KB"));
    }
    let body = crate::content::sanitize::sanitize(&input.body);
    if crate::content::sanitize::text_of(&body).trim().is_empty() {
        return Err(ApiError::bad_request("body must not be empty"));
    }
    let desired_date = input
        .desired_date
        .as_deref()
        .map(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d"))
        .transpose()
        .map_err(|_| ApiError::bad_request("desiredDate must be yyyy-MM-dd"))?;
    if desired_date.is_some_and(|d| d < Utc::now().date_naive()) {
        return Err(ApiError::bad_request("desiredDate must not be in the past"));
    }
    let desired_time = match (input.desired_time.as_deref().map(str::trim), desired_date) {
        (None | Some(""), _) => None,
        (Some(_), None) => return Err(ApiError::bad_request("desiredTime needs a desiredDate")),
        // The date and the time read together as Korean time, by the core's one reading.
        (Some(time), Some(date)) => {
            let at = (time.len() == 5)
                .then(|| tidemark_core::writing::kst_local_to_epoch_ms(&format!("{date}T{time}")))
                .flatten()
                .ok_or_else(|| ApiError::bad_request("desiredTime must be HH:mm (Korean time)"))?;
            if at < Utc::now().timestamp_millis() {
                return Err(ApiError::bad_request(
                    "the desired time must not be in the past",
                ));
            }
            Some(time.to_string())
        }
    };
    let mut media_types = input.media_types.clone();
    media_types.sort();
    media_types.dedup();
    if media_types.is_empty()
        || media_types
            .iter()
            .any(|t| !MEDIA_TYPES.contains(&t.as_str()))
    {
        return Err(ApiError::bad_request(format!(
            "mediaTypes must be some of {}",
            MEDIA_TYPES.join(", ")
        )));
    }
    if input.attachment_ids.len() > 10 {
        return Err(ApiError::bad_request("at most 10 attachments"));
    }
    Ok(Checked {
        title,
        body,
        desired_date,
        desired_time,
        media_types,
    })
}

/// Asks for a media publication (the business's master).
pub(crate) async fn create(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    input: RequestInput,
) -> ApiResult<MediaRequest> {
    require_master_of(state, &user.member, id).await?;
    let checked = check(&input)?;
    uploads::check_usable(
        &state.db,
        &input.attachment_ids,
        None,
        UploadScope::Business(id),
        "attachmentIds",
    )
    .await?;
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    let row = requests::ActiveModel {
        business_id: Set(id),
        requested_by: Set(Some(user.member.id)),
        title: Set(checked.title),
        body: Set(checked.body),
        desired_date: Set(checked.desired_date),
        desired_time: Set(checked.desired_time),
        media_types: Set(serde_json::json!(checked.media_types)),
        attachment_ids: Set(serde_json::json!(input.attachment_ids)),
        status: Set(Requested),
        reject_reason: Set(None),
        links: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    step(row.id, Requested, None, Some(user.member.id), now)
        .insert(&txn)
        .await?;
    txn.commit().await?;
    notify(state, &row).await?;
    with_history(state, row).await
}

/// Rewrites a request while it waits (the business's master): title, body, desired date,
/// media types and attachments, checked as a new request is. Once an operator has taken it
/// up (any status but REQUESTED) it is 409; the update is conditional on REQUESTED, so a
/// review that starts meanwhile wins.
pub(crate) async fn edit(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    input: RequestInput,
) -> ApiResult<MediaRequest> {
    let row = find(state, id).await?;
    require_master_of(state, &user.member, row.business_id).await?;
    if row.status != Requested {
        return Err(ApiError::Conflict(
            "the request is in review or decided already and can no longer be changed".into(),
        ));
    }
    let checked = check(&input)?;
    uploads::check_usable(
        &state.db,
        &input.attachment_ids,
        None,
        UploadScope::Business(row.business_id),
        "attachmentIds",
    )
    .await?;
    let changed = requests::Entity::update_many()
        .col_expr(requests::Column::Title, Expr::value(checked.title))
        .col_expr(requests::Column::Body, Expr::value(checked.body))
        .col_expr(
            requests::Column::DesiredDate,
            Expr::value(checked.desired_date),
        )
        .col_expr(
            requests::Column::DesiredTime,
            Expr::value(checked.desired_time),
        )
        .col_expr(
            requests::Column::MediaTypes,
            Expr::value(serde_json::json!(checked.media_types)),
        )
        .col_expr(
            requests::Column::AttachmentIds,
            Expr::value(serde_json::json!(input.attachment_ids)),
        )
        .col_expr(requests::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(requests::Column::Id.eq(id))
        .filter(requests::Column::Status.eq(Requested))
        .exec(&state.db)
        .await?;
    if changed.rows_affected != 1 {
        return Err(ApiError::Conflict(
            "an operator took the request up meanwhile; it can no longer be changed".into(),
        ));
    }
    with_history(state, find(state, id).await?).await
}

/// The business's requests with their history, newest first (its people).
pub(crate) async fn of_business(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    page: &PageQuery,
) -> ApiResult<Page<MediaRequest>> {
    require_member_of(state, &user.member, id).await?;
    listed(state, Some(id), None, page).await
}

pub(super) async fn listed(
    state: &AppState,
    business: Option<i64>,
    status: Option<MediaRequestStatus>,
    page: &PageQuery,
) -> ApiResult<Page<MediaRequest>> {
    let size = page.size()?;
    let mut query = requests::Entity::find()
        .order_by_desc(requests::Column::Id)
        .limit(size + 1);
    if let Some(business) = business {
        query = query.filter(requests::Column::BusinessId.eq(business));
    }
    if let Some(status) = status {
        query = query.filter(requests::Column::Status.eq(status));
    }
    if let Some(before) = page.before_id()? {
        query = query.filter(requests::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        items.push(with_history(state, row).await?);
    }
    Ok(Page { items, next_cursor })
}

/// One request with its history (the business's people, or operators).
pub(crate) async fn one(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<MediaRequest> {
    let row = find(state, id).await?;
    if require_admin(&user.member).is_err() {
        require_member_of(state, &user.member, row.business_id).await?;
    }
    with_history(state, row).await
}

pub(super) async fn find(state: &AppState, id: i64) -> ApiResult<requests::Model> {
    requests::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such media request".into()))
}
