//! `media_requests`: A media-publication request; `status` `REQUESTED` | `IN_REVIEW` | `PUBLISHED`
//! | `REJECTED`. `media_types`, `attachment_ids` (upload ids) and `links` are JSON arrays.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::MediaRequestStatus;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub business_id: i64,
    pub requested_by: Option<i64>,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub desired_date: Option<Date>,
    /// `HH:mm`, Korean time.
    #[sea_orm(column_type = "String(StringLen::N(5))", nullable)]
    pub desired_time: Option<String>,
    pub media_types: Json,
    pub attachment_ids: Json,
    pub status: MediaRequestStatus,
    pub reject_reason: Option<String>,
    pub links: Option<Json>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
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
        belongs_to = "super::members::Entity",
        from = "Column::RequestedBy",
        to = "super::members::Column::Id",
        on_delete = "SetNull"
    )]
    RequestedBy,
    #[sea_orm(has_many = "super::media_request_history::Entity")]
    History,
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl Related<super::media_request_history::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::History.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
