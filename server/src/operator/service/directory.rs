//! The operators' directory: every business (searched by name or registration number,
//! narrowed to verified or not) with its people, posts and recent audit entries, and every
//! post in any status (searched by title, narrowed by status).

use crate::auth::access::require_admin;
use crate::auth::AuthUser;
use crate::db::{like_pattern, lower};
use crate::entities::post_flags::FlagStatus;
use crate::entities::posts::PostStatus;
use crate::entities::{audit_log, business_members, businesses, members, post_flags, posts};
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{ExprTrait, Query};
use sea_orm::{
    ActiveEnum, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// The longest search text (a name or a title has at most 100 characters).
const Q_MAX: usize = 100;
/// Posts and audit entries a business's file shows (the newest).
const FILE_ROWS: u64 = 20;

fn search_text(q: Option<&str>) -> ApiResult<Option<String>> {
    let q = q.map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > Q_MAX) {
        return Err(ApiError::bad_request(format!(
            "q must be at most {Q_MAX} characters"
        )));
    }
    Ok(q.map(str::to_string))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BusinessRow {
    id: i64,
    name: String,
    /// 123-45-67890.
    registration_number: String,
    industry: String,
    verified: bool,
    verified_at: Option<DateTime<Utc>>,
    /// The operator's note on the last verification change.
    verification_note: Option<String>,
    follower_count: i64,
    created_at: DateTime<Utc>,
}

fn business_row(row: businesses::Model) -> BusinessRow {
    let digits = &row.registration_number;
    let registration_number = if digits.len() == 10 {
        format!("{}-{}-{}", &digits[..3], &digits[3..5], &digits[5..])
    } else {
        digits.clone()
    };
    BusinessRow {
        id: row.id,
        name: row.name,
        registration_number,
        industry: row.industry,
        verified: row.verified_at.is_some(),
        verified_at: row.verified_at,
        verification_note: row.verification_note.filter(|note| !note.is_empty()),
        follower_count: row.follower_count,
        created_at: row.created_at,
    }
}

/// Businesses, newest first: `q` a piece of the name or the registration number's digits,
/// `verified` narrows to those with or without the badge (operators only).
pub(crate) async fn businesses(
    state: &AppState,
    user: &AuthUser,
    q: Option<&str>,
    verified: Option<bool>,
    page: &PageQuery,
) -> ApiResult<Page<BusinessRow>> {
    require_admin(&user.member)?;
    let size = page.size()?;
    let mut query = businesses::Entity::find()
        .order_by_desc(businesses::Column::Id)
        .limit(size + 1);
    if let Some(q) = search_text(q)? {
        let digits: String = q.chars().filter(char::is_ascii_digit).collect();
        let mut condition =
            Condition::any().add(lower(businesses::Column::Name).like(like_pattern(&q, false)));
        if digits.len() >= 3 {
            condition = condition.add(businesses::Column::RegistrationNumber.contains(&digits));
        }
        query = query.filter(condition);
    }
    match verified {
        Some(true) => query = query.filter(businesses::Column::VerifiedAt.is_not_null()),
        Some(false) => query = query.filter(businesses::Column::VerifiedAt.is_null()),
        None => {}
    }
    if let Some(before) = page.before_id()? {
        query = query.filter(businesses::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    Ok(Page {
        items: rows.into_iter().map(business_row).collect(),
        next_cursor,
    })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Person {
    member_id: i64,
    email: Option<String>,
    nickname: Option<String>,
    #[schema(value_type = crate::kernel::schema::codes::BusinessRole)]
    role: String,
    since: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostRow {
    post_seq: i64,
    title: String,
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    status: String,
    category_id: i64,
    business_id: i64,
    business_name: String,
    published_at: Option<DateTime<Utc>>,
    updated_at: DateTime<Utc>,
    /// The operator's reason, for a removed post.
    removed_reason: Option<String>,
    /// Readers' flags that wait for an operator.
    open_flags: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BusinessAuditRow {
    id: i64,
    #[schema(value_type = crate::business::audit::BusinessAction)]
    action: String,
    actor_member_id: Option<i64>,
    target_email: Option<String>,
    /// What the action changed, as a JSON object (its fields depend on the action).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    detail: Option<serde_json::Value>,
    created_at: DateTime<Utc>,
}

/// A business as the operators see it: its row, its people, its newest posts in any status
/// and its newest audit entries.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BusinessFile {
    business: BusinessRow,
    people: Vec<Person>,
    posts: Vec<PostRow>,
    audit: Vec<BusinessAuditRow>,
}

/// Business `id`'s file (operators only).
pub(crate) async fn business_file(
    state: &AppState,
    user: &AuthUser,
    id: i64,
) -> ApiResult<BusinessFile> {
    require_admin(&user.member)?;
    let row = businesses::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such business".into()))?;
    let people = business_members::Entity::find()
        .filter(business_members::Column::BusinessId.eq(id))
        .order_by_asc(business_members::Column::CreatedAt)
        .find_also_related(members::Entity)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|(link, member)| {
            let (email, nickname) = member
                .map(|member| (member.email, member.nickname))
                .unwrap_or_default();
            Person {
                member_id: link.member_id,
                email,
                nickname,
                role: link.role.to_value(),
                since: link.created_at,
            }
        })
        .collect();
    let post_rows = posts::Entity::find()
        .filter(posts::Column::BusinessId.eq(id))
        .order_by_desc(posts::Column::UpdatedAt)
        .limit(FILE_ROWS)
        .all(&state.db)
        .await?;
    let names = HashMap::from([(row.id, row.name.clone())]);
    let flags = open_flag_counts(state, post_rows.iter().map(|post| post.id)).await?;
    let audit = audit_log::Entity::find()
        .filter(audit_log::Column::BusinessId.eq(id))
        .order_by_desc(audit_log::Column::Id)
        .limit(FILE_ROWS)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|entry| BusinessAuditRow {
            id: entry.id,
            action: entry.action,
            actor_member_id: entry.actor_member_id,
            target_email: entry.target_email,
            detail: entry.detail,
            created_at: entry.created_at,
        })
        .collect();
    Ok(BusinessFile {
        business: business_row(row),
        people,
        posts: post_rows
            .into_iter()
            .map(|post| post_row(post, &names, &flags))
            .collect(),
        audit,
    })
}

/// How many open flags each of the posts `ids` has (those with none left out).
async fn open_flag_counts(
    state: &AppState,
    ids: impl IntoIterator<Item = i64>,
) -> ApiResult<HashMap<i64, u64>> {
    let counts: Vec<(i64, i64)> = post_flags::Entity::find()
        .select_only()
        .column(post_flags::Column::PostId)
        .column_as(post_flags::Column::Id.count(), "flags")
        .filter(post_flags::Column::Status.eq(FlagStatus::Open))
        .filter(post_flags::Column::PostId.is_in(ids))
        .group_by(post_flags::Column::PostId)
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(counts
        .into_iter()
        .map(|(id, flags)| (id, flags as u64))
        .collect())
}

fn post_row(
    post: posts::Model,
    names: &HashMap<i64, String>,
    flags: &HashMap<i64, u64>,
) -> PostRow {
    PostRow {
        open_flags: flags.get(&post.id).copied().unwrap_or(0),
        business_name: names.get(&post.business_id).cloned().unwrap_or_default(),
        post_seq: post.id,
        title: post.title,
        status: post.status.to_value(),
        category_id: post.category_id as i64,
        business_id: post.business_id,
        published_at: post.published_at,
        updated_at: post.updated_at,
        removed_reason: post.removed_reason,
    }
}

/// Every post, any status, newest first: `q` a piece of the title, `status` one status,
/// `flagged` only those with a flag waiting (operators only).
pub(crate) async fn posts(
    state: &AppState,
    user: &AuthUser,
    q: Option<&str>,
    status: Option<&str>,
    flagged: bool,
    page: &PageQuery,
) -> ApiResult<Page<PostRow>> {
    require_admin(&user.member)?;
    let size = page.size()?;
    let mut query = posts::Entity::find()
        .order_by_desc(posts::Column::Id)
        .limit(size + 1);
    if let Some(q) = search_text(q)? {
        query = query.filter(lower(posts::Column::Title).like(like_pattern(&q, false)));
    }
    if let Some(status) = status {
        let status = PostStatus::try_from_value(&status.to_string()).map_err(|_| {
            ApiError::bad_request("status must be DRAFT, SCHEDULED, PUBLISHED, HIDDEN or REMOVED")
        })?;
        query = query.filter(posts::Column::Status.eq(status));
    }
    if flagged {
        query = query.filter(
            posts::Column::Id.in_subquery(
                Query::select()
                    .column(post_flags::Column::PostId)
                    .from(post_flags::Entity)
                    .and_where(post_flags::Column::Status.eq(FlagStatus::Open))
                    .to_owned(),
            ),
        );
    }
    if let Some(before) = page.before_id()? {
        query = query.filter(posts::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    let names: HashMap<i64, String> = businesses::Entity::find()
        .select_only()
        .column(businesses::Column::Id)
        .column(businesses::Column::Name)
        .filter(businesses::Column::Id.is_in(rows.iter().map(|row| row.business_id)))
        .into_tuple::<(i64, String)>()
        .all(&state.db)
        .await?
        .into_iter()
        .collect();
    let flags = open_flag_counts(state, rows.iter().map(|row| row.id)).await?;
    Ok(Page {
        items: rows
            .into_iter()
            .map(|row| post_row(row, &names, &flags))
            .collect(),
        next_cursor,
    })
}
