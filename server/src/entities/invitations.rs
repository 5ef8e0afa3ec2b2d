//! `invitations`: A manager invitation (single-use token, stored hashed); `role` `BUSINESS_MASTER`
//! | `BUSINESS`.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::BusinessRole;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invitations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub business_id: i64,
    pub email: String,
    pub role: BusinessRole,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub invited_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub accepted_at: Option<DateTimeUtc>,
    pub accepted_by: Option<i64>,
    pub revoked_at: Option<DateTimeUtc>,
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
        from = "Column::InvitedBy",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    InvitedBy,
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::AcceptedBy",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    AcceptedBy,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
