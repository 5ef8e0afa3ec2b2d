//! Businesses, the members who manage them, manager invitations and the business audit log.

use sea_orm_migration::{prelude::*, schema::*};

use crate::columns::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        create_tables(
            manager,
            vec![
                (businesses(), vec![]),
                (
                    business_members(),
                    vec![unique_index(
                        BusinessMembers::Table,
                        [BusinessMembers::BusinessId, BusinessMembers::MemberId],
                    )],
                ),
                (
                    invitations(),
                    vec![index(
                        Invitations::Table,
                        [Invitations::BusinessId, Invitations::CreatedAt],
                    )],
                ),
                (
                    audit_log(),
                    vec![index(
                        AuditLog::Table,
                        [AuditLog::BusinessId, AuditLog::CreatedAt],
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
                AuditLog::Table.into_iden(),
                Invitations::Table.into_iden(),
                BusinessMembers::Table.into_iden(),
                Businesses::Table.into_iden(),
            ],
        )
        .await
    }
}

/// A business profile. `name`, `description` and `industry` are required; the rest of the
/// profile may be filled in later.
/// - `registration_number`: the Korean business registration number, 10 digits without
///   dashes (checksum validated by the core), unique.
/// - `employee_band`: a short code such as `1-10`, `11-50`, `51-200`, `201-1000`, `1000+`.
/// - `logo_upload_id`, `cover_upload_id`: ids in `uploads`, without a foreign key because
///   `uploads` comes in a later migration and SQLite cannot add one afterwards.
/// - `verified_at`, `verified_by`: the operator's verified badge.
/// - `follower_count`: kept in step with `follows`.
fn businesses() -> TableCreateStatement {
    Table::create()
        .table(Businesses::Table)
        .col(id(Businesses::Id))
        .col(string(Businesses::Name))
        .col(text(Businesses::Description))
        .col(string(Businesses::Industry))
        .col(string_null(Businesses::Homepage))
        .col(string_null(Businesses::Location))
        .col(integer_null(Businesses::FoundedYear))
        .col(code_null(Businesses::EmployeeBand))
        .col(string_len_uniq(Businesses::RegistrationNumber, 10))
        .col(big_integer_null(Businesses::LogoUploadId))
        .col(big_integer_null(Businesses::CoverUploadId))
        .col(at_null(Businesses::VerifiedAt))
        .col(big_integer_null(Businesses::VerifiedBy))
        .col(counter(Businesses::FollowerCount))
        .col(at(Businesses::CreatedAt))
        .col(at(Businesses::UpdatedAt))
        .foreign_key(&mut foreign_key(
            Businesses::Table,
            Businesses::VerifiedBy,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

/// Who manages a business. `role`: `BUSINESS_MASTER` | `BUSINESS`. `member_id` is unique on
/// its own: a member manages at most one business.
fn business_members() -> TableCreateStatement {
    Table::create()
        .table(BusinessMembers::Table)
        .col(id(BusinessMembers::Id))
        .col(big_integer(BusinessMembers::BusinessId))
        .col(big_integer_uniq(BusinessMembers::MemberId))
        .col(code(BusinessMembers::Role))
        .col(at(BusinessMembers::CreatedAt))
        .foreign_key(&mut foreign_key(
            BusinessMembers::Table,
            BusinessMembers::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            BusinessMembers::Table,
            BusinessMembers::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// A manager invitation: single-use token (stored hashed), valid 7 days.
/// `role`: `BUSINESS_MASTER` | `BUSINESS`.
fn invitations() -> TableCreateStatement {
    Table::create()
        .table(Invitations::Table)
        .col(id(Invitations::Id))
        .col(big_integer(Invitations::BusinessId))
        .col(string(Invitations::Email))
        .col(code(Invitations::Role))
        .col(string_uniq(Invitations::TokenHash))
        .col(big_integer_null(Invitations::InvitedBy))
        .col(at(Invitations::CreatedAt))
        .col(at(Invitations::ExpiresAt))
        .col(at_null(Invitations::AcceptedAt))
        .col(big_integer_null(Invitations::AcceptedBy))
        .col(at_null(Invitations::RevokedAt))
        .foreign_key(&mut foreign_key(
            Invitations::Table,
            Invitations::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            Invitations::Table,
            Invitations::InvitedBy,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .foreign_key(&mut foreign_key(
            Invitations::Table,
            Invitations::AcceptedBy,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

/// What happened to a business's team and profile, and who did it.
/// - `action`: an upper-case code such as `INVITATION_SENT`, `INVITATION_ACCEPTED`,
///   `MANAGER_REMOVED`, `MASTER_TRANSFERRED`, `PROFILE_UPDATED`.
/// - `target_member_id` is SET NULL on the member's deletion; `target_email` keeps who it was.
/// - `detail`: JSON with whatever the action needs.
fn audit_log() -> TableCreateStatement {
    Table::create()
        .table(AuditLog::Table)
        .col(id(AuditLog::Id))
        .col(big_integer_null(AuditLog::BusinessId))
        .col(big_integer_null(AuditLog::ActorMemberId))
        .col(string_len(AuditLog::Action, 64))
        .col(big_integer_null(AuditLog::TargetMemberId))
        .col(string_null(AuditLog::TargetEmail))
        .col(json_null(AuditLog::Detail))
        .col(at(AuditLog::CreatedAt))
        .foreign_key(&mut foreign_key(
            AuditLog::Table,
            AuditLog::BusinessId,
            Businesses::Table,
            Businesses::Id,
            ForeignKeyAction::Cascade,
        ))
        .foreign_key(&mut foreign_key(
            AuditLog::Table,
            AuditLog::ActorMemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .foreign_key(&mut foreign_key(
            AuditLog::Table,
            AuditLog::TargetMemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
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
    Name,
    Description,
    Industry,
    Homepage,
    Location,
    FoundedYear,
    EmployeeBand,
    RegistrationNumber,
    LogoUploadId,
    CoverUploadId,
    VerifiedAt,
    VerifiedBy,
    FollowerCount,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BusinessMembers {
    Table,
    Id,
    BusinessId,
    MemberId,
    Role,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Invitations {
    Table,
    Id,
    BusinessId,
    Email,
    Role,
    TokenHash,
    InvitedBy,
    CreatedAt,
    ExpiresAt,
    AcceptedAt,
    AcceptedBy,
    RevokedAt,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    BusinessId,
    ActorMemberId,
    Action,
    TargetMemberId,
    TargetEmail,
    Detail,
    CreatedAt,
}
