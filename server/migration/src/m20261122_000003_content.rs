//! Content: the nine fixed categories (seeded here), posts, tags and the operator-curated
//! recommendation collections.

use sea_orm_migration::{prelude::*, schema::*};

use crate::codes::PostStatus;
use crate::columns::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The categories of PRODUCT.md "Categories": id, key, Korean and English names. The ids
/// are part of the product (URLs, analytics) and never change.
const CATEGORIES: [(i16, &str, &str, &str); 9] = [
    (1, "insights", "인사이트", "Insights"),
    (2, "success-stories", "성공 사례", "Success stories"),
    (3, "products", "제품 소식", "Products"),
    (4, "culture", "기업 문화", "Company culture"),
    (5, "recruiting", "채용", "Recruiting"),
    (6, "notices", "공지사항", "Notices"),
    (7, "press", "보도자료", "Press releases"),
    (8, "original-series", "오리지널 시리즈", "Original series"),
    (9, "plus-series", "플러스 시리즈", "Plus series"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_table(categories()).await?;
        manager.exec_stmt(seed_categories()).await?;
        create_tables(
            manager,
            vec![
                (
                    posts(),
                    vec![
                        index(Posts::Table, [Posts::Status, Posts::PublishedAt]),
                        index(
                            Posts::Table,
                            [Posts::CategoryId, Posts::Status, Posts::PublishedAt],
                        ),
                        index(
                            Posts::Table,
                            [Posts::BusinessId, Posts::Status, Posts::PublishedAt],
                        ),
                        index(Posts::Table, [Posts::Status, Posts::PopularScore]),
                    ],
                ),
                (tags(), vec![]),
                (post_tags(), vec![index(PostTags::Table, [PostTags::TagId])]),
                (recommendation_collections(), vec![]),
                (
                    recommendation_items(),
                    vec![index(
                        RecommendationItems::Table,
                        [RecommendationItems::PostId],
                    )],
                ),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                RecommendationItems::Table.into_iden(),
                RecommendationCollections::Table.into_iden(),
                PostTags::Table.into_iden(),
                Tags::Table.into_iden(),
                Posts::Table.into_iden(),
                Categories::Table.into_iden(),
            ],
        )
        .await
    }
}

/// A content category. The id is a fixed small integer, not auto-increment: the rows are
/// the product's and are seeded by this migration.
fn categories() -> TableCreateStatement {
    Table::create()
        .table(Categories::Table)
        .col(small_integer(Categories::Id).primary_key())
        .col(string_len_uniq(Categories::Key, 32))
        .col(string(Categories::NameKo))
        .col(string(Categories::NameEn))
        .col(integer(Categories::SortOrder))
        .to_owned()
}

fn seed_categories() -> InsertStatement {
    let mut insert = Query::insert();
    insert.into_table(Categories::Table).columns([
        Categories::Id,
        Categories::Key,
        Categories::NameKo,
        Categories::NameEn,
        Categories::SortOrder,
    ]);
    for (id, key, name_ko, name_en) in CATEGORIES {
        insert.values_panic([
            id.into(),
            key.into(),
            name_ko.into(),
            name_en.into(),
            i32::from(id).into(),
        ]);
    }
    insert
}

