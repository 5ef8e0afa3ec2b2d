//! `uploads`: A business's link to a stored file (unique per business and storage key: the
//! same bytes uploaded by two businesses are one object and two rows); `kind` `image` | `pdf`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "uploads")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub owner_member_id: Option<i64>,
    pub business_id: Option<i64>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub kind: String,
    pub content_type: String,
    pub storage_key: String,
    pub byte_size: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub sha256: String,
    pub original_name: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::OwnerMemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Owner,
    #[sea_orm(
        belongs_to = "super::businesses::Entity",
        from = "Column::BusinessId",
        to = "super::businesses::Column::Id",
        on_delete = "Cascade"
    )]
    Business,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
