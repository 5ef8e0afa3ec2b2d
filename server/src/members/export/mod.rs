//! What a member's own data file holds (PIPA Art. 35, the right of access): every place that
//! holds their personal data, the same places a withdrawal erases (`members::erase`), read
//! into one JSON document.
//!
//! | where | in the file |
//! | --- | --- |
//! | `members` | profile, role, status, how they joined, dates |
//! | `certifications` | name, birth date, gender, the phone's last four digits, when; never the person key (CI/DI), the provider's ids or the whole number |
//! | `members`, `invitations` | consents: terms, marketing, with their dates |
//! | `member_interests`, `social_identities`, `business_members` | interests, linked sign-in accounts (provider and address, not the provider's id), business and role |
//! | `follows`, `bookmarks` | what and when |
//! | `member_consents`, `push_subscriptions` | every answer to the night-time push consent, dated; the browsers push is on in |
//! | `search_log` | the member's searches |
//! | `post_flags` | reports and how operators decided them |
//! | `refresh_token_families` | sessions and devices |
//! | `members`, `totp_secrets`, `recovery_codes`, `passkeys`, `security_events` | two-step sign-in: on since when, the app's date, how many recovery codes are left; passkeys' names and dates; the account's security record (never a secret, a code or a key) |
//! | `login_attempts` | sign-ins by the address (time, client address, outcome) |
//! | `mail_outbox` | mail sent to the address: subject, kind, dates (not bodies: they carry one-time codes and links) |
//! | `analytics_events` | the member's own events: kind, post, business, device, time |