/// A post of a business.
/// - `title` ≤ 100 and `summary` ≤ 300 characters; `body_html` is the sanitised body,
///   `body_text` its plain text for search and previews.
/// - `status`: `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`; `publish_at` is
///   the scheduled time, `published_at` when it went public, `removed_reason` the
///   operator's reason for `REMOVED`.
/// - `series_order`: the position in series categories 8 and 9.
/// - `cover_upload_id`, `report_upload_id` (the report's PDF): ids in `uploads`, without a
///   foreign key because `uploads` comes in a later migration.
/// - `author_member_id` is SET NULL when the author's account goes; the post stays with
///   its business.
/// - The counters and `popular_score` are maintained by the analytics roll-up.
fn posts() -> TableCreateStatement {
    Table::create()
        .table(Posts::Table)
        .col(id(Posts::Id))
        .col(big_integer(Posts::BusinessId))
        .col(big_integer_null(Posts::AuthorMemberId))
        .col(small_integer(Posts::CategoryId))
        .col(string_len(Posts::Title, 100))
        .col(string_len(Posts::Summary, 300))
        .col(big_integer_null(Posts::CoverUploadId))
        .col(text(Posts::BodyHtml))
        .col(text(Posts::BodyText))
        .col(flag(Posts::IsReport))
        .col(big_integer_null(Posts::ReportUploadId))
        .col(integer_null(Posts::SeriesOrder))
        .col(code_default(Posts::Status, PostStatus::Draft))
        .col(at_null(Posts::PublishAt))
        .col(at_null(Posts::PublishedAt))
        .col(string_null(Posts::RemovedReason))
        .col(counter(Posts::ViewCount))
        .col(counter(Posts::UniqueReaderCount))
        .col(counter(Posts::ClickCount))
        .col(counter(Posts::BookmarkCount))
        .col(counter(Posts::ShareCount))
        .col(double(Posts::PopularScore).default(0.0))
        .col(at(Posts::CreatedAt))
        .col(at(Posts::UpdatedAt))
        .foreign_key(&mut foreign_key(
            Posts::Table,
            Posts::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            Posts::Table,
            Posts::AuthorMemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .foreign_key(&mut foreign_key(
            Posts::Table,
            Posts::CategoryId,
            Categories::Table,
            Categories::Id,
            ForeignKeyAction::Restrict,
        ))
        .to_owned()
}

/// A tag, by its normalised name.
fn tags() -> TableCreateStatement {
    Table::create()
        .table(Tags::Table)
        .col(id(Tags::Id))
        .col(string_uniq(Tags::Name))
        .to_owned()
}

/// The tags of a post (at most 10, enforced by the service).
fn post_tags() -> TableCreateStatement {
    Table::create()
        .table(PostTags::Table)
        .col(big_integer(PostTags::PostId))
        .col(big_integer(PostTags::TagId))
        .primary_key(Index::create().col(PostTags::PostId).col(PostTags::TagId))
        .foreign_key(&mut foreign_key(
            PostTags::Table,
            PostTags::PostId,
            Posts::Table,
            Posts::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            PostTags::Table,
            PostTags::TagId,
            Tags::Table,
            Tags::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// An operator-curated collection of posts shown on the home page.
fn recommendation_collections() -> TableCreateStatement {
    Table::create()
        .table(RecommendationCollections::Table)
        .col(id(RecommendationCollections::Id))
        .col(string(RecommendationCollections::TitleKo))
        .col(string(RecommendationCollections::TitleEn))
        .col(integer(RecommendationCollections::SortOrder))
        .col(at(RecommendationCollections::CreatedAt))
        .col(at(RecommendationCollections::UpdatedAt))
        .to_owned()
}

/// A post in a collection, at `position` (ascending).
fn recommendation_items() -> TableCreateStatement {
    Table::create()
        .table(RecommendationItems::Table)
        .col(big_integer(RecommendationItems::CollectionId))
        .col(big_integer(RecommendationItems::PostId))
        .col(integer(RecommendationItems::Position))
        .primary_key(
            Index::create()
                .col(RecommendationItems::CollectionId)
                .col(RecommendationItems::PostId),
        )
        .foreign_key(&mut foreign_key(
            RecommendationItems::Table,
            RecommendationItems::CollectionId,
            RecommendationCollections::Table,
            RecommendationCollections::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            RecommendationItems::Table,
            RecommendationItems::PostId,
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
enum Categories {
    Table,
    Id,
    Key,
    NameKo,
    NameEn,
    SortOrder,
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
    BusinessId,
    AuthorMemberId,
    CategoryId,
    Title,
    Summary,
    CoverUploadId,
    BodyHtml,
    BodyText,
    IsReport,
    ReportUploadId,
    SeriesOrder,
    Status,
    PublishAt,
    PublishedAt,
    RemovedReason,
    ViewCount,
    UniqueReaderCount,
    ClickCount,
    BookmarkCount,
    ShareCount,
    PopularScore,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
    Name,
}

#[derive(DeriveIden)]
enum PostTags {
    Table,
    PostId,
    TagId,
}

#[derive(DeriveIden)]
enum RecommendationCollections {
    Table,
    Id,
    TitleKo,
    TitleEn,
    SortOrder,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum RecommendationItems {
    Table,
    CollectionId,
    PostId,
    Position,
}
