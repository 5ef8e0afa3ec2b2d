//! The large data set for benchmarks (`tidemark generate-large`): about 1,000 businesses,
//! `posts` posts in Korean and English, 2,000 tags, 5,000 readers with their follows and
//! bookmarks, and `events` analytics events over the last 30 KST days, written in bulk.
//!
//! Why this shape: the lists, the detail and profile pages, search and typing suggestions and
//! the event intake are measured on a catalogue of production size (tests/load/content.sh),
//! so the text has to give the search real work (titles built from Korean business words,
//! such as "2026 디지털 마케팅 전략 12", bodies of a few paragraphs), popularity has to be
//! skewed (a few posts and businesses draw most readers), and the derived data has to be what
//! the server would have built itself: the follower and bookmark counts match the rows, the
//! daily analytics come from the real roll-up, the catalogue and the search index are rebuilt
//! at the end.
//!
//! How it stays fast: every table is written with multi-row INSERTs (`insert_many`, sized
//! under SQLite's 32,766 bound parameters, well under PostgreSQL's 65,535) inside large
//! transactions, and everything that depends on ids is planned in memory first: the rows are
//! read back once by their natural keys (registration number, e-mail, tag name, and the post's
//! publication second, which the generator keeps distinct), never relying on the order ids are
//! handed out in.
//!
//! The data is the same on every run (a fixed seed), dated relative to now. The generator
//! refuses a database holding more than [`REFUSE_ABOVE`] posts, so it is not run twice by
//! mistake.

mod businesses;
mod dice;
mod events;
mod members;
mod plan;
mod posts;
pub(super) mod rows;
mod tags;
mod texts;
mod writing;

use crate::analytics::{kst_day, rollup};
use crate::state::AppState;
use businesses::write_businesses;
use chrono::{Duration, Utc};
use dice::{Dice, SEED};
use events::{event_window, write_events, World, EVENT_DAYS, GUESTS};
use members::{write_follows_and_bookmarks, write_members};
use plan::Plan;
use posts::{write_post_tags, write_posts};
use rows::Progress;
use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait};
use std::time::Instant;
use tags::write_tags;

/// What the generator wrote.
#[derive(Debug, Default)]
pub struct Report {
    pub businesses: usize,
    pub posts: usize,
    /// Analytics events: the page events asked for, plus the follow and bookmark events of
    /// the follows and bookmarks made during the event window.
    pub events: usize,
    pub members: usize,
    pub tags: usize,
    pub post_tags: usize,
    pub follows: usize,
    pub bookmarks: usize,
    /// `analytics_daily` rows the roll-up wrote.
    pub daily_rows: usize,
    pub millis: u128,
}

/// A database with more posts than this is not written into.
pub const REFUSE_ABOVE: u64 = 1_000;

/// Writes `posts` posts and `events` analytics events (and the businesses, members, tags,
/// follows and bookmarks around them) into the database of `state`, then rolls the
/// analytics up, reloads the catalogue and rebuilds the search index.
pub async fn generate(state: &AppState, posts: usize, events: usize) -> Result<Report, String> {
    let started = Instant::now();
    let db = &state.db;
    let existing = crate::entities::posts::Entity::find()
        .count(db)
        .await
        .map_err(|e| format!("counting posts: {e}"))?;
    if existing > REFUSE_ABOVE {
        return Err(format!(
            "the database already holds {existing} posts (more than {REFUSE_ABOVE}): the large \
             data set is written into a fresh database only, so it is not written twice"
        ));
    }
    if posts == 0 {
        return Err("--posts must be at least 1".into());
    }
    let progress = Progress(started);
    let now = Utc::now();
    let mut dice = Dice(SEED);
    let mut report = Report::default();

    // Plan what depends on ids: who follows what, who bookmarks what, post by post.
    let plan = Plan::new(&mut dice, posts, now);
    progress.say(format_args!(
        "planned {} posts, {} follows, {} bookmarks",
        plan.posts.len(),
        plan.follows.len(),
        plan.bookmarks.len()
    ));

    let business_ids = write_businesses(db, &mut dice, &plan, now)
        .await
        .map_err(|e| format!("writing businesses: {e}"))?;
    report.businesses = business_ids.len();
    progress.say(format_args!("{} businesses", report.businesses));

    let member_ids = write_members(db, &mut dice, now)
        .await
        .map_err(|e| format!("writing members: {e}"))?;
    report.members = member_ids.len();
    progress.say(format_args!("{} reader members", report.members));

    let tag_ids = write_tags(db)
        .await
        .map_err(|e| format!("writing tags: {e}"))?;
    report.tags = tag_ids.len();
    progress.say(format_args!("{} tags", report.tags));

    let post_ids = write_posts(db, &mut dice, &plan, &business_ids, &progress, now)
        .await
        .map_err(|e| format!("writing posts: {e}"))?;
    report.posts = post_ids.len();

    report.post_tags = write_post_tags(db, &plan, &post_ids, &tag_ids)
        .await
        .map_err(|e| format!("writing post tags: {e}"))?;
    progress.say(format_args!("{} post tags", report.post_tags));

    write_follows_and_bookmarks(db, &plan, &business_ids, &member_ids, &post_ids)
        .await
        .map_err(|e| format!("writing follows and bookmarks: {e}"))?;
    report.follows = plan.follows.len();
    report.bookmarks = plan.bookmarks.len();
    progress.say(format_args!(
        "{} follows, {} bookmarks",
        report.follows, report.bookmarks
    ));

    let world = World {
        plan: &plan,
        business_ids: &business_ids,
        member_ids: &member_ids,
        post_ids: &post_ids,
        guest_ids: (0..GUESTS)
            .map(|n| {
                state
                    .tokens
                    .sign_guest_id(&format!("lg{n:06}"), now.timestamp())
            })
            .collect(),
        window: event_window(now),
        now,
    };
    report.events = write_events(db, &mut dice, &world, events, &progress)
        .await
        .map_err(|e| format!("writing events: {e}"))?;

    // Fresh statistics after the bulk load: without them SQLite's planner reads a post's
    // events through the (kind, day) index instead of (post_id, day), and the roll-up's
    // per-post recount scans the whole event log for every 500 posts.
    db.execute_unprepared("ANALYZE")
        .await
        .map_err(|e| format!("ANALYZE: {e}"))?;
    progress.say(format_args!("statistics analysed"));

    let days: Vec<String> = (0..EVENT_DAYS)
        .rev()
        .map(|back| kst_day(now - Duration::days(back)))
        .collect();
    let rolled = rollup::roll_up(db, &days)
        .await
        .map_err(|e| format!("analytics roll-up: {e}"))?;
    report.daily_rows = rolled.daily_rows;
    progress.say(format_args!(
        "roll-up of {} days: {} daily rows, {} posts counted",
        days.len(),
        rolled.daily_rows,
        rolled.posts_counted
    ));

    let loaded = state
        .catalog
        .reload(db)
        .await
        .map_err(|e| format!("reloading the catalogue: {e}"))?;
    progress.say(format_args!("catalogue: {loaded} public posts"));
    let rebuilt = state.search.rebuild(db).await?;
    state.search.flush().await?;
    progress.say(format_args!(
        "search index: {} posts, {} businesses",
        rebuilt.posts, rebuilt.businesses
    ));
    report.millis = started.elapsed().as_millis();
    Ok(report)
}
