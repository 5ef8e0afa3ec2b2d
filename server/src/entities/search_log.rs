//! `search_log`: A search, for the popular searches of the day (a log: no foreign keys).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "search_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub query: String,
    pub normalized: String,
    pub member_id: Option<i64>,
    pub guest_id: Option<String>,
    pub result_count: i32,
    /// A keyed hash of the visitor, new each KST day (see the migration); null when the
    /// server could not vouch for the visitor.
    #[sea_orm(column_type = "String(StringLen::N(64))", nullable)]
    pub visitor: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
