//! `analytics_daily`: The daily (KST) roll-up per business (`post_id` NULL: the business total) and
//! per post.
//!
//! Unique on `(day, business_id, COALESCE(post_id, 0))`: a unique index treats NULLs as
//! distinct on both databases, so the business total is keyed by post 0, which no post has.
//! An upsert must name that same expression as its conflict target: use [`on_conflict`].

use sea_orm::entity::prelude::*;
use sea_orm::sea_query::OnConflict;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_daily")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(column_type = "String(StringLen::N(10))")]
    pub day: String,
    pub business_id: i64,
    pub post_id: Option<i64>,
    pub views: i64,
    pub unique_readers: i64,
    pub clicks: i64,
    pub bookmarks: i64,
    pub shares: i64,
    pub follows_gained: i64,
    pub read_throughs: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::businesses::Entity",
        from = "Column::BusinessId",
        to = "super::businesses::Column::Id",
        on_delete = "Cascade"
    )]
    Business,
    #[sea_orm(
        belongs_to = "super::posts::Entity",
        from = "Column::PostId",
        to = "super::posts::Column::Id",
        on_delete = "Cascade"
    )]
    Post,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl Related<super::posts::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Post.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// The conflict target matching the unique index `ux_analytics_daily_day_business_id_post_id`
/// on `(day, business_id, COALESCE(post_id, 0))`, for an upsert of a day's counters. The `0`
/// is written literally: a bound parameter would not match the index expression.
pub fn on_conflict() -> OnConflict {
    OnConflict::new()
        .exprs([
            Expr::col(Column::Day),
            Expr::col(Column::BusinessId),
            Expr::cust(r#"COALESCE("post_id", 0)"#),
        ])
        .to_owned()
}
