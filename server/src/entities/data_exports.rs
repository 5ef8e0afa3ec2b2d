//! `data_exports`: A member's own data, made in the background and kept seven days (see the
//! migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "data_exports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    pub requested_at: DateTimeUtc,
    pub claimed_at: Option<DateTimeUtc>,
    pub ready_at: Option<DateTimeUtc>,
    pub expires_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub body: Option<String>,
    pub byte_size: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "Cascade"
    )]
    Member,
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
