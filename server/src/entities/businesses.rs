//! `businesses`: A business profile; `registration_number` is 10 digits without dashes.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "businesses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub industry: String,
    pub homepage: Option<String>,
    pub location: Option<String>,
    pub founded_year: Option<i32>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub employee_band: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(10))", unique)]
    pub registration_number: String,
    pub logo_upload_id: Option<i64>,
    pub cover_upload_id: Option<i64>,
    pub verified_at: Option<DateTimeUtc>,
    pub verified_by: Option<i64>,
    /// The operator's note on the last verification change.
    #[sea_orm(column_type = "Text")]
    pub verification_note: Option<String>,
    pub follower_count: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The master's choice: every member of the team has two-step sign-in before the console
    /// answers them.
    pub requires_two_step: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::VerifiedBy",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    VerifiedBy,
    #[sea_orm(has_many = "super::business_members::Entity")]
    BusinessMembers,
    #[sea_orm(has_many = "super::posts::Entity")]
    Posts,
    #[sea_orm(has_many = "super::follows::Entity")]
    Follows,
}

impl Related<super::business_members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::BusinessMembers.def()
    }
}

impl Related<super::posts::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Posts.def()
    }
}

impl Related<super::follows::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Follows.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
