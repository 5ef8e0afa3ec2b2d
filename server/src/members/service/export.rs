//! "내 정보 내려받기": a member asks on my page for the file of everything we hold about them
//! (`members::export` says what it holds). The file is made in the background, kept seven
//! days, and announced by mail with a link to my page; only the member signed in may take it.
//! Two requests per member every 12 hours (shared across processes); asking again while a
//! file is being made answers with that one.

use crate::auth::AuthUser;
use crate::entities::data_exports;
use crate::entities::members::{self, MemberStatus};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::members::export;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DbErr, DerivePartialModel, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

/// How long a made file is kept.
pub const KEPT_FOR: Duration = Duration::days(7);
/// How long a process may take to make a file before another takes it on.
const STALE_AFTER: Duration = Duration::minutes(2);

/// Where the member's latest file stands.
#[derive(Serialize, ToSchema, Debug, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(in crate::members) enum ExportStatus {
    /// No file, or the last one has expired.
    None,
    Preparing,
    Ready,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::members) struct ExportState {
    status: ExportStatus,
    /// The file's id, for `GET /mypage/v1/export/{id}/file`.
    id: Option<i64>,
    requested_at: Option<DateTime<Utc>>,
    ready_at: Option<DateTime<Utc>>,
    expires_at: Option<DateTime<Utc>>,
    /// The file's length in bytes, once made.
    byte_size: Option<i64>,
}

impl ExportState {
    fn none() -> Self {
        Self {
            status: ExportStatus::None,
            id: None,
            requested_at: None,
            ready_at: None,
            expires_at: None,
            byte_size: None,
        }
    }

    fn of(row: &Standing, now: DateTime<Utc>) -> Self {
        if row.expires_at.is_some_and(|at| at <= now) {
            return Self::none();
        }
        let ready = row.ready_at.is_some();
        Self {
            status: if ready {
                ExportStatus::Ready
            } else {
                ExportStatus::Preparing
            },
            id: Some(row.id),
            requested_at: Some(row.requested_at),
            ready_at: row.ready_at,
            expires_at: row.expires_at,
            byte_size: ready.then_some(row.byte_size),
        }
    }
}

/// A made file as it is handed over.
pub(in crate::members) struct ExportFile {
    pub body: String,
    pub file_name: String,
}

/// Where a file stands: its row without the file itself.
#[derive(DerivePartialModel)]
#[sea_orm(entity = "data_exports::Entity")]
struct Standing {
    id: i64,
    requested_at: DateTime<Utc>,
    ready_at: Option<DateTime<Utc>>,
    expires_at: Option<DateTime<Utc>>,
    byte_size: i64,
}

async fn latest_of(state: &AppState, member: i64) -> Result<Option<Standing>, DbErr> {
    data_exports::Entity::find()
        .filter(data_exports::Column::MemberId.eq(member))
        .order_by_desc(data_exports::Column::Id)
        .into_partial_model()
        .one(&state.db)
        .await
}

/// The member's latest file.
pub(in crate::members) async fn latest(
    state: &AppState,
    user: &AuthUser,
) -> ApiResult<ExportState> {
    let now = Utc::now();
    Ok(latest_of(state, user.member.id)
        .await?
        .map_or_else(ExportState::none, |row| ExportState::of(&row, now)))
}

