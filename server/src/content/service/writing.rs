//! Writing posts: create and edit, with the action that goes with it — temporary save
//! (draft), schedule (KST), publish now, or keep the status. The body is sanitised with the
//! one policy of [`crate::content::sanitize`] before it is stored.

use super::history;
use super::posts::{find, own_detail, team_post, PostStatus};
use crate::auth::access::{acting_for, require_member_of};
use crate::auth::AuthUser;
use crate::content::sanitize;
use crate::content::view::PostDetail;
use crate::entities::{post_tags, posts, tags};
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::sync::Change;
use crate::uploads::{self, UploadScope};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::Deserialize;
use utoipa::ToSchema;

/// PRODUCT "Posts": the limits of a post (the core's, which the editor shows).
use tidemark_core::writing::{
    BODY_MAX_BYTES, SUMMARY_MAX_CHARS as SUMMARY_MAX, TAGS_MAX, TAG_MAX_CHARS,
    TITLE_MAX_CHARS as TITLE_MAX,
};

/// What a post is made of. `action` says what to do with it: `draft` (temporary save),
/// `publish` (now), `schedule` (at `publishAt`), or `save` (keep the current status).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PostInput {
    /// The business to write for; the writer's own business when left out.
    pub(super) business_id: Option<i64>,
    pub(super) category_id: i16,
    #[serde(default)]
    pub(super) title: String,
    #[serde(default)]
    pub(super) summary: String,
    #[serde(default)]
    pub(super) body_html: String,
    #[serde(default)]
    pub(super) tags: Vec<String>,
    pub(super) cover_upload_id: Option<i64>,
    #[serde(default)]
    pub(super) is_report: bool,
    pub(super) report_upload_id: Option<i64>,
    /// The position in a series (categories 8 and 9 only).
    pub(super) series_order: Option<i32>,
    pub(super) action: Action,
    /// When to publish (`schedule`): RFC 3339, or `yyyy-MM-ddTHH:mm[:ss]` read as Korean time.
    pub(super) publish_at: Option<String>,
    /// Edits only: the `version` of the post the editor started from. When the post has
    /// moved on since, the edit is refused with 409 (code 2009) and the post's current
    /// version; without it, the edit overwrites whatever is there.
    pub(super) base_version: Option<i32>,
}

/// What to do with a post as it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Action {
    /// A temporary save: the post is a draft.
    Draft,
    /// Published now (a post published before keeps its first publication time).
    Publish,
    /// Published at `publishAt`, which must be in the future.
    Schedule,
    /// Kept in the status it has (a new post is a draft).
    Save,
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
    tidemark_core::writing::kst_local_to_epoch_ms(value)
        .and_then(DateTime::from_timestamp_millis)
        .ok_or_else(|| {
            ApiError::bad_request("publishAt must be RFC 3339 or yyyy-MM-ddTHH:mm (Korean time)")
        })
}

