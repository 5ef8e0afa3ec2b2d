//! Uploaded files, media-publication requests and their history, the search log and the
//! outgoing-mail queue.

use sea_orm_migration::{prelude::*, schema::*};

use crate::codes::{MailStatus, MediaRequestStatus};
use crate::columns::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        create_tables(
            manager,
            vec![
                (
                    uploads(),
                    vec![index(Uploads::Table, [Uploads::BusinessId])],
                ),
                (
                    media_requests(),
                    vec![
                        index(
                            MediaRequests::Table,
                            [MediaRequests::BusinessId, MediaRequests::CreatedAt],
                        ),
                        index(
                            MediaRequests::Table,
                            [MediaRequests::Status, MediaRequests::CreatedAt],
                        ),
                    ],
                ),
                (
                    media_request_history(),
                    vec![index(
                        MediaRequestHistory::Table,
                        [
                            MediaRequestHistory::RequestId,
                            MediaRequestHistory::CreatedAt,
                        ],
                    )],
                ),
                (
                    search_log(),
                    vec![index(
                        SearchLog::Table,
                        [SearchLog::Normalized, SearchLog::CreatedAt],
                    )],
                ),
                (
                    mail_outbox(),
                    vec![index(
                        MailOutbox::Table,
                        [MailOutbox::Status, MailOutbox::CreatedAt],
                    )],
                ),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                MailOutbox::Table.into_iden(),
                SearchLog::Table.into_iden(),
                MediaRequestHistory::Table.into_iden(),
                MediaRequests::Table.into_iden(),
                Uploads::Table.into_iden(),
            ],
        )
        .await
    }
}

/// A stored file. `kind`: `image` | `pdf`; `storage_key` is where the bytes are, unique;
/// `width` and `height` are known for images only; `sha256` is the hex digest.
/// The uploader is SET NULL when the account goes; a business's files go with it.
fn uploads() -> TableCreateStatement {
    Table::create()
        .table(Uploads::Table)
        .col(id(Uploads::Id))
        .col(big_integer_null(Uploads::OwnerMemberId))
        .col(big_integer_null(Uploads::BusinessId))
        .col(code(Uploads::Kind))
        .col(string(Uploads::ContentType))
        .col(string_uniq(Uploads::StorageKey))
        .col(big_integer(Uploads::ByteSize))
        .col(integer_null(Uploads::Width))
        .col(integer_null(Uploads::Height))
        .col(string(Uploads::Sha256))
        .col(string_null(Uploads::OriginalName))
        .col(at(Uploads::CreatedAt))
        .foreign_key(&mut foreign_key(
            Uploads::Table,
            Uploads::OwnerMemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .foreign_key(&mut foreign_key(
            Uploads::Table,
            Uploads::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// A business asks the platform to distribute a press release to partner media.
/// - `status`: `REQUESTED` | `IN_REVIEW` | `PUBLISHED` | `REJECTED`.
/// - `media_types`: JSON array of target media type codes; `attachment_ids`: JSON array of
///   `uploads` ids; `links`: JSON array of the published articles' URLs (once `PUBLISHED`).
fn media_requests() -> TableCreateStatement {
    Table::create()
        .table(MediaRequests::Table)
        .col(id(MediaRequests::Id))
        .col(big_integer(MediaRequests::BusinessId))
        .col(big_integer_null(MediaRequests::RequestedBy))
        .col(string(MediaRequests::Title))
        .col(text(MediaRequests::Body))
        .col(date_null(MediaRequests::DesiredDate))
        .col(json(MediaRequests::MediaTypes))
        .col(json(MediaRequests::AttachmentIds))
        .col(code_default(
            MediaRequests::Status,
            MediaRequestStatus::Requested,
        ))
        .col(string_null(MediaRequests::RejectReason))
        .col(json_null(MediaRequests::Links))
        .col(at(MediaRequests::CreatedAt))
        .col(at(MediaRequests::UpdatedAt))
        .foreign_key(&mut foreign_key(
            MediaRequests::Table,
            MediaRequests::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            MediaRequests::Table,
            MediaRequests::RequestedBy,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

/// Every status change of a media request (same `status` values), with who made it.
fn media_request_history() -> TableCreateStatement {
    Table::create()
        .table(MediaRequestHistory::Table)
        .col(id(MediaRequestHistory::Id))
        .col(big_integer(MediaRequestHistory::RequestId))
        .col(code(MediaRequestHistory::Status))
        .col(text_null(MediaRequestHistory::Note))
        .col(big_integer_null(MediaRequestHistory::ActorMemberId))
        .col(at(MediaRequestHistory::CreatedAt))
        .foreign_key(&mut foreign_key(
            MediaRequestHistory::Table,
            MediaRequestHistory::RequestId,
            MediaRequests::Table,
            MediaRequests::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            MediaRequestHistory::Table,
            MediaRequestHistory::ActorMemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

/// Every search, for the popular searches of the day (by `normalized` query). A log: no
/// foreign keys, like `analytics_events`.
fn search_log() -> TableCreateStatement {
    Table::create()
        .table(SearchLog::Table)
        .col(id(SearchLog::Id))
        .col(string(SearchLog::Query))
        .col(string(SearchLog::Normalized))
        .col(big_integer_null(SearchLog::MemberId))
        .col(string_null(SearchLog::GuestId))
        .col(integer(SearchLog::ResultCount))
        .col(at(SearchLog::CreatedAt))
        .to_owned()
}

/// Mail waiting to be sent, and what became of it.
/// - `kind`: what the mail is, such as `email_code`, `password_reset`, `invitation`,
///   `media_request_status`.
/// - `status`: `PENDING` | `SENDING` | `SENT` | `FAILED`.
fn mail_outbox() -> TableCreateStatement {
    Table::create()
        .table(MailOutbox::Table)
        .col(id(MailOutbox::Id))
        .col(string(MailOutbox::ToAddress))
        .col(string(MailOutbox::Subject))
        .col(text(MailOutbox::BodyText))
        .col(text_null(MailOutbox::BodyHtml))
        .col(code(MailOutbox::Kind))
        .col(code_default(MailOutbox::Status, MailStatus::Pending))
        .col(integer(MailOutbox::Attempts).default(0))
        .col(text_null(MailOutbox::LastError))
        .col(at(MailOutbox::CreatedAt))
        .col(at_null(MailOutbox::SentAt))
        .to_owned()
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
enum Uploads {
    Table,
    Id,
    OwnerMemberId,
    BusinessId,
    Kind,
    ContentType,
    StorageKey,
    ByteSize,
    Width,
    Height,
    Sha256,
    OriginalName,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MediaRequests {
    Table,
    Id,
    BusinessId,
    RequestedBy,
    Title,
    Body,
    DesiredDate,
    MediaTypes,
    AttachmentIds,
    Status,
    RejectReason,
    Links,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum MediaRequestHistory {
    Table,
    Id,
    RequestId,
    Status,
    Note,
    ActorMemberId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SearchLog {
    Table,
    Id,
    Query,
    Normalized,
    MemberId,
    GuestId,
    ResultCount,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Id,
    ToAddress,
    Subject,
    BodyText,
    BodyHtml,
    Kind,
    Status,
    Attempts,
    LastError,
    CreatedAt,
    SentAt,
}
