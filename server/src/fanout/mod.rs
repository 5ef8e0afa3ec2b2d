//! Notices: what a member hears (PRODUCT "Notifications"; docs/notifications.md).
//!
//! A post is announced once, when it becomes public: the change that makes it public queues
//! its announcement in the writer's own transaction ([`queue_announcement`], called by
//! `AppState::commit_with` for every changed post), so a scheduled post is queued at its time
//! and never before, and a post's later edits, hides and returns queue nothing new (one row a
//! post). The fan-out ([`fan_out`], a job every process runs) claims one announcement at a
//! time for a lease, walks the business's followers in member order a batch at a time, and
//! adds each batch's notices and moves its place in one transaction: a process killed in the
//! middle leaves the place where its last batch ended, the next claim goes on from there, and
//! the unique (member, post) index refuses anything added twice. A post that leaves the public
//! before its followers all heard is withdrawn: no further notice goes out for it.
//!
//! The other notices (an operator's answer to a report, an invitation, a business's
//! verification and media requests) have one recipient each and are written by [`write()`] in
//! the transaction of the decision they tell of.

use crate::entities::members::MemberStatus;
use crate::entities::posts::{self, PostStatus};
use crate::entities::{follows, notifications, post_announcements};
use crate::outbox::Mailer;
use chrono::{DateTime, TimeDelta, Utc};
use rand::RngExt;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

pub mod digest;
pub mod mailing;
pub mod opens;

pub use mailing::{Links, MailChoice};

crate::named_words! {
    /// What a notice is about (`notifications.kind`).
    pub enum NoticeKind {
        /// A followed business published a post.
        NewPost = "new_post",
        /// An operator decided on a report the member made.
        ReportReply = "report_reply",
        /// A business invited the member to its team.
        Invitation = "invitation",
        /// The verification of the member's business was decided.
        Verification = "verification",
        /// A media request of the member's business was decided.
        MediaRequest = "media_request",
    }
}

/// How long a notice is kept.
pub const KEEP: TimeDelta = TimeDelta::days(90);
/// A post whose publication time is further past than this when its change is committed is
/// not news: it was public before notices existed (an old post edited now), or it comes back
/// after long hidden.
pub const NEWS_WINDOW: TimeDelta = TimeDelta::days(1);
/// Followers a fan-out transaction takes.
pub const BATCH: u64 = 1000;
/// How long a claimed announcement is its process's; each batch renews it.
pub const LEASE: TimeDelta = TimeDelta::seconds(30);
/// The outcomes that close an announcement (`post_announcements.outcome`).
pub const SENT: &str = "SENT";
pub const WITHDRAWN: &str = "WITHDRAWN";

/// In the writer's transaction: queues post `post_id`'s announcement when the change made it
/// public for the first time (public now, made public within [`NEWS_WINDOW`], never announced).
pub async fn queue_announcement<C: ConnectionTrait>(
    txn: &C,
    post_id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    txn.execute_raw(crate::db::statement(
        txn.get_database_backend(),
        "INSERT INTO post_announcements (post_id, business_id, public_at, after_member, notified) \
         SELECT id, business_id, published_at, 0, 0 FROM posts \
         WHERE id = ? AND status = ? AND published_at <= ? AND published_at > ? \
         ON CONFLICT (post_id) DO NOTHING",
        vec![
            post_id.into(),
            PostStatus::Published.as_str().into(),
            now.into(),
            (now - NEWS_WINDOW).into(),
        ],
    ))
    .await?;
    Ok(())
}

/// One notice for one member, in the transaction of what it tells of.
pub struct Notice {
    pub member_id: i64,
    pub kind: NoticeKind,
    pub business_id: Option<i64>,
    pub post_id: Option<i64>,
    /// A short word of the outcome (`APPROVED`, `REJECTED`, …), where the kind has one.
    pub detail: Option<String>,
}

