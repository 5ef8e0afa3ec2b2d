//! Writing posts: create, edit, temporary save (draft), schedule (KST), publish, hide; the
//! operator's removal; the post detail; a business's own list of its posts.
//!
//! Status: DRAFT → SCHEDULED (publish time in the future) → PUBLISHED → HIDDEN (by the
//! business) or REMOVED (by an operator). The body is sanitised with the one policy of
//! [`super::sanitize`] before it is stored.

use super::cards::tags_of;
use super::sanitize;
use crate::auth::access::{membership_of, require_admin, require_member_of};
use crate::auth::{AuthUser, MaybeAuthUser};
use crate::catalog::{BusinessBadge, BusinessCard, CachedDetail, PostDetail};
use crate::entities::{bookmarks, businesses, follows, post_tags, posts, tags};
use crate::http::envelope::{ok, Ok};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Json, Path, Query};
use crate::http::openapi::ErrorBody;
use crate::http::paging::{self, Page, PageQuery};
use crate::kernel::kst::kst;
use crate::media::{self, UploadScope};
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use crate::entities::posts::{DRAFT, HIDDEN, PUBLISHED, REMOVED, SCHEDULED};

/// PRODUCT "Posts": the limits of a post.
const TITLE_MAX: usize = 100;
const SUMMARY_MAX: usize = 300;
const BODY_MAX_BYTES: usize = 500 * 1024;
const TAGS_MAX: usize = 10;
const TAG_MAX_CHARS: usize = 30;
/// A post's JSON carries its body (≤ 500 KB) plus the rest, escaped.
const WRITE_BODY_LIMIT: usize = 1536 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let writes = OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(edit))
        .layer(DefaultBodyLimit::max(WRITE_BODY_LIMIT));
    OpenApiRouter::new()
        .merge(writes)
        .routes(routes!(detail))
        .routes(routes!(hide))
        .routes(routes!(publish))
        .routes(routes!(mine))
        .routes(routes!(remove))
}

/// What a post is made of. `action` says what to do with it: `draft` (temporary save),
/// `publish` (now), `schedule` (at `publishAt`), or `save` (keep the current status).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PostInput {
    /// The business to write for; the writer's own business when left out.
    business_id: Option<i64>,
    category_id: i16,
    #[serde(default)]
    title: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    body_html: String,
    #[serde(default)]
    tags: Vec<String>,
    cover_upload_id: Option<i64>,
    #[serde(default)]
    is_report: bool,
    report_upload_id: Option<i64>,
    /// The position in a series (categories 8 and 9 only).
    series_order: Option<i32>,
    /// `draft` | `publish` | `schedule` | `save`
    action: String,
    /// When to publish (`schedule`): RFC 3339, or `yyyy-MM-ddTHH:mm[:ss]` read as Korean time.
    publish_at: Option<String>,
}

fn chars(value: &str) -> usize {
    value.chars().count()
}

/// `publishAt` as a moment: with an offset as given, without one in Korean time.
fn parse_publish_at(value: &str) -> ApiResult<DateTime<Utc>> {
    let value = value.trim();
    if let Ok(moment) = DateTime::parse_from_rfc3339(value) {
        return Ok(moment.with_timezone(&Utc));
    }
    let kst = kst();
    for format in ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"] {
        if let Ok(naive) = NaiveDateTime::parse_from_str(value, format) {
            if let Some(moment) = kst.from_local_datetime(&naive).single() {
                return Ok(moment.with_timezone(&Utc));
            }
        }
    }
    Err(ApiError::bad_request(
        "publishAt must be RFC 3339 or yyyy-MM-ddTHH:mm (Korean time)",
    ))
}

/// Trimmed, de-duplicated (ignoring case) tags, checked against the limits.
fn clean_tags(raw: &[String]) -> ApiResult<Vec<String>> {
    let mut seen = std::collections::HashSet::new();
    let mut tags = Vec::new();
    for tag in raw {
        let tag = tag.trim().trim_start_matches('#').trim();
        if tag.is_empty() {
            continue;
        }
        if chars(tag) > TAG_MAX_CHARS {
            return Err(ApiError::bad_request(format!(
                "a tag must be at most {TAG_MAX_CHARS} characters"
            )));
        }
        if seen.insert(tag.to_lowercase()) {
            tags.push(tag.to_string());
        }
    }
    if tags.len() > TAGS_MAX {
        return Err(ApiError::bad_request(format!("at most {TAGS_MAX} tags")));
    }
    Ok(tags)
}

