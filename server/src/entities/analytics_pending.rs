//! `analytics_pending`: a KST day and post and business with events the roll-up has yet to
//! recompute (`post_id`, `business_id` 0 when the events named none; `marks` the batches
//! that marked it since the roll-up last took it). See the migration.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_pending")]
pub struct Model {
    #[sea_orm(
        primary_key,
        auto_increment = false,
        column_type = "String(StringLen::N(10))"
    )]
    pub day: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub post_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub business_id: i64,
    pub marks: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