/// Asks for a new file (or answers with the one being made), and starts making it.
pub(in crate::members) async fn request(
    state: &AppState,
    user: &AuthUser,
) -> ApiResult<ExportState> {
    let now = Utc::now();
    if let Some(row) = latest_of(state, user.member.id).await? {
        if row.ready_at.is_none() {
            return Ok(ExportState::of(&row, now));
        }
    }
    RateLimits::check(
        &state.limits.export_member,
        &user.member.id.to_string(),
        "files of your data",
    )
    .await?;
    let row = data_exports::ActiveModel {
        member_id: Set(user.member.id),
        requested_at: Set(now),
        claimed_at: Set(None),
        ready_at: Set(None),
        expires_at: Set(None),
        body: Set(None),
        byte_size: Set(0),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let background = state.clone();
    let id = row.id;
    tokio::spawn(async move {
        if let Err(error) = make(&background, id, Utc::now()).await {
            tracing::warn!(%error, export = id, "member data file not made; the job tries again");
        }
    });
    let standing = Standing {
        id,
        requested_at: row.requested_at,
        ready_at: None,
        expires_at: None,
        byte_size: 0,
    };
    Ok(ExportState::of(&standing, now))
}

/// The file `id`, for the member it belongs to: anyone else's id is 404, as an unknown one.
pub(in crate::members) async fn file(
    state: &AppState,
    user: &AuthUser,
    id: i64,
) -> ApiResult<ExportFile> {
    let now = Utc::now();
    let row = data_exports::Entity::find_by_id(id)
        .filter(data_exports::Column::MemberId.eq(user.member.id))
        .one(&state.db)
        .await?
        .filter(|row| row.expires_at.is_none_or(|at| at > now))
        .ok_or_else(|| {
            ApiError::NotFound("this file of your data does not exist or has expired".into())
        })?;
    let (Some(body), Some(ready_at)) = (row.body, row.ready_at) else {
        return Err(ApiError::Conflict(
            "the file of your data is still being made; it is mailed when ready".into(),
        ));
    };
    Ok(ExportFile {
        body,
        file_name: format!(
            "tidemark-my-data-{}.json",
            crate::kernel::kst::kst_day(ready_at)
        ),
    })
}

/// One round of the background job: makes the files no process is making (asked for, or
/// left by a process that stopped) and deletes the expired ones. Returns the files made.
pub async fn run(state: &AppState, now: DateTime<Utc>) -> Result<usize, DbErr> {
    data_exports::Entity::delete_many()
        .filter(data_exports::Column::ExpiresAt.lte(now))
        .exec(&state.db)
        .await?;
    let waiting: Vec<i64> = data_exports::Entity::find()
        .select_only()
        .column(data_exports::Column::Id)
        .filter(data_exports::Column::ReadyAt.is_null())
        .filter(unclaimed(now))
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut made = 0;
    for id in waiting {
        if make(state, id, now).await? {
            made += 1;
        }
    }
    Ok(made)
}

fn unclaimed(now: DateTime<Utc>) -> Condition {
    Condition::any()
        .add(data_exports::Column::ClaimedAt.is_null())
        .add(data_exports::Column::ClaimedAt.lt(now - STALE_AFTER))
}

/// Makes file `id` if this process claims it (one conditional update, so two processes never
/// make and mail the same file), stores it and mails the member. False if another has it.
async fn make(state: &AppState, id: i64, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let claimed = data_exports::Entity::update_many()
        .col_expr(data_exports::Column::ClaimedAt, Expr::value(now))
        .filter(data_exports::Column::Id.eq(id))
        .filter(data_exports::Column::ReadyAt.is_null())
        .filter(unclaimed(now))
        .exec(&state.db)
        .await?
        .rows_affected
        == 1;
    if !claimed {
        return Ok(false);
    }
    let Some(row) = data_exports::Entity::find_by_id(id).one(&state.db).await? else {
        return Ok(false);
    };
    let member = members::Entity::find_by_id(row.member_id)
        .one(&state.db)
        .await?
        .filter(|member| member.status != MemberStatus::Withdrawn);
    let Some(member) = member else {
        data_exports::Entity::delete_by_id(id)
            .exec(&state.db)
            .await?;
        return Ok(false);
    };
    let data = export::collect(&state.db, &member, now).await?;
    let body = serde_json::to_string_pretty(&data)
        .map_err(|error| DbErr::Custom(format!("member data not written: {error}")))?;
    let expires_at = now + KEPT_FOR;
    data_exports::ActiveModel {
        id: Set(id),
        ready_at: Set(Some(now)),
        expires_at: Set(Some(expires_at)),
        byte_size: Set(body.len() as i64),
        body: Set(Some(body)),
        ..Default::default()
    }
    .update(&state.db)
    .await?;
    if let Some(email) = member.email.as_deref() {
        let until = expires_at
            .with_timezone(&crate::kernel::kst::kst())
            .format("%Y-%m-%d %H:%M");
        let link = format!("{}/mypage?export={id}", state.settings.public_url);
        let text = format!(
            "요청하신 Tidemark 내 정보 파일이 준비되었습니다.\n\
             {until}(한국 시간)까지 마이페이지에서 내려받을 수 있습니다. 로그인한 본인만 받을 수 있습니다:\n{link}\n\
             요청한 적이 없다면 비밀번호를 바꾸고 고객센터에 알려 주세요.\n\n\
             The file of your data on Tidemark is ready.\n\
             Download it from my page until {until} (Korea time); only you, signed in, can:\n{link}\n\
             If you did not ask for it, change your password and tell us.",
        );
        if let Err(error) = state
            .mailer
            .queue(
                &state.db,
                email,
                "[Tidemark] 내 정보 파일이 준비되었습니다 / Your data file is ready",
                &text,
                "data_export",
            )
            .await
        {
            tracing::warn!(%error, export = id, "member data file made, mail not queued");
        }
    }
    Ok(true)
}
