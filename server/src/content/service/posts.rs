//! A post once written: its detail (public, or as a preview for its business's people), the
//! business's own list of its posts, hiding and publishing it, and the operator's removal.
//!
//! Status: DRAFT → SCHEDULED (publish time in the future) → PUBLISHED → HIDDEN (by the
//! business) or REMOVED (by an operator). Writing a post is `service::writing`.

use super::lists::related_ids;
use crate::answers::CachedPage;
use crate::auth::access::{acting_for, membership_of, require_member_of};
use crate::auth::AuthUser;
use crate::content::cards::{business_card, row_and_cards, tags_of, PostRow};
use crate::content::view::KeptViews;
use crate::content::view::{Card, PostDetail};
use crate::db::{like_pattern, lower};
use crate::entities::{bookmarks, business_members, follows, posts};
use crate::http::envelope::ok;
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{self, Page, PageQuery};
use crate::state::AppState;
use crate::sync::Change;
use crate::uploads::public_url;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{ExprTrait, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

pub use crate::entities::posts::PostStatus;

/// Post `id`, or 404.
pub async fn find(state: &AppState, id: i64) -> ApiResult<posts::Model> {
    posts::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound("content does not exist".into()))
}

/// Whether a post is public now.
pub fn is_visible(post: &posts::Model) -> bool {
    posts::is_public(post.status, post.published_at, Utc::now())
}

/// Moves a post to `status` (with the operator's reason for a removal) and tells the
/// catalogue.
pub(crate) async fn set_status(
    state: &AppState,
    post: posts::Model,
    status: PostStatus,
    reason: Option<String>,
) -> ApiResult<posts::Model> {
    let now = Utc::now();
    let published_at = post.published_at;
    let mut active: posts::ActiveModel = post.into();
    active.status = Set(status);
    if status == PostStatus::Published {
        active.publish_at = Set(None);
        active.published_at = Set(Some(published_at.filter(|at| *at <= now).unwrap_or(now)));
    }
    if status == PostStatus::Removed {
        active.removed_reason = Set(reason);
    }
    active.updated_at = Set(now);
    let txn = crate::db::write_txn(&state.db).await?;
    let post = active.update(&txn).await?;
    state.commit_with(txn, &[Change::Post(post.id)]).await?;
    Ok(post)
}

/// Post `id`, whatever its status, when `user` is one of its business's people (403
/// otherwise, 404 when there is no such post).
pub(super) async fn team_post(
    state: &AppState,
    user: &AuthUser,
    id: i64,
) -> ApiResult<posts::Model> {
    let post = find(state, id).await?;
    require_member_of(state, &user.member, post.business_id).await?;
    Ok(post)
}

