//! Followers hear about new posts (PRODUCT "Notifications"; docs/notifications.md).
//!
//! - `notifications`: what a member sees under the bell, kept 90 days. `kind` is one of
//!   `new_post`, `report_reply`, `invitation`, `verification`, `media_request`; `business_id`
//!   and `post_id` say what it is about, `detail` a short word of the outcome (`APPROVED`,
//!   `REJECTED`, …) where the kind has one; `read_at` is null until the member read it. A
//!   member hears of a new post once: the unique index over (`member_id`, `post_id`) of the
//!   `new_post` rows refuses a second, so a fan-out taken up again after its process died
//!   adds no duplicate.
//! - `post_announcements`: the durable queue of posts whose followers are to hear, one row a
//!   post, written in the transaction that makes the post public (so never before its time).
//!   `after_member` is how far the fan-out has come through the followers (member ids in
//!   order), moved in the same transaction as the rows it added; `claim` and `claimed_until`
//!   are the lease of the process working on it; `finished_at` and `outcome` (`SENT`, or
//!   `WITHDRAWN` when the post left the public before its followers all heard) close it;
//!   `notified` counts the rows added.
//! - `follows` gains an index over (`business_id`, `member_id`): the fan-out walks a
//!   business's followers in member order.

use crate::columns::{at, at_null, code, code_null, counter, foreign_key, id, index, unique_index};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Notifications::Table)
                    .col(id(Notifications::Id))
                    .col(big_integer(Notifications::MemberId))
                    .col(code(Notifications::Kind))
                    .col(big_integer_null(Notifications::BusinessId))
                    .col(big_integer_null(Notifications::PostId))
                    .col(string_len_null(Notifications::Detail, 200))
                    .col(at(Notifications::CreatedAt))
                    .col(at_null(Notifications::ReadAt))
                    .foreign_key(&mut foreign_key(
                        Notifications::Table,
                        Notifications::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        Notifications::Table,
                        Notifications::BusinessId,
                        Businesses::Table,
                        Businesses::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        Notifications::Table,
                        Notifications::PostId,
                        Posts::Table,
                        Posts::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        // Partial (both databases have them): only a post's announcement is once a member; a
        // member may hear twice about a post they reported twice.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX ux_notifications_member_id_post_id \
                 ON notifications (member_id, post_id) WHERE kind = 'new_post'",
            )
            .await?;
        manager
            .create_index(index(
                Notifications::Table,
                [Notifications::MemberId, Notifications::Id],
            ))
            .await?;
        manager
            .create_index(index(
                Notifications::Table,
                [Notifications::MemberId, Notifications::ReadAt],
            ))
            .await?;
        manager
            .create_index(index(Notifications::Table, [Notifications::CreatedAt]))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PostAnnouncements::Table)
                    .col(id(PostAnnouncements::Id))
                    .col(big_integer(PostAnnouncements::PostId))
                    .col(big_integer(PostAnnouncements::BusinessId))
                    .col(at(PostAnnouncements::PublicAt))
                    .col(counter(PostAnnouncements::AfterMember))
                    .col(counter(PostAnnouncements::Notified))
                    .col(big_integer_null(PostAnnouncements::Claim))
                    .col(at_null(PostAnnouncements::ClaimedUntil))
                    .col(at_null(PostAnnouncements::FinishedAt))
                    .col(code_null(PostAnnouncements::Outcome))
                    .foreign_key(&mut foreign_key(
                        PostAnnouncements::Table,
                        PostAnnouncements::PostId,
                        Posts::Table,
                        Posts::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        PostAnnouncements::Table,
                        PostAnnouncements::BusinessId,
                        Businesses::Table,
                        Businesses::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                PostAnnouncements::Table,
                [PostAnnouncements::PostId],
            ))
            .await?;
        manager
            .create_index(index(
                PostAnnouncements::Table,
                [PostAnnouncements::FinishedAt],
            ))
            .await?;
        manager
            .create_index(index(
                Follows::Table,
                [Follows::BusinessId, Follows::MemberId],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_follows_business_id_member_id")
                    .table(Follows::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(PostAnnouncements::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Notifications::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum Notifications {
    Table,
    Id,
    MemberId,
    Kind,
    BusinessId,
    PostId,
    Detail,
    CreatedAt,
    ReadAt,
}

#[derive(DeriveIden)]
enum PostAnnouncements {
    Table,
    Id,
    PostId,
    BusinessId,
    PublicAt,
    AfterMember,
    Notified,
    Claim,
    ClaimedUntil,
    FinishedAt,
    Outcome,
}

#[derive(DeriveIden)]
enum Follows {
    Table,
    BusinessId,
    MemberId,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Businesses {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Posts {
    Table,
    Id,
}
