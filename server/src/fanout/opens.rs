//! What the notices brought readers to: a member's first opening of a post from its notice,
//! per channel, and each post's reach as the business's console shows it.
//!
//! No open pixel: a mail counts when its reader clicks the post's link, which passes through
//! the server (`/mail/v1/open`) with a token naming the member and the post
//! ([`super::mailing::mail_token`]). A notice under
//! the bell counts when its member opens it. A member counts once a post and channel however
//! often they click (a unique index). A mail program's link scanner that follows the link
//! counts as a click: the figure is an upper bound, said so where it is shown.

use crate::entities::mail_outbox::MailStatus;
use crate::entities::notification_opens;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};
use std::collections::HashMap;

use super::mailing::POST_MAIL;

crate::named_words! {
    /// Where a member opened a post from (`notification_opens.channel`).
    pub enum Channel {
        /// The notice under the bell.
        Site = "SITE",
        /// The post's link in a notice mail (a post's own mail or a digest).
        Email = "EMAIL",
        /// A browser notification (web push).
        Push = "PUSH",
    }
}

/// Records that `member_id` opened `post_id` from `channel`; once a member, post and channel
/// (true when this was the first time).
pub async fn record<C: ConnectionTrait>(
    db: &C,
    post_id: i64,
    member_id: i64,
    channel: Channel,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let inserted = notification_opens::Entity::insert(notification_opens::ActiveModel {
        post_id: Set(post_id),
        member_id: Set(member_id),
        channel: Set(channel.as_str().into()),
        created_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            notification_opens::Column::PostId,
            notification_opens::Column::MemberId,
            notification_opens::Column::Channel,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(inserted > 0)
}

/// How far a post's announcement reached, for its business's console.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Followers who got the notice under the bell.
    pub notified_in_site: i64,
    /// Mails of the post alone delivered to the relay (digests that list it are not counted:
    /// one digest tells of many posts).
    pub mailed: i64,
    /// Members who opened the post from its notice under the bell.
    pub opened_in_site: i64,
    /// Members who clicked the post's link in a notice mail (its own or a digest).
    pub opened_from_mail: i64,
    /// Followers a browser notification reached (the push service took it).
    pub pushed: i64,
    /// Members who clicked the post's browser notification.
    pub opened_from_push: i64,
}

/// The reach of every announced post of `business_id`, by post.
pub async fn reach_of_business<C: ConnectionTrait>(
    db: &C,
    business_id: i64,
) -> Result<HashMap<i64, Reach>, DbErr> {
    let backend = db.get_database_backend();
    let mut reach: HashMap<i64, Reach> = HashMap::new();
    let notified = db
        .query_all_raw(crate::db::statement(
            backend,
            "SELECT post_id, notified FROM post_announcements WHERE business_id = ?",
            vec![business_id.into()],
        ))
        .await?;
    for row in notified {
        let post: i64 = row.try_get("", "post_id")?;
        reach.entry(post).or_default().notified_in_site = row.try_get("", "notified")?;
    }
    let mailed = db
        .query_all_raw(crate::db::statement(
            backend,
            "SELECT o.post_id AS post_id, COUNT(*) AS n FROM mail_outbox o \
             JOIN posts p ON p.id = o.post_id \
             WHERE p.business_id = ? AND o.kind = ? AND o.status = ? GROUP BY o.post_id",
            vec![
                business_id.into(),
                POST_MAIL.into(),
                MailStatus::Sent.as_str().into(),
            ],
        ))
        .await?;
    for row in mailed {
        let post: i64 = row.try_get("", "post_id")?;
        reach.entry(post).or_default().mailed = row.try_get("", "n")?;
    }
    let pushed = db
        .query_all_raw(crate::db::statement(
            backend,
            "SELECT d.post_id AS post_id, COUNT(DISTINCT d.member_id) AS n FROM push_deliveries d \
             JOIN posts p ON p.id = d.post_id \
             WHERE p.business_id = ? AND d.status = ? GROUP BY d.post_id",
            vec![
                business_id.into(),
                crate::push::Status::Sent.as_str().into(),
            ],
        ))
        .await?;
    for row in pushed {
        let post: i64 = row.try_get("", "post_id")?;
        reach.entry(post).or_default().pushed = row.try_get("", "n")?;
    }
    let opened = db
        .query_all_raw(crate::db::statement(
            backend,
            "SELECT n.post_id AS post_id, n.channel AS channel, COUNT(*) AS n \
             FROM notification_opens n JOIN posts p ON p.id = n.post_id \
             WHERE p.business_id = ? GROUP BY n.post_id, n.channel",
            vec![business_id.into()],
        ))
        .await?;
    for row in opened {
        let post: i64 = row.try_get("", "post_id")?;
        let count: i64 = row.try_get("", "n")?;
        let entry = reach.entry(post).or_default();
        match Channel::parse(&row.try_get::<String>("", "channel")?) {
            Some(Channel::Site) => entry.opened_in_site = count,
            Some(Channel::Email) => entry.opened_from_mail = count,
            Some(Channel::Push) => entry.opened_from_push = count,
            None => {}
        }
    }
    Ok(reach)
}
