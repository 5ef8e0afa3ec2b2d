//! `media_request_history`: A status change of a media request, with who made it.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::MediaRequestStatus;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media_request_history")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub request_id: i64,
    pub status: MediaRequestStatus,
    #[sea_orm(column_type = "Text")]
    pub note: Option<String>,
    pub actor_member_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::media_requests::Entity",
        from = "Column::RequestId",
        to = "super::media_requests::Column::Id",
        on_delete = "Cascade"
    )]
    Request,
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::ActorMemberId",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    Actor,
}

impl Related<super::media_requests::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Request.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
