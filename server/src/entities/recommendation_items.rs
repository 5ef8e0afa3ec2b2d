//! `recommendation_items`: A post in a collection, at `position` (ascending).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recommendation_items")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub collection_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub post_id: i64,
    pub position: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::recommendation_collections::Entity",
        from = "Column::CollectionId",
        to = "super::recommendation_collections::Column::Id",
        on_delete = "Cascade"
    )]
    Collection,
    #[sea_orm(
        belongs_to = "super::posts::Entity",
        from = "Column::PostId",
        to = "super::posts::Column::Id",
        on_delete = "Cascade"
    )]
    Post,
}

impl Related<super::recommendation_collections::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Collection.def()
    }
}

impl Related<super::posts::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Post.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