/// The checked post, ready to store.
struct Checked {
    category_id: i16,
    title: String,
    summary: String,
    body_html: String,
    body_text: String,
    tags: Vec<String>,
    cover_upload_id: Option<i64>,
    is_report: bool,
    report_upload_id: Option<i64>,
    series_order: Option<i32>,
}

async fn check(
    state: &AppState,
    business_id: i64,
    input: &PostInput,
    publishing: bool,
) -> ApiResult<Checked> {
    if tidemark_core::breadcrumbs::category_of(i64::from(input.category_id)).is_none() {
        return Err(ApiError::bad_request("categoryId must be 1 to 9"));
    }
    let title = input.title.trim().to_string();
    let summary = input.summary.trim().to_string();
    if chars(&title) > TITLE_MAX {
        return Err(ApiError::bad_request(format!(
            "title must be at most {TITLE_MAX} characters"
        )));
    }
    if chars(&summary) > SUMMARY_MAX {
        return Err(ApiError::bad_request(format!(
            "summary must be at most {SUMMARY_MAX} characters"
        )));
    }
    if input.body_html.len() > BODY_MAX_BYTES {
        return Err(ApiError::bad_request("bodyHtml must be at most 500 KB"));
    }
    let body_html = sanitize::sanitize(&input.body_html);
    let body_text = sanitize::text_of(&body_html);
    if publishing && (title.is_empty() || body_text.trim().is_empty()) {
        return Err(ApiError::bad_request(
            "a post needs a title and a body to be published",
        ));
    }
    let series = matches!(input.category_id, 8 | 9);
    match input.series_order {
        Some(order) if !series => {
            let _ = order;
            return Err(ApiError::bad_request(
                "seriesOrder is for the series categories (8 and 9) only",
            ));
        }
        Some(order) if !(1..=10_000).contains(&order) => {
            return Err(ApiError::bad_request("seriesOrder must be 1 to 10000"));
        }
        _ => {}
    }
    if input.report_upload_id.is_some() && !input.is_report {
        return Err(ApiError::bad_request("reportUploadId needs isReport"));
    }
    for (id, kind, field) in [
        (input.cover_upload_id, "image", "coverUploadId"),
        (input.report_upload_id, "pdf", "reportUploadId"),
    ] {
        if let Some(id) = id {
            media::check_usable(
                &state.db,
                &[id],
                Some(kind),
                UploadScope::Business(business_id),
                field,
            )
            .await?;
        }
    }
    Ok(Checked {
        category_id: input.category_id,
        summary,
        title,
        body_html,
        body_text,
        tags: clean_tags(&input.tags)?,
        cover_upload_id: input.cover_upload_id,
        is_report: input.is_report,
        report_upload_id: input.report_upload_id,
        series_order: input.series_order,
    })
}

