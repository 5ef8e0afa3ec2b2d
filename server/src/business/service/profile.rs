//! Registering a business (the member becomes its master), the public profile, editing it,
//! and the operator's verified badge: the rules and the writes behind `routes::profile`.

use crate::auth::access::{self, require_admin, require_master_of, Role};
use crate::auth::{session, AuthUser};
use crate::business::audit;
use crate::entities::members::MemberRole;
use crate::entities::{business_members, businesses, follows, operator_claims, uploads};
use crate::fanout;
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::oplog;
use crate::state::AppState;
use crate::sync::Change;
use crate::uploads::{check_usable, UploadScope};
use chrono::{DateTime, Datelike, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const EMPLOYEE_BANDS: [&str; 5] = ["1-10", "11-50", "51-200", "201-1000", "1000+"];

/// What a business says about itself; every field is checked the same way on register and
/// edit.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ProfileFields {
    name: Option<String>,
    description: Option<String>,
    industry: Option<String>,
    homepage: Option<String>,
    location: Option<String>,
    founded_year: Option<i32>,
    /// `1-10` | `11-50` | `51-200` | `201-1000` | `1000+`
    employee_band: Option<String>,
    logo_upload_id: Option<i64>,
    cover_upload_id: Option<i64>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RegisterRequest {
    /// 10 digits, with or without dashes (123-45-67890); checksum validated.
    registration_number: String,
    name: String,
    description: String,
    industry: String,
    homepage: Option<String>,
    location: Option<String>,
    founded_year: Option<i32>,
    /// `1-10` | `11-50` | `51-200` | `201-1000` | `1000+`
    employee_band: Option<String>,
    logo_upload_id: Option<i64>,
    cover_upload_id: Option<i64>,
}

impl RegisterRequest {
    fn profile(self) -> ProfileFields {
        ProfileFields {
            name: Some(self.name),
            description: Some(self.description),
            industry: Some(self.industry),
            homepage: self.homepage,
            location: self.location,
            founded_year: self.founded_year,
            employee_band: self.employee_band,
            logo_upload_id: self.logo_upload_id,
            cover_upload_id: self.cover_upload_id,
        }
    }
}

/// A business's public profile.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Business {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub industry: String,
    pub homepage: Option<String>,
    pub location: Option<String>,
    pub founded_year: Option<i32>,
    pub employee_band: Option<String>,
    /// Formatted 123-45-67890 (public in Korea, as on every business's site).
    pub registration_number: String,
    pub logo_url: Option<String>,
    pub cover_url: Option<String>,
    pub verified: bool,
    pub follower_count: i64,
    /// Whether the signed-in reader follows it (false for guests).
    pub following: bool,
    /// Public posts per category.
    pub post_counts: Vec<CategoryCount>,
    pub created_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryCount {
    pub category_id: i16,
    pub count: i64,
}

fn clip_required(value: Option<String>, field: &str, max: usize) -> ApiResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(value) => {
            let value = value.trim().to_string();
            if value.is_empty() {
                Err(ApiError::bad_request(format!("{field} must not be empty")))
            } else if value.chars().count() > max {
                Err(ApiError::bad_request(format!(
                    "{field} must be at most {max} characters"
                )))
            } else {
                Ok(Some(value))
            }
        }
    }
}

fn optional(value: Option<String>, field: &str, max: usize) -> ApiResult<Option<Option<String>>> {
    match value {
        None => Ok(None),
        Some(value) if value.trim().is_empty() => Ok(Some(None)),
        Some(value) => clip_required(Some(value), field, max).map(Some),
    }
}

fn check_homepage(value: Option<String>) -> ApiResult<Option<Option<String>>> {
    let value = optional(value, "homepage", 300)?;
    if let Some(Some(url)) = &value {
        let lower = url.to_ascii_lowercase();
        if !(lower.starts_with("https://") || lower.starts_with("http://"))
            || url.contains(char::is_whitespace)
        {
            return Err(ApiError::bad_request(
                "homepage must be an http or https address",
            ));
        }
    }
    Ok(value)
}

