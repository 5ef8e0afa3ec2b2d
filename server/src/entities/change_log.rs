//! `change_log`: A write other server processes must follow; `kind` POST | BUSINESS |
//! CATALOG, `entity_id` the post's or business's id, `node` the process that wrote it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "change_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub kind: String,
    pub entity_id: Option<i64>,
    #[sea_orm(column_type = "String(StringLen::N(40))", nullable)]
    pub node: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