/// A post's status, scheduled time and publication time after an action.
type Transition = (&'static str, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// What an action does to a post's status and times.
fn next_status(
    action: &str,
    publish_at: Option<&str>,
    current: Option<&posts::Model>,
    now: DateTime<Utc>,
) -> ApiResult<Transition> {
    let published_before = current
        .and_then(|post| post.published_at)
        .filter(|at| *at <= now);
    match action {
        "draft" => Ok((DRAFT, None, None)),
        "publish" => Ok((PUBLISHED, None, Some(published_before.unwrap_or(now)))),
        "schedule" => {
            let at = parse_publish_at(
                publish_at.ok_or_else(|| ApiError::bad_request("schedule needs publishAt"))?,
            )?;
            if at <= now {
                return Err(ApiError::bad_request("publishAt must be in the future"));
            }
            Ok((SCHEDULED, Some(at), None))
        }
        "save" => match current {
            None => Ok((DRAFT, None, None)),
            Some(post) => Ok((
                match post.status.as_str() {
                    SCHEDULED => SCHEDULED,
                    PUBLISHED => PUBLISHED,
                    HIDDEN => HIDDEN,
                    REMOVED => REMOVED,
                    _ => DRAFT,
                },
                post.publish_at,
                post.published_at,
            )),
        },
        _ => Err(ApiError::bad_request(
            "action must be draft, publish, schedule or save",
        )),
    }
}

/// The business the writer writes for: its own, and only its own.
async fn writer_business(state: &AppState, user: &AuthUser, asked: Option<i64>) -> ApiResult<i64> {
    match asked {
        Some(id) => {
            require_member_of(state, &user.member, id).await?;
            Ok(id)
        }
        None => membership_of(state, user.member.id)
            .await?
            .map(|(id, _)| id)
            .ok_or_else(|| ApiError::Forbidden("only a business's people write posts".into())),
    }
}

/// Replaces a post's tags (creating the tag names that are new).
async fn save_tags(db: &impl ConnectionTrait, post_id: i64, names: &[String]) -> ApiResult<()> {
    post_tags::Entity::delete_many()
        .filter(post_tags::Column::PostId.eq(post_id))
        .exec(db)
        .await?;
    for name in names {
        let existing = tags::Entity::find()
            .filter(tags::Column::Name.eq(name.as_str()))
            .one(db)
            .await?;
        let tag_id = match existing {
            Some(tag) => tag.id,
            None => {
                tags::ActiveModel {
                    name: Set(name.clone()),
                    ..Default::default()
                }
                .insert(db)
                .await?
                .id
            }
        };
        post_tags::ActiveModel {
            post_id: Set(post_id),
            tag_id: Set(tag_id),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

#[utoipa::path(
        post,
        path = "/api/v1/posts",
        tag = "posts",
        request_body = PostInput,
        params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// Writes a new post for the writer's business: a draft, published now, or scheduled.
async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Json(input): Json<PostInput>,
) -> ApiResult<Ok<PostDetail>> {
    let business_id = writer_business(&state, &user, input.business_id).await?;
    let now = Utc::now();
    let (status, publish_at, published_at) =
        next_status(&input.action, input.publish_at.as_deref(), None, now)?;
    let checked = check(&state, business_id, &input, status != DRAFT).await?;
    let txn = state.db.begin().await?;
    let post = posts::ActiveModel {
        business_id: Set(business_id),
        author_member_id: Set(Some(user.member.id)),
        category_id: Set(checked.category_id),
        title: Set(checked.title),
        summary: Set(checked.summary),
        cover_upload_id: Set(checked.cover_upload_id),
        body_html: Set(checked.body_html),
        body_text: Set(checked.body_text),
        is_report: Set(checked.is_report),
        report_upload_id: Set(checked.report_upload_id),
        series_order: Set(checked.series_order),
        status: Set(status.into()),
        publish_at: Set(publish_at),
        published_at: Set(published_at),
        removed_reason: Set(None),
        view_count: Set(0),
        viewer_count: Set(0),
        unique_reader_count: Set(0),
        click_count: Set(0),
        bookmark_count: Set(0),
        share_count: Set(0),
        popular_score: Set(0.0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    save_tags(&txn, post.id, &checked.tags).await?;
    txn.commit().await?;
    state.post_changed(post.id).await;
    Ok(ok(detail_of(&state, post, Some(user.member.id)).await?))
}

#[utoipa::path(
        put,
        path = "/api/v1/posts/{id}",
        tag = "posts",
        request_body = PostInput,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Rewrites a post of the writer's business (the whole post), and applies the action.
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(input): Json<PostInput>,
) -> ApiResult<Ok<PostDetail>> {
    let current = find(&state, id).await?;
    require_member_of(&state, &user.member, current.business_id).await?;
    if input
        .business_id
        .is_some_and(|asked| asked != current.business_id)
    {
        return Err(ApiError::bad_request(
            "a post cannot move to another business",
        ));
    }
    if current.status == REMOVED {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    let now = Utc::now();
    let (status, publish_at, published_at) = next_status(
        &input.action,
        input.publish_at.as_deref(),
        Some(&current),
        now,
    )?;
    let checked = check(&state, current.business_id, &input, status != DRAFT).await?;
    let mut active: posts::ActiveModel = current.into();
    active.category_id = Set(checked.category_id);
    active.title = Set(checked.title);
    active.summary = Set(checked.summary);
    active.cover_upload_id = Set(checked.cover_upload_id);
    active.body_html = Set(checked.body_html);
    active.body_text = Set(checked.body_text);
    active.is_report = Set(checked.is_report);
    active.report_upload_id = Set(checked.report_upload_id);
    active.series_order = Set(checked.series_order);
    active.status = Set(status.into());
    active.publish_at = Set(publish_at);
    active.published_at = Set(published_at);
    active.updated_at = Set(now);
    let txn = state.db.begin().await?;
    let post = active.update(&txn).await?;
    save_tags(&txn, post.id, &checked.tags).await?;
    txn.commit().await?;
    state.post_changed(post.id).await;
    Ok(ok(detail_of(&state, post, Some(user.member.id)).await?))
}

async fn set_status(
    state: &AppState,
    post: posts::Model,
    status: &str,
    reason: Option<String>,
) -> ApiResult<posts::Model> {
    let now = Utc::now();
    let published_at = post.published_at;
    let mut active: posts::ActiveModel = post.into();
    active.status = Set(status.into());
    if status == PUBLISHED {
        active.publish_at = Set(None);
        active.published_at = Set(Some(published_at.filter(|at| *at <= now).unwrap_or(now)));
    }
    if status == REMOVED {
        active.removed_reason = Set(reason);
    }
    active.updated_at = Set(now);
    let post = active.update(&state.db).await?;
    state.post_changed(post.id).await;
    Ok(post)
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/hide",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Hides a post of the writer's business from every list, search and page.
async fn hide(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PostDetail>> {
    let post = find(&state, id).await?;
    require_member_of(&state, &user.member, post.business_id).await?;
    if post.status == REMOVED {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    let post = set_status(&state, post, HIDDEN, None).await?;
    Ok(ok(detail_of(&state, post, Some(user.member.id)).await?))
}

#[utoipa::path(
        post,
        path = "/api/v1/posts/{id}/publish",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Publishes a draft, scheduled or hidden post of the writer's business now.
async fn publish(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Ok<PostDetail>> {
    let post = find(&state, id).await?;
    require_member_of(&state, &user.member, post.business_id).await?;
    if post.status == REMOVED {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    if post.title.trim().is_empty() || post.body_text.trim().is_empty() {
        return Err(ApiError::bad_request(
            "a post needs a title and a body to be published",
        ));
    }
    let post = set_status(&state, post, PUBLISHED, None).await?;
    Ok(ok(detail_of(&state, post, Some(user.member.id)).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RemoveRequest {
    reason: String,
}

#[utoipa::path(
        post,
        path = "/api/v1/admin/posts/{id}/remove",
        tag = "operators",
        request_body = RemoveRequest,
        params(("id" = i64, Path, description = "postSeq"), ("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call")),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<PostDetail>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
    )]
/// Removes a post from the platform (operators only), with the reason the business sees.
async fn remove(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<RemoveRequest>,
) -> ApiResult<Ok<PostDetail>> {
    require_admin(&user.member)?;
    let post = remove_post(&state, id, &body.reason).await?;
    Ok(ok(detail_of(&state, post, Some(user.member.id)).await?))
}

/// The operator's removal, from the API or the command line.
pub async fn remove_post(state: &AppState, id: i64, reason: &str) -> ApiResult<posts::Model> {
    let reason = reason.trim();
    if reason.is_empty() || chars(reason) > 500 {
        return Err(ApiError::bad_request("reason must be 1 to 500 characters"));
    }
    let post = find(state, id).await?;
    set_status(state, post, REMOVED, Some(reason.to_string())).await
}

pub async fn find(state: &AppState, id: i64) -> ApiResult<posts::Model> {
    posts::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("content does not exist".into()))
}

/// Whether a post is public now.
pub fn is_visible(post: &posts::Model) -> bool {
    post.status == PUBLISHED && post.published_at.is_some_and(|at| at <= Utc::now())
}

/// The detail of a post (the caller has checked who may see it).
pub async fn detail_of(
    state: &AppState,
    post: posts::Model,
    viewer: Option<i64>,
) -> ApiResult<PostDetail> {
    let business = businesses::Entity::find_by_id(post.business_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::internal("a post without its business"))?;
    // One look-up for every file the page shows: the logo, the cover and the report.
    let uploads: Vec<i64> = [
        business.logo_upload_id,
        post.cover_upload_id,
        post.report_upload_id,
    ]
    .into_iter()
    .flatten()
    .collect();
    let urls = crate::media::upload_urls(&state.db, &uploads).await?;
    let badge = BusinessBadge {
        id: business.id,
        name: business.name.clone(),
        logo_url: business
            .logo_upload_id
            .and_then(|id| urls.get(&id).cloned()),
        verified: business.verified_at.is_some(),
    };
    let tags = tags_of(state, &[post.id])
        .await?
        .remove(&post.id)
        .unwrap_or_default();
    let (bookmarked, following) = match viewer {
        Some(member) => ties_of(state, member, post.id, business.id).await?,
        None => (false, false),
    };
    Ok(PostDetail {
        post_seq: post.id,
        business: BusinessCard {
            badge,
            description: business.description,
            industry: business.industry,
            follower_count: business.follower_count,
            following,
        },
        category_id: post.category_id,
        title: post.title,
        summary: post.summary,
        cover_url: post.cover_upload_id.and_then(|id| urls.get(&id).cloned()),
        body_html: post.body_html,
        tags,
        is_report: post.is_report,
        report_url: post.report_upload_id.and_then(|id| urls.get(&id).cloned()),
        series_order: post.series_order,
        status: post.status,
        publish_at: post.publish_at,
        published_at: post.published_at,
        updated_at: post.updated_at,
        view_count: post.view_count,
        unique_reader_count: post.unique_reader_count,
        bookmark_count: post.bookmark_count,
        share_count: post.share_count,
        bookmarked,
    })
}

/// Whether `member` has bookmarked the post and follows its business.
async fn ties_of(
    state: &AppState,
    member: i64,
    post_id: i64,
    business_id: i64,
) -> ApiResult<(bool, bool)> {
    let bookmarked = bookmarks::Entity::find()
        .filter(bookmarks::Column::MemberId.eq(member))
        .filter(bookmarks::Column::PostId.eq(post_id))
        .one(&state.db)
        .await?
        .is_some();
    let following = follows::Entity::find()
        .filter(follows::Column::MemberId.eq(member))
        .filter(follows::Column::BusinessId.eq(business_id))
        .one(&state.db)
        .await?
        .is_some();
    Ok((bookmarked, following))
}

/// Guests may keep a public post, but ask each time whether it changed (its ETag answers
/// 304 when it did not).
const DETAIL_CACHE_CONTROL: &str = "no-cache";

/// The public detail of post `id` as anyone sees it, or `None` when it is not public.
///
/// Served from the catalogue's detail cache, which forgets it whenever a post, a count or a
/// business changes. A post the catalogue does not hold (published by another server process
/// since the last reload) is read from the database and answered without being kept.
pub async fn public_detail(state: &AppState, id: i64) -> ApiResult<Option<Arc<CachedDetail>>> {
    if let Some(cached) = state.catalog.cached_detail(id) {
        return Ok(Some(cached));
    }
    let generation = state.catalog.generation();
    let catalogued = state.catalog.snapshot().entries.contains_key(&id);
    let post = match posts::Entity::find_by_id(id).one(&state.db).await? {
        Some(post) if is_visible(&post) => post,
        _ => return Ok(None),
    };
    let detail = detail_of(state, post, None).await?;
    let body = serde_json::to_vec(&ok(&detail)).map_err(ApiError::internal)?;
    // A post outside the catalogue is kept under a generation that never comes: not kept.
    let generation = if catalogued { generation } else { 0 };
    Ok(Some(state.catalog.keep_detail(
        generation,
        detail,
        body.into(),
    )))
}

#[utoipa::path(
        get,
        path = "/api/v1/posts/{id}",
        tag = "posts",
        params(("id" = i64, Path, description = "postSeq")),
        responses((status = 200, body = Ok<PostDetail>), (status = 304, description = "not modified (guests)"), (status = 404, body = ErrorBody))
    )]
/// A post. Anyone sees a public post; a business's people also see its drafts, scheduled
/// and hidden posts (as a preview). Others get 404 (101) for what is not public.
async fn detail(
    State(state): State<AppState>,
    viewer: MaybeAuthUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let viewer = viewer.0;
    if let Some(public) = public_detail(&state, id).await? {
        let Some(user) = viewer else {
            return Ok(public.page.respond(&headers, DETAIL_CACHE_CONTROL));
        };
        let mut detail = public.detail.clone();
        (detail.bookmarked, detail.business.following) =
            ties_of(&state, user.member.id, id, detail.business.badge.id).await?;
        return Ok(ok(detail).into_response());
    }
    let post = find(&state, id).await?;
    let own = match &viewer {
        Some(user) => {
            matches!(membership_of(&state, user.member.id).await?, Some((b, _)) if b == post.business_id)
        }
        None => false,
    };
    if !own || post.status == REMOVED {
        return Err(ApiError::NotFound("content does not exist".into()));
    }
    Ok(ok(detail_of(&state, post, viewer.map(|u| u.member.id)).await?).into_response())
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MineQuery {
    /// `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`; all when left out.
    status: Option<String>,
    cursor: Option<String>,
    size: Option<u64>,
}

/// A post in its business's own list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OwnPost {
    post_seq: i64,
    title: String,
    category_id: i16,
    status: String,
    publish_at: Option<DateTime<Utc>>,
    published_at: Option<DateTime<Utc>>,
    removed_reason: Option<String>,
    updated_at: DateTime<Utc>,
    view_count: i64,
    bookmark_count: i64,
}

#[utoipa::path(
        get,
        path = "/api/v1/mypage/posts",
        tag = "posts",
        params(MineQuery),
        security(("access_cookie" = []), ("access_header" = [])),
        responses((status = 200, body = Ok<Page<OwnPost>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody))
    )]
/// The posts of the member's business, every status, last changed first.
async fn mine(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<MineQuery>,
) -> ApiResult<Ok<Page<OwnPost>>> {
    let (business_id, _) = membership_of(&state, user.member.id)
        .await?
        .ok_or_else(|| ApiError::Forbidden("only a business's people have posts".into()))?;
    let page = PageQuery {
        cursor: query.cursor,
        size: query.size,
    };
    let size = page.size()?;
    let mut select = posts::Entity::find()
        .filter(posts::Column::BusinessId.eq(business_id))
        .order_by_desc(posts::Column::Id)
        .limit(size + 1);
    if let Some(status) = query.status {
        if ![DRAFT, SCHEDULED, PUBLISHED, HIDDEN, REMOVED].contains(&status.as_str()) {
            return Err(ApiError::bad_request(
                "status must be DRAFT, SCHEDULED, PUBLISHED, HIDDEN or REMOVED",
            ));
        }
        select = select.filter(posts::Column::Status.eq(status));
    }
    if let Some(before) = page.before_id()? {
        select = select.filter(posts::Column::Id.lt(before));
    }
    let rows = select.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    Ok(ok(Page {
        items: rows
            .into_iter()
            .map(|row| OwnPost {
                post_seq: row.id,
                title: row.title,
                category_id: row.category_id,
                status: row.status,
                publish_at: row.publish_at,
                published_at: row.published_at,
                removed_reason: row.removed_reason,
                updated_at: row.updated_at,
                view_count: row.view_count,
                bookmark_count: row.bookmark_count,
            })
            .collect(),
        next_cursor,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publish_times_without_an_offset_are_korean_time() {
        let at = parse_publish_at("2026-12-01T09:00").unwrap();
        assert_eq!(at.to_rfc3339(), "2026-12-01T00:00:00+00:00");
        let at = parse_publish_at("2026-12-01T09:00:00+09:00").unwrap();
        assert_eq!(at.to_rfc3339(), "2026-12-01T00:00:00+00:00");
        assert!(parse_publish_at("tomorrow").is_err());
    }

    #[test]
    fn tags_are_trimmed_deduplicated_and_limited() {
        let tags = clean_tags(&[
            "#마케팅".into(),
            " 마케팅 ".into(),
            "AI".into(),
            "ai".into(),
            "".into(),
        ])
        .unwrap();
        assert_eq!(tags, vec!["마케팅", "AI"]);
        assert!(clean_tags(&(0..11).map(|i| format!("t{i}")).collect::<Vec<_>>()).is_err());
        assert!(clean_tags(&["가".repeat(31)]).is_err());
    }
}
