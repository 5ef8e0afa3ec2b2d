//! Indexes for the readings made every minute, so that none of them goes through a table:
//!
//! - **`idx_posts_catalogue`** (status, id, published_at, business_id, category_id,
//!   is_report, popular_score): the catalogue's reading of every visible post, a page at a
//!   time by id (at start and at each minute's refresh).
//! - **`idx_posts_popular`** (status, popular_score, business_id, published_at, created_at,
//!   viewer_count, bookmark_count; in place of `idx_posts_status_popular_score`, whose uses
//!   it serves): the roll-up's reading of the most popular posts, rescored for their age.
//! - **`idx_analytics_events_follows`** (business_id, day, member_id, guest_id, kind), only
//!   of the `follow` events: the roll-up's count of the followers each business gained,
//!   part of those posts' scores. It went through the (business_id, day) index to every
//!   event of those businesses (all of them, at 100,000 posts: the whole table, read in
//!   1.8 s through some 150 MB of page cache) to keep the few thousand follows.
//!
//! SQLite keeps a row's columns in the order of the table, and `posts` puts a post's body
//! (tens of KB, on overflow pages) before its status, dates, score and counters: reaching
//! those read the whole body. An index holds only its own columns. Both databases take a
//! partial index in the same words.

use crate::columns::index;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_index(catalogue_index()).await?;
        manager.create_index(popular_index()).await?;
        manager
            .drop_index(drop("idx_posts_status_popular_score"))
            .await?;
        manager
            .get_connection()
            .execute_unprepared(FOLLOWS_INDEX)
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(index(Posts::Table, [Posts::Status, Posts::PopularScore]))
            .await?;
        manager.drop_index(drop(CATALOGUE)).await?;
        manager.drop_index(drop(POPULAR)).await?;
        manager
            .get_connection()
            .execute_unprepared("DROP INDEX idx_analytics_events_follows")
            .await?;
        Ok(())
    }
}

/// `kind` closes the columns so that SQLite sees the index holds all the count reads.
const FOLLOWS_INDEX: &str = "CREATE INDEX idx_analytics_events_follows ON analytics_events \
     (business_id, day, member_id, guest_id, kind) WHERE kind = 'follow'";

const CATALOGUE: &str = "idx_posts_catalogue";
const POPULAR: &str = "idx_posts_popular";

fn catalogue_index() -> IndexCreateStatement {
    index(
        Posts::Table,
        [
            Posts::Status,
            Posts::Id,
            Posts::PublishedAt,
            Posts::BusinessId,
            Posts::CategoryId,
            Posts::IsReport,
            Posts::PopularScore,
        ],
    )
    .name(CATALOGUE)
    .to_owned()
}

fn popular_index() -> IndexCreateStatement {
    index(
        Posts::Table,
        [
            Posts::Status,
            Posts::PopularScore,
            Posts::BusinessId,
            Posts::PublishedAt,
            Posts::CreatedAt,
            Posts::ViewerCount,
            Posts::BookmarkCount,
        ],
    )
    .name(POPULAR)
    .to_owned()
}

fn drop(name: &str) -> IndexDropStatement {
    Index::drop().name(name).table(Posts::Table).to_owned()
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
    Status,
    PublishedAt,
    BusinessId,
    CategoryId,
    IsReport,
    PopularScore,
    CreatedAt,
    ViewerCount,
    BookmarkCount,
}
