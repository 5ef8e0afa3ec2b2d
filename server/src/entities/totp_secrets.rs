//! `totp_secrets`: a member's authenticator app: the sealed RFC 6238 secret, when the first
//! right code confirmed it, and the step of the last code taken (see the migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "totp_secrets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub member_id: i64,
    #[sea_orm(column_type = "String(StringLen::N(200))")]
    pub sealed_secret: String,
    pub confirmed_at: Option<DateTimeUtc>,
    pub last_step: i64,
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