/// The checked changes of a profile: `None` leaves a field as it is.
struct Checked {
    name: Option<String>,
    description: Option<String>,
    industry: Option<String>,
    homepage: Option<Option<String>>,
    location: Option<Option<String>>,
    founded_year: Option<i32>,
    employee_band: Option<Option<String>>,
    logo: Option<i64>,
    cover: Option<i64>,
}

/// `scope`: whose images the logo and cover may be (the business's own, or before it exists
/// the registering member's).
async fn check(state: &AppState, fields: ProfileFields, scope: UploadScope) -> ApiResult<Checked> {
    let this_year = Utc::now().year();
    if let Some(year) = fields.founded_year {
        if !(1800..=this_year).contains(&year) {
            return Err(ApiError::bad_request(format!(
                "foundedYear must be between 1800 and {this_year}"
            )));
        }
    }
    let employee_band = optional(fields.employee_band, "employeeBand", 16)?;
    if let Some(Some(band)) = &employee_band {
        if !EMPLOYEE_BANDS.contains(&band.as_str()) {
            return Err(ApiError::bad_request(format!(
                "employeeBand must be one of {}",
                EMPLOYEE_BANDS.join(", ")
            )));
        }
    }
    for (id, field) in [
        (fields.logo_upload_id, "logoUploadId"),
        (fields.cover_upload_id, "coverUploadId"),
    ] {
        if let Some(id) = id {
            check_usable(&state.db, &[id], Some("image"), scope, field).await?;
        }
    }
    Ok(Checked {
        name: clip_required(fields.name, "name", 100)?,
        description: clip_required(fields.description, "description", 2000)?,
        industry: clip_required(fields.industry, "industry", 100)?,
        homepage: check_homepage(fields.homepage)?,
        location: optional(fields.location, "location", 200)?,
        founded_year: fields.founded_year,
        employee_band,
        logo: fields.logo_upload_id,
        cover: fields.cover_upload_id,
    })
}

fn formatted_number(digits: &str) -> String {
    if digits.len() == 10 {
        format!("{}-{}-{}", &digits[..3], &digits[3..5], &digits[5..])
    } else {
        digits.to_string()
    }
}

/// The public profile of a business, as `viewer` sees it.
pub async fn profile(
    state: &AppState,
    row: businesses::Model,
    viewer: Option<i64>,
) -> ApiResult<Business> {
    let urls = crate::uploads::upload_urls(
        &state.db,
        &[row.logo_upload_id, row.cover_upload_id]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>(),
    )
    .await?;
    let following = match viewer {
        Some(member_id) => follows::Entity::find()
            .filter(follows::Column::MemberId.eq(member_id))
            .filter(follows::Column::BusinessId.eq(row.id))
            .one(&state.db)
            .await?
            .is_some(),
        None => false,
    };
    // The public posts per category, from the catalogue (which follows every post change).
    let post_counts = state
        .catalog
        .snapshot()
        .category_counts
        .get(&row.id)
        .map(|counts| {
            counts
                .iter()
                .map(|(&category_id, &count)| CategoryCount { category_id, count })
                .collect()
        })
        .unwrap_or_default();
    Ok(Business {
        id: row.id,
        name: row.name,
        description: row.description,
        industry: row.industry,
        homepage: row.homepage,
        location: row.location,
        founded_year: row.founded_year,
        employee_band: row.employee_band,
        registration_number: formatted_number(&row.registration_number),
        logo_url: row.logo_upload_id.and_then(|id| urls.get(&id).cloned()),
        cover_url: row.cover_upload_id.and_then(|id| urls.get(&id).cloned()),
        verified: row.verified_at.is_some(),
        follower_count: row.follower_count,
        following,
        post_counts,
        created_at: row.created_at,
    })
}

/// The business `id`, or 404.
pub(crate) async fn find(state: &AppState, id: i64) -> ApiResult<businesses::Model> {
    businesses::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("no such business".into()))
}

