//! The analytics events of the large set: page events skewed towards the popular posts, and
//! the follow and bookmark events of the window.

use super::dice::Dice;
use super::plan::Plan;
use super::rows::{insert_in_transactions, insert_rows, Progress, ROWS_PER_TRANSACTION};
use crate::analytics::kst_day;
use crate::entities::analytics_events;
use crate::event_sink::EventKind;
use crate::kernel::kst::{kst_date, kst_midnight};
use chrono::{DateTime, Duration, TimeZone, Utc};
use sea_orm::{DatabaseConnection, DbErr, Set};

/// Guest ids of the visitors who are not signed in.
pub(super) const GUESTS: usize = 40_000;
/// Events fall on this many KST days, today included.
pub(super) const EVENT_DAYS: i64 = 30;

/// The start of the event window: midnight KST, [`EVENT_DAYS`] - 1 days before today.
pub(super) fn event_window(now: DateTime<Utc>) -> DateTime<Utc> {
    kst_midnight(kst_date(now) - Duration::days(EVENT_DAYS - 1))
}

/// What events are generated from.
pub(super) struct World<'a> {
    pub(super) plan: &'a Plan,
    pub(super) business_ids: &'a [i64],
    pub(super) member_ids: &'a [i64],
    pub(super) post_ids: &'a [i64],
    /// [`GUESTS`] guest ids, signed as the server's own are.
    pub(super) guest_ids: Vec<String>,
    /// The first instant of the event window.
    pub(super) window: DateTime<Utc>,
    pub(super) now: DateTime<Utc>,
}

impl World<'_> {
    /// An instant in the window, not before `after`.
    fn instant(&self, dice: &mut Dice, after: DateTime<Utc>) -> DateTime<Utc> {
        let from = after.max(self.window).min(self.now - Duration::seconds(1));
        let span = (self.now - from).num_milliseconds().max(1) as usize;
        from + Duration::milliseconds(dice.below(span) as i64)
    }

    /// One page event: a visit, or a view, click, read-through or share of a post.
    fn page_event(&self, dice: &mut Dice) -> analytics_events::ActiveModel {
        let roll = dice.unit();
        let kind = match roll {
            r if r < 0.10 => EventKind::Visit,
            r if r < 0.62 => EventKind::View,
            r if r < 0.77 => EventKind::Click,
            r if r < 0.90 => EventKind::ReadThrough,
            _ => EventKind::Share,
        };
        let (post_id, business_id, at) = if kind == EventKind::Visit {
            (None, None, self.instant(dice, self.window))
        } else {
            let count = self.plan.posts.len();
            let index = self.plan.heat[dice.skewed(count, 3.0)] as usize;
            let post = &self.plan.posts[index];
            let published = Utc
                .timestamp_opt(post.published, 0)
                .single()
                .unwrap_or(self.now);
            (
                Some(self.post_ids[index]),
                Some(self.business_ids[post.business as usize]),
                self.instant(dice, published),
            )
        };
        let (member_id, guest_id) = if dice.chance(0.25) {
            (
                Some(self.member_ids[dice.skewed(self.member_ids.len(), 1.5)]),
                None,
            )
        } else {
            (None, Some(self.guest_ids[dice.skewed(GUESTS, 1.3)].clone()))
        };
        event_row(dice, kind, post_id, business_id, member_id, guest_id, at)
    }
}

fn event_row(
    dice: &mut Dice,
    kind: EventKind,
    post_id: Option<i64>,
    business_id: Option<i64>,
    member_id: Option<i64>,
    guest_id: Option<String>,
    at: DateTime<Utc>,
) -> analytics_events::ActiveModel {
    let device = match dice.unit() {
        r if r < 0.50 => "MOBILE",
        r if r < 0.83 => "PC",
        r if r < 0.90 => "TABLET",
        _ => "APP",
    };
    let os = if device == "PC" {
        dice.pick(&["WINDOWS", "WINDOWS", "WINDOWS", "MAC", "LINUX"])
    } else {
        dice.pick(&["AOS", "AOS", "AOS", "IOS", "IOS"])
    };
    let browser = match device {
        "APP" => None,
        "PC" => Some(dice.pick(&["Chrome", "Chrome", "Edge", "Whale", "Safari", "Firefox"])),
        _ => Some(dice.pick(&["Chrome", "Safari", "Samsung Internet", "Whale"])),
    };
    analytics_events::ActiveModel {
        kind: Set(kind.as_str().into()),
        post_id: Set(post_id),
        business_id: Set(business_id),
        member_id: Set(member_id),
        guest_id: Set(guest_id),
        device_type: Set(device.into()),
        device_os: Set(Some(os.into())),
        browser: Set(browser.map(str::to_string)),
        offset_minutes: Set(tidemark_core::calendar::KST_OFFSET_MINUTES),
        day: Set(kst_day(at)),
        occurred_at: Set(at),
        ..Default::default()
    }
}

/// The page events, then a follow or bookmark event for each follow and bookmark made in
/// the window. Answers the number of events written.
pub(super) async fn write_events(
    db: &DatabaseConnection,
    dice: &mut Dice,
    world: &World<'_>,
    events: usize,
    progress: &Progress,
) -> Result<usize, DbErr> {
    let mut written = 0;
    let mut reported = 0;
    while written < events {
        let part = (events - written).min(ROWS_PER_TRANSACTION);
        let rows: Vec<_> = (0..part).map(|_| world.page_event(dice)).collect();
        let txn = crate::db::write_txn(db).await?;
        insert_rows(&txn, rows).await?;
        txn.commit().await?;
        written += part;
        if written - reported >= 200_000 || written == events {
            reported = written;
            progress.say(format_args!("{written} of {events} events"));
        }
    }
    let plan = world.plan;
    let mut rows = Vec::new();
    for &(member, business, at) in &plan.follows {
        if at >= world.window {
            let member_id = Some(world.member_ids[member as usize]);
            let business_id = Some(world.business_ids[business as usize]);
            rows.push(event_row(
                dice,
                EventKind::Follow,
                None,
                business_id,
                member_id,
                None,
                at,
            ));
        }
    }
    for &(member, post, at) in &plan.bookmarks {
        if at >= world.window {
            let index = post as usize;
            let business = plan.posts[index].business as usize;
            rows.push(event_row(
                dice,
                EventKind::Bookmark,
                Some(world.post_ids[index]),
                Some(world.business_ids[business]),
                Some(world.member_ids[member as usize]),
                None,
                at,
            ));
        }
    }
    let engagement = rows.len();
    insert_in_transactions(db, rows).await?;
    progress.say(format_args!(
        "{engagement} follow and bookmark events of the window"
    ));
    Ok(written + engagement)
}
