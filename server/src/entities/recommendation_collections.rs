//! `recommendation_collections`: An operator-curated collection of posts.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recommendation_collections")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub title_ko: String,
    pub title_en: String,
    pub sort_order: i32,
    /// On the home page (only when published).
    pub published: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::recommendation_items::Entity")]
    RecommendationItems,
}

impl Related<super::recommendation_items::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::RecommendationItems.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