/// Trimmed, de-duplicated (ignoring case) tags, checked against the limits (the core's rule).
fn clean_tags(raw: &[String]) -> ApiResult<Vec<String>> {
    use tidemark_core::writing::TagProblem;
    tidemark_core::writing::clean_tags(raw).map_err(|problem| match problem {
        TagProblem::TooLong => {
            ApiError::bad_request(format!("a tag must be at most {TAG_MAX_CHARS} characters"))
        }
        TagProblem::TooMany => ApiError::bad_request(format!("at most {TAGS_MAX} tags")),
    })
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
            uploads::check_usable(
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
type Transition = (PostStatus, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// What an action does to a post's status and times.
fn next_status(
    action: Action,
    publish_at: Option<&str>,
    current: Option<&posts::Model>,
    now: DateTime<Utc>,
) -> ApiResult<Transition> {
    let published_before = current
        .and_then(|post| post.published_at)
        .filter(|at| *at <= now);
    match action {
        Action::Draft => Ok((PostStatus::Draft, None, None)),
        Action::Publish => Ok((
            PostStatus::Published,
            None,
            Some(published_before.unwrap_or(now)),
        )),
        Action::Schedule => {
            let at = parse_publish_at(
                publish_at.ok_or_else(|| ApiError::bad_request("schedule needs publishAt"))?,
            )?;
            if at <= now {
                return Err(ApiError::bad_request("publishAt must be in the future"));
            }
            Ok((PostStatus::Scheduled, Some(at), None))
        }
        Action::Save => match current {
            None => Ok((PostStatus::Draft, None, None)),
            Some(post) => Ok((post.status, post.publish_at, post.published_at)),
        },
    }
}

/// The business the writer writes for: its own, and only its own.
async fn writer_business(state: &AppState, user: &AuthUser, asked: Option<i64>) -> ApiResult<i64> {
    match asked {
        Some(id) => {
            require_member_of(state, &user.member, id).await?;
            Ok(id)
        }
        None => acting_for(state, &user.member)
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

/// Writes a new post for the writer's business: a draft, published now, or scheduled. Its
/// first revision is stored with it.
pub(crate) async fn create(
    state: &AppState,
    user: &AuthUser,
    input: PostInput,
) -> ApiResult<PostDetail> {
    let business_id = writer_business(state, user, input.business_id).await?;
    let now = Utc::now();
    let (status, publish_at, published_at) =
        next_status(input.action, input.publish_at.as_deref(), None, now)?;
    let checked = check(state, business_id, &input, status != PostStatus::Draft).await?;
    let txn = crate::db::write_txn(&state.db).await?;
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
        status: Set(status),
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
        version: Set(1),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    save_tags(&txn, post.id, &checked.tags).await?;
    history::store(&txn, &post, &checked.tags, Some(user.member.id), now).await?;
    state.commit_with(txn, &[Change::Post(post.id)]).await?;
    own_detail(state, post, user.member.id).await
}

/// Rewrites a post of the writer's business (the whole post), and applies the action.
pub(crate) async fn edit(
    state: &AppState,
    user: &AuthUser,
    id: i64,
    input: PostInput,
) -> ApiResult<PostDetail> {
    let current = team_post(state, user, id).await?;
    rewrite(state, user, current, input).await
}

/// Rewrites `current`, a post of the writer's business (the caller has checked that), with
/// `input`: one conditional update that moves the version by one (only from `baseVersion`
/// when the editor gave it), the tags, and a new revision, in one transaction.
pub(super) async fn rewrite(
    state: &AppState,
    user: &AuthUser,
    current: posts::Model,
    input: PostInput,
) -> ApiResult<PostDetail> {
    if input
        .business_id
        .is_some_and(|asked| asked != current.business_id)
    {
        return Err(ApiError::bad_request(
            "a post cannot move to another business",
        ));
    }
    if current.status == PostStatus::Removed {
        return Err(ApiError::Forbidden("an operator removed this post".into()));
    }
    if input
        .base_version
        .is_some_and(|base| base != current.version)
    {
        return Err(history::edit_conflict(state, &current).await);
    }
    let now = Utc::now();
    let (status, publish_at, published_at) = next_status(
        input.action,
        input.publish_at.as_deref(),
        Some(&current),
        now,
    )?;
    let checked = check(
        state,
        current.business_id,
        &input,
        status != PostStatus::Draft,
    )
    .await?;
    let txn = crate::db::write_txn(&state.db).await?;
    // The update comes first in the transaction, so on SQLite it takes the write lock before
    // anything is read; a second save of the same version waits for it, then finds nothing
    // to update.
    let mut update = posts::Entity::update_many()
        .col_expr(posts::Column::CategoryId, Expr::value(checked.category_id))
        .col_expr(posts::Column::Title, Expr::value(checked.title))
        .col_expr(posts::Column::Summary, Expr::value(checked.summary))
        .col_expr(
            posts::Column::CoverUploadId,
            Expr::value(checked.cover_upload_id),
        )
        .col_expr(posts::Column::BodyHtml, Expr::value(checked.body_html))
        .col_expr(posts::Column::BodyText, Expr::value(checked.body_text))
        .col_expr(posts::Column::IsReport, Expr::value(checked.is_report))
        .col_expr(
            posts::Column::ReportUploadId,
            Expr::value(checked.report_upload_id),
        )
        .col_expr(
            posts::Column::SeriesOrder,
            Expr::value(checked.series_order),
        )
        .col_expr(posts::Column::Status, Expr::value(status))
        .col_expr(posts::Column::PublishAt, Expr::value(publish_at))
        .col_expr(posts::Column::PublishedAt, Expr::value(published_at))
        .col_expr(posts::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            posts::Column::Version,
            Expr::col(posts::Column::Version).add(1),
        )
        .filter(posts::Column::Id.eq(current.id));
    if let Some(base) = input.base_version {
        update = update.filter(posts::Column::Version.eq(base));
    }
    if update.exec(&txn).await?.rows_affected != 1 {
        txn.rollback().await?;
        let latest = find(state, current.id).await?;
        return Err(history::edit_conflict(state, &latest).await);
    }
    let post = posts::Entity::find_by_id(current.id)
        .one(&txn)
        .await?
        .ok_or_else(|| ApiError::NotFound("content does not exist".into()))?;
    save_tags(&txn, post.id, &checked.tags).await?;
    history::store(&txn, &post, &checked.tags, Some(user.member.id), now).await?;
    state.commit_with(txn, &[Change::Post(post.id)]).await?;
    own_detail(state, post, user.member.id).await
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
