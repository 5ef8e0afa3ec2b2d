//! `push_subscriptions`: a browser a member turned push notifications on in (see the
//! migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_subscriptions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    /// The push service's address for this browser (an allowed push service's HTTPS origin).
    #[sea_orm(column_type = "String(StringLen::N(1000))")]
    pub endpoint: String,
    /// The browser's P-256 public key, base64url (RFC 8291).
    #[sea_orm(column_type = "String(StringLen::N(200))")]
    pub p256dh: String,
    /// The browser's authentication secret, base64url (RFC 8291).
    #[sea_orm(column_type = "String(StringLen::N(100))")]
    pub auth: String,
    /// Which of the member's places the browser holds, 0 to 19: unique per member, so the
    /// limit of browsers holds however many subscribe at once (see the migration).
    pub slot: i32,
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
