//! Accounts that stay ours (docs/security.md, "Two-step sign-in and passkeys").
//!
//! - `totp_secrets`: a member's authenticator app, one per member. `sealed_secret` is the
//!   RFC 6238 secret sealed with a key derived from the token secret (AES-256-GCM), so a copy
//!   of the database alone cannot make codes. `confirmed_at` is set by the first right code;
//!   until then the app is being set up and two-step sign-in is off. `last_step` is the
//!   30-second step of the last code taken: a code of that step or an earlier one is refused,
//!   so a code seen over a shoulder cannot be used again.
//! - `recovery_codes`: ten one-time codes made when two-step sign-in is turned on, stored as
//!   keyed hashes; `used_at` is set by the one statement that takes a code.
//! - `sign_in_tickets`: a sign-in whose first step (the password, a social identity) passed
//!   and whose second is awaited: a random ticket stored hashed, good for 5 minutes and taken
//!   once (`used_at`), with what the session will be (`auto_login`, `device`).
//! - `passkeys`: a member's WebAuthn credentials: `credential_id` (base64url, unique: an
//!   authenticator's credential belongs to one member), the member's `name` for it, the
//!   library's record of the key (`credential`, JSON) and when it was added and last used.
//! - `webauthn_ceremonies`: a registration or an assertion in flight: the challenge state the
//!   WebAuthn library keeps between its two calls, stored under a hashed random id so any
//!   process behind the site's address can finish a ceremony another began. `kind` is
//!   `REGISTER` | `SIGN_IN` | `SECOND_STEP` | `PROOF`; 5 minutes, taken once.
//! - `security_events`: a member's own record of what happened to the account's keys and
//!   sessions (`kind`: `TWO_STEP_ON`, `CODE_REFUSED`, `RECOVERY_CODE_USED`, `PASSKEY_ADDED`,
//!   `NEW_DEVICE`, `SESSION_ENDED`, …), shown on my page and erased with the account.
//! - `members.two_step_at`: when the member turned two-step sign-in on (the authenticator
//!   app confirmed), null while it is off: the checks of who may act (an operator, a team
//!   whose business requires it) read it with the member they already have.
//! - `businesses.requires_two_step`: the master's choice that every member of the team have
//!   two-step sign-in before the console answers them.
//! - `refresh_token_families.device_key`: the known-device id the session signed in from
//!   (the `tmd` cookie's), so a sign-in from a device the account has not seen is told.

