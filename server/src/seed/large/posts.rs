//! The posts of the large set and their tags.

use super::dice::Dice;
use super::plan::{Plan, PostPlan};
use super::rows::{insert_in_transactions, insert_rows, Progress};
use super::writing::{english_post, korean_post};
use crate::analytics::rollup;
use crate::entities::posts::PostStatus;
use crate::entities::{post_tags, posts};
use chrono::{DateTime, Duration, TimeZone, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect, Set};
use std::collections::HashMap;

/// Posts generated and written per transaction.
const POSTS_PER_TRANSACTION: usize = 5_000;

/// Post ids by plan index.
pub(super) async fn write_posts(
    db: &DatabaseConnection,
    dice: &mut Dice,
    plan: &Plan,
    business_ids: &[i64],
    progress: &Progress,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, DbErr> {
    let before: Option<i64> = posts::Entity::find()
        .select_only()
        .column_as(posts::Column::Id.max(), "max_id")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    let before = before.unwrap_or(0);
    let mut rank = vec![0u32; plan.posts.len()];
    for (position, &post) in plan.heat.iter().enumerate() {
        rank[post as usize] = position as u32;
    }
    let count = plan.posts.len();
    let mut start = 0;
    while start < count {
        let end = (start + POSTS_PER_TRANSACTION).min(count);
        let rows: Vec<posts::ActiveModel> = (start..end)
            .map(|i| {
                let post = &plan.posts[i];
                // Views before the event window: the hotter, the more (a starting point the
                // roll-up replaces for every post with events).
                let hot = 1.0 - f64::from(rank[i]) / count as f64;
                let views = (hot.powi(6) * 5_000.0) as i64 + dice.below(20) as i64;
                post_row(
                    dice,
                    post,
                    business_ids,
                    plan.bookmark_counts[i],
                    views,
                    now,
                )
            })
            .collect();
        let txn = crate::db::write_txn(db).await?;
        insert_rows(&txn, rows).await?;
        txn.commit().await?;
        start = end;
        if start % 20_000 == 0 || start == count {
            progress.say(format_args!("{start} of {count} posts"));
        }
    }
    let by_second: HashMap<i64, i64> = posts::Entity::find()
        .select_only()
        .columns([posts::Column::PublishedAt, posts::Column::Id])
        .filter(posts::Column::Id.gt(before))
        .into_tuple::<(Option<DateTime<Utc>>, i64)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(at, id)| Some((at?.timestamp(), id)))
        .collect();
    plan.posts
        .iter()
        .map(|post| {
            by_second
                .get(&post.published)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(format!("post of {}", post.published)))
        })
        .collect()
}

fn post_row(
    dice: &mut Dice,
    post: &PostPlan,
    business_ids: &[i64],
    bookmarks: i64,
    views: i64,
    now: DateTime<Utc>,
) -> posts::ActiveModel {
    let published = Utc.timestamp_opt(post.published, 0).single().unwrap_or(now);
    let created = published - Duration::minutes(dice.below(3 * 24 * 60) as i64);
    let text = if dice.chance(0.25) {
        english_post(dice, post.topic as usize)
    } else {
        korean_post(dice, post.topic as usize)
    };
    posts::ActiveModel {
        business_id: Set(business_ids[post.business as usize]),
        author_member_id: Set(None),
        category_id: Set(1 + dice.below(9) as i16),
        title: Set(text.title),
        summary: Set(text.summary),
        cover_upload_id: Set(None),
        body_html: Set(text.body_html),
        body_text: Set(text.body_text),
        is_report: Set(dice.chance(0.1)),
        report_upload_id: Set(None),
        series_order: Set(None),
        status: Set(PostStatus::Published),
        publish_at: Set(None),
        published_at: Set(Some(published)),
        removed_reason: Set(None),
        view_count: Set(views),
        viewer_count: Set(views * 9 / 10),
        unique_reader_count: Set(views * 4 / 5),
        click_count: Set(views / 6),
        bookmark_count: Set(bookmarks),
        share_count: Set(views / 40),
        popular_score: Set(rollup::popular_score(
            views * 9 / 10,
            bookmarks,
            0,
            published,
            now,
        )),
        created_at: Set(created),
        updated_at: Set(published),
        ..Default::default()
    }
}

pub(super) async fn write_post_tags(
    db: &DatabaseConnection,
    plan: &Plan,
    post_ids: &[i64],
    tag_ids: &[i64],
) -> Result<usize, DbErr> {
    let rows: Vec<post_tags::ActiveModel> = plan
        .posts
        .iter()
        .zip(post_ids)
        .flat_map(|(post, &post_id)| {
            post.tags.iter().map(move |&tag| post_tags::ActiveModel {
                post_id: Set(post_id),
                tag_id: Set(tag_ids[tag as usize]),
            })
        })
        .collect();
    let count = rows.len();
    insert_in_transactions(db, rows).await?;
    Ok(count)
}