use crate::entities::{
    analytics_events, bookmarks, business_members, businesses, categories, certifications, follows,
    invitations, login_attempts, mail_outbox, member_consents, member_interests, members,
    notification_opens, notifications, post_flags, posts, push_subscriptions, search_log,
    social_identities,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use std::collections::HashMap;

mod security;

/// The file's format name and version, first in the document.
pub const FORMAT: &str = "tidemark-member-data/1";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberData {
    format: &'static str,
    made_at: DateTime<Utc>,
    member: Profile,
    certification: Option<Certification>,
    consents: Vec<Consent>,
    interests: Vec<Interest>,
    sign_in_accounts: Vec<SignInAccount>,
    business: Option<Business>,
    invitations: Vec<Invitation>,
    follows: Vec<Follow>,
    bookmarks: Vec<Bookmark>,
    notices: Vec<Notice>,
    notice_opens: Vec<NoticeOpen>,
    push_browsers: Vec<PushBrowser>,
    searches: Vec<Search>,
    reports: Vec<Report>,
    sessions: Vec<security::Session>,
    two_step: security::TwoStep,
    passkeys: Vec<security::Passkey>,
    security_record: Vec<security::SecurityEvent>,
    sign_in_attempts: Vec<SignInAttempt>,
    mail: Vec<Mail>,
    events: Vec<Event>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Profile {
    id: i64,
    email: Option<String>,
    email_verified_at: Option<DateTime<Utc>>,
    nickname: Option<String>,
    role: &'static str,
    status: &'static str,
    joined_by: String,
    has_password: bool,
    joined_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Certification {
    provider: String,
    name: Option<String>,
    birth_date: Option<String>,
    gender: Option<String>,
    phone_last4: Option<String>,
    certified_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Consent {
    what: String,
    agreed: bool,
    /// When the member agreed (terms), or last changed their profile (marketing: the
    /// platform keeps the choice, not each change of it).
    at: Option<DateTime<Utc>>,
}

/// A browser the member turned web push on in.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PushBrowser {
    endpoint: String,
    at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Interest {
    category_id: i16,
    name_ko: String,
    name_en: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SignInAccount {
    provider: String,
    email: Option<String>,
    linked_at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Business {
    id: i64,
    name: Option<String>,
    role: &'static str,
    since: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invitation {
    business_id: i64,
    role: &'static str,
    invited_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    accepted_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Follow {
    business_id: i64,
    business_name: Option<String>,
    source: String,
    at: DateTime<Utc>,
    /// How the member hears of its posts by e-mail (`OFF`, `EACH`, `DAILY`, `WEEKLY`), and
    /// since when.
    mail: String,
    mail_set_at: Option<DateTime<Utc>>,
}

/// A post the member opened from its notice (`SITE`) or its mail's link (`EMAIL`), counted
/// for the business's console.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NoticeOpen {
    post_id: i64,
    channel: String,
    at: DateTime<Utc>,
}

/// A notice under the member's bell (kept 90 days).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Notice {
    kind: String,
    business_id: Option<i64>,
    post_id: Option<i64>,
    detail: Option<String>,
    at: DateTime<Utc>,
    read_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Bookmark {
    post_id: i64,
    title: Option<String>,
    source: String,
    at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Search {
    query: String,
    results: i32,
    at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    post_id: i64,
    reason: &'static str,
    detail: Option<String>,
    status: &'static str,
    at: DateTime<Utc>,
    decided_at: Option<DateTime<Utc>>,
    decision_note: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SignInAttempt {
    at: DateTime<Utc>,
    client_address: String,
    succeeded: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Mail {
    subject: String,
    kind: String,
    status: &'static str,
    queued_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Event {
    kind: String,
    post_id: Option<i64>,
    business_id: Option<i64>,
    device_type: String,
    device_os: Option<String>,
    browser: Option<String>,
    at: DateTime<Utc>,
}

/// Reads everything the platform holds about `member`, as of `now`.
pub async fn collect(
    db: &impl ConnectionTrait,
    member: &members::Model,
    now: DateTime<Utc>,
) -> Result<MemberData, DbErr> {
    let id = member.id;
    let certification = match member.certification_id {
        Some(cert) => certifications::Entity::find_by_id(cert).one(db).await?,
        None => None,
    }
    .map(|row| Certification {
        provider: row.provider,
        name: row.name,
        birth_date: row.birth_date,
        gender: row.gender,
        phone_last4: row.phone.as_deref().and_then(crate::certify::phone_last4),
        certified_at: row.completed_at,
    });

    let mut consents = vec![
        Consent {
            what: "terms".into(),
            agreed: member.terms_agreed_at.is_some(),
            at: member.terms_agreed_at,
        },
        Consent {
            what: "marketing".into(),
            agreed: member.marketing_opt_in,
            at: Some(member.updated_at),
        },
    ];

    // Every answer to a dated consent (night-time pushes), oldest first.
    consents.extend(
        member_consents::Entity::find()
            .filter(member_consents::Column::MemberId.eq(id))
            .order_by_asc(member_consents::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|row| Consent {
                what: row.purpose,
                agreed: row.granted,
                at: Some(row.created_at),
            }),
    );
    let push_browsers = push_subscriptions::Entity::find()
        .filter(push_subscriptions::Column::MemberId.eq(id))
        .order_by_asc(push_subscriptions::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| PushBrowser {
            endpoint: row.endpoint,
            at: row.created_at,
        })
        .collect();

    let interest_ids: Vec<i16> = member_interests::Entity::find()
        .filter(member_interests::Column::MemberId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.category_id)
        .collect();
    let interests = categories::Entity::find()
        .filter(categories::Column::Id.is_in(interest_ids))
        .order_by_asc(categories::Column::SortOrder)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Interest {
            category_id: row.id,
            name_ko: row.name_ko,
            name_en: row.name_en,
        })
        .collect();

    let sign_in_accounts = social_identities::Entity::find()
        .filter(social_identities::Column::MemberId.eq(id))
        .order_by_asc(social_identities::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| SignInAccount {
            provider: row.provider,
            email: row.email,
            linked_at: row.created_at,
        })
        .collect();

    let follow_rows = follows::Entity::find()
        .filter(follows::Column::MemberId.eq(id))
        .order_by_asc(follows::Column::Id)
        .all(db)
        .await?;
    let membership = business_members::Entity::find()
        .filter(business_members::Column::MemberId.eq(id))
        .one(db)
        .await?;
    let mut business_ids: Vec<i64> = follow_rows.iter().map(|row| row.business_id).collect();
    business_ids.extend(membership.as_ref().map(|row| row.business_id));
    let business_names = names_of_businesses(db, business_ids).await?;
    let business = membership.map(|row| Business {
        id: row.business_id,
        name: business_names.get(&row.business_id).cloned(),
        role: row.role.as_str(),
        since: row.created_at,
    });
    let follows = follow_rows
        .into_iter()
        .map(|row| Follow {
            business_id: row.business_id,
            business_name: business_names.get(&row.business_id).cloned(),
            source: row.source,
            at: row.created_at,
            mail: row.mail,
            mail_set_at: row.mail_set_at,
        })
        .collect();

    let invitations = match member.email.as_deref() {
        Some(email) => {
            invitations::Entity::find()
                .filter(invitations::Column::Email.eq(email))
                .order_by_asc(invitations::Column::Id)
                .all(db)
                .await?
        }
        None => Vec::new(),
    }
    .into_iter()
    .map(|row| Invitation {
        business_id: row.business_id,
        role: row.role.as_str(),
        invited_at: row.created_at,
        expires_at: row.expires_at,
        accepted_at: row.accepted_at,
        revoked_at: row.revoked_at,
    })
    .collect();

    let bookmark_rows = bookmarks::Entity::find()
        .filter(bookmarks::Column::MemberId.eq(id))
        .order_by_asc(bookmarks::Column::Id)
        .all(db)
        .await?;
    let titles: HashMap<i64, String> = posts::Entity::find()
        .select_only()
        .column(posts::Column::Id)
        .column(posts::Column::Title)
        .filter(posts::Column::Id.is_in(bookmark_rows.iter().map(|row| row.post_id)))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let bookmarks = bookmark_rows
        .into_iter()
        .map(|row| Bookmark {
            post_id: row.post_id,
            title: titles.get(&row.post_id).cloned(),
            source: row.source,
            at: row.created_at,
        })
        .collect();

    let notices = notifications::Entity::find()
        .filter(notifications::Column::MemberId.eq(id))
        .order_by_asc(notifications::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Notice {
            kind: row.kind,
            business_id: row.business_id,
            post_id: row.post_id,
            detail: row.detail,
            at: row.created_at,
            read_at: row.read_at,
        })
        .collect();

    let notice_opens = notification_opens::Entity::find()
        .filter(notification_opens::Column::MemberId.eq(id))
        .order_by_asc(notification_opens::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| NoticeOpen {
            post_id: row.post_id,
            channel: row.channel,
            at: row.created_at,
        })
        .collect();

    let searches = search_log::Entity::find()
        .filter(search_log::Column::MemberId.eq(id))
        .order_by_asc(search_log::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Search {
            query: row.query,
            results: row.result_count,
            at: row.created_at,
        })
        .collect();

    let reports = post_flags::Entity::find()
        .filter(post_flags::Column::MemberId.eq(id))
        .order_by_asc(post_flags::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Report {
            post_id: row.post_id,
            reason: row.reason.as_str(),
            detail: row.detail,
            status: row.status.as_str(),
            at: row.created_at,
            decided_at: row.decided_at,
            decision_note: row.decision_note,
        })
        .collect();

    let security::Security {
        sessions,
        two_step,
        passkeys,
        security_record,
    } = security::collect(db, member).await?;

    let (sign_in_attempts, mail) = match member.email.as_deref() {
        Some(email) => (
            login_attempts::Entity::find()
                .filter(login_attempts::Column::EmailKey.eq(email))
                .order_by_asc(login_attempts::Column::Id)
                .all(db)
                .await?,
            mail_outbox::Entity::find()
                .filter(mail_outbox::Column::ToAddress.eq(email))
                .order_by_asc(mail_outbox::Column::Id)
                .all(db)
                .await?,
        ),
        None => (Vec::new(), Vec::new()),
    };
    let sign_in_attempts = sign_in_attempts
        .into_iter()
        .map(|row| SignInAttempt {
            at: row.created_at,
            client_address: row.ip,
            succeeded: row.success,
        })
        .collect();
    let mail = mail
        .into_iter()
        .map(|row| Mail {
            subject: row.subject,
            kind: row.kind,
            status: row.status.as_str(),
            queued_at: row.created_at,
            sent_at: row.sent_at,
        })
        .collect();

    let events = analytics_events::Entity::find()
        .filter(analytics_events::Column::MemberId.eq(id))
        .order_by_asc(analytics_events::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| Event {
            kind: row.kind,
            post_id: row.post_id,
            business_id: row.business_id,
            device_type: row.device_type,
            device_os: row.device_os,
            browser: row.browser,
            at: row.occurred_at,
        })
        .collect();

    Ok(MemberData {
        format: FORMAT,
        made_at: now,
        member: Profile {
            id,
            email: member.email.clone(),
            email_verified_at: member.email_verified_at,
            nickname: member.nickname.clone(),
            role: member.role.as_str(),
            status: member.status.as_str(),
            joined_by: member.signup_channel.clone(),
            has_password: member.password_hash.is_some(),
            joined_at: member.created_at,
            updated_at: member.updated_at,
        },
        certification,
        consents,
        interests,
        sign_in_accounts,
        business,
        invitations,
        follows,
        bookmarks,
        notices,
        notice_opens,
        push_browsers,
        searches,
        reports,
        sessions,
        two_step,
        passkeys,
        security_record,
        sign_in_attempts,
        mail,
        events,
    })
}

async fn names_of_businesses(
    db: &impl ConnectionTrait,
    ids: Vec<i64>,
) -> Result<HashMap<i64, String>, DbErr> {
    Ok(businesses::Entity::find()
        .select_only()
        .column(businesses::Column::Id)
        .column(businesses::Column::Name)
        .filter(businesses::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}
