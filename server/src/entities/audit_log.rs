//! `audit_log`: What happened to a business's team and profile, and who did it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub business_id: Option<i64>,
    pub actor_member_id: Option<i64>,
    #[sea_orm(column_type = "String(StringLen::N(64))")]
    pub action: String,
    pub target_member_id: Option<i64>,
    pub target_email: Option<String>,
    pub detail: Option<Json>,
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
        from = "Column::ActorMemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Actor,
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::TargetMemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    TargetMember,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
