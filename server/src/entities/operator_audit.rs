//! `operator_audit`: What an operator did, who and when; append-only (the database refuses
//! an edit or a deletion of a row).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "operator_audit")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub actor_member_id: Option<i64>,
    #[sea_orm(column_type = "String(StringLen::N(320))")]
    pub actor_email: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub action: String,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub target_kind: String,
    pub target_id: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub note: Option<String>,
    pub detail: Option<Json>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
