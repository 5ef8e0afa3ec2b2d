//! `operator_claims`: Which operator took a waiting item of the queue.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "operator_claims")]
pub struct Model {
    /// BUSINESS or MEDIA_REQUEST.
    #[sea_orm(
        primary_key,
        auto_increment = false,
        column_type = "String(StringLen::N(32))"
    )]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub target_id: i64,
    pub member_id: i64,
    pub taken_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "Cascade"
    )]
    Member,
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
