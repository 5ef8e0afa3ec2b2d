//! `post_revisions`: What a post said after one of its content writes (create, edit,
//! restore); the newest 50 of a post are kept. `tags` is a JSON array of strings.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "post_revisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub post_id: i64,
    pub author_id: Option<i64>,
    #[sea_orm(column_type = "String(StringLen::N(100))")]
    pub title: String,
    #[sea_orm(column_type = "String(StringLen::N(300))")]
    pub summary: String,
    /// The sanitised HTML.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub category_id: i16,
    /// A JSON array of the tag names.
    #[sea_orm(column_type = "Text")]
    pub tags: String,
    pub cover_upload_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::posts::Entity",
        from = "Column::PostId",
        to = "super::posts::Column::Id",
        on_delete = "Cascade"
    )]
    Post,
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::AuthorId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Author,
    #[sea_orm(
        belongs_to = "super::uploads::Entity",
        from = "Column::CoverUploadId",
        to = "super::uploads::Column::Id",
        on_delete = "SetNull"
    )]
    Cover,
}

impl Related<super::posts::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Post.def()
    }
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Author.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
