//! `analytics_events`: A raw analytics event (append-only, no foreign keys); see the migration for
//! `kind`, `device_type`, `device_os` and `detail`. `day` is the KST day, `yyyy-MM-dd`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub kind: String,
    pub post_id: Option<i64>,
    pub business_id: Option<i64>,
    pub member_id: Option<i64>,
    pub guest_id: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub device_type: String,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub device_os: Option<String>,
    pub browser: Option<String>,
    pub offset_minutes: i32,
    #[sea_orm(column_type = "String(StringLen::N(10))")]
    pub day: String,
    pub occurred_at: DateTimeUtc,
    /// A share's channel, a follow's or bookmark's source; null otherwise.
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub detail: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
