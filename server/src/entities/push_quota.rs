//! `push_quota`: pushes sent to a member on a Korean day (see the migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_quota")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    /// `yyyy-MM-dd` in KST.
    #[sea_orm(column_type = "String(StringLen::N(10))")]
    pub day: String,
    pub used: i64,
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

impl ActiveModelBehavior for ActiveModel {}
