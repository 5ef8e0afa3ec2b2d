//! The digests: at 08:00 KST every day (and on Mondays for the weekly one), each member who
//! chose a digest for a followed business gets one mail of that business's new posts since
//! the last digest, still public now. A member's digest of a period is one transaction: its
//! row in `mail_digests` (unique per member, cadence and period) and its mail, so two processes
//! never send it twice, and a process that stopped in the middle leaves the rest to the next
//! round (every minute, all day).

use super::mailing::{self, digest_letter, Links, MailChoice, PostLine};
use super::NoticeKind;
use crate::entities::members::MemberStatus;
use crate::entities::posts::PostStatus;
use crate::kernel::kst::{kst, kst_date};
use crate::outbox::Mailer;
use chrono::{DateTime, Datelike, NaiveTime, TimeDelta, TimeZone, Utc, Weekday};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};

/// The hour (KST) digests go out.
pub const DIGEST_HOUR: u32 = 8;
/// Members a round takes per query.
const MEMBERS_PER_QUERY: u64 = 200;

/// What one round did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Digests {
    /// Digests queued.
    pub mailed: u32,
    /// Members whose period had nothing to tell (or no address to tell it to).
    pub empty: u32,
}

/// A digest that is due at `now`: its cadence, its period (the KST date) and the window of
/// notices it covers, [start, end).
#[derive(Debug, PartialEq, Eq)]
pub struct Due {
    pub cadence: MailChoice,
    pub period: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// The digests due at `now`: none before 08:00 KST; the daily one after it; the weekly one
/// too on a Monday.
pub fn due_at(now: DateTime<Utc>) -> Vec<Due> {
    let today = kst_date(now);
    let at_eight = kst()
        .from_local_datetime(
            &today.and_time(NaiveTime::from_hms_opt(DIGEST_HOUR, 0, 0).expect("08:00 exists")),
        )
        .single()
        .expect("a fixed offset has one 08:00")
        .with_timezone(&Utc);
    if now < at_eight {
        return Vec::new();
    }
    let period = today.format("%Y-%m-%d").to_string();
    let mut due = vec![Due {
        cadence: MailChoice::Daily,
        period: period.clone(),
        start: at_eight - TimeDelta::days(1),
        end: at_eight,
    }];
    if today.weekday() == Weekday::Mon {
        due.push(Due {
            cadence: MailChoice::Weekly,
            period,
            start: at_eight - TimeDelta::days(7),
            end: at_eight,
        });
    }
    due
}

/// Sends the digests due at `now` that no process has sent yet.
pub async fn send_due(
    db: &DatabaseConnection,
    links: &Links<'_>,
    mailer: &Mailer,
    now: DateTime<Utc>,
) -> Result<Digests, DbErr> {
    let mut done = Digests::default();
    for due in due_at(now) {
        loop {
            let members = waiting(db, &due).await?;
            if members.is_empty() {
                break;
            }
            for member_id in members {
                match one(db, links, &due, member_id, now).await? {
                    Some(true) => done.mailed += 1,
                    Some(false) => done.empty += 1,
                    None => {}
                }
            }
        }
    }
    if done.mailed > 0 {
        mailer.wake();
    }
    Ok(done)
}

/// Members with a follow of this cadence and no digest of this period yet.
async fn waiting(db: &DatabaseConnection, due: &Due) -> Result<Vec<i64>, DbErr> {
    let rows = db
        .query_all_raw(crate::db::statement(
            db.get_database_backend(),
            &format!(
                "SELECT DISTINCT f.member_id FROM follows f WHERE f.mail = ? \
                 AND NOT EXISTS (SELECT 1 FROM mail_digests d WHERE d.member_id = f.member_id \
                 AND d.cadence = ? AND d.period = ?) ORDER BY f.member_id LIMIT {MEMBERS_PER_QUERY}"
            ),
            vec![
                due.cadence.as_str().into(),
                due.cadence.as_str().into(),
                due.period.clone().into(),
            ],
        ))
        .await?;
    rows.iter().map(|row| row.try_get_by_index(0)).collect()
}

/// One member's digest of `due`: `Some(true)` mailed, `Some(false)` nothing to send, `None`
/// another process did it first.
async fn one(
    db: &DatabaseConnection,
    links: &Links<'_>,
    due: &Due,
    member_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<bool>, DbErr> {
    let txn = crate::db::write_txn(db).await?;
    let backend = txn.get_database_backend();
    let marked = txn
        .execute_raw(crate::db::statement(
            backend,
            "INSERT INTO mail_digests (member_id, cadence, period, posts, created_at) \
             VALUES (?, ?, ?, 0, ?) ON CONFLICT (member_id, cadence, period) DO NOTHING",
            vec![
                member_id.into(),
                due.cadence.as_str().into(),
                due.period.clone().into(),
                now.into(),
            ],
        ))
        .await?
        .rows_affected();
    if marked == 0 {
        txn.rollback().await?;
        return Ok(None);
    }
    // The member's address, when mail may go to it.
    let address: Option<String> = txn
        .query_one_raw(crate::db::statement(
            backend,
            "SELECT m.email FROM members m WHERE m.id = ? AND m.status = ? \
             AND m.email IS NOT NULL AND m.email_verified_at IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address = m.email)",
            vec![member_id.into(), MemberStatus::Active.as_str().into()],
        ))
        .await?
        .map(|row| row.try_get_by_index(0))
        .transpose()?;
    // The new posts of the businesses followed with this cadence, heard in the window and
    // still public, newest first (at most 50).
    let rows = txn
        .query_all_raw(crate::db::statement(
            backend,
            "SELECT p.id, p.title, p.summary, b.name FROM notifications n \
             JOIN follows f ON f.member_id = n.member_id AND f.business_id = n.business_id \
             JOIN posts p ON p.id = n.post_id JOIN businesses b ON b.id = p.business_id \
             WHERE n.member_id = ? AND n.kind = ? AND n.created_at >= ? AND n.created_at < ? \
             AND f.mail = ? AND p.status = ? ORDER BY n.id DESC LIMIT 50",
            vec![
                member_id.into(),
                NoticeKind::NewPost.as_str().into(),
                due.start.into(),
                due.end.into(),
                due.cadence.as_str().into(),
                PostStatus::Published.as_str().into(),
            ],
        ))
        .await?;
    let posts = rows
        .iter()
        .map(|row| {
            Ok(PostLine {
                id: row.try_get_by_index(0)?,
                title: row.try_get_by_index(1)?,
                summary: row.try_get_by_index(2)?,
                business: row.try_get_by_index(3)?,
            })
        })
        .collect::<Result<Vec<_>, DbErr>>()?;
    let mailed = match address {
        Some(to) if !posts.is_empty() => {
            let letter = digest_letter(links, &to, member_id, due.cadence, &posts);
            mailing::queue(&txn, vec![letter], now).await?;
            txn.execute_raw(crate::db::statement(
                backend,
                "UPDATE mail_digests SET posts = ? WHERE member_id = ? AND cadence = ? AND period = ?",
                vec![
                    (posts.len() as i32).into(),
                    member_id.into(),
                    due.cadence.as_str().into(),
                    due.period.clone().into(),
                ],
            ))
            .await?;
            true
        }
        _ => false,
    };
    txn.commit().await?;
    Ok(Some(mailed))
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
    fn digests_are_due_from_eight_in_the_morning_korean_time() {
        // 07:59 KST on Monday 2026-12-07: nothing yet.
        assert!(due_at(at("2026-12-06T22:59:00Z")).is_empty());
        // 08:00 KST Monday: the daily and the weekly one, each over its window.
        let due = due_at(at("2026-12-06T23:00:00Z"));
        assert_eq!(due.len(), 2);
        assert_eq!(due[0].cadence, MailChoice::Daily);
        assert_eq!(due[0].period, "2026-12-07");
        assert_eq!(
            (due[0].start, due[0].end),
            (at("2026-12-05T23:00:00Z"), at("2026-12-06T23:00:00Z"))
        );
        assert_eq!(due[1].cadence, MailChoice::Weekly);
        assert_eq!(due[1].start, at("2026-11-29T23:00:00Z"));
        // Tuesday afternoon KST: the daily one only, still of Tuesday.
        let due = due_at(at("2026-12-08T06:00:00Z"));
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].period, "2026-12-08");
        // 23:30 KST is still the same Korean day (14:30 UTC).
        assert_eq!(due_at(at("2026-12-08T14:30:00Z"))[0].period, "2026-12-08");
        // 00:30 KST the next day: before eight, nothing.
        assert!(due_at(at("2026-12-08T15:30:00Z")).is_empty());
    }
}
