//! Followers hear by e-mail (docs/notifications.md, "By e-mail").
//!
//! - `follows.mail`: how the member hears of this business's posts by e-mail: `OFF` (the
//!   default: a business's post may be promotional, and mail about it needs the member's own
//!   choice), `EACH` (a mail a post), `DAILY` or `WEEKLY` (a digest at 08:00 KST, the weekly
//!   one on Mondays); `mail_set_at` when the member last chose.
//! - `mail_outbox.post_id`: the post a notice mail tells of (no foreign key: the outbox keeps
//!   its rows whatever happens to the post); the sender does not send it once the post has
//!   left the public. `unsubscribe_url`: the one-click address of RFC 8058, sent as
//!   `List-Unsubscribe` with `List-Unsubscribe-Post`.
//! - `mail_suppressions`: addresses no notice mail goes to (`reason` `BOUNCE`; `COMPLAINT`
//!   is kept for complaints once a relay reports them), with what was said and when; no notice mail goes to them again.
//! - `mail_digests`: one row a member, cadence (`DAILY` | `WEEKLY`) and period (the KST date
//!   of the digest), written in the transaction that queues the digest (or finds nothing to
//!   send): the unique index makes a digest once, whichever process gets there.
//! - `post_announcements.mailed`: the notice mails queued for the post.

use crate::columns::*;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite takes one change of a table per statement.
        let add = |table: TableRef, column: ColumnDef| {
            Table::alter().table(table).add_column(column).to_owned()
        };
        manager
            .alter_table(add(
                Follows::Table.into_table_ref(),
                string_len(Follows::Mail, CODE_LEN).default("OFF").take(),
            ))
            .await?;
        manager
            .alter_table(add(
                Follows::Table.into_table_ref(),
                at_null(Follows::MailSetAt),
            ))
            .await?;
        manager
            .alter_table(add(
                MailOutbox::Table.into_table_ref(),
                big_integer_null(MailOutbox::PostId),
            ))
            .await?;
        manager
            .alter_table(add(
                MailOutbox::Table.into_table_ref(),
                string_len_null(MailOutbox::UnsubscribeUrl, 500),
            ))
            .await?;
        manager
            .alter_table(add(
                PostAnnouncements::Table.into_table_ref(),
                counter(PostAnnouncements::Mailed),
            ))
            .await?;
        manager
            .create_index(index(
                MailOutbox::Table,
                [MailOutbox::ToAddress, MailOutbox::CreatedAt],
            ))
            .await?;
        manager
            .create_index(index(Follows::Table, [Follows::Mail, Follows::MemberId]))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MailSuppressions::Table)
                    .col(id(MailSuppressions::Id))
                    .col(string_len(MailSuppressions::Address, 320))
                    .col(code(MailSuppressions::Reason))
                    .col(string_len_null(MailSuppressions::Detail, 500))
                    .col(at(MailSuppressions::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                MailSuppressions::Table,
                [MailSuppressions::Address],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MailDigests::Table)
                    .col(id(MailDigests::Id))
                    .col(big_integer(MailDigests::MemberId))
                    .col(code(MailDigests::Cadence))
                    .col(kst_day(MailDigests::Period))
                    .col(integer(MailDigests::Posts).default(0))
                    .col(at(MailDigests::CreatedAt))
                    .foreign_key(&mut foreign_key(
                        MailDigests::Table,
                        MailDigests::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                MailDigests::Table,
                [
                    MailDigests::MemberId,
                    MailDigests::Cadence,
                    MailDigests::Period,
                ],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(MailDigests::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(MailSuppressions::Table).to_owned())
            .await?;
        let drop = |table: TableRef, column: &'static str| {
            Table::alter()
                .table(table)
                .drop_column(Alias::new(column))
                .to_owned()
        };
        manager
            .drop_index(
                Index::drop()
                    .name("idx_follows_mail_member_id")
                    .table(Follows::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_mail_outbox_to_address_created_at")
                    .table(MailOutbox::Table)
                    .to_owned(),
            )
            .await?;
        for (table, column) in [
            (PostAnnouncements::Table.into_table_ref(), "mailed"),
            (MailOutbox::Table.into_table_ref(), "unsubscribe_url"),
            (MailOutbox::Table.into_table_ref(), "post_id"),
            (Follows::Table.into_table_ref(), "mail_set_at"),
            (Follows::Table.into_table_ref(), "mail"),
        ] {
            manager.alter_table(drop(table, column)).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Follows {
    Table,
    Mail,
    MailSetAt,
    MemberId,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    PostId,
    UnsubscribeUrl,
    ToAddress,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PostAnnouncements {
    Table,
    Mailed,
}

#[derive(DeriveIden)]
enum MailSuppressions {
    Table,
    Id,
    Address,
    Reason,
    Detail,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MailDigests {
    Table,
    Id,
    MemberId,
    Cadence,
    Period,
    Posts,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}
