//! `member_consents`: a member's answers to a consent, each with its date (see the
//! migration); the latest of a purpose stands.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "member_consents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    /// `NIGHT_PUSH` (`push::Consent`).
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub purpose: String,
    pub granted: bool,
    pub created_at: DateTimeUtc,
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
