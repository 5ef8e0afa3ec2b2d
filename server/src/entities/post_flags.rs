//! `post_flags`: A reader's flag on a post (something is wrong with it); `reason` a [`FlagReason`],
//! `status` a [`FlagStatus`] (one OPEN report per member and post).

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::{FlagReason, FlagStatus};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "post_flags")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub post_id: i64,
    pub member_id: Option<i64>,
    pub reason: FlagReason,
    #[sea_orm(column_type = "Text", nullable)]
    pub detail: Option<String>,
    pub status: FlagStatus,
    pub created_at: DateTimeUtc,
    pub decided_at: Option<DateTimeUtc>,
    pub decided_by: Option<i64>,
    #[sea_orm(column_type = "Text", nullable)]
    pub decision_note: Option<String>,
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
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Member,
}

impl Related<super::posts::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Post.def()
    }
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
