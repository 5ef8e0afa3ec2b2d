//! What the notices brought readers to (docs/notifications.md, "Businesses see it").
//!
//! - `notification_opens`: one row when a member first opened a post from its notice, per
//!   channel: `SITE` (the notice under the bell) or `EMAIL` (the post's link in a notice mail,
//!   which passes through the server). The unique index over (`post_id`, `member_id`,
//!   `channel`) counts a member once however often they click. The console counts these rows
//!   per post; the member's erasure deletes theirs.

use crate::columns::{at, code, foreign_key, id, unique_index};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(NotificationOpens::Table)
                    .col(id(NotificationOpens::Id))
                    .col(big_integer(NotificationOpens::PostId))
                    .col(big_integer(NotificationOpens::MemberId))
                    .col(code(NotificationOpens::Channel))
                    .col(at(NotificationOpens::CreatedAt))
                    .foreign_key(&mut foreign_key(
                        NotificationOpens::Table,
                        NotificationOpens::PostId,
                        Posts::Table,
                        Posts::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        NotificationOpens::Table,
                        NotificationOpens::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                NotificationOpens::Table,
                [
                    NotificationOpens::PostId,
                    NotificationOpens::MemberId,
                    NotificationOpens::Channel,
                ],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(NotificationOpens::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum NotificationOpens {
    Table,
    Id,
    PostId,
    MemberId,
    Channel,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}
