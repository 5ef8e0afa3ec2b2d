//! Reader engagement (follows, bookmarks) and analytics: the raw event log and the daily
//! roll-up per business and per post.

use sea_orm_migration::{prelude::*, schema::*};

use crate::columns::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// One row per (day, business, post), where a NULL `post_id` is the business-level total.
///
/// A plain `UNIQUE (day, business_id, post_id)` would not do: both SQLite and PostgreSQL
/// treat NULLs as distinct in a unique index, so two "total" rows of one business and day
/// could coexist (PostgreSQL 15's `NULLS NOT DISTINCT` does not exist on SQLite). Post ids
/// start at 1, so the unique index is on `COALESCE(post_id, 0)` instead: the same statement
/// works on both databases (SQLite ≥ 3.9 indexes expressions), the table keeps a real
/// foreign key on `post_id`, and an upsert names the same expression as its conflict
/// target (`tidemark_server::entities::analytics_daily::on_conflict`). sea-query cannot
/// write an expression index for SQLite, hence the raw SQL.
const ANALYTICS_DAILY_UNIQUE: &str = concat!(
    r#"CREATE UNIQUE INDEX "ux_analytics_daily_day_business_id_post_id" "#,
    r#"ON "analytics_daily" ("day", "business_id", COALESCE("post_id", 0))"#,
);

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        create_tables(
            manager,
            vec![
                (
                    follows(),
                    vec![
                        unique_index(Follows::Table, [Follows::MemberId, Follows::BusinessId]),
                        index(Follows::Table, [Follows::BusinessId, Follows::CreatedAt]),
                    ],
                ),
                (
                    bookmarks(),
                    vec![
                        unique_index(Bookmarks::Table, [Bookmarks::MemberId, Bookmarks::PostId]),
                        index(Bookmarks::Table, [Bookmarks::PostId]),
                    ],
                ),
                (
                    analytics_events(),
                    vec![
                        index(
                            AnalyticsEvents::Table,
                            [AnalyticsEvents::BusinessId, AnalyticsEvents::Day],
                        ),
                        index(
                            AnalyticsEvents::Table,
                            [AnalyticsEvents::PostId, AnalyticsEvents::Day],
                        ),
                        index(
                            AnalyticsEvents::Table,
                            [AnalyticsEvents::Kind, AnalyticsEvents::Day],
                        ),
                    ],
                ),
                (analytics_daily(), vec![]),
            ],
        )
        .await?;
        manager
            .get_connection()
            .execute_unprepared(ANALYTICS_DAILY_UNIQUE)
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                AnalyticsDaily::Table.into_iden(),
                AnalyticsEvents::Table.into_iden(),
                Bookmarks::Table.into_iden(),
                Follows::Table.into_iden(),
            ],
        )
        .await
    }
}

/// A reader follows a business, once.
/// `source`: `Follow_Content` | `Follow_ContentList` | `Follow_CorpProfile`.
fn follows() -> TableCreateStatement {
    Table::create()
        .table(Follows::Table)
        .col(id(Follows::Id))
        .col(big_integer(Follows::MemberId))
        .col(big_integer(Follows::BusinessId))
        .col(code(Follows::Source))
        .col(at(Follows::CreatedAt))
        .foreign_key(&mut foreign_key(
            Follows::Table,
            Follows::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            Follows::Table,
            Follows::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// A reader bookmarks a post, once. `source`: `Bookmark_Content` | `Bookmark_ContentList`.
fn bookmarks() -> TableCreateStatement {
    Table::create()
        .table(Bookmarks::Table)
        .col(id(Bookmarks::Id))
        .col(big_integer(Bookmarks::MemberId))
        .col(big_integer(Bookmarks::PostId))
        .col(code(Bookmarks::Source))
        .col(at(Bookmarks::CreatedAt))
        .foreign_key(&mut foreign_key(
            Bookmarks::Table,
            Bookmarks::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            Bookmarks::Table,
            Bookmarks::PostId,
            Posts::Table,
            Posts::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// The raw analytics event log, append-only. It has no foreign keys on purpose: events
/// keep their history when what they mention is deleted, and writing one checks nothing.
/// - `kind`: `visit` | `click` | `view` | `follow` | `unfollow` | `bookmark` |
///   `unbookmark` | `share` | `read_through`.
/// - `device_type`: `TABLET` | `MOBILE` | `PC` | `APP`; `device_os`: `WINDOWS` | `MAC` |
///   `LINUX` | `AOS` | `IOS`.
/// - `offset_minutes`: the reader's time-zone offset as sent in `_off_set`.
/// - `day`: the KST day of `occurred_at`, `yyyy-MM-dd`.
fn analytics_events() -> TableCreateStatement {
    Table::create()
        .table(AnalyticsEvents::Table)
        .col(id(AnalyticsEvents::Id))
        .col(code(AnalyticsEvents::Kind))
        .col(big_integer_null(AnalyticsEvents::PostId))
        .col(big_integer_null(AnalyticsEvents::BusinessId))
        .col(big_integer_null(AnalyticsEvents::MemberId))
        .col(string_null(AnalyticsEvents::GuestId))
        .col(code(AnalyticsEvents::DeviceType))
        .col(code_null(AnalyticsEvents::DeviceOs))
        .col(string_null(AnalyticsEvents::Browser))
        .col(integer(AnalyticsEvents::OffsetMinutes))
        .col(kst_day(AnalyticsEvents::Day))
        .col(at(AnalyticsEvents::OccurredAt))
        .to_owned()
}

/// The daily roll-up (KST days) per business (`post_id` NULL: the business total) and per
/// post; see [`ANALYTICS_DAILY_UNIQUE`] for how a row is kept unique.
fn analytics_daily() -> TableCreateStatement {
    Table::create()
        .table(AnalyticsDaily::Table)
        .col(id(AnalyticsDaily::Id))
        .col(kst_day(AnalyticsDaily::Day))
        .col(big_integer(AnalyticsDaily::BusinessId))
        .col(big_integer_null(AnalyticsDaily::PostId))
        .col(counter(AnalyticsDaily::Views))
        .col(counter(AnalyticsDaily::UniqueReaders))
        .col(counter(AnalyticsDaily::Clicks))
        .col(counter(AnalyticsDaily::Bookmarks))
        .col(counter(AnalyticsDaily::Shares))
        .col(counter(AnalyticsDaily::FollowsGained))
        .col(counter(AnalyticsDaily::ReadThroughs))
        .foreign_key(&mut foreign_key(
            AnalyticsDaily::Table,
            AnalyticsDaily::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            AnalyticsDaily::Table,
            AnalyticsDaily::PostId,
            Posts::Table,
            Posts::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Businesses {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Follows {
    Table,
    Id,
    MemberId,
    BusinessId,
    Source,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Bookmarks {
    Table,
    Id,
    MemberId,
    PostId,
    Source,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AnalyticsEvents {
    Table,
    Id,
    Kind,
    PostId,
    BusinessId,
    MemberId,
    GuestId,
    DeviceType,
    DeviceOs,
    Browser,
    OffsetMinutes,
    Day,
    OccurredAt,
}

#[derive(DeriveIden)]
enum AnalyticsDaily {
    Table,
    Id,
    Day,
    BusinessId,
    PostId,
    Views,
    UniqueReaders,
    Clicks,
    Bookmarks,
    Shares,
    FollowsGained,
    ReadThroughs,
}
