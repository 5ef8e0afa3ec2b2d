//! `job_runs`: Which process claimed a periodic job's period (one per job and period).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_runs")]
pub struct Model {
    #[sea_orm(
        primary_key,
        auto_increment = false,
        column_type = "String(StringLen::N(32))"
    )]
    pub job: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub period: i64,
    #[sea_orm(column_type = "String(StringLen::N(40))", nullable)]
    pub node: Option<String>,
    pub started_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
