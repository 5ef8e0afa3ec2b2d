//! The catalogue's reading of the database: the visible posts' rows a page at a time, and
//! their tags.

use super::entries::{Entries, Entry};
use crate::entities::{post_tags, posts};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use std::collections::HashMap;

/// The condition of a post anyone may see: published, and its time has come. A scheduled
/// post is invisible everywhere before its time, whatever else lags.
pub fn visible() -> Condition {
    Condition::all()
        .add(posts::Column::Status.eq(posts::PostStatus::Published))
        .add(posts::Column::PublishedAt.lte(Utc::now()))
}

#[derive(sea_orm::FromQueryResult)]
pub(super) struct Row {
    pub id: i64,
    pub business_id: i64,
    pub category_id: i16,
    pub is_report: bool,
    pub popular_score: f64,
    pub published_at: Option<chrono::DateTime<Utc>>,
}

/// Rows read per statement when the whole catalogue is read. A driver holds every row of an
/// answer until the answer is turned into entries (SQLite's copies of the values live in its
/// own heap, glibc's, and the driver's rows in the connection thread's): reading a million
/// posts in one statement held about 850 MB for a moment, at start and at every minute's
/// refresh. Pages of 20,000 rows still made the minute's refresh fault in some 40 MB at
/// 100,000 posts, given back only seconds later; a page of 2,000 holds about 1.5 MB, and
/// each statement finds its first row through the index.
const READ_PAGE: usize = 2_000;

/// Every visible post as the catalogue holds it, its tags read for a page of posts at a time.
pub(super) async fn load_entries(db: &DatabaseConnection) -> Result<Entries, DbErr> {
    let mut entries = Entries::default();
    let mut pages = VisiblePages::default();
    while let Some(page) = pages.next(db).await? {
        let (first, last) = (page[0].id, page[page.len() - 1].id);
        let tags = tags_of(db, Posts::Between(first, last)).await?;
        for entry in page.iter().filter_map(entry) {
            let of_post = tags.get(&entry.id).map_or(&[][..], Vec::as_slice);
            entries.push(entry, of_post);
        }
    }
    Ok(entries)
}

/// The visible posts a page at a time, in id order (a keyset: each page starts after the
/// last id of the one before).
pub(super) struct VisiblePages {
    /// The last id read; `None` once a page came back short.
    after: Option<i64>,
}

impl Default for VisiblePages {
    fn default() -> Self {
        VisiblePages {
            after: Some(i64::MIN),
        }
    }
}

impl VisiblePages {
    /// The next page, never empty; `None` after the last.
    pub async fn next(&mut self, db: &DatabaseConnection) -> Result<Option<Vec<Row>>, DbErr> {
        let Some(after) = self.after else {
            return Ok(None);
        };
        let page = visible_page(db, after).await?;
        self.after = match page.last() {
            Some(last) if page.len() == READ_PAGE => Some(last.id),
            _ => None,
        };
        Ok(Some(page).filter(|page| !page.is_empty()))
    }
}

pub(super) fn entry(row: &Row) -> Option<Entry> {
    Some(Entry::new(
        row.id,
        row.business_id,
        row.category_id,
        row.is_report,
        row.popular_score,
        row.published_at?.timestamp_millis(),
    ))
}

/// A visible post's row.
fn visible_posts() -> sea_orm::Select<posts::Entity> {
    posts::Entity::find()
        .select_only()
        .columns([
            posts::Column::Id,
            posts::Column::BusinessId,
            posts::Column::CategoryId,
            posts::Column::IsReport,
            posts::Column::PopularScore,
            posts::Column::PublishedAt,
        ])
        .filter(visible())
}

/// The visible post `id`, if it is.
pub(super) async fn visible_row(db: &DatabaseConnection, id: i64) -> Result<Option<Row>, DbErr> {
    visible_posts()
        .filter(posts::Column::Id.eq(id))
        .into_model::<Row>()
        .one(db)
        .await
}

/// The next visible posts after `after`, by id: at most a page.
async fn visible_page(db: &DatabaseConnection, after: i64) -> Result<Vec<Row>, DbErr> {
    visible_page_after(after).into_model::<Row>().all(db).await
}

/// The statement of [`visible_page`]. Every column it names is in the index
/// `idx_posts_catalogue`, so the reading never reaches the posts' rows (whose bodies come
/// first in SQLite: reaching the score behind them read the whole body).
fn visible_page_after(after: i64) -> sea_orm::Select<posts::Entity> {
    visible_posts()
        .filter(posts::Column::Id.gt(after))
        .order_by_asc(posts::Column::Id)
        .limit(READ_PAGE as u64)
}

/// Whose tags are read.
pub(super) enum Posts {
    One(i64),
    /// Ids from the first to the last, both included.
    Between(i64, i64),
}

pub(super) async fn tags_of(
    db: &DatabaseConnection,
    posts: Posts,
) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    let query = match posts {
        Posts::One(id) => post_tags::Entity::find().filter(post_tags::Column::PostId.eq(id)),
        Posts::Between(first, last) => {
            post_tags::Entity::find().filter(post_tags::Column::PostId.between(first, last))
        }
    };
    let mut tags: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in query.all(db).await? {
        tags.entry(row.post_id).or_default().push(row.tag_id);
    }
    Ok(tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The minute's reading of every visible post stays within an index: in SQLite the
    /// posts' bodies come before their status, date and score in each row, and reading
    /// those through the rows read every body (some 60 MB of page cache each minute at
    /// 100,000 posts).
    #[tokio::test]
    async fn the_visible_posts_are_read_from_an_index_alone() {
        use sea_orm::QueryTrait;
        let (_dir, db) = crate::db::migrated_sqlite().await;
        let statement = visible_page_after(0).build(sea_orm::DbBackend::Sqlite);
        let plan = crate::db::query_plan(&db, statement).await.unwrap();
        assert!(
            plan.contains("USING COVERING INDEX idx_posts_catalogue"),
            "{plan}"
        );
    }
}
