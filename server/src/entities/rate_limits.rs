//! `rate_limits`: A shared rate limit's counter on PostgreSQL (`key` `<limit>:<key>`,
//! `tat_ms` the theoretical arrival time in ms since the epoch).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limits")]
pub struct Model {
    #[sea_orm(
        primary_key,
        auto_increment = false,
        column_type = "String(StringLen::N(300))"
    )]
    pub key: String,
    pub tat_ms: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
