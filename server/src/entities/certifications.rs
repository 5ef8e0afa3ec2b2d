//! `certifications`: An identity certification; `provider` `portone` | `local`, `purpose` `join` |
//! `password` | `change` | `account`, `status` `REQUESTED` | `COMPLETED` | `FAILED` | `CANCELLED`.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::CertificationStatus;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "certifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub certify_no: String,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub provider: String,
    pub provider_uid: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub purpose: String,
    pub status: CertificationStatus,
    pub name: Option<String>,
    pub phone: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(10))")]
    pub birth_date: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub gender: Option<String>,
    pub person_key: Option<String>,
    pub member_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Member,
}

impl ActiveModelBehavior for ActiveModel {}
