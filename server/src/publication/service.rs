//! The rules behind media publication: who may ask and read, what a request must hold, the
//! review steps and their history, and the mail to the person who asked.

use super::MEDIA_TYPES;
use crate::auth::access::{require_admin, require_master_of, require_member_of};
use crate::auth::AuthUser;
use crate::entities::media_requests::MediaRequestStatus::{
    self, InReview, Published, Rejected, Requested,
};
use crate::entities::{
    media_request_history as history, media_requests as requests, members, operator_claims,
};
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::uploads::{self, UploadScope};
use crate::oplog;
use crate::state::AppState;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
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
    media_types: Vec<String>,
    /// Uploads (images or PDFs) of the business.
    #[serde(default)]
    attachment_ids: Vec<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Attachment {
    id: i64,
    url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Step {
    status: String,
    note: Option<String>,
    at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MediaRequest {
    id: i64,
    business_id: i64,
    title: String,
    body: String,
    desired_date: Option<NaiveDate>,
    /// `HH:mm`, Korean time.
    desired_time: Option<String>,
    media_types: serde_json::Value,
    attachment_ids: serde_json::Value,
    /// The attachments as files to open.
    attachments: Vec<Attachment>,
    /// `REQUESTED` | `IN_REVIEW` | `PUBLISHED` | `REJECTED`
    status: String,
    reject_reason: Option<String>,
    links: Option<serde_json::Value>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    history: Vec<Step>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusChange {
    /// `IN_REVIEW` | `PUBLISHED` | `REJECTED`
    pub status: String,
    /// The published articles (PUBLISHED): 1 to 20 http(s) addresses.
    #[serde(default)]
    pub links: Vec<String>,
    /// Why (REJECTED).
    pub reason: Option<String>,
}

async fn with_history(state: &AppState, row: requests::Model) -> ApiResult<MediaRequest> {
    let steps = history::Entity::find()
        .filter(history::Column::RequestId.eq(row.id))
        .order_by_asc(history::Column::Id)
        .all(&state.db)
        .await?;
    let ids: Vec<i64> = serde_json::from_value(row.attachment_ids.clone()).unwrap_or_default();
    let urls = uploads::upload_urls(&state.db, &ids).await?;
    let attachments = ids
        .iter()
        .filter_map(|id| {
            urls.get(id).map(|url| Attachment {
                id: *id,
                url: url.clone(),
            })
        })
        .collect();
    Ok(MediaRequest {
        id: row.id,
        business_id: row.business_id,
        title: row.title,
        body: row.body,
        desired_date: row.desired_date,
        desired_time: row.desired_time,
        media_types: row.media_types,
        attachment_ids: row.attachment_ids,
        attachments,
        status: row.status.to_string(),
        reject_reason: row.reject_reason,
        links: row.links,
        created_at: row.created_at,
        updated_at: row.updated_at,
        history: steps
            .into_iter()
            .map(|step| Step {
                status: step.status.to_string(),
                note: step.note,
                at: step.created_at,
            })
            .collect(),
    })
}

/// A step of request `request_id`'s history: its new status, by whom, with a note (the
/// articles' links, or the reason of a rejection).
fn step(
    request_id: i64,
    status: MediaRequestStatus,
    note: Option<String>,
    actor: Option<i64>,
    at: DateTime<Utc>,
) -> history::ActiveModel {
    history::ActiveModel {
        request_id: Set(request_id),
        status: Set(status),
        note: Set(note),
        actor_member_id: Set(actor),
        created_at: Set(at),
        ..Default::default()
    }
}

/// Mails the person who asked (when the account still has an address).
async fn notify(state: &AppState, row: &requests::Model) -> ApiResult<()> {
    let Some(member) = row.requested_by else {
        return Ok(());
    };
    let Some(email) = members::Entity::find_by_id(member)
        .one(&state.db)
        .await?
        .and_then(|m| m.email)
    else {
        return Ok(());
    };
    let (ko, en) = match row.status {
        Requested => ("접수되었습니다", "was received"),
        InReview => ("검토 중입니다", "is in review"),
        Published => ("배포되었습니다", "was published"),
        Rejected => ("반려되었습니다", "was rejected"),
    };
    let mut body = format!(
        "언론 배포 요청 \"{title}\"{particle} {ko}.\nYour media publication request \"{title}\" {en}.\n",
        title = row.title,
        particle = tidemark_core::korean::particle_after(&row.title, "이(가)"),
    );
    if let Some(reason) = &row.reject_reason {
        body.push_str(&format!("\n사유 / Reason: {reason}\n"));
    }
    if let Some(links) = row.links.as_ref().and_then(|l| l.as_array()) {
        body.push_str("\n기사 / Articles:\n");
        for link in links.iter().filter_map(|l| l.as_str()) {
            body.push_str(link);
            body.push('\n');
        }
    }
    body.push_str(&format!(
        "\n{}/mypage/media-publish/register\n",
        state.settings.public_url.trim_end_matches('/')
    ));
    state
        .mailer
        .queue(
            &state.db,
            &email,
            &format!("[Tidemark] 언론 배포 요청 {ko} / Media request {en}"),
            &body,
            "media_request_status",
        )
        .await
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

async fn listed(
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

async fn find(state: &AppState, id: i64) -> ApiResult<requests::Model> {
    requests::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such media request".into()))
}

/// Every business's requests, newest first, optionally of one status (operators).
pub(crate) async fn review_queue(
    state: &AppState,
    user: &AuthUser,
    status: Option<&str>,
    page: &PageQuery,
) -> ApiResult<Page<MediaRequest>> {
    require_admin(&user.member)?;
    listed(state, None, status_filter(status)?, page).await
}

/// The status a listing asks for, if any and if it is one.
fn status_filter(status: Option<&str>) -> ApiResult<Option<MediaRequestStatus>> {
    status
        .map(|status| {
            MediaRequestStatus::parse(status).ok_or_else(|| {
                ApiError::bad_request("status must be REQUESTED, IN_REVIEW, PUBLISHED or REJECTED")
            })
        })
        .transpose()
}

/// Moves a request on (operators): review it, publish it with links, or reject it.
pub(crate) async fn change_status(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    change: &StatusChange,
) -> ApiResult<MediaRequest> {
    require_admin(&user.member)?;
    let row = review(state, id, change, Some(user.member.id)).await?;
    with_history(state, row).await
}

/// A review step, from the API or the command line.
pub async fn review(
    state: &AppState,
    id: i64,
    change: &StatusChange,
    actor: Option<i64>,
) -> ApiResult<requests::Model> {
    let row = find(state, id).await?;
    let target = match MediaRequestStatus::parse(&change.status) {
        Some(target @ (InReview | Published | Rejected)) => target,
        _ => {
            return Err(ApiError::bad_request(
                "status must be IN_REVIEW, PUBLISHED or REJECTED",
            ))
        }
    };
    let allowed = matches!(
        (row.status, target),
        (Requested, InReview | Rejected) | (InReview, Published | Rejected)
    );
    if !allowed {
        return Err(ApiError::Conflict(format!(
            "a {} request cannot become {}",
            row.status, change.status
        )));
    }
    let mut note = None;
    let mut active: requests::ActiveModel = row.clone().into();
    match target {
        Published => {
            let links: Vec<String> = change.links.iter().map(|l| l.trim().to_string()).collect();
            let valid = |l: &String| {
                (l.starts_with("https://") || l.starts_with("http://"))
                    && l.len() <= 500
                    && !l.contains(char::is_whitespace)
            };
            if links.is_empty() || links.len() > 20 || !links.iter().all(valid) {
                return Err(ApiError::bad_request(
                    "links must be 1 to 20 http(s) addresses",
                ));
            }
            note = Some(links.join("\n"));
            active.links = Set(Some(serde_json::json!(links)));
        }
        Rejected => {
            let reason = change.reason.as_deref().map(str::trim).unwrap_or("");
            if reason.is_empty() || reason.chars().count() > 1000 {
                return Err(ApiError::bad_request("reason must be 1 to 1000 characters"));
            }
            note = Some(reason.to_string());
            active.reject_reason = Set(Some(reason.to_string()));
        }
        _ => {}
    }
    let now = Utc::now();
    active.status = Set(target);
    active.updated_at = Set(now);
    let txn = crate::db::write_txn(&state.db).await?;
    // Conditional on the status read above: two operators cannot both move it.
    let moved = requests::Entity::update_many()
        .col_expr(
            requests::Column::Status,
            sea_orm::sea_query::Expr::value(target),
        )
        .filter(requests::Column::Id.eq(id))
        .filter(requests::Column::Status.eq(row.status))
        .exec(&txn)
        .await?;
    if moved.rows_affected != 1 {
        return Err(ApiError::Conflict("the request changed meanwhile".into()));
    }
    let row = active.update(&txn).await?;
    step(id, target, note.clone(), actor, now)
        .insert(&txn)
        .await?;
    oplog::write(
        &txn,
        oplog::Entry {
            actor,
            action: match target {
                InReview => "MEDIA_IN_REVIEW",
                Published => "MEDIA_PUBLISHED",
                _ => "MEDIA_REJECTED",
            },
            target: oplog::Target::MediaRequest(id),
            note: note.as_deref(),
            detail: None,
        },
    )
    .await?;
    claim_on_review(&txn, id, target, actor, now).await?;
    txn.commit().await?;
    notify(state, &row).await?;
    Ok(row)
}

/// The operators' queue: the operator who takes a request into review holds it; a decided
/// request leaves the queue with its claim.
async fn claim_on_review(
    txn: &impl sea_orm::ConnectionTrait,
    id: i64,
    target: MediaRequestStatus,
    actor: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    let kind = oplog::Target::MediaRequest(id).kind();
    operator_claims::Entity::delete_many()
        .filter(operator_claims::Column::Kind.eq(kind))
        .filter(operator_claims::Column::TargetId.eq(id))
        .exec(txn)
        .await?;
    if let (InReview, Some(member)) = (target, actor) {
        operator_claims::ActiveModel {
            kind: Set(kind.into()),
            target_id: Set(id),
            member_id: Set(member),
            taken_at: Set(now),
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

/// Requests (newest first, at most 200), for the command line.
pub async fn list(state: &AppState, status: Option<&str>) -> ApiResult<Vec<requests::Model>> {
    let mut query = requests::Entity::find()
        .order_by_desc(requests::Column::Id)
        .limit(200);
    if let Some(status) = status_filter(status)? {
        query = query.filter(requests::Column::Status.eq(status));
    }
    Ok(query.all(&state.db).await?)
}
