//! Members and everything that signs them in: identity certification, social identities,
//! OAuth state, the built-in local OAuth provider, refresh-token families, guest sessions,
//! e-mail codes, password resets and the login throttle's record.
//!
//! `members.certification_id` and `certifications.member_id` point at each other. SQLite
//! accepts a foreign key to a table that does not exist yet but cannot add one later, so on
//! SQLite the key is declared inside `CREATE TABLE members`; PostgreSQL needs the parent to
//! exist, so there it is added once `certifications` exists (and dropped first in `down`).

use sea_orm_migration::{prelude::*, schema::*, sea_orm::DbBackend};

use crate::codes::{CertificationStatus, MemberRole, MemberStatus};
use crate::columns::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sqlite = manager.get_database_backend() == DbBackend::Sqlite;
        create_tables(
            manager,
            vec![
                (members(sqlite), vec![]),
                (member_interests(), vec![]),
                (
                    certifications(),
                    vec![index(Certifications::Table, [Certifications::MemberId])],
                ),
            ],
        )
        .await?;
        if !sqlite {
            manager
                .create_foreign_key(member_certification_fk())
                .await?;
        }
        create_tables(
            manager,
            vec![
                (
                    social_identities(),
                    vec![
                        unique_index(
                            SocialIdentities::Table,
                            [SocialIdentities::Provider, SocialIdentities::Subject],
                        ),
                        index(SocialIdentities::Table, [SocialIdentities::MemberId]),
                    ],
                ),
                (oauth_states(), vec![]),
                (local_oauth_codes(), vec![]),
                (local_oauth_tokens(), vec![]),
                (
                    refresh_token_families(),
                    vec![index(
                        RefreshTokenFamilies::Table,
                        [RefreshTokenFamilies::MemberId],
                    )],
                ),
                (
                    refresh_tokens(),
                    vec![index(RefreshTokens::Table, [RefreshTokens::FamilyId])],
                ),
                (guest_sessions(), vec![]),
                (
                    email_codes(),
                    vec![index(
                        EmailCodes::Table,
                        [EmailCodes::Email, EmailCodes::Purpose],
                    )],
                ),
                (
                    password_resets(),
                    vec![index(PasswordResets::Table, [PasswordResets::MemberId])],
                ),
                (
                    login_attempts(),
                    vec![
                        index(
                            LoginAttempts::Table,
                            [LoginAttempts::EmailKey, LoginAttempts::CreatedAt],
                        ),
                        index(
                            LoginAttempts::Table,
                            [LoginAttempts::Ip, LoginAttempts::CreatedAt],
                        ),
                    ],
                ),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Sqlite {
            manager
                .drop_foreign_key(
                    ForeignKey::drop()
                        .name(MEMBER_CERTIFICATION_FK)
                        .table(Members::Table)
                        .to_owned(),
                )
                .await?;
        }
        drop_tables(
            manager,
            vec![
                LoginAttempts::Table.into_iden(),
                PasswordResets::Table.into_iden(),
                EmailCodes::Table.into_iden(),
                GuestSessions::Table.into_iden(),
                RefreshTokens::Table.into_iden(),
                RefreshTokenFamilies::Table.into_iden(),
                LocalOauthTokens::Table.into_iden(),
                LocalOauthCodes::Table.into_iden(),
                OauthStates::Table.into_iden(),
                SocialIdentities::Table.into_iden(),
                Certifications::Table.into_iden(),
                MemberInterests::Table.into_iden(),
                Members::Table.into_iden(),
            ],
        )
        .await
    }
}

/// A reader or corporate account.
/// - `email`: stored normalised (trimmed, lower-case), unique; NULL for a social account
///   whose provider shared none.
/// - `role`: `USER` | `ADMIN` (business roles live in `business_members`).
/// - `status`: `ACTIVE` | `WITHDRAWN` | `LOCKED`.
/// - `signup_channel`: `email` | `kakao` | `naver` | `google` | `local`.
/// - `person_key`: the certified person (PortOne's `unique_key`), unique: one person, one
///   reader account. NULL until certification completes.
/// - `terms_agreed_at`: NULL while a join is still in progress.
fn members(sqlite: bool) -> TableCreateStatement {
    let mut table = Table::create()
        .table(Members::Table)
        .col(id(Members::Id))
        .col(string_null(Members::Email).unique_key())
        .col(at_null(Members::EmailVerifiedAt))
        .col(string_null(Members::PasswordHash))
        .col(string_null(Members::Nickname))
        .col(code_default(Members::Role, MemberRole::User))
        .col(code_default(Members::Status, MemberStatus::Active))
        .col(code(Members::SignupChannel))
        .col(string_null(Members::PersonKey).unique_key())
        .col(big_integer_null(Members::CertificationId))
        .col(flag(Members::MarketingOptIn))
        .col(at_null(Members::TermsAgreedAt))
        .col(integer(Members::FailedLoginCount).default(0))
        .col(at_null(Members::LockedUntil))
        .col(at(Members::CreatedAt))
        .col(at(Members::UpdatedAt))
        .col(at_null(Members::WithdrawnAt))
        .col(string_null(Members::WithdrawReason))
        .to_owned();
    if sqlite {
        table.foreign_key(&mut member_certification_fk());
    }
    table
}

