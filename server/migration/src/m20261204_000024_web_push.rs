//! Web push (docs/notifications.md, "By web push").
//!
//! - `push_subscriptions`: one browser a member turned notifications on in: the push
//!   service's `endpoint` (unique: a browser's subscription belongs to one member at a time)
//!   and the browser's keys for RFC 8291's encryption (`p256dh`, `auth`, base64url).
//! - `push_deliveries`: the durable queue of pushes, one row per subscription and post
//!   (unique: a post is pushed to a browser once), written by the fan-out in its batch's
//!   transaction. `status` is `PENDING` | `SENDING` | `SENT` | `WITHDRAWN` (the post left the
//!   public first) | `LIMITED` (the member's daily number was reached) | `FAILED` | `GONE`
//!   (the push service said the subscription ended). `due_at` is when it may go (a night-time
//!   hold moves it to 08:00 KST; a claim moves it to the end of its lease).
//! - `push_quota`: pushes counted per member and Korean day, taken in one statement.
//! - `member_consents`: what a member agreed to and withdrew, with the date of each answer
//!   (`purpose`: `NIGHT_PUSH`, 정보통신망법 Art. 50's night-time consent); the latest row of
//!   a purpose is the member's answer.

use crate::columns::{at, at_null, code, counter, foreign_key, id, index, kst_day, unique_index};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PushSubscriptions::Table)
                    .col(id(PushSubscriptions::Id))
                    .col(big_integer(PushSubscriptions::MemberId))
                    .col(string_len(PushSubscriptions::Endpoint, 1000))
                    .col(string_len(PushSubscriptions::P256dh, 200))
                    .col(string_len(PushSubscriptions::Auth, 100))
                    .col(at(PushSubscriptions::CreatedAt))
                    .foreign_key(&mut foreign_key(
                        PushSubscriptions::Table,
                        PushSubscriptions::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                PushSubscriptions::Table,
                [PushSubscriptions::Endpoint],
            ))
            .await?;
        manager
            .create_index(index(
                PushSubscriptions::Table,
                [PushSubscriptions::MemberId],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PushDeliveries::Table)
                    .col(id(PushDeliveries::Id))
                    .col(big_integer(PushDeliveries::SubscriptionId))
                    .col(big_integer(PushDeliveries::MemberId))
                    .col(big_integer(PushDeliveries::PostId))
                    .col(code(PushDeliveries::Status))
                    .col(integer(PushDeliveries::Attempts).default(0))
                    .col(at(PushDeliveries::DueAt))
                    .col(at(PushDeliveries::CreatedAt))
                    .col(at_null(PushDeliveries::SentAt))
                    .col(string_len_null(PushDeliveries::LastError, 500))
                    .foreign_key(&mut foreign_key(
                        PushDeliveries::Table,
                        PushDeliveries::SubscriptionId,
                        PushSubscriptions::Table,
                        PushSubscriptions::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        PushDeliveries::Table,
                        PushDeliveries::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut foreign_key(
                        PushDeliveries::Table,
                        PushDeliveries::PostId,
                        Posts::Table,
                        Posts::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                PushDeliveries::Table,
                [PushDeliveries::SubscriptionId, PushDeliveries::PostId],
            ))
            .await?;
        manager
            .create_index(index(
                PushDeliveries::Table,
                [PushDeliveries::Status, PushDeliveries::DueAt],
            ))
            .await?;
        manager
            .create_index(index(PushDeliveries::Table, [PushDeliveries::PostId]))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PushQuota::Table)
                    .col(id(PushQuota::Id))
                    .col(big_integer(PushQuota::MemberId))
                    .col(kst_day(PushQuota::Day))
                    .col(counter(PushQuota::Used))
                    .foreign_key(&mut foreign_key(
                        PushQuota::Table,
                        PushQuota::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                PushQuota::Table,
                [PushQuota::MemberId, PushQuota::Day],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(MemberConsents::Table)
                    .col(id(MemberConsents::Id))
                    .col(big_integer(MemberConsents::MemberId))
                    .col(code(MemberConsents::Purpose))
                    .col(boolean(MemberConsents::Granted))
                    .col(at(MemberConsents::CreatedAt))
                    .foreign_key(&mut foreign_key(
                        MemberConsents::Table,
                        MemberConsents::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                MemberConsents::Table,
                [MemberConsents::MemberId, MemberConsents::Purpose],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            MemberConsents::Table.into_iden(),
            PushQuota::Table.into_iden(),
            PushDeliveries::Table.into_iden(),
            PushSubscriptions::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum PushSubscriptions {
    Table,
    Id,
    MemberId,
    Endpoint,
    P256dh,
    Auth,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PushDeliveries {
    Table,
    Id,
    SubscriptionId,
    MemberId,
    PostId,
    Status,
    Attempts,
    DueAt,
    CreatedAt,
    SentAt,
    LastError,
}

#[derive(DeriveIden)]
enum PushQuota {
    Table,
    Id,
    MemberId,
    Day,
    Used,
}

#[derive(DeriveIden)]
enum MemberConsents {
    Table,
    Id,
    MemberId,
    Purpose,
    Granted,
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
