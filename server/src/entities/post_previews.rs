//! `post_previews`: A link that shows a post before it is public (`/preview/{token}`); the
//! token is stored as its SHA-256 (hex). Works until `expires_at` or `revoked_at`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "post_previews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub post_id: i64,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
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
        from = "Column::CreatedBy",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    CreatedBy,
}

impl Related<super::posts::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Post.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