/// Writes one notice.
pub async fn write<C: ConnectionTrait>(
    txn: &C,
    notice: Notice,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    notifications::Entity::insert(notifications::ActiveModel {
        member_id: Set(notice.member_id),
        kind: Set(notice.kind.as_str().into()),
        business_id: Set(notice.business_id),
        post_id: Set(notice.post_id),
        detail: Set(notice.detail),
        created_at: Set(now),
        read_at: Set(None),
        ..Default::default()
    })
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// The notice of an invitation to business `business_id`, for the member it is addressed to.
pub async fn invited<C: ConnectionTrait>(
    txn: &C,
    member_id: i64,
    business_id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let notice = Notice {
        member_id,
        kind: NoticeKind::Invitation,
        business_id: Some(business_id),
        post_id: None,
        detail: None,
    };
    write(txn, notice, now).await
}

/// The same notice for each person of business `business_id` (its master and managers), in
/// the transaction of the decision it tells of.
pub async fn to_business_people<C: ConnectionTrait>(
    txn: &C,
    business_id: i64,
    kind: NoticeKind,
    detail: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    txn.execute_raw(crate::db::statement(
        txn.get_database_backend(),
        "INSERT INTO notifications (member_id, kind, business_id, detail, created_at) \
         SELECT member_id, ?, business_id, ?, ? FROM business_members WHERE business_id = ?",
        vec![
            kind.as_str().into(),
            detail.into(),
            now.into(),
            business_id.into(),
        ],
    ))
    .await?;
    Ok(())
}

/// What one round of the fan-out did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FanOut {
    /// Announcements finished (every follower heard).
    pub sent: u32,
    /// Announcements closed because their post left the public first.
    pub withdrawn: u32,
    /// Notices added.
    pub notified: u64,
    /// Mails of single posts queued.
    pub mailed: u64,
    /// Pushes queued (one a browser).
    pub pushed: u64,
}

/// Works through the open announcements this process can claim, until none is left; the
/// mails it queues go out through `mailer`, with their links made by `links`.
pub async fn fan_out(
    db: &DatabaseConnection,
    links: &Links<'_>,
    mailer: &Mailer,
) -> Result<FanOut, DbErr> {
    let mut done = FanOut::default();
    while let Some(announcement) = claim_next(db, Utc::now()).await? {
        work_on(db, links, mailer, announcement, &mut done).await?;
    }
    Ok(done)
}

/// A claimed announcement: its row as claimed, and the claim's token.
struct Claimed {
    row: post_announcements::Model,
    claim: i64,
}

