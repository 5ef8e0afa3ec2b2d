//! `posts`: A post of a business; `status` `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` |
//! `REMOVED`.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::PostStatus;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "posts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub business_id: i64,
    pub author_member_id: Option<i64>,
    pub category_id: i16,
    #[sea_orm(column_type = "String(StringLen::N(100))")]
    pub title: String,
    #[sea_orm(column_type = "String(StringLen::N(300))")]
    pub summary: String,
    pub cover_upload_id: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub body_html: String,
    #[sea_orm(column_type = "Text")]
    pub body_text: String,
    pub is_report: bool,
    pub report_upload_id: Option<i64>,
    pub series_order: Option<i32>,
    pub status: PostStatus,
    pub publish_at: Option<DateTimeUtc>,
    pub published_at: Option<DateTimeUtc>,
    pub removed_reason: Option<String>,
    pub view_count: i64,
    /// Distinct visitors who viewed it, ever (the popular score's views).
    pub viewer_count: i64,
    pub unique_reader_count: i64,
    pub click_count: i64,
    pub bookmark_count: i64,
    pub share_count: i64,
    pub popular_score: f64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The number of the post's content writes (create, edit, restore): 1 for a new post.
    pub version: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::businesses::Entity",
        from = "Column::BusinessId",
        to = "super::businesses::Column::Id",
        on_delete = "Cascade"
    )]
    Business,
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::AuthorMemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Author,
    #[sea_orm(
        belongs_to = "super::categories::Entity",
        from = "Column::CategoryId",
        to = "super::categories::Column::Id",
        on_delete = "Restrict"
    )]
    Category,
    #[sea_orm(has_many = "super::bookmarks::Entity")]
    Bookmarks,
    #[sea_orm(has_many = "super::post_tags::Entity")]
    PostTags,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl Related<super::categories::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Category.def()
    }
}

impl Related<super::bookmarks::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Bookmarks.def()
    }
}

impl Related<super::post_tags::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::PostTags.def()
    }
}

impl Related<super::tags::Entity> for Entity {
    fn to() -> RelationDef {
        super::post_tags::Relation::Tag.def()
    }

    fn via() -> Option<RelationDef> {
        Some(super::post_tags::Relation::Post.def().rev())
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// Whether a post of `status`, published at `published_at`, is public at `now`.
pub fn is_public(status: PostStatus, published_at: Option<DateTimeUtc>, now: DateTimeUtc) -> bool {
    status == PostStatus::Published && published_at.is_some_and(|at| at <= now)
}
