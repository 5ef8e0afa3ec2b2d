//! `oauth_states`: The `state` of an OAuth authorisation in flight; `purpose` `signin` | `join` |
//! `auth`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "oauth_states")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub state: String,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub provider: String,
    pub code_verifier: Option<String>,
    pub redirect_uri: String,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub purpose: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub consumed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