use crate::columns::{at, at_null, code, flag, foreign_key, id, index, unique_index};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TotpSecrets::Table)
                    .col(id(TotpSecrets::Id))
                    .col(big_integer(TotpSecrets::MemberId))
                    .col(string_len(TotpSecrets::SealedSecret, 200))
                    .col(at_null(TotpSecrets::ConfirmedAt))
                    .col(big_integer(TotpSecrets::LastStep).default(0))
                    .col(at(TotpSecrets::CreatedAt))
                    .foreign_key(&mut owned_by(TotpSecrets::Table, TotpSecrets::MemberId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(TotpSecrets::Table, [TotpSecrets::MemberId]))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(RecoveryCodes::Table)
                    .col(id(RecoveryCodes::Id))
                    .col(big_integer(RecoveryCodes::MemberId))
                    .col(string_len(RecoveryCodes::CodeHash, 64))
                    .col(at_null(RecoveryCodes::UsedAt))
                    .col(at(RecoveryCodes::CreatedAt))
                    .foreign_key(&mut owned_by(RecoveryCodes::Table, RecoveryCodes::MemberId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                RecoveryCodes::Table,
                [RecoveryCodes::MemberId, RecoveryCodes::CodeHash],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SignInTickets::Table)
                    .col(id(SignInTickets::Id))
                    .col(string_len(SignInTickets::TicketHash, 64))
                    .col(big_integer(SignInTickets::MemberId))
                    .col(flag(SignInTickets::AutoLogin))
                    .col(json_null(SignInTickets::Device))
                    .col(string_len_null(SignInTickets::DeviceKey, 64))
                    .col(at(SignInTickets::ExpiresAt))
                    .col(at_null(SignInTickets::UsedAt))
                    .col(at(SignInTickets::CreatedAt))
                    .foreign_key(&mut owned_by(SignInTickets::Table, SignInTickets::MemberId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                SignInTickets::Table,
                [SignInTickets::TicketHash],
            ))
            .await?;
        manager
            .create_index(index(SignInTickets::Table, [SignInTickets::MemberId]))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Passkeys::Table)
                    .col(id(Passkeys::Id))
                    .col(big_integer(Passkeys::MemberId))
                    .col(string_len(Passkeys::CredentialId, 1400))
                    .col(string_len(Passkeys::Name, 60))
                    .col(text(Passkeys::Credential))
                    .col(at(Passkeys::CreatedAt))
                    .col(at_null(Passkeys::LastUsedAt))
                    .foreign_key(&mut owned_by(Passkeys::Table, Passkeys::MemberId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(Passkeys::Table, [Passkeys::CredentialId]))
            .await?;
        manager
            .create_index(index(Passkeys::Table, [Passkeys::MemberId]))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WebauthnCeremonies::Table)
                    .col(id(WebauthnCeremonies::Id))
                    .col(string_len(WebauthnCeremonies::CeremonyHash, 64))
                    .col(big_integer_null(WebauthnCeremonies::MemberId))
                    .col(code(WebauthnCeremonies::Kind))
                    .col(text(WebauthnCeremonies::State))
                    .col(at(WebauthnCeremonies::ExpiresAt))
                    .col(at_null(WebauthnCeremonies::UsedAt))
                    .col(at(WebauthnCeremonies::CreatedAt))
                    .foreign_key(&mut owned_by(
                        WebauthnCeremonies::Table,
                        WebauthnCeremonies::MemberId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(unique_index(
                WebauthnCeremonies::Table,
                [WebauthnCeremonies::CeremonyHash],
            ))
            .await?;
        manager
            .create_index(index(
                WebauthnCeremonies::Table,
                [WebauthnCeremonies::ExpiresAt],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SecurityEvents::Table)
                    .col(id(SecurityEvents::Id))
                    .col(big_integer(SecurityEvents::MemberId))
                    .col(code(SecurityEvents::Kind))
                    .col(string_len_null(SecurityEvents::Detail, 200))
                    .col(at(SecurityEvents::CreatedAt))
                    .foreign_key(&mut owned_by(
                        SecurityEvents::Table,
                        SecurityEvents::MemberId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                SecurityEvents::Table,
                [SecurityEvents::MemberId, SecurityEvents::CreatedAt],
            ))
            .await?;

        manager
            .alter_table(
                Table::alter()
                    .table(Members::Table)
                    .add_column(at_null(Members::TwoStepAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Businesses::Table)
                    .add_column(flag(Businesses::RequiresTwoStep))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(RefreshTokenFamilies::Table)
                    .add_column(string_len_null(RefreshTokenFamilies::DeviceKey, 64))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in [
            (
                RefreshTokenFamilies::Table.into_iden(),
                RefreshTokenFamilies::DeviceKey.into_iden(),
            ),
            (
                Businesses::Table.into_iden(),
                Businesses::RequiresTwoStep.into_iden(),
            ),
            (Members::Table.into_iden(), Members::TwoStepAt.into_iden()),
        ] {
            manager
                .alter_table(Table::alter().table(table).drop_column(column).to_owned())
                .await?;
        }
        for table in [
            SecurityEvents::Table.into_iden(),
            WebauthnCeremonies::Table.into_iden(),
            Passkeys::Table.into_iden(),
            SignInTickets::Table.into_iden(),
            RecoveryCodes::Table.into_iden(),
            TotpSecrets::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// A row that belongs to a member and goes with the account.
fn owned_by<T: IntoIden>(table: T, column: impl IntoIden) -> ForeignKeyCreateStatement {
    foreign_key(
        table,
        column,
        Members::Table,
        Members::Id,
        ForeignKeyAction::Cascade,
    )
}

#[derive(DeriveIden)]
enum Members {
    Table,
    Id,
    TwoStepAt,
}

#[derive(DeriveIden)]
enum Businesses {
    Table,
    RequiresTwoStep,
}

#[derive(DeriveIden)]
enum RefreshTokenFamilies {
    Table,
    DeviceKey,
}

#[derive(DeriveIden)]
enum TotpSecrets {
    Table,
    Id,
    MemberId,
    SealedSecret,
    ConfirmedAt,
    LastStep,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RecoveryCodes {
    Table,
    Id,
    MemberId,
    CodeHash,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SignInTickets {
    Table,
    Id,
    TicketHash,
    MemberId,
    AutoLogin,
    Device,
    DeviceKey,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Passkeys {
    Table,
    Id,
    MemberId,
    CredentialId,
    Name,
    Credential,
    CreatedAt,
    LastUsedAt,
}

#[derive(DeriveIden)]
enum WebauthnCeremonies {
    Table,
    Id,
    CeremonyHash,
    MemberId,
    Kind,
    State,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SecurityEvents {
    Table,
    Id,
    MemberId,
    Kind,
    Detail,
    CreatedAt,
}
