//! `passkeys`: a member's WebAuthn credentials, each with the member's name for it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "passkeys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    #[sea_orm(unique, column_type = "String(StringLen::N(1400))")]
    pub credential_id: String,
    #[sea_orm(column_type = "String(StringLen::N(60))")]
    pub name: String,
    /// The WebAuthn library's record of the credential (its public key and counter), JSON.
    #[sea_orm(column_type = "Text")]
    pub credential: String,
    pub created_at: DateTimeUtc,
    pub last_used_at: Option<DateTimeUtc>,
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
