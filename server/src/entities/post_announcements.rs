//! `post_announcements`: The durable queue of posts whose followers are to hear, one row a
//! post (see the migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "post_announcements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub post_id: i64,
    pub business_id: i64,
    pub public_at: DateTimeUtc,
    pub after_member: i64,
    pub notified: i64,
    pub claim: Option<i64>,
    pub claimed_until: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "String(StringLen::N(32))", nullable)]
    pub outcome: Option<String>,
    pub mailed: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::posts::Entity",
        from = "Column::PostId",
        to = "super::posts::Column::Id",
        on_delete = "Cascade"
    )]
    Post,
    #[sea_orm(
        belongs_to = "super::businesses::Entity",
        from = "Column::BusinessId",
        to = "super::businesses::Column::Id",
        on_delete = "Cascade"
    )]
    Business,
}

impl ActiveModelBehavior for ActiveModel {}
