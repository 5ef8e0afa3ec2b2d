//! `mail_suppressions`: Addresses that bounced; no notice mail goes to them
//! (see the migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_suppressions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(column_type = "String(StringLen::N(320))")]
    pub address: String,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub reason: String,
    #[sea_orm(column_type = "String(StringLen::N(500))", nullable)]
    pub detail: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