/// Post `id` of `user`'s business, unless an operator removed it.
async fn own_post(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<posts::Model> {
    let post = team_post(state, user, id).await?;
    if post.status == PostStatus::Removed {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    Ok(post)
}

/// Hides a post of the writer's business from every list, search and page.
pub(crate) async fn hide(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<PostDetail> {
    let post = own_post(state, user, id).await?;
    let post = set_status(state, post, PostStatus::Hidden, None).await?;
    own_detail(state, post, user.member.id).await
}

/// Publishes a draft, scheduled or hidden post of the writer's business now.
pub(crate) async fn publish(state: &AppState, user: &AuthUser, id: i64) -> ApiResult<PostDetail> {
    let post = own_post(state, user, id).await?;
    if post.title.trim().is_empty() || post.body_text.trim().is_empty() {
        return Err(ApiError::bad_request(
            "a post needs a title and a body to be published",
        ));
    }
    let post = set_status(state, post, PostStatus::Published, None).await?;
    own_detail(state, post, user.member.id).await
}

/// The detail of a post (the caller has checked who may see it).
pub(crate) async fn detail_of(
    state: &AppState,
    post: posts::Model,
    viewer: Option<i64>,
) -> ApiResult<PostDetail> {
    let files: Vec<i64> = [post.cover_upload_id, post.report_upload_id]
        .into_iter()
        .flatten()
        .collect();
    let urls = crate::uploads::upload_urls(&state.db, &files).await?;
    let cover_url = post.cover_upload_id.and_then(|id| urls.get(&id).cloned());
    let report_url = post.report_upload_id.and_then(|id| urls.get(&id).cloned());
    detail_with(state, post.into(), [cover_url, report_url], viewer).await
}

/// The detail of a post whose cover's and report's addresses are known.
async fn detail_with(
    state: &AppState,
    post: PostRow,
    [cover_url, report_url]: [Option<String>; 2],
    viewer: Option<i64>,
) -> ApiResult<PostDetail> {
    let mut business = business_card(state, post.business_id)
        .await?
        .ok_or_else(|| ApiError::internal("a post without its business"))?;
    let tags = tags_of(state, &[post.id])
        .await?
        .remove(&post.id)
        .unwrap_or_default();
    let (bookmarked, following) = match viewer {
        Some(member) => ties_of(state, member, post.id, business.badge.id).await?,
        None => (false, false),
    };
    business.following = following;
    Ok(PostDetail {
        post_seq: post.id,
        business,
        category_id: post.category_id,
        title: post.title,
        summary: post.summary,
        cover_url,
        reading_minutes: tidemark_core::reading::reading_minutes(
            &crate::content::sanitize::plain_text(post.body_html.as_deref().unwrap_or_default()),
        ),
        // As readers are shown it: players behind play buttons, headings anchored.
        body_html: tidemark_core::reading::reader_body(
            post.body_html.as_deref().unwrap_or_default(),
        ),
        tags,
        is_report: post.is_report,
        report_url,
        series_order: post.series_order,
        status: post.status.to_string(),
        publish_at: post.publish_at,
        published_at: post.published_at,
        updated_at: post.updated_at,
        view_count: post.view_count,
        unique_reader_count: post.unique_reader_count,
        bookmark_count: post.bookmark_count,
        share_count: post.share_count,
        bookmarked,
        version: None,
        cover_upload_id: None,
        report_upload_id: None,
        body_source: None,
    })
}

/// The detail of a post for one of its business's people (`viewer`): with its `version`
/// and the uploads an edit sends back.
pub(crate) async fn own_detail(
    state: &AppState,
    post: posts::Model,
    viewer: i64,
) -> ApiResult<PostDetail> {
    let (version, cover, report) = (post.version, post.cover_upload_id, post.report_upload_id);
    let source = post.body_html.clone();
    let mut detail = detail_of(state, post, Some(viewer)).await?;
    detail.version = Some(version);
    detail.cover_upload_id = cover;
    detail.report_upload_id = report;
    detail.body_source = Some(source);
    Ok(detail)
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

/// The public detail of post `id` as anyone sees it (a signed-in reader's ties on top), or
/// `None` when it is not public.
///
/// Served from the kept answers, which forget it when the post, its counts or its business
/// change. A post the catalogue does not hold (published by another server process since the
/// last reload) is read from the database and answered without being kept.
pub async fn public_detail(state: &AppState, id: i64) -> ApiResult<Option<Arc<PostDetail>>> {
    if let Some(cached) = state.catalog.cached_detail(id) {
        return Ok(Some(cached));
    }
    let generation = state.catalog.answers.generation();
    let (row, _) = row_and_cards(state, id, &[]).await?;
    Ok(public_of(state, row)
        .await?
        .map(|detail| state.catalog.keep_detail(generation, detail)))
}

/// Public post `id`'s detail for a page made on a miss, with its related posts' cards
/// (`None` for a post the catalogue does not hold yet), or `None` when the post is not
/// public. The post's row and the cards not kept are read in one statement, and the detail is
/// not kept: the page made from it is, and holds what its readers need at a third of the
/// bytes (a reader's browser does not ask for the post's call, which the page carries).
pub async fn public_page(
    state: &AppState,
    id: i64,
) -> ApiResult<Option<(PostDetail, Option<Vec<Card>>)>> {
    let related = related_ids(&state.catalog.snapshot(), id);
    let (row, cards) = row_and_cards(state, id, related.as_deref().unwrap_or_default()).await?;
    Ok(public_of(state, row)
        .await?
        .map(|detail| (detail, related.map(|_| cards))))
}

/// The public detail of `row`, or `None` when there is no row or the post is not public.
async fn public_of(state: &AppState, row: Option<PostRow>) -> ApiResult<Option<PostDetail>> {
    let row = match row {
        Some(row) if row.is_visible() => row,
        _ => return Ok(None),
    };
    let urls = [&row.cover_key, &row.report_key].map(|key| key.as_deref().map(public_url));
    Ok(Some(detail_with(state, row, urls, None).await?))
}

/// The guests' answer of public post `id` (its JSON, with its ETag), or `None` when it is not
/// public. It is kept apart from the post's detail and held compressed: a guest's call keeps
/// a third of the bytes a detail would.
async fn public_answer(state: &AppState, id: i64) -> ApiResult<Option<Arc<CachedPage>>> {
    if let Some(answer) = state.catalog.answers.cached_answer(id) {
        return Ok(Some(answer));
    }
    // Only the answer is kept: a guest's miss does not look for a kept detail (it would find
    // one only where a signed-in reader opened the post lately, and would count a detail miss
    // no one asked for).
    let generation = state.catalog.answers.generation();
    let made = async {
        let (row, _) = row_and_cards(state, id, &[]).await?;
        public_of(state, row).await
    };
    let stand_in = || state.catalog.answers.stand_in_answer(id).map(Some);
    let detail = match state.reach.unless_away(made).await {
        Some(Ok(Some(detail))) => detail,
        Some(Ok(None)) => return Ok(None),
        // The database is away (or went while the answer was made): the answer held before
        // stands in.
        Some(Err(error @ ApiError::Unavailable { .. })) => return stand_in().ok_or(error),
        None => return stand_in().ok_or_else(ApiError::database_away),
        Some(Err(error)) => return Err(error),
    };
    let body = serde_json::to_vec(&ok(&detail)).unwrap_or_default();
    let shows = state.catalog.shows_post(id);
    let answer = state
        .catalog
        .answers
        .keep_answer(id, generation, shows, body.into());
    Ok(Some(answer))
}

/// A post as its reader gets it.
pub(crate) enum Shown {
    /// A public post to a guest: the kept answer (with its ETag).
    Public(Arc<CachedPage>),
    /// A public post with the signed-in reader's ties, or a preview for the business's
    /// people.
    Detail(Box<PostDetail>),
}

/// Post `id` as `viewer` sees it: anyone a public post; a business's people also its
/// drafts, scheduled and hidden posts; 404 for the rest.
pub(crate) async fn shown(
    state: &AppState,
    viewer: Option<&AuthUser>,
    id: i64,
) -> ApiResult<Shown> {
    let Some(user) = viewer else {
        return match public_answer(state, id).await? {
            Some(answer) => Ok(Shown::Public(answer)),
            None => Err(ApiError::NotFound("content does not exist".into())),
        };
    };
    if let Some(public) = public_detail(state, id).await? {
        let mut detail = PostDetail::clone(&public);
        (detail.bookmarked, detail.business.following) =
            ties_of(state, user.member.id, id, detail.business.badge.id).await?;
        // The business's own people also get what an edit sends back.
        if let Some((version, cover, report, source)) =
            own_edit_fields(state, user.member.id, id).await?
        {
            detail.version = Some(version);
            detail.cover_upload_id = cover;
            detail.report_upload_id = report;
            detail.body_source = Some(source);
        }
        return Ok(Shown::Detail(Box::new(detail)));
    }
    let post = find(state, id).await?;
    let own = matches!(membership_of(state, user.member.id).await?, Some((b, _)) if b == post.business_id);
    if own && post.status != PostStatus::Removed {
        let detail = own_detail(state, post, user.member.id).await?;
        return Ok(Shown::Detail(Box::new(detail)));
    }
    Err(ApiError::NotFound("content does not exist".into()))
}

/// When `member` is one of post `id`'s business's people: the post's version and the
/// uploads behind its cover and report, what an edit sends back (one look-up).
async fn own_edit_fields(
    state: &AppState,
    member: i64,
    id: i64,
) -> ApiResult<Option<(i32, Option<i64>, Option<i64>, String)>> {
    let team = Query::select()
        .column(business_members::Column::BusinessId)
        .from(business_members::Entity)
        .and_where(business_members::Column::MemberId.eq(member))
        .to_owned();
    Ok(posts::Entity::find_by_id(id)
        .select_only()
        .column(posts::Column::Version)
        .column(posts::Column::CoverUploadId)
        .column(posts::Column::ReportUploadId)
        .column(posts::Column::BodyHtml)
        .filter(posts::Column::BusinessId.in_subquery(team))
        .into_tuple()
        .one(&state.db)
        .await?)
}

/// A post in its business's own list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OwnPost {
    post_seq: i64,
    title: String,
    category_id: i16,
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    status: String,
    publish_at: Option<DateTime<Utc>>,
    published_at: Option<DateTime<Utc>>,
    removed_reason: Option<String>,
    updated_at: DateTime<Utc>,
    view_count: i64,
    bookmark_count: i64,
}

/// How many of the business's posts are in each status (the console's overview).
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StatusCounts {
    draft: i64,
    scheduled: i64,
    published: i64,
    hidden: i64,
    removed: i64,
}

/// The member's business's posts counted by status, in one grouped query.
pub(crate) async fn status_counts(state: &AppState, user: &AuthUser) -> ApiResult<StatusCounts> {
    let (business_id, _) = acting_for(state, &user.member)
        .await?
        .ok_or_else(|| ApiError::Forbidden("only a business's people have posts".into()))?;
    let rows: Vec<(PostStatus, i64)> = posts::Entity::find()
        .select_only()
        .column(posts::Column::Status)
        .column_as(posts::Column::Id.count(), "count")
        .filter(posts::Column::BusinessId.eq(business_id))
        .group_by(posts::Column::Status)
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut counts = StatusCounts::default();
    for (status, count) in rows {
        let slot = match status {
            PostStatus::Draft => &mut counts.draft,
            PostStatus::Scheduled => &mut counts.scheduled,
            PostStatus::Published => &mut counts.published,
            PostStatus::Hidden => &mut counts.hidden,
            PostStatus::Removed => &mut counts.removed,
        };
        *slot = count;
    }
    Ok(counts)
}

/// What the business's own list is narrowed to.
#[derive(Default)]
pub(crate) struct OwnFilter {
    pub status: Option<PostStatus>,
    /// A piece of the title, any case.
    pub q: Option<String>,
    pub category_id: Option<i64>,
}

impl OwnFilter {
    /// The filter a request asks for; its status is read here, once (`DRAFT` | `SCHEDULED` |
    /// `PUBLISHED` | `HIDDEN` | `REMOVED`).
    pub(crate) fn new(
        status: Option<&str>,
        q: Option<String>,
        category_id: Option<i64>,
    ) -> ApiResult<Self> {
        let status = status
            .map(|status| {
                PostStatus::parse(status).ok_or_else(|| {
                    ApiError::bad_request(
                        "status must be DRAFT, SCHEDULED, PUBLISHED, HIDDEN or REMOVED",
                    )
                })
            })
            .transpose()?;
        Ok(OwnFilter {
            status,
            q,
            category_id,
        })
    }
}

/// The longest title piece the own list searches for (a title has at most 100 characters).
const Q_MAX: usize = 100;

/// The posts of the member's business, every status or one, optionally of one category or
/// with a piece of text in the title; newest first.
pub(crate) async fn mine(
    state: &AppState,
    user: &AuthUser,
    filter: &OwnFilter,
    page: &PageQuery,
) -> ApiResult<Page<OwnPost>> {
    let (business_id, _) = acting_for(state, &user.member)
        .await?
        .ok_or_else(|| ApiError::Forbidden("only a business's people have posts".into()))?;
    let size = page.size()?;
    let mut select = posts::Entity::find()
        .filter(posts::Column::BusinessId.eq(business_id))
        .order_by_desc(posts::Column::Id)
        .limit(size + 1);
    if let Some(status) = filter.status {
        select = select.filter(posts::Column::Status.eq(status));
    }
    if let Some(category) = filter.category_id {
        if tidemark_core::breadcrumbs::category_of(category).is_none() {
            return Err(ApiError::bad_request("categoryId must be 1 to 9"));
        }
        select = select.filter(posts::Column::CategoryId.eq(category));
    }
    if let Some(q) = filter.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        if q.chars().count() > Q_MAX {
            return Err(ApiError::bad_request(format!(
                "q must be at most {Q_MAX} characters"
            )));
        }
        select = select.filter(lower(posts::Column::Title).like(like_pattern(q, false)));
    }
    if let Some(before) = page.before_id()? {
        select = select.filter(posts::Column::Id.lt(before));
    }
    let rows = select.all(&state.db).await?;
    let (rows, next_cursor) = paging::cut(rows, size, |row| row.id);
    Ok(Page {
        items: rows
            .into_iter()
            .map(|row| OwnPost {
                post_seq: row.id,
                title: row.title,
                category_id: row.category_id,
                status: row.status.to_string(),
                publish_at: row.publish_at,
                published_at: row.published_at,
                removed_reason: row.removed_reason,
                updated_at: row.updated_at,
                view_count: row.view_count,
                bookmark_count: row.bookmark_count,
            })
            .collect(),
        next_cursor,
    })
}