/// The name [`foreign_key`] gives `members.certification_id`, needed to drop it.
const MEMBER_CERTIFICATION_FK: &str = "fk_members_certification_id";

/// The certification that proved who the member is; kept (SET NULL) if it is purged.
fn member_certification_fk() -> ForeignKeyCreateStatement {
    foreign_key(
        Members::Table,
        Members::CertificationId,
        Certifications::Table,
        Certifications::Id,
        ForeignKeyAction::SetNull,
    )
}

/// The categories a reader chose. `category_id` is one of the fixed ids 1–9 (seeded in
/// `m20261122_000003_content`); it has no foreign key because `categories` is created in a
/// later migration and SQLite cannot add a foreign key to an existing table.
fn member_interests() -> TableCreateStatement {
    Table::create()
        .table(MemberInterests::Table)
        .col(big_integer(MemberInterests::MemberId))
        .col(small_integer(MemberInterests::CategoryId))
        .primary_key(
            Index::create()
                .col(MemberInterests::MemberId)
                .col(MemberInterests::CategoryId),
        )
        .foreign_key(&mut foreign_key(
            MemberInterests::Table,
            MemberInterests::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// An identity certification (PortOne, or the built-in `local` provider in development).
/// - `certify_no`: our own request number, unique; `provider_uid`: PortOne's `imp_uid`.
/// - `provider`: `portone` | `local`.
/// - `purpose`: `join` | `password` | `change` | `account`.
/// - `status`: `REQUESTED` | `COMPLETED` | `FAILED` | `CANCELLED`.
/// - `name`, `phone`, `birth_date` (`yyyy-MM-dd`, as the API reports it), `gender` (`male` |
///   `female`), `person_key`: known once the provider reports a completed certification,
///   so NULL before.
fn certifications() -> TableCreateStatement {
    Table::create()
        .table(Certifications::Table)
        .col(id(Certifications::Id))
        .col(string_uniq(Certifications::CertifyNo))
        .col(code(Certifications::Provider))
        .col(string_null(Certifications::ProviderUid))
        .col(code(Certifications::Purpose))
        .col(code_default(
            Certifications::Status,
            CertificationStatus::Requested,
        ))
        .col(string_null(Certifications::Name))
        .col(string_null(Certifications::Phone))
        .col(string_len_null(Certifications::BirthDate, 10))
        .col(code_null(Certifications::Gender))
        .col(string_null(Certifications::PersonKey))
        .col(big_integer_null(Certifications::MemberId))
        .col(at(Certifications::CreatedAt))
        .col(at_null(Certifications::CompletedAt))
        .col(at(Certifications::ExpiresAt))
        .foreign_key(&mut foreign_key(
            Certifications::Table,
            Certifications::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::SetNull,
        ))
        .to_owned()
}

/// A member's account at a social provider: `provider` (`kakao` | `naver` | `google` |
/// `local`) and the provider's stable `subject`, unique together.
fn social_identities() -> TableCreateStatement {
    Table::create()
        .table(SocialIdentities::Table)
        .col(id(SocialIdentities::Id))
        .col(big_integer(SocialIdentities::MemberId))
        .col(code(SocialIdentities::Provider))
        .col(string(SocialIdentities::Subject))
        .col(string_null(SocialIdentities::Email))
        .col(at(SocialIdentities::CreatedAt))
        .foreign_key(&mut foreign_key(
            SocialIdentities::Table,
            SocialIdentities::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// The `state` of an OAuth authorisation in flight (single use: `consumed_at`).
/// - `purpose`: `signin` | `join` | `auth`.
/// - `code_verifier`: the PKCE verifier, NULL for a provider without PKCE.
fn oauth_states() -> TableCreateStatement {
    Table::create()
        .table(OauthStates::Table)
        .col(id(OauthStates::Id))
        .col(string_uniq(OauthStates::State))
        .col(code(OauthStates::Provider))
        .col(string_null(OauthStates::CodeVerifier))
        .col(string(OauthStates::RedirectUri))
        .col(code(OauthStates::Purpose))
        .col(at(OauthStates::CreatedAt))
        .col(at(OauthStates::ExpiresAt))
        .col(at_null(OauthStates::ConsumedAt))
        .to_owned()
}

/// Authorisation codes issued by the built-in local OAuth provider (stored hashed).
fn local_oauth_codes() -> TableCreateStatement {
    Table::create()
        .table(LocalOauthCodes::Table)
        .col(id(LocalOauthCodes::Id))
        .col(string_uniq(LocalOauthCodes::CodeHash))
        .col(string(LocalOauthCodes::ClientId))
        .col(string(LocalOauthCodes::RedirectUri))
        .col(string_null(LocalOauthCodes::CodeChallenge))
        .col(string(LocalOauthCodes::Subject))
        .col(string_null(LocalOauthCodes::Email))
        .col(string_null(LocalOauthCodes::Name))
        .col(at(LocalOauthCodes::CreatedAt))
        .col(at(LocalOauthCodes::ExpiresAt))
        .col(at_null(LocalOauthCodes::UsedAt))
        .to_owned()
}

/// Access tokens issued by the built-in local OAuth provider (stored hashed).
fn local_oauth_tokens() -> TableCreateStatement {
    Table::create()
        .table(LocalOauthTokens::Table)
        .col(id(LocalOauthTokens::Id))
        .col(string_uniq(LocalOauthTokens::TokenHash))
        .col(string(LocalOauthTokens::Subject))
        .col(string_null(LocalOauthTokens::Email))
        .col(string_null(LocalOauthTokens::Name))
        .col(at(LocalOauthTokens::CreatedAt))
        .col(at(LocalOauthTokens::ExpiresAt))
        .to_owned()
}

/// One sign-in on one device: every rotated refresh token of it belongs to the family, so
/// reuse of an old token revokes the whole family.
/// - `device`: JSON of the sign-in request's device fields (type, OS, browser, …).
/// - `revoked_reason`: free text such as `logout`, `reuse`, `password_changed`.
fn refresh_token_families() -> TableCreateStatement {
    Table::create()
        .table(RefreshTokenFamilies::Table)
        .col(id(RefreshTokenFamilies::Id))
        .col(big_integer(RefreshTokenFamilies::MemberId))
        .col(flag(RefreshTokenFamilies::AutoLogin))
        .col(json_null(RefreshTokenFamilies::Device))
        .col(at_null(RefreshTokenFamilies::PasswordCheckedAt))
        .col(at(RefreshTokenFamilies::CreatedAt))
        .col(at(RefreshTokenFamilies::LastUsedAt))
        .col(at_null(RefreshTokenFamilies::RevokedAt))
        .col(string_null(RefreshTokenFamilies::RevokedReason))
        .foreign_key(&mut foreign_key(
            RefreshTokenFamilies::Table,
            RefreshTokenFamilies::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// An opaque refresh token, stored hashed; `used_at` is set when it is rotated.
fn refresh_tokens() -> TableCreateStatement {
    Table::create()
        .table(RefreshTokens::Table)
        .col(id(RefreshTokens::Id))
        .col(big_integer(RefreshTokens::FamilyId))
        .col(string_uniq(RefreshTokens::TokenHash))
        .col(at(RefreshTokens::CreatedAt))
        .col(at(RefreshTokens::ExpiresAt))
        .col(at_null(RefreshTokens::UsedAt))
        .foreign_key(&mut foreign_key(
            RefreshTokens::Table,
            RefreshTokens::FamilyId,
            RefreshTokenFamilies::Table,
            RefreshTokenFamilies::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// A guest id (`tma_id`) handed to an anonymous visitor.
fn guest_sessions() -> TableCreateStatement {
    Table::create()
        .table(GuestSessions::Table)
        .col(id(GuestSessions::Id))
        .col(string_uniq(GuestSessions::SessionId))
        .col(json_null(GuestSessions::Device))
        .col(at(GuestSessions::CreatedAt))
        .col(at(GuestSessions::ExpiresAt))
        .to_owned()
}

/// A 6-digit code mailed to prove an address (stored hashed; 10 minutes, 5 tries).
/// - `purpose`: `join` | `password`.
fn email_codes() -> TableCreateStatement {
    Table::create()
        .table(EmailCodes::Table)
        .col(id(EmailCodes::Id))
        .col(string(EmailCodes::Email))
        .col(code(EmailCodes::Purpose))
        .col(string(EmailCodes::CodeHash))
        .col(integer(EmailCodes::Attempts).default(0))
        .col(at(EmailCodes::CreatedAt))
        .col(at(EmailCodes::ExpiresAt))
        .col(at_null(EmailCodes::ConsumedAt))
        .to_owned()
}

/// A single-use password reset token (stored hashed). `channel`: `email` | `phone`.
fn password_resets() -> TableCreateStatement {
    Table::create()
        .table(PasswordResets::Table)
        .col(id(PasswordResets::Id))
        .col(big_integer(PasswordResets::MemberId))
        .col(string_uniq(PasswordResets::TokenHash))
        .col(code(PasswordResets::Channel))
        .col(at(PasswordResets::CreatedAt))
        .col(at(PasswordResets::ExpiresAt))
        .col(at_null(PasswordResets::UsedAt))
        .foreign_key(&mut foreign_key(
            PasswordResets::Table,
            PasswordResets::MemberId,
            Members::Table,
            Members::Id,
            ForeignKeyAction::Cascade,
        ))
        .to_owned()
}

/// Every login attempt, for the throttle by account (`email_key`, the normalised e-mail)
/// and by address (`ip`). A log: no foreign key, so it survives what it mentions.
fn login_attempts() -> TableCreateStatement {
    Table::create()
        .table(LoginAttempts::Table)
        .col(id(LoginAttempts::Id))
        .col(string(LoginAttempts::EmailKey))
        .col(string(LoginAttempts::Ip))
        .col(boolean(LoginAttempts::Success))
        .col(at(LoginAttempts::CreatedAt))
        .to_owned()
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
    Email,
    EmailVerifiedAt,
    PasswordHash,
    Nickname,
    Role,
    Status,
    SignupChannel,
    PersonKey,
    CertificationId,
    MarketingOptIn,
    TermsAgreedAt,
    FailedLoginCount,
    LockedUntil,
    CreatedAt,
    UpdatedAt,
    WithdrawnAt,
    WithdrawReason,
}

#[derive(DeriveIden)]
enum MemberInterests {
    Table,
    MemberId,
    CategoryId,
}

#[derive(DeriveIden)]
enum Certifications {
    Table,
    Id,
    CertifyNo,
    Provider,
    ProviderUid,
    Purpose,
    Status,
    Name,
    Phone,
    BirthDate,
    Gender,
    PersonKey,
    MemberId,
    CreatedAt,
    CompletedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum SocialIdentities {
    Table,
    Id,
    MemberId,
    Provider,
    Subject,
    Email,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OauthStates {
    Table,
    Id,
    State,
    Provider,
    CodeVerifier,
    RedirectUri,
    Purpose,
    CreatedAt,
    ExpiresAt,
    ConsumedAt,
}

#[derive(DeriveIden)]
enum LocalOauthCodes {
    Table,
    Id,
    CodeHash,
    ClientId,
    RedirectUri,
    CodeChallenge,
    Subject,
    Email,
    Name,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum LocalOauthTokens {
    Table,
    Id,
    TokenHash,
    Subject,
    Email,
    Name,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum RefreshTokenFamilies {
    Table,
    Id,
    MemberId,
    AutoLogin,
    Device,
    PasswordCheckedAt,
    CreatedAt,
    LastUsedAt,
    RevokedAt,
    RevokedReason,
}

#[derive(DeriveIden)]
enum RefreshTokens {
    Table,
    Id,
    FamilyId,
    TokenHash,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum GuestSessions {
    Table,
    Id,
    SessionId,
    Device,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum EmailCodes {
    Table,
    Id,
    Email,
    Purpose,
    CodeHash,
    Attempts,
    CreatedAt,
    ExpiresAt,
    ConsumedAt,
}

#[derive(DeriveIden)]
enum PasswordResets {
    Table,
    Id,
    MemberId,
    TokenHash,
    Channel,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum LoginAttempts {
    Table,
    Id,
    EmailKey,
    Ip,
    Success,
    CreatedAt,
}
