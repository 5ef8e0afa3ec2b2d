//! `push_deliveries`: the queue of pushes, one per subscription and post (see the migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subscription_id: i64,
    pub member_id: i64,
    pub post_id: i64,
    /// `push::Status`.
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub status: String,
    pub attempts: i32,
    /// When it may go: a night-time hold's 08:00 KST, a retry's pause, a claim's lease end.
    pub due_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "String(StringLen::N(500))", nullable)]
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::push_subscriptions::Entity",
        from = "Column::SubscriptionId",
        to = "super::push_subscriptions::Column::Id",
        on_delete = "Cascade"
    )]
    Subscription,
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "Cascade"
    )]
    Member,
    #[sea_orm(
        belongs_to = "super::posts::Entity",
        from = "Column::PostId",
        to = "super::posts::Column::Id",
        on_delete = "Cascade"
    )]
    Post,
}

impl ActiveModelBehavior for ActiveModel {}
