//! What the operators' web console keeps:
//!
//! - **`operator_audit`**: every operator action (verification, media review, post removal
//!   and restoration, collections, index rebuilds), who and when. Append-only: triggers on
//!   both databases refuse any UPDATE or DELETE of a row, so not even the server can edit
//!   it. The actor is kept by id and e-mail as they were (no foreign key: a row outlives
//!   the account, and a SET NULL would be an edit). `action` is one of the server's
//!   `oplog::ACTIONS`; `target_kind` one of BUSINESS, MEDIA_REQUEST, POST, COLLECTION,
//!   SEARCH_INDEX.
//! - **`operator_claims`**: who took a waiting item of the queue (kind BUSINESS or
//!   MEDIA_REQUEST, the item's id), one operator per item.
//! - **`businesses.verification_note`**: the operator's note on the last verification
//!   change, shown with the badge's state in the console.
//! - **`recommendation_collections.published`**: a collection is on the home page only when
//!   published; those made before this migration are.

use crate::columns::{at, code, foreign_key, id, index};
use sea_orm_migration::{prelude::*, schema::*, sea_orm::DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_GUARDS: [&str; 2] = [
    "CREATE TRIGGER operator_audit_no_update BEFORE UPDATE ON operator_audit \
     BEGIN SELECT RAISE(ABORT, 'the operator audit log cannot be edited'); END",
    "CREATE TRIGGER operator_audit_no_delete BEFORE DELETE ON operator_audit \
     BEGIN SELECT RAISE(ABORT, 'the operator audit log cannot be edited'); END",
];

const POSTGRES_GUARDS: [&str; 2] = [
    "CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ \
     BEGIN RAISE EXCEPTION 'the operator audit log cannot be edited'; END $$",
    "CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON operator_audit \
     FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(OperatorAudit::Table)
                    .col(id(OperatorAudit::Id))
                    .col(big_integer_null(OperatorAudit::ActorMemberId))
                    .col(string_len_null(OperatorAudit::ActorEmail, 320))
                    .col(code(OperatorAudit::Action))
                    .col(code(OperatorAudit::TargetKind))
                    .col(big_integer_null(OperatorAudit::TargetId))
                    .col(text_null(OperatorAudit::Note))
                    .col(json_null(OperatorAudit::Detail))
                    .col(at(OperatorAudit::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                OperatorAudit::Table,
                [OperatorAudit::Action, OperatorAudit::Id],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OperatorClaims::Table)
                    .col(code(OperatorClaims::Kind))
                    .col(big_integer(OperatorClaims::TargetId))
                    .col(big_integer(OperatorClaims::MemberId))
                    .col(at(OperatorClaims::TakenAt))
                    .primary_key(
                        Index::create()
                            .col(OperatorClaims::Kind)
                            .col(OperatorClaims::TargetId),
                    )
                    .foreign_key(&mut foreign_key(
                        OperatorClaims::Table,
                        OperatorClaims::MemberId,
                        Members::Table,
                        Members::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Businesses::Table)
                    .add_column(text_null(Businesses::VerificationNote))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(RecommendationCollections::Table)
                    .add_column(
                        boolean(RecommendationCollections::Published)
                            .default(true)
                            .take(),
                    )
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let guards = match manager.get_database_backend() {
            DbBackend::Sqlite => &SQLITE_GUARDS,
            _ => &POSTGRES_GUARDS,
        };
        for guard in guards {
            db.execute_unprepared(guard).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(RecommendationCollections::Table)
                    .drop_column(RecommendationCollections::Published)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Businesses::Table)
                    .drop_column(Businesses::VerificationNote)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(OperatorClaims::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(OperatorAudit::Table).to_owned())
            .await?;
        if manager.get_database_backend() != DbBackend::Sqlite {
            manager
                .get_connection()
                .execute_unprepared("DROP FUNCTION operator_audit_append_only()")
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum OperatorAudit {
    Table,
    Id,
    ActorMemberId,
    ActorEmail,
    Action,
    TargetKind,
    TargetId,
    Note,
    Detail,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OperatorClaims {
    Table,
    Kind,
    TargetId,
    MemberId,
    TakenAt,
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Businesses {
    Table,
    VerificationNote,
}

#[derive(DeriveIden)]
enum RecommendationCollections {
    Table,
    Published,
}