/// Claims the oldest open announcement no live lease holds, if any.
async fn claim_next(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<Option<Claimed>, DbErr> {
    let free = Condition::any()
        .add(post_announcements::Column::ClaimedUntil.is_null())
        .add(post_announcements::Column::ClaimedUntil.lt(now));
    let candidates = post_announcements::Entity::find()
        .filter(post_announcements::Column::FinishedAt.is_null())
        .filter(free)
        .order_by_asc(post_announcements::Column::Id)
        .limit(4)
        .all(db)
        .await?;
    for row in candidates {
        let claim: i64 = rand::rng().random();
        // Taken only as it was read: a process that took it meanwhile changed its lease.
        let held_as_read = match row.claimed_until {
            Some(until) => post_announcements::Column::ClaimedUntil.eq(until),
            None => post_announcements::Column::ClaimedUntil.is_null(),
        };
        let taken = post_announcements::Entity::update_many()
            .col_expr(post_announcements::Column::Claim, Expr::value(claim))
            .col_expr(
                post_announcements::Column::ClaimedUntil,
                Expr::value(now + LEASE),
            )
            .filter(post_announcements::Column::Id.eq(row.id))
            .filter(post_announcements::Column::FinishedAt.is_null())
            .filter(held_as_read)
            .exec(db)
            .await?;
        if taken.rows_affected == 1 {
            return Ok(Some(Claimed { row, claim }));
        }
    }
    Ok(None)
}

/// Fans one claimed announcement out, a batch a transaction, until it is finished, withdrawn
/// or its claim is lost.
async fn work_on(
    db: &DatabaseConnection,
    links: &Links<'_>,
    mailer: &Mailer,
    announcement: Claimed,
    done: &mut FanOut,
) -> Result<(), DbErr> {
    let Claimed { row, claim } = announcement;
    let mut after = row.after_member;
    // The post as its mails show it, read with the first batch that mails.
    let mut line = None;
    loop {
        let now = Utc::now();
        let txn = crate::db::write_txn(db).await?;
        let ours = post_announcements::Column::Claim.eq(claim);
        let post = posts::Entity::find_by_id(row.post_id)
            .one(&txn)
            .await?
            .filter(|post| posts::is_public(post.status, post.published_at, now));
        let public = post.is_some();
        let batch: Vec<i64> = if public {
            follows::Entity::find()
                .select_only()
                .column(follows::Column::MemberId)
                .filter(follows::Column::BusinessId.eq(row.business_id))
                .filter(follows::Column::MemberId.gt(after))
                .order_by_asc(follows::Column::MemberId)
                .limit(BATCH)
                .into_tuple()
                .all(&txn)
                .await?
        } else {
            Vec::new()
        };
        let (Some(&first), Some(&last)) = (batch.first(), batch.last()) else {
            let outcome = if public { SENT } else { WITHDRAWN };
            let closed = post_announcements::Entity::update_many()
                .col_expr(post_announcements::Column::FinishedAt, Expr::value(now))
                .col_expr(post_announcements::Column::Outcome, Expr::value(outcome))
                .col_expr(
                    post_announcements::Column::ClaimedUntil,
                    Expr::value(Option::<DateTime<Utc>>::None),
                )
                .filter(post_announcements::Column::Id.eq(row.id))
                .filter(ours)
                .exec(&txn)
                .await?;
            txn.commit().await?;
            if closed.rows_affected == 1 {
                if public {
                    done.sent += 1;
                } else {
                    done.withdrawn += 1;
                }
            }
            return Ok(());
        };
        // The followers between the batch's first and last member (a follow added in that
        // range meanwhile is a follower too), active members only, each heard once.
        let added = txn
            .execute_raw(crate::db::statement(
                txn.get_database_backend(),
                "INSERT INTO notifications (member_id, kind, business_id, post_id, created_at) \
                 SELECT f.member_id, ?, f.business_id, ?, ? FROM follows f \
                 JOIN members m ON m.id = f.member_id \
                 WHERE f.business_id = ? AND f.member_id >= ? AND f.member_id <= ? AND m.status = ? \
                 ON CONFLICT (member_id, post_id) WHERE kind = 'new_post' DO NOTHING",
                vec![
                    NoticeKind::NewPost.as_str().into(),
                    row.post_id.into(),
                    now.into(),
                    row.business_id.into(),
                    first.into(),
                    last.into(),
                    MemberStatus::Active.as_str().into(),
                ],
            ))
            .await?
            .rows_affected();
        // Those of the batch who chose a mail a post get one, queued with their notices.
        let readers = mailing::each_post_readers(&txn, row.business_id, first, last, now).await?;
        let mailed = readers.len() as u64;
        let pushed =
            crate::push::queue_batch(&txn, row.business_id, row.post_id, (first, last), now)
                .await?;
        if let (Some(post), None, false) = (&post, &line, readers.is_empty()) {
            line = Some(mailing::post_line(&txn, post).await?);
        }
        if let (Some(line), false) = (&line, readers.is_empty()) {
            let letters = readers
                .iter()
                .map(|(member_id, to)| {
                    mailing::post_letter(links, to, *member_id, row.business_id, line)
                })
                .collect();
            mailing::queue(&txn, letters, now).await?;
        }
        let moved = post_announcements::Entity::update_many()
            .col_expr(post_announcements::Column::AfterMember, Expr::value(last))
            .col_expr(
                post_announcements::Column::Notified,
                Expr::col(post_announcements::Column::Notified).add(added as i64),
            )
            .col_expr(
                post_announcements::Column::Mailed,
                Expr::col(post_announcements::Column::Mailed).add(mailed as i64),
            )
            .col_expr(
                post_announcements::Column::ClaimedUntil,
                Expr::value(now + LEASE),
            )
            .filter(post_announcements::Column::Id.eq(row.id))
            .filter(ours)
            .exec(&txn)
            .await?;
        if moved.rows_affected != 1 {
            // Another process holds it now (this one stalled past its lease): its batches
            // stand, this one's go.
            txn.rollback().await?;
            return Ok(());
        }
        txn.commit().await?;
        if mailed > 0 {
            mailer.wake();
        }
        done.notified += added;
        done.mailed += mailed;
        done.pushed += pushed;
        after = last;
    }
}

/// Deletes the notices older than [`KEEP`] and the push counts of past days; says how many
/// notices went.
pub async fn prune(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, DbErr> {
    let gone = notifications::Entity::delete_many()
        .filter(notifications::Column::CreatedAt.lt(now - KEEP))
        .exec(db)
        .await?;
    crate::push::prune_quota(db, now).await?;
    Ok(gone.rows_affected)
}
