//! Web push (docs/notifications.md, "By web push"): a member turns notifications on in a
//! browser, which subscribes at its push service with the site's VAPID public key and gives
//! the server the subscription (an endpoint and the browser's keys). A post's fan-out queues
//! one delivery per subscription of each follower in its batch's transaction
//! ([`queue_batch`]); the sender ([`sender::deliver_due`], a job every process runs) claims
//! due deliveries for a lease, encrypts each payload for its browser (RFC 8291), signs the
//! request (RFC 8292) and posts it to the push service (RFC 8030).
//!
//! Night-time: 정보통신망법 Art. 50 asks a separate consent for promotional messages between
//! 21:00 and 08:00. A delivery due in those hours to a member who has not consented waits
//! until 08:00 KST ([`night_hold`]). Consents are recorded with their dates
//! (`member_consents`).
//!
//! Never twice on screen: a delivery's payload and its `Topic` name the post, so a push sent
//! again after a process died between the push service's answer and the `SENT` mark replaces
//! the first at the push service, and the service worker shows one notification per post
//! (`tag`).

use crate::entities::members::MemberStatus;
use crate::entities::{member_consents, push_subscriptions};
use chrono::{DateTime, TimeDelta, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

pub mod sender;
pub mod vapid;

pub use vapid::Vapid;

crate::named_words! {
    /// Where a delivery stands (`push_deliveries.status`).
    pub enum Status {
        /// Waiting for its time.
        Pending = "PENDING",
        /// Claimed by a process until `due_at`.
        Sending = "SENDING",
        /// The push service took it.
        Sent = "SENT",
        /// Its post left the public before it went.
        Withdrawn = "WITHDRAWN",
        /// The member's pushes of the day were used up: the post is under the bell only.
        Limited = "LIMITED",
        /// The push service refused it, or did not answer through every try.
        Failed = "FAILED",
    }
}

crate::named_words! {
    /// What a member may consent to (`member_consents.purpose`).
    pub enum Consent {
        /// Promotional pushes between 21:00 and 08:00 KST (정보통신망법 Art. 50 (3)).
        NightPush = "NIGHT_PUSH",
    }
}

/// Pushes one member gets in a Korean day, over all their browsers; past it, posts are under
/// the bell only.
pub const DAILY_PUSHES: i64 = 20;
/// Browsers one member may have turned on.
pub const MAX_SUBSCRIPTIONS: u64 = 20;
/// The night hours (KST) that need the member's consent: from 21:00 to 08:00.
pub const NIGHT_STARTS: u32 = 21;
pub const NIGHT_ENDS: u32 = 8;

/// Whether the server sends pushes to `endpoint`: HTTPS to a listed push service (a host or
/// a parent domain), or an origin listed whole (`http://127.0.0.1:9000`, a local push
/// service in tests).
pub fn allowed_endpoint(endpoint: &str, services: &str) -> bool {
    let Ok(url) = reqwest::Url::parse(endpoint) else {
        return false;
    };
    let Some(host) = url.host_str() else {
        return false;
    };
    if !url.username().is_empty() || url.password().is_some() {
        return false;
    }
    let origin = url.origin().ascii_serialization();
    services
        .split(',')
        .map(str::trim)
        .filter(|service| !service.is_empty())
        .any(|service| {
            if service.contains("://") {
                origin == service.trim_end_matches('/')
            } else {
                url.scheme() == "https"
                    && url.port().is_none()
                    && (host == service || host.ends_with(&format!(".{service}")))
            }
        })
}

/// What a push's post link token is signed for.
const OPEN_PURPOSE: &str = "push-open";

/// `{member}.{post}.{signature}`: the post's link in a member's push, through
/// `/push/v1/open`, which counts the first opening for the business's console.
pub fn open_token(keys: &crate::tokens::TokenKeys, member_id: i64, post_id: i64) -> String {
    keys.sign_link(OPEN_PURPOSE, &format!("{member_id}.{post_id}"))
}

/// (member, post) of a push's post link this server signed.
pub fn read_open_token(keys: &crate::tokens::TokenKeys, token: &str) -> Option<(i64, i64)> {
    let (member, post) = keys.verify_link(OPEN_PURPOSE, token)?.split_once('.')?;
    let positive = |text: &str| text.parse::<i64>().ok().filter(|id| *id > 0);
    Some((positive(member)?, positive(post)?))
}

/// When a delivery due at `now` may go to a member without night consent: `None` outside the
/// night, else 08:00 KST of the morning after it.
pub fn night_hold(now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let local = now.with_timezone(&crate::kernel::kst::kst());
    let hour = chrono::Timelike::hour(&local);
    let morning = if hour >= NIGHT_STARTS {
        local.date_naive().succ_opt()?
    } else if hour < NIGHT_ENDS {
        local.date_naive()
    } else {
        return None;
    };
    Some(crate::kernel::kst::kst_midnight(morning) + TimeDelta::hours(i64::from(NIGHT_ENDS)))
}

/// The member's latest answer to `consent`, with its date.
pub async fn consent_of<C: ConnectionTrait>(
    db: &C,
    member_id: i64,
    consent: Consent,
) -> Result<Option<member_consents::Model>, DbErr> {
    member_consents::Entity::find()
        .filter(member_consents::Column::MemberId.eq(member_id))
        .filter(member_consents::Column::Purpose.eq(consent.as_str()))
        .order_by_desc(member_consents::Column::Id)
        .one(db)
        .await
}

/// In the fan-out's batch transaction: one delivery of post `post_id` to each browser of the
/// business's active followers from member `first` to `last`, once a browser and post; says
/// how many were queued.
pub async fn queue_batch<C: ConnectionTrait>(
    txn: &C,
    business_id: i64,
    post_id: i64,
    (first, last): (i64, i64),
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let queued = txn
        .execute_raw(crate::db::statement(
            txn.get_database_backend(),
            "INSERT INTO push_deliveries \
             (subscription_id, member_id, post_id, status, attempts, due_at, created_at) \
             SELECT s.id, s.member_id, ?, ?, 0, ?, ? FROM push_subscriptions s \
             JOIN follows f ON f.member_id = s.member_id \
             JOIN members m ON m.id = s.member_id \
             WHERE f.business_id = ? AND f.member_id >= ? AND f.member_id <= ? AND m.status = ? \
             ON CONFLICT (subscription_id, post_id) DO NOTHING",
            vec![
                post_id.into(),
                Status::Pending.as_str().into(),
                now.into(),
                now.into(),
                business_id.into(),
                first.into(),
                last.into(),
                MemberStatus::Active.as_str().into(),
            ],
        ))
        .await?
        .rows_affected();
    Ok(queued)
}

/// What became of a browser a member turned push on in.
#[derive(Debug, PartialEq, Eq)]
pub enum Added {
    /// It is the member's browser (new, taken over from another member, or known already).
    Stored,
    /// The member has [`MAX_SUBSCRIPTIONS`] browsers already.
    Full,
}

/// Stores the member's browser at `endpoint` with its keys. A browser known as the member's
/// gets its new keys; any other takes the lowest free place (`slot`) of the member's
/// [`MAX_SUBSCRIPTIONS`] in the statement that inserts it, and the unique index on (member,
/// slot) holds the limit however many requests arrive at once, on one node or several: a
/// request that loses a place to another tries the next, and none is left once all are taken.
/// An endpoint another member had moves to this one (a browser belongs to one member).
pub async fn add_subscription<C: ConnectionTrait>(
    db: &C,
    member_id: i64,
    endpoint: &str,
    p256dh: &str,
    auth: &str,
    now: DateTime<Utc>,
) -> Result<Added, DbErr> {
    let backend = db.get_database_backend();
    // Each round either stores the browser, finds no place, or lost its place to a request
    // that took it (which needs no more than one round per place).
    for _ in 0..=2 * MAX_SUBSCRIPTIONS {
        let renewed = db
            .execute_raw(crate::db::statement(
                backend,
                "UPDATE push_subscriptions SET p256dh = ?, auth = ? WHERE endpoint = ? AND member_id = ?",
                vec![p256dh.into(), auth.into(), endpoint.into(), member_id.into()],
            ))
            .await?
            .rows_affected();
        if renewed > 0 {
            return Ok(Added::Stored);
        }
        let inserted = db
            .execute_raw(crate::db::statement(
                backend,
                "WITH RECURSIVE places(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM places WHERE n + 1 < ?) \
                 INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, slot, created_at) \
                 SELECT ?, ?, ?, ?, places.n, ? FROM places \
                 WHERE places.n NOT IN (SELECT slot FROM push_subscriptions WHERE member_id = ?) \
                 ORDER BY places.n LIMIT 1 \
                 ON CONFLICT (endpoint) DO UPDATE SET member_id = excluded.member_id, \
                 p256dh = excluded.p256dh, auth = excluded.auth, slot = excluded.slot, \
                 created_at = excluded.created_at",
                vec![
                    (MAX_SUBSCRIPTIONS as i64).into(),
                    member_id.into(),
                    endpoint.into(),
                    p256dh.into(),
                    auth.into(),
                    now.into(),
                    member_id.into(),
                ],
            ))
            .await;
        match inserted {
            Ok(done) if done.rows_affected() > 0 => return Ok(Added::Stored),
            Ok(_) => return Ok(Added::Full),
            Err(error)
                if matches!(
                    error.sql_err(),
                    Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
                ) =>
            {
                continue
            }
            Err(error) => return Err(error),
        }
    }
    Err(DbErr::Custom(
        "a browser's place was taken by another request every time".into(),
    ))
}

/// Takes one of the member's pushes of the Korean day of `now`, in one statement (so two
/// processes sending at once cannot both take the last); false when none is left.
pub async fn take_quota<C: ConnectionTrait>(
    db: &C,
    member_id: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let taken = db
        .execute_raw(crate::db::statement(
            db.get_database_backend(),
            "INSERT INTO push_quota (member_id, day, used) VALUES (?, ?, 1) \
             ON CONFLICT (member_id, day) DO UPDATE SET used = push_quota.used + 1 \
             WHERE push_quota.used < ?",
            vec![
                member_id.into(),
                crate::kernel::kst::kst_day(now).into(),
                DAILY_PUSHES.into(),
            ],
        ))
        .await?
        .rows_affected();
    Ok(taken == 1)
}

/// Forgets the counts of days before yesterday (KST); says how many rows went.
pub async fn prune_quota<C: ConnectionTrait>(db: &C, now: DateTime<Utc>) -> Result<u64, DbErr> {
    let gone = crate::entities::push_quota::Entity::delete_many()
        .filter(
            crate::entities::push_quota::Column::Day
                .lt(crate::kernel::kst::kst_day(now - TimeDelta::days(1))),
        )
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}

/// A member's browsers, oldest first.
pub async fn subscriptions_of<C: ConnectionTrait>(
    db: &C,
    member_id: i64,
) -> Result<Vec<push_subscriptions::Model>, DbErr> {
    push_subscriptions::Entity::find()
        .filter(push_subscriptions::Column::MemberId.eq(member_id))
        .order_by_asc(push_subscriptions::Column::Id)
        .all(db)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn the_night_from_nine_in_the_evening_to_eight_in_the_morning_korean_time_waits_for_eight() {
        // 20:59 KST: day.
        assert_eq!(night_hold(at("2026-12-07T11:59:59Z")), None);
        // 21:00 KST: until 08:00 KST the next morning (23:00 UTC).
        assert_eq!(
            night_hold(at("2026-12-07T12:00:00Z")),
            Some(at("2026-12-07T23:00:00Z"))
        );
        // 03:00 KST: the same morning.
        assert_eq!(
            night_hold(at("2026-12-07T18:00:00Z")),
            Some(at("2026-12-07T23:00:00Z"))
        );
        // 08:00 KST: day again.
        assert_eq!(night_hold(at("2026-12-07T23:00:00Z")), None);
    }

    #[test]
    fn only_the_listed_push_services_are_sent_to() {
        let services = "fcm.googleapis.com,push.apple.com,http://127.0.0.1:9000";
        assert!(allowed_endpoint(
            "https://fcm.googleapis.com/fcm/send/abc",
            services
        ));
        assert!(allowed_endpoint("https://web.push.apple.com/QO", services));
        assert!(allowed_endpoint("http://127.0.0.1:9000/push/1", services));
        for refused in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com:8443/x",
            "https://evilfcm.googleapis.com.example/x",
            "https://notfcm.googleapis.com.attacker.test/x",
            "https://user:pw@fcm.googleapis.com/x",
            "http://127.0.0.1:9001/push/1",
            "https://169.254.169.254/latest",
            "file:///etc/passwd",
            "not a url",
        ] {
            assert!(!allowed_endpoint(refused, services), "{refused}");
        }
    }
}
