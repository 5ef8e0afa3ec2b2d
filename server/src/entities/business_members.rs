//! `business_members`: Who manages a business; `role` `BUSINESS_MASTER` | `BUSINESS`. A member
//! manages at most one business.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::BusinessRole;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "business_members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub business_id: i64,
    #[sea_orm(unique)]
    pub member_id: i64,
    pub role: BusinessRole,
    pub created_at: DateTimeUtc,
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
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "Cascade"
    )]
    Member,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