/// Tells the search index about a changed business (a failure is logged: the index catches
/// up on its next rebuild).
/// Registers a business; `user` becomes its master.
pub(crate) async fn register(
    state: &AppState,
    user: &AuthUser,
    body: RegisterRequest,
) -> ApiResult<Business> {
    let number = tidemark_core::business::normalize_business_number(&body.registration_number)
        .filter(|digits| tidemark_core::business::is_valid_business_number(digits))
        .ok_or_else(|| {
            ApiError::bad_request("registrationNumber is not a valid business registration number")
        })?;
    let scope = if user.member.role == MemberRole::Admin {
        UploadScope::Operator
    } else {
        UploadScope::Member(user.member.id)
    };
    let checked = check(state, body.profile(), scope).await?;
    let (Some(name), Some(description), Some(industry)) = (
        checked.name.clone(),
        checked.description.clone(),
        checked.industry.clone(),
    ) else {
        return Err(ApiError::bad_request(
            "name, description and industry are required",
        ));
    };
    if access::membership_of(state, user.member.id)
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict(
            "you manage a business already; a member manages one business".into(),
        ));
    }
    let now = Utc::now();
    let txn = crate::db::write_txn(&state.db).await?;
    let business = businesses::ActiveModel {
        name: Set(name),
        description: Set(description),
        industry: Set(industry),
        homepage: Set(checked.homepage.flatten()),
        location: Set(checked.location.flatten()),
        founded_year: Set(checked.founded_year),
        employee_band: Set(checked.employee_band.flatten()),
        registration_number: Set(number),
        logo_upload_id: Set(checked.logo),
        cover_upload_id: Set(checked.cover),
        verified_at: Set(None),
        verified_by: Set(None),
        follower_count: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(on_unique(|| {
        ApiError::Conflict("a business with this registration number is registered already".into())
    }))?;
    business_members::ActiveModel {
        business_id: Set(business.id),
        member_id: Set(user.member.id),
        role: Set(Role::Master),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(on_unique(|| {
        ApiError::Conflict("you manage a business already".into())
    }))?;
    // Images uploaded before the business existed become the business's.
    let images: Vec<i64> = [checked.logo, checked.cover]
        .into_iter()
        .flatten()
        .collect();
    if !images.is_empty() {
        uploads::Entity::update_many()
            .col_expr(uploads::Column::BusinessId, Expr::value(business.id))
            .filter(uploads::Column::Id.is_in(images))
            .filter(uploads::Column::BusinessId.is_null())
            .exec(&txn)
            .await?;
    }
    audit::write(
        &txn,
        business.id,
        Some(user.member.id),
        audit::Action::BusinessRegistered,
        None,
        None,
        None,
    )
    .await?;
    state
        .commit_with(txn, &[Change::Business(business.id)])
        .await?;
    profile(state, business, Some(user.member.id)).await
}

/// The first `limit` businesses by id with when each last changed (what the sitemap lists).
pub async fn last_changes(state: &AppState, limit: u64) -> ApiResult<Vec<(i64, DateTime<Utc>)>> {
    Ok(businesses::Entity::find()
        .select_only()
        .column(businesses::Column::Id)
        .column(businesses::Column::UpdatedAt)
        .order_by_asc(businesses::Column::Id)
        .limit(limit)
        .into_tuple()
        .all(&state.db)
        .await?)
}

/// Business `id`'s public profile as `viewer` sees it.
pub async fn read(state: &AppState, id: i64, viewer: Option<i64>) -> ApiResult<Business> {
    let row = find(state, id).await?;
    profile(state, row, viewer).await
}

/// Edits the profile (the master only). Fields left out stay as they are; an empty
/// optional field clears it.
pub(crate) async fn edit(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    body: ProfileFields,
) -> ApiResult<Business> {
    require_master_of(state, &user.member, id).await?;
    let row = find(state, id).await?;
    let checked = check(state, body, UploadScope::Business(id)).await?;
    let mut changed = Vec::new();
    let mut active: businesses::ActiveModel = row.into();
    macro_rules! apply {
        ($field:ident, $value:expr, $name:literal) => {
            if let Some(value) = $value {
                active.$field = Set(value);
                changed.push($name);
            }
        };
    }
    apply!(name, checked.name, "name");
    apply!(description, checked.description, "description");
    apply!(industry, checked.industry, "industry");
    apply!(homepage, checked.homepage, "homepage");
    apply!(location, checked.location, "location");
    apply!(founded_year, checked.founded_year.map(Some), "foundedYear");
    apply!(employee_band, checked.employee_band, "employeeBand");
    apply!(logo_upload_id, checked.logo.map(Some), "logo");
    apply!(cover_upload_id, checked.cover.map(Some), "cover");
    active.updated_at = Set(Utc::now());
    let txn = crate::db::write_txn(&state.db).await?;
    let row = active.update(&txn).await?;
    audit::write(
        &txn,
        id,
        Some(user.member.id),
        audit::Action::ProfileUpdated,
        None,
        None,
        Some(serde_json::json!({ "fields": changed })),
    )
    .await?;
    state.commit_with(txn, &[Change::Business(id)]).await?;
    profile(state, row, Some(user.member.id)).await
}

/// Sets or clears the verified badge (operators only, after a recent password check),
/// answering the profile.
pub(crate) async fn verify(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    verified: bool,
    note: Option<&str>,
) -> ApiResult<Business> {
    require_admin(&user.member)?;
    session::require_recent_check(state, user).await?;
    let row = set_verified(state, id, verified, note, Some(user.member.id)).await?;
    profile(state, row, Some(user.member.id)).await
}

/// The operator's badge, from the API or the command line, with the operator's note (up to
/// 500 characters; kept with the business and in both audit logs). A business leaves the
/// operators' verification queue with it, whichever way it goes.
pub async fn set_verified(
    state: &AppState,
    id: i64,
    verified: bool,
    note: Option<&str>,
    by: Option<i64>,
) -> ApiResult<businesses::Model> {
    let note = note.map(str::trim).filter(|note| !note.is_empty());
    if note.is_some_and(|note| note.chars().count() > 500) {
        return Err(ApiError::bad_request("note must be at most 500 characters"));
    }
    let row = find(state, id).await?;
    let now = Utc::now();
    let mut active: businesses::ActiveModel = row.into();
    active.verified_at = Set(verified.then_some(now));
    active.verified_by = Set(if verified { by } else { None });
    // A decision without a note is still a decision: the queue looks for a note or a badge.
    active.verification_note = Set(Some(note.unwrap_or_default().to_string()));
    active.updated_at = Set(now);
    let txn = crate::db::write_txn(&state.db).await?;
    let row = active.update(&txn).await?;
    audit::write(
        &txn,
        id,
        by,
        if verified {
            audit::Action::Verified
        } else {
            audit::Action::VerificationRemoved
        },
        None,
        None,
        note.map(|note| serde_json::json!({ "note": note })),
    )
    .await?;
    oplog::write(
        &txn,
        oplog::Entry {
            actor: by,
            action: if verified {
                oplog::Action::BusinessVerified
            } else {
                oplog::Action::BusinessUnverified
            },
            target: oplog::Target::Business(id),
            note,
            detail: None,
        },
    )
    .await?;
    operator_claims::Entity::delete_many()
        .filter(operator_claims::Column::Kind.eq(oplog::Target::Business(id).kind()))
        .filter(operator_claims::Column::TargetId.eq(id))
        .exec(&txn)
        .await?;
    fanout::to_business_people(
        &txn,
        id,
        fanout::NoticeKind::Verification,
        if verified { "APPROVED" } else { "REJECTED" },
        now,
    )
    .await?;
    state.commit_with(txn, &[Change::Business(id)]).await?;
    Ok(row)
}
