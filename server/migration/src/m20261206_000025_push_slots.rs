//! A member's browsers with push on, numbered: `slot` is 0..19 for the 20 a member may have
//! (docs/notifications.md), unique per member. A new browser takes the lowest free slot in the
//! statement that inserts it, so the limit is held by the unique index however many requests
//! arrive at once, on one node or several; a count checked before the insert let 200
//! simultaneous subscriptions store 83 browsers. Rows already there are numbered by age (a
//! member who had more than 20 keeps them, numbered past the limit; none can be added until
//! fewer than 20 remain).

use crate::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::integer;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(PushSubscriptions::Table)
                    .add_column(integer(PushSubscriptions::Slot).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE push_subscriptions SET slot = (SELECT COUNT(*) FROM push_subscriptions AS older \
                 WHERE older.member_id = push_subscriptions.member_id AND older.id < push_subscriptions.id)",
            )
            .await?;
        manager
            .create_index(unique_index(
                PushSubscriptions::Table,
                [PushSubscriptions::MemberId, PushSubscriptions::Slot],
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("ux_push_subscriptions_member_id_slot")
                    .table(PushSubscriptions::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PushSubscriptions::Table)
                    .drop_column(PushSubscriptions::Slot)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum PushSubscriptions {
    Table,
    MemberId,
    Slot,
}
