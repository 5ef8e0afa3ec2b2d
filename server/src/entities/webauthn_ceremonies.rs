//! `webauthn_ceremonies`: a passkey registration or assertion in flight, shared by every
//! process behind the site's address (see the migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webauthn_ceremonies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique, column_type = "String(StringLen::N(64))")]
    pub ceremony_hash: String,
    pub member_id: Option<i64>,
    /// `REGISTER` | `SIGN_IN` | `SECOND_STEP` | `PROOF`.
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub kind: String,
    #[sea_orm(column_type = "Text")]
    pub state: String,
    pub expires_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
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
