//! `refresh_token_families`: One sign-in on one device; its rotated refresh tokens belong to it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "refresh_token_families")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    pub auto_login: bool,
    pub device: Option<Json>,
    pub password_checked_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub last_used_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
    pub revoked_reason: Option<String>,
    /// The known-device id (the `tmd` cookie's) the session signed in from.
    #[sea_orm(column_type = "String(StringLen::N(64))", nullable)]
    pub device_key: Option<String>,
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
    #[sea_orm(has_many = "super::refresh_tokens::Entity")]
    RefreshTokens,
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl Related<super::refresh_tokens::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::RefreshTokens.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
