//! A request's history: the step each change writes, the mail it sends to the person who
//! asked, and the request as the calls answer it, its history and attachments included.

use crate::entities::media_requests::MediaRequestStatus::{
    self, InReview, Published, Rejected, Requested,
};
use crate::entities::{media_request_history as history, media_requests as requests, members};
use crate::http::error::ApiResult;
use crate::state::AppState;
use crate::uploads;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Attachment {
    id: i64,
    url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Step {
    #[schema(value_type = crate::kernel::schema::codes::MediaRequestStatus)]
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
    #[schema(value_type = Vec<crate::publication::MediaType>)]
    media_types: serde_json::Value,
    #[schema(value_type = Vec<i64>)]
    attachment_ids: serde_json::Value,
    /// The attachments as files to open.
    attachments: Vec<Attachment>,
    /// `REQUESTED` | `IN_REVIEW` | `PUBLISHED` | `REJECTED`
    #[schema(value_type = crate::kernel::schema::codes::MediaRequestStatus)]
    status: String,
    reject_reason: Option<String>,
    /// The published articles' addresses (PUBLISHED).
    #[schema(value_type = Option<Vec<String>>)]
    links: Option<serde_json::Value>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    history: Vec<Step>,
}

pub(super) async fn with_history(
    state: &AppState,
    row: requests::Model,
) -> ApiResult<MediaRequest> {
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
pub(super) fn step(
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
pub(super) async fn notify(state: &AppState, row: &requests::Model) -> ApiResult<()> {
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
