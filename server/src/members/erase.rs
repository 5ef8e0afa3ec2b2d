//! What a withdrawal erases: every place that holds a member's personal data, in one list,
//! inside the withdrawal's transaction. The member row stays as a tombstone (no e-mail,
//! name, phone or password) so the business's posts keep their author reference; counts and
//! analytics stay, no longer tied to the person.
//!
//! | where | what happens |
//! | --- | --- |
//! | `members` | e-mail, password, nickname, person key, certification cleared; `WITHDRAWN` |
//! | `certifications` | deleted (name, phone, birth date, gender) |
//! | `social_identities`, `member_interests`, `follows`, `bookmarks`, `business_members` | deleted |
//! | `refresh_token_families` | revoked, device info cleared |
//! | `password_resets`, `email_codes` | deleted |
//! | `login_attempts`, `try_counters` | deleted (e-mail, addresses) |
//! | `totp_secrets`, `recovery_codes`, `passkeys`, `webauthn_ceremonies`, `sign_in_tickets`, `security_events` | deleted (two-step sign-in off) |
//! | `mail_outbox` | mail to the address deleted |
//! | `search_log` | the member's searches deleted |
//! | `data_exports` | files of the member's data deleted |
//! | `analytics_events` | kept for the counts, the member id cleared |
//! | `audit_log`, `invitations` | the address replaced by [`WITHDRAWN_ADDRESS`] |
//! | `local_oauth_codes`, `local_oauth_tokens` | the built-in provider's rows for the address deleted |

use crate::auth::{guard, session};
use crate::entities::members::MemberStatus;
use crate::entities::{
    analytics_events, audit_log, bookmarks, business_members, certifications, data_exports,
    email_codes, follows, invitations, local_oauth_codes, local_oauth_tokens, login_attempts,
    mail_digests, mail_outbox, mail_suppressions, member_consents, member_interests, members,
    notification_opens, notifications, passkeys, password_resets, push_deliveries, push_quota,
    push_subscriptions, recovery_codes, refresh_token_families as families, search_log,
    security_events, sign_in_tickets, social_identities, totp_secrets, webauthn_ceremonies,
};
use crate::http::error::ApiResult;
use crate::tokens::TokenKeys;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, Set,
};

/// What a business's audit log and invitation list show in place of a leaver's address.
pub const WITHDRAWN_ADDRESS: &str = "(withdrawn member)";

/// Erases `member`'s personal data everywhere and marks the account withdrawn.
pub async fn withdraw(
    db: &impl ConnectionTrait,
    keys: &TokenKeys,
    member: &members::Model,
    reason: String,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    let id = member.id;
    macro_rules! delete_where {
        ($($entity:ident :: $column:ident = $value:expr),* $(,)?) => {
            $($entity::Entity::delete_many()
                .filter($entity::Column::$column.eq($value))
                .exec(db)
                .await?;)*
        };
    }
    delete_where!(
        social_identities::MemberId = id,
        member_interests::MemberId = id,
        follows::MemberId = id,
        bookmarks::MemberId = id,
        business_members::MemberId = id,
        password_resets::MemberId = id,
        search_log::MemberId = id,
        data_exports::MemberId = id,
        notifications::MemberId = id,
        mail_digests::MemberId = id,
        notification_opens::MemberId = id,
        push_deliveries::MemberId = id,
        push_subscriptions::MemberId = id,
        push_quota::MemberId = id,
        member_consents::MemberId = id,
        totp_secrets::MemberId = id,
        recovery_codes::MemberId = id,
        passkeys::MemberId = id,
        webauthn_ceremonies::MemberId = id,
        sign_in_tickets::MemberId = id,
        security_events::MemberId = id,
    );
    if let Some(email) = member.email.as_deref() {
        delete_where!(
            email_codes::Email = email,
            login_attempts::EmailKey = email,
            mail_outbox::ToAddress = email,
            mail_suppressions::Address = email,
            local_oauth_codes::Email = email,
            local_oauth_tokens::Email = email,
        );
        guard::forget(db, &guard::unknown_devices_key(keys, email)).await?;
        invitations::Entity::update_many()
            .col_expr(invitations::Column::Email, Expr::value(WITHDRAWN_ADDRESS))
            .filter(
                Condition::any()
                    .add(invitations::Column::Email.eq(email))
                    .add(invitations::Column::AcceptedBy.eq(id)),
            )
            .exec(db)
            .await?;
    }
    guard::forget(db, &guard::check_counter(id)).await?;
    guard::forget(db, &guard::codes_counter(id)).await?;
    let mut audit_rows = Condition::any().add(audit_log::Column::TargetMemberId.eq(id));
    if let Some(email) = member.email.as_deref() {
        audit_rows = audit_rows.add(audit_log::Column::TargetEmail.eq(email));
    }
    audit_log::Entity::update_many()
        .col_expr(
            audit_log::Column::TargetEmail,
            Expr::value(WITHDRAWN_ADDRESS),
        )
        .filter(audit_rows)
        .filter(audit_log::Column::TargetEmail.is_not_null())
        .exec(db)
        .await?;
    analytics_events::Entity::update_many()
        .col_expr(
            analytics_events::Column::MemberId,
            Expr::value(Option::<i64>::None),
        )
        .filter(analytics_events::Column::MemberId.eq(id))
        .exec(db)
        .await?;

    let mut update: members::ActiveModel = member.clone().into();
    update.email = Set(None);
    update.email_verified_at = Set(None);
    update.password_hash = Set(None);
    update.nickname = Set(None);
    update.person_key = Set(None);
    update.certification_id = Set(None);
    update.two_step_at = Set(None);
    update.status = Set(MemberStatus::Withdrawn);
    update.withdrawn_at = Set(Some(now));
    update.withdraw_reason = Set(Some(reason));
    update.updated_at = Set(now);
    update.update(db).await?;
    certifications::Entity::delete_many()
        .filter(certifications::Column::MemberId.eq(id))
        .exec(db)
        .await?;
    session::revoke_all_of(db, id, "withdrawn").await?;
    families::Entity::update_many()
        .col_expr(
            families::Column::Device,
            Expr::value(Option::<serde_json::Value>::None),
        )
        .filter(families::Column::MemberId.eq(id))
        .exec(db)
        .await?;
    Ok(())
}
