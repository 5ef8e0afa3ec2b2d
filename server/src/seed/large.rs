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

use crate::analytics::{kst_day, rollup};
use crate::entities::members::MemberRole;
use crate::entities::members::MemberStatus;
use crate::entities::posts::PostStatus;
use crate::entities::{
    analytics_events, bookmarks, businesses, follows, members, post_tags, posts, tags,
};
use crate::kernel::kst::{kst_date, kst_midnight};
use crate::state::AppState;
use chrono::{DateTime, Duration, TimeZone, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    Iterable, PaginatorTrait, QueryFilter, QuerySelect, Set,
};
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use tidemark_core::korean;

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
const BUSINESSES: usize = 1_000;
const MEMBERS: usize = 5_000;
const TAGS: usize = 2_000;
const FOLLOWS: usize = 30_000;
/// Bookmarks at full size (100,000 posts); fewer posts, proportionally fewer.
const BOOKMARKS: usize = 50_000;
/// Guest ids of the visitors who are not signed in.
const GUESTS: usize = 40_000;
/// Posts are published over this many days before now.
const PUBLISH_DAYS: i64 = 365;
/// Events fall on this many KST days, today included.
const EVENT_DAYS: i64 = 30;
/// Bound parameters per statement: under SQLite's 32,766 (and PostgreSQL's 65,535).
const MAX_PARAMETERS: usize = 30_000;
/// Posts generated and written per transaction.
const POSTS_PER_TRANSACTION: usize = 5_000;
/// Rows of the other tables per transaction.
const ROWS_PER_TRANSACTION: usize = 50_000;
/// The seed: the same data set on every run.
const SEED: u64 = 0x7469_6465_6d61_726b;

/// Writes `posts` posts and `events` analytics events (and the businesses, members, tags,
/// follows and bookmarks around them) into the database of `state`, then rolls the
/// analytics up, reloads the catalogue and rebuilds the search index.
pub async fn generate(state: &AppState, posts: usize, events: usize) -> Result<Report, String> {
    let started = Instant::now();
    let db = &state.db;
    let existing = posts::Entity::find()
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

/// Progress lines on standard output, with the time since the start.
struct Progress(Instant);

impl Progress {
    fn say(&self, what: std::fmt::Arguments<'_>) {
        println!(
            "large data set: {what} ({:.1} s)",
            self.0.elapsed().as_secs_f64()
        );
    }
}

/// SplitMix64: a small, fast, seedable generator, so the data set is the same on every run
/// whatever version of `rand` is in the tree.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// In `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// In `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// In `0..n`, small values far more often than large ones (`power` > 1: the share of
    /// the first fraction `f` of `0..n` is `f^(1/power)`).
    fn skewed(&mut self, n: usize, power: f64) -> usize {
        ((self.unit().powf(power) * n as f64) as usize).min(n - 1)
    }
}

/// What is decided before any row is written, by index: post `i` of business
/// `posts[i].business`, follow of member `m` to business `b`, and so on.
struct Plan {
    posts: Vec<PostPlan>,
    /// Posts ordered from the most read to the least (indices into `posts`).
    heat: Vec<u32>,
    /// (member index, business index, created at)
    follows: Vec<(u32, u32, DateTime<Utc>)>,
    /// (member index, post index, created at)
    bookmarks: Vec<(u32, u32, DateTime<Utc>)>,
    follower_counts: Vec<i64>,
    bookmark_counts: Vec<i64>,
}

struct PostPlan {
    business: u32,
    /// Seconds since the epoch, distinct over the set: the key rows are read back by.
    published: i64,
    topic: u16,
    tags: Vec<u16>,
}

impl Plan {
    fn new(dice: &mut Dice, count: usize, now: DateTime<Utc>) -> Plan {
        let newest = now.timestamp() - 60;
        let span = PUBLISH_DAYS * 86_400;
        let mut seconds = HashSet::with_capacity(count);
        let catalogue = TagCatalogue::new();
        let posts: Vec<PostPlan> = (0..count)
            .map(|_| {
                let published = loop {
                    let at = newest - dice.below(span as usize) as i64;
                    if seconds.insert(at) {
                        break at;
                    }
                };
                let topic = dice.below(TOPICS.len()) as u16;
                PostPlan {
                    business: dice.skewed(BUSINESSES, 2.0) as u32,
                    published,
                    topic,
                    tags: catalogue.tags_for(dice, topic as usize),
                }
            })
            .collect();
        let mut heat: Vec<u32> = (0..count as u32).collect();
        for i in (1..heat.len()).rev() {
            heat.swap(i, dice.below(i + 1));
        }
        let created = |dice: &mut Dice, after: i64| {
            let after = after.max(now.timestamp() - span);
            let at = after + dice.below((now.timestamp() - after).max(1) as usize) as i64;
            Utc.timestamp_opt(at, 0).single().unwrap_or(now)
        };

        let mut follower_counts = vec![0i64; BUSINESSES];
        let mut pairs = HashSet::with_capacity(FOLLOWS);
        let mut follows = Vec::with_capacity(FOLLOWS);
        while follows.len() < FOLLOWS {
            let member = dice.below(MEMBERS) as u32;
            let business = dice.skewed(BUSINESSES, 2.5) as u32;
            if pairs.insert((member, business)) {
                follower_counts[business as usize] += 1;
                follows.push((member, business, created(dice, 0)));
            }
        }

        let wanted = (count / 2).clamp(1, BOOKMARKS);
        let mut bookmark_counts = vec![0i64; count];
        let mut pairs = HashSet::with_capacity(wanted);
        let mut bookmarks = Vec::with_capacity(wanted);
        while bookmarks.len() < wanted {
            let member = dice.below(MEMBERS) as u32;
            let post = heat[dice.skewed(count, 2.0)];
            if pairs.insert((member, post)) {
                bookmark_counts[post as usize] += 1;
                let at = created(dice, posts[post as usize].published);
                bookmarks.push((member, post, at));
            }
        }
        Plan {
            posts,
            heat,
            follows,
            bookmarks,
            follower_counts,
            bookmark_counts,
        }
    }
}

/// Rows per statement for a table of `columns` columns.
fn per_statement(columns: usize) -> usize {
    (MAX_PARAMETERS / columns).max(1)
}

/// Multi-row INSERTs of `rows`, as many a statement as the bound parameters allow.
async fn insert_rows<A, C>(db: &C, rows: Vec<A>) -> Result<(), DbErr>
where
    A: ActiveModelTrait,
    C: ConnectionTrait,
{
    let columns = <A::Entity as EntityTrait>::Column::iter().count();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(per_statement(columns)).collect();
        A::Entity::insert_many(chunk)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Writes `rows` in transactions of [`ROWS_PER_TRANSACTION`].
async fn insert_in_transactions<A>(db: &DatabaseConnection, rows: Vec<A>) -> Result<(), DbErr>
where
    A: ActiveModelTrait,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let part: Vec<A> = rows.by_ref().take(ROWS_PER_TRANSACTION).collect();
        let txn = crate::db::write_txn(db).await?;
        insert_rows(&txn, part).await?;
        txn.commit().await?;
    }
    Ok(())
}

/// A registration number with a valid check digit, from nine digits.
fn registration_number(nine: &str) -> String {
    (0..10)
        .map(|last| format!("{nine}{last}"))
        .find(|candidate| tidemark_core::business::is_valid_business_number(candidate))
        .expect("one check digit in ten fits")
}

/// Business ids by plan index.
async fn write_businesses(
    db: &DatabaseConnection,
    dice: &mut Dice,
    plan: &Plan,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, DbErr> {
    let taken: HashSet<String> = businesses::Entity::find()
        .select_only()
        .column(businesses::Column::RegistrationNumber)
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut numbers = Vec::with_capacity(BUSINESSES);
    let mut serial = 0u32;
    while numbers.len() < BUSINESSES {
        // Tax office 6xx, the corporate code 81, a serial: never the demo business's number.
        let number = registration_number(&format!(
            "{:03}81{:04}",
            600 + serial / 10_000,
            serial % 10_000
        ));
        serial += 1;
        if !taken.contains(&number) {
            numbers.push(number);
        }
    }
    let mut names = HashSet::with_capacity(BUSINESSES);
    let mut rows = Vec::with_capacity(BUSINESSES);
    for (index, number) in numbers.iter().enumerate() {
        let korean = dice.chance(0.7);
        let mut name = business_name(dice, korean);
        if !names.insert(name.clone()) {
            name = format!("{name} {}", index + 1);
            names.insert(name.clone());
        }
        let (industry, industry_en) = dice.pick(&INDUSTRIES);
        let (city, city_en) = dice.pick(&CITIES);
        let description = if korean {
            korean::resolve_particles(&format!(
                "{name}은(는) {city}에 자리한 {industry} 기업입니다. {} 분야의 경험을 바탕으로 \
                 고객과 함께 성장합니다.",
                TOPICS[dice.below(TOPICS.len())].0
            ))
        } else {
            format!(
                "{name} is a {industry_en} company based in {city_en}, helping customers grow \
                 with {}.",
                TOPICS[dice.below(TOPICS.len())].1
            )
        };
        let created = now - Duration::days(PUBLISH_DAYS + 30 + dice.below(2_000) as i64);
        rows.push(businesses::ActiveModel {
            name: Set(name),
            description: Set(description),
            industry: Set(industry.into()),
            homepage: Set(Some(format!("https://biz-{}.large.test", index + 1))),
            location: Set(Some(city.into())),
            founded_year: Set(Some(1985 + dice.below(40) as i32)),
            employee_band: Set(Some(
                (dice.pick(&["1-10", "11-50", "51-200", "201-1000", "1000+"])).into(),
            )),
            registration_number: Set(number.clone()),
            logo_upload_id: Set(None),
            cover_upload_id: Set(None),
            verified_at: Set(dice.chance(0.3).then_some(created + Duration::days(7))),
            verified_by: Set(None),
            follower_count: Set(plan.follower_counts[index]),
            created_at: Set(created),
            updated_at: Set(created),
            ..Default::default()
        });
    }
    insert_in_transactions(db, rows).await?;
    let by_number: HashMap<String, i64> = businesses::Entity::find()
        .select_only()
        .columns([
            businesses::Column::RegistrationNumber,
            businesses::Column::Id,
        ])
        .into_tuple::<(String, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    numbers
        .iter()
        .map(|number| {
            by_number
                .get(number)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(format!("business {number}")))
        })
        .collect()
}

fn business_name(dice: &mut Dice, korean: bool) -> String {
    if korean {
        let base = format!("{}{}", dice.pick(&NAME_HEADS_KO), dice.pick(&NAME_TAILS_KO));
        match dice.below(4) {
            0 => format!("주식회사 {base}"),
            1 => format!("{base} 코리아"),
            _ => base,
        }
    } else {
        let base = format!(
            "{} {}",
            dice.pick(&NAME_HEADS_EN),
            dice.pick(&NAME_TAILS_EN)
        );
        match dice.below(3) {
            0 => format!("{base} Inc."),
            1 => format!("{base} Korea"),
            _ => base,
        }
    }
}

/// Member ids by plan index (`gen-N@large.test`, N from 1).
async fn write_members(
    db: &DatabaseConnection,
    dice: &mut Dice,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, DbErr> {
    let rows: Vec<members::ActiveModel> = (1..=MEMBERS)
        .map(|n| {
            let joined = now - Duration::days(dice.below(900) as i64 + 30);
            members::ActiveModel {
                email: Set(Some(format!("gen-{n}@large.test"))),
                email_verified_at: Set(Some(joined)),
                password_hash: Set(None),
                nickname: Set(Some(format!("독자{n}"))),
                role: Set(MemberRole::User),
                status: Set(MemberStatus::Active),
                signup_channel: Set("email".into()),
                person_key: Set(None),
                certification_id: Set(None),
                marketing_opt_in: Set(dice.chance(0.3)),
                terms_agreed_at: Set(Some(joined)),
                failed_login_count: Set(0),
                locked_until: Set(None),
                created_at: Set(joined),
                updated_at: Set(joined),
                withdrawn_at: Set(None),
                withdraw_reason: Set(None),
                ..Default::default()
            }
        })
        .collect();
    insert_in_transactions(db, rows).await?;
    let by_email: HashMap<String, i64> = members::Entity::find()
        .select_only()
        .columns([members::Column::Email, members::Column::Id])
        .filter(members::Column::Email.like("gen-%@large.test"))
        .into_tuple::<(Option<String>, i64)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(email, id)| Some((email?, id)))
        .collect();
    (1..=MEMBERS)
        .map(|n| {
            let email = format!("gen-{n}@large.test");
            by_email
                .get(&email)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(email))
        })
        .collect()
}

/// The tag names of the set: topics, kinds, and their combinations; [`TAGS`] of them.
struct TagCatalogue {
    names: Vec<String>,
    /// Per topic: the indices of its tags.
    by_topic: Vec<Vec<u16>>,
}

impl TagCatalogue {
    fn new() -> TagCatalogue {
        let mut names: Vec<String> = Vec::new();
        let mut by_topic: Vec<Vec<u16>> = vec![Vec::new(); TOPICS.len()];
        let mut seen = HashSet::new();
        let mut add = |name: String, topic: Option<usize>, names: &mut Vec<String>| {
            // Tags are at most 30 characters, as the post editor allows.
            if names.len() < TAGS && name.chars().count() <= 30 && seen.insert(name.to_lowercase())
            {
                if let Some(topic) = topic {
                    by_topic[topic].push(names.len() as u16);
                }
                names.push(name);
            }
        };
        for (t, (ko, en)) in TOPICS.iter().enumerate() {
            add(ko.replace(' ', ""), Some(t), &mut names);
            add((*en).to_string(), Some(t), &mut names);
        }
        for (ko, en) in KINDS {
            add(ko.replace(' ', ""), None, &mut names);
            add(en.to_string(), None, &mut names);
        }
        for (kind_ko, kind_en) in KINDS {
            for (t, (ko, en)) in TOPICS.iter().enumerate() {
                add(
                    format!("{}{}", ko.replace(' ', ""), kind_ko.replace(' ', "")),
                    Some(t),
                    &mut names,
                );
                add(format!("{en} {kind_en}"), Some(t), &mut names);
            }
        }
        for lead in LEADS_KO {
            for (t, (ko, _)) in TOPICS.iter().enumerate() {
                add(
                    format!("{}{}", lead.replace(' ', ""), ko.replace(' ', "")),
                    Some(t),
                    &mut names,
                );
            }
        }
        TagCatalogue { names, by_topic }
    }

    /// 1 to 4 distinct tags: mostly the topic's own, sometimes any.
    fn tags_for(&self, dice: &mut Dice, topic: usize) -> Vec<u16> {
        let wanted = 1 + dice.skewed(4, 1.5);
        let own = &self.by_topic[topic];
        let mut chosen = Vec::with_capacity(wanted);
        let mut attempts = 0;
        while chosen.len() < wanted && attempts < 20 {
            attempts += 1;
            let tag = if dice.chance(0.7) && !own.is_empty() {
                own[dice.skewed(own.len(), 1.5)]
            } else {
                dice.skewed(self.names.len(), 2.0) as u16
            };
            if !chosen.contains(&tag) {
                chosen.push(tag);
            }
        }
        chosen
    }
}

/// Tag ids by catalogue index (tags already present are reused).
async fn write_tags(db: &DatabaseConnection) -> Result<Vec<i64>, DbErr> {
    let catalogue = TagCatalogue::new();
    let rows: Vec<tags::ActiveModel> = catalogue
        .names
        .iter()
        .map(|name| tags::ActiveModel {
            name: Set(name.clone()),
            ..Default::default()
        })
        .collect();
    let txn = crate::db::write_txn(db).await?;
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<_> = rows.by_ref().take(per_statement(1)).collect();
        tags::Entity::insert_many(chunk)
            .on_conflict(
                OnConflict::column(tags::Column::Name)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    let by_name: HashMap<String, i64> = tags::Entity::find()
        .select_only()
        .columns([tags::Column::Name, tags::Column::Id])
        .into_tuple::<(String, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    catalogue
        .names
        .iter()
        .map(|name| {
            by_name
                .get(name)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(format!("tag {name}")))
        })
        .collect()
}

/// Post ids by plan index.
async fn write_posts(
    db: &DatabaseConnection,
    dice: &mut Dice,
    plan: &Plan,
    business_ids: &[i64],
    progress: &Progress,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, DbErr> {
    let before: Option<i64> = posts::Entity::find()
        .select_only()
        .column_as(posts::Column::Id.max(), "max_id")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    let before = before.unwrap_or(0);
    let mut rank = vec![0u32; plan.posts.len()];
    for (position, &post) in plan.heat.iter().enumerate() {
        rank[post as usize] = position as u32;
    }
    let count = plan.posts.len();
    let mut start = 0;
    while start < count {
        let end = (start + POSTS_PER_TRANSACTION).min(count);
        let rows: Vec<posts::ActiveModel> = (start..end)
            .map(|i| {
                let post = &plan.posts[i];
                // Views before the event window: the hotter, the more (a starting point the
                // roll-up replaces for every post with events).
                let hot = 1.0 - f64::from(rank[i]) / count as f64;
                let views = (hot.powi(6) * 5_000.0) as i64 + dice.below(20) as i64;
                post_row(
                    dice,
                    post,
                    business_ids,
                    plan.bookmark_counts[i],
                    views,
                    now,
                )
            })
            .collect();
        let txn = crate::db::write_txn(db).await?;
        insert_rows(&txn, rows).await?;
        txn.commit().await?;
        start = end;
        if start % 20_000 == 0 || start == count {
            progress.say(format_args!("{start} of {count} posts"));
        }
    }
    let by_second: HashMap<i64, i64> = posts::Entity::find()
        .select_only()
        .columns([posts::Column::PublishedAt, posts::Column::Id])
        .filter(posts::Column::Id.gt(before))
        .into_tuple::<(Option<DateTime<Utc>>, i64)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(at, id)| Some((at?.timestamp(), id)))
        .collect();
    plan.posts
        .iter()
        .map(|post| {
            by_second
                .get(&post.published)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(format!("post of {}", post.published)))
        })
        .collect()
}

fn post_row(
    dice: &mut Dice,
    post: &PostPlan,
    business_ids: &[i64],
    bookmarks: i64,
    views: i64,
    now: DateTime<Utc>,
) -> posts::ActiveModel {
    let published = Utc.timestamp_opt(post.published, 0).single().unwrap_or(now);
    let created = published - Duration::minutes(dice.below(3 * 24 * 60) as i64);
    let text = if dice.chance(0.25) {
        english_post(dice, post.topic as usize)
    } else {
        korean_post(dice, post.topic as usize)
    };
    posts::ActiveModel {
        business_id: Set(business_ids[post.business as usize]),
        author_member_id: Set(None),
        category_id: Set(1 + dice.below(9) as i16),
        title: Set(text.title),
        summary: Set(text.summary),
        cover_upload_id: Set(None),
        body_html: Set(text.body_html),
        body_text: Set(text.body_text),
        is_report: Set(dice.chance(0.1)),
        report_upload_id: Set(None),
        series_order: Set(None),
        status: Set(PostStatus::Published),
        publish_at: Set(None),
        published_at: Set(Some(published)),
        removed_reason: Set(None),
        view_count: Set(views),
        viewer_count: Set(views * 9 / 10),
        unique_reader_count: Set(views * 4 / 5),
        click_count: Set(views / 6),
        bookmark_count: Set(bookmarks),
        share_count: Set(views / 40),
        popular_score: Set(rollup::popular_score(
            views * 9 / 10,
            bookmarks,
            0,
            published,
            now,
        )),
        created_at: Set(created),
        updated_at: Set(published),
        ..Default::default()
    }
}

async fn write_post_tags(
    db: &DatabaseConnection,
    plan: &Plan,
    post_ids: &[i64],
    tag_ids: &[i64],
) -> Result<usize, DbErr> {
    let rows: Vec<post_tags::ActiveModel> = plan
        .posts
        .iter()
        .zip(post_ids)
        .flat_map(|(post, &post_id)| {
            post.tags.iter().map(move |&tag| post_tags::ActiveModel {
                post_id: Set(post_id),
                tag_id: Set(tag_ids[tag as usize]),
            })
        })
        .collect();
    let count = rows.len();
    insert_in_transactions(db, rows).await?;
    Ok(count)
}

async fn write_follows_and_bookmarks(
    db: &DatabaseConnection,
    plan: &Plan,
    business_ids: &[i64],
    member_ids: &[i64],
    post_ids: &[i64],
) -> Result<(), DbErr> {
    let rows: Vec<follows::ActiveModel> = plan
        .follows
        .iter()
        .enumerate()
        .map(|(i, &(member, business, at))| follows::ActiveModel {
            member_id: Set(member_ids[member as usize]),
            business_id: Set(business_ids[business as usize]),
            source: Set(FOLLOW_SOURCES[i % FOLLOW_SOURCES.len()].into()),
            created_at: Set(at),
            ..Default::default()
        })
        .collect();
    insert_in_transactions(db, rows).await?;
    let rows: Vec<bookmarks::ActiveModel> = plan
        .bookmarks
        .iter()
        .enumerate()
        .map(|(i, &(member, post, at))| bookmarks::ActiveModel {
            member_id: Set(member_ids[member as usize]),
            post_id: Set(post_ids[post as usize]),
            source: Set(BOOKMARK_SOURCES[i % BOOKMARK_SOURCES.len()].into()),
            created_at: Set(at),
            ..Default::default()
        })
        .collect();
    insert_in_transactions(db, rows).await
}

const FOLLOW_SOURCES: [&str; 3] = ["Follow_Content", "Follow_ContentList", "Follow_CorpProfile"];
const BOOKMARK_SOURCES: [&str; 2] = ["Bookmark_Content", "Bookmark_ContentList"];

/// The start of the event window: midnight KST, [`EVENT_DAYS`] - 1 days before today.
fn event_window(now: DateTime<Utc>) -> DateTime<Utc> {
    kst_midnight(kst_date(now) - Duration::days(EVENT_DAYS - 1))
}

/// What events are generated from.
struct World<'a> {
    plan: &'a Plan,
    business_ids: &'a [i64],
    member_ids: &'a [i64],
    post_ids: &'a [i64],
    /// [`GUESTS`] guest ids, signed as the server's own are.
    guest_ids: Vec<String>,
    /// The first instant of the event window.
    window: DateTime<Utc>,
    now: DateTime<Utc>,
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
            r if r < 0.10 => "visit",
            r if r < 0.62 => "view",
            r if r < 0.77 => "click",
            r if r < 0.90 => "read_through",
            _ => "share",
        };
        let (post_id, business_id, at) = if kind == "visit" {
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
    kind: &str,
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
        kind: Set(kind.into()),
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
async fn write_events(
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
                "follow",
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
                "bookmark",
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

/// A post's words.
struct PostText {
    title: String,
    summary: String,
    body_html: String,
    body_text: String,
}

/// Builds HTML and its text (what `content::sanitize::text_of` would give) side by side.
#[derive(Default)]
struct Body {
    html: String,
    text: Vec<String>,
}

impl Body {
    fn block(&mut self, tag: &str, text: &str) {
        self.html.push_str(&format!("<{tag}>{text}</{tag}>"));
        self.text.push(text.to_string());
    }

    fn list(&mut self, items: &[String]) {
        self.html.push_str("<ul>");
        for item in items {
            self.html.push_str(&format!("<li>{item}</li>"));
            self.text.push(item.clone());
        }
        self.html.push_str("</ul>");
    }

    fn finish(self) -> (String, String) {
        (self.html, self.text.join(" "))
    }
}

fn fill(template: &str, topic: &str, other: &str, kind: &str, dice: &mut Dice) -> String {
    template
        .replace("{t}", topic)
        .replace("{u}", other)
        .replace("{k}", kind)
        .replace("{n}", &(3 + dice.below(60)).to_string())
        .replace("{y}", &(2024 + dice.below(3)).to_string())
}

fn korean_post(dice: &mut Dice, topic: usize) -> PostText {
    let t = TOPICS[topic].0;
    let other = TOPICS[dice.below(TOPICS.len())].0;
    let kind = KINDS[dice.below(KINDS.len())].0;
    let mut title = String::new();
    if dice.chance(0.6) {
        title.push_str(dice.pick(&LEADS_KO));
        title.push(' ');
    }
    if dice.chance(0.15) && other != t {
        title.push_str(&format!("{t}·{other} {kind}"));
    } else {
        title.push_str(&format!("{t} {kind}"));
    }
    if dice.chance(0.5) {
        title.push_str(&format!(" {}", 1 + dice.below(99)));
    }
    let summary = format!(
        "{t} {kind}: {}",
        fill(dice.pick(&SUMMARIES_KO), t, other, kind, dice)
    );
    let mut body = Body::default();
    let sections = 2 + dice.below(2);
    for section in 0..sections {
        body.block("h2", &fill(dice.pick(&HEADS_KO), t, other, kind, dice));
        let sentences: Vec<String> = (0..2 + dice.below(2))
            .map(|_| fill(dice.pick(&SENTENCES_KO), t, other, kind, dice))
            .collect();
        body.block("p", &sentences.join(" "));
        if section == 0 {
            let first = dice.below(ITEMS_KO.len());
            let items: Vec<String> = (0..3)
                .map(|step| {
                    let item = ITEMS_KO[(first + step) % ITEMS_KO.len()];
                    fill(item, t, other, kind, dice)
                })
                .collect();
            body.list(&items);
        }
    }
    let (body_html, body_text) = body.finish();
    PostText {
        title,
        summary,
        body_html,
        body_text,
    }
}

fn english_post(dice: &mut Dice, topic: usize) -> PostText {
    let t = TOPICS[topic].1;
    let other = TOPICS[dice.below(TOPICS.len())].1;
    let kind = KINDS[dice.below(KINDS.len())].1;
    let mut title = String::new();
    if dice.chance(0.6) {
        title.push_str(dice.pick(&LEADS_EN));
        title.push(' ');
    }
    title.push_str(&format!("{t} {kind}"));
    if dice.chance(0.5) {
        title.push_str(&format!(" {}", 1 + dice.below(99)));
    }
    let summary = format!(
        "{t} {kind}: {}",
        fill(dice.pick(&SUMMARIES_EN), t, other, kind, dice)
    );
    let mut body = Body::default();
    let sections = 2 + dice.below(2);
    for section in 0..sections {
        body.block("h2", &fill(dice.pick(&HEADS_EN), t, other, kind, dice));
        let sentences: Vec<String> = (0..2 + dice.below(2))
            .map(|_| fill(dice.pick(&SENTENCES_EN), t, other, kind, dice))
            .collect();
        body.block("p", &sentences.join(" "));
        if section == 0 {
            let first = dice.below(ITEMS_EN.len());
            let items: Vec<String> = (0..3)
                .map(|step| {
                    let item = ITEMS_EN[(first + step) % ITEMS_EN.len()];
                    fill(item, t, other, kind, dice)
                })
                .collect();
            body.list(&items);
        }
    }
    let (body_html, body_text) = body.finish();
    PostText {
        title,
        summary,
        body_html,
        body_text,
    }
}

/// (Korean, English) topics of posts, tags and descriptions.
const TOPICS: [(&str, &str); 50] = [
    ("디지털 마케팅", "Digital Marketing"),
    ("브랜드 전략", "Brand Strategy"),
    ("데이터 분석", "Data Analytics"),
    ("인공지능", "Artificial Intelligence"),
    ("생성형 AI", "Generative AI"),
    ("클라우드 전환", "Cloud Migration"),
    ("물류 자동화", "Logistics Automation"),
    ("핀테크", "Fintech"),
    ("이커머스", "E-commerce"),
    ("콘텐츠 마케팅", "Content Marketing"),
    ("인재 채용", "Talent Acquisition"),
    ("스타트업 투자", "Startup Investment"),
    ("ESG 경영", "ESG Management"),
    ("공급망 관리", "Supply Chain Management"),
    ("고객 경험", "Customer Experience"),
    ("반도체", "Semiconductors"),
    ("2차전지", "Battery Industry"),
    ("디지털 헬스케어", "Digital Health"),
    ("프롭테크", "Proptech"),
    ("세무 회계", "Tax and Accounting"),
    ("수출 지원", "Export Support"),
    ("리테일 혁신", "Retail Innovation"),
    ("모빌리티", "Mobility"),
    ("사이버 보안", "Cybersecurity"),
    ("SaaS 성장", "SaaS Growth"),
    ("구독 경제", "Subscription Economy"),
    ("플랫폼 비즈니스", "Platform Business"),
    ("퍼포먼스 마케팅", "Performance Marketing"),
    ("검색엔진 최적화", "Search Engine Optimization"),
    ("소셜 미디어", "Social Media"),
    ("조직 문화", "Company Culture"),
    ("원격 근무", "Remote Work"),
    ("스마트 제조", "Smart Manufacturing"),
    ("에너지 전환", "Energy Transition"),
    ("푸드테크", "Foodtech"),
    ("에듀테크", "Edtech"),
    ("글로벌 진출", "Going Global"),
    ("정부 지원사업", "Government Grants"),
    ("투자 유치", "Fundraising"),
    ("영업 관리", "Sales Management"),
    ("고객 관계 관리", "CRM"),
    ("마케팅 자동화", "Marketing Automation"),
    ("라이브 커머스", "Live Commerce"),
    ("인플루언서 마케팅", "Influencer Marketing"),
    ("가격 전략", "Pricing Strategy"),
    ("리더십", "Leadership"),
    ("노무 관리", "Labor Relations"),
    ("특허 전략", "Patent Strategy"),
    ("데이터 거버넌스", "Data Governance"),
    ("개인정보 보호", "Privacy Compliance"),
];

/// (Korean, English) kinds of post.
const KINDS: [(&str, &str); 15] = [
    ("전략", "Strategy"),
    ("동향", "Trends"),
    ("가이드", "Guide"),
    ("성공 사례", "Case Study"),
    ("보고서", "Report"),
    ("인사이트", "Insights"),
    ("체크리스트", "Checklist"),
    ("로드맵", "Roadmap"),
    ("분석", "Analysis"),
    ("전망", "Outlook"),
    ("실무 노하우", "Playbook"),
    ("핵심 지표", "Key Metrics"),
    ("트렌드", "Trend Watch"),
    ("입문", "Primer"),
    ("혁신 사례", "Innovation Stories"),
];

const LEADS_KO: [&str; 10] = [
    "2026",
    "2025",
    "상반기",
    "하반기",
    "중소기업을 위한",
    "실무자가 알아야 할",
    "한눈에 보는",
    "스타트업의",
    "B2B",
    "글로벌",
];

const LEADS_EN: [&str; 8] = [
    "2026",
    "2025",
    "H1",
    "H2",
    "SMB",
    "Practical",
    "The State of",
    "B2B",
];

const SUMMARIES_KO: [&str; 6] = [
    "현장의 데이터로 살펴본 핵심 변화와 대응 방법을 정리했습니다.",
    "실무에 바로 쓸 수 있는 점검 항목과 사례를 담았습니다.",
    "{u} 분야와 함께 보면 더 잘 보이는 기회를 짚어 봅니다.",
    "{y}년을 준비하는 기업이 놓치지 말아야 할 {n}가지를 소개합니다.",
    "담당자 인터뷰와 설문으로 알아본 {t}의 오늘과 내일입니다.",
    "예산이 적은 팀도 시작할 수 있는 단계별 방법을 안내합니다.",
];

const SUMMARIES_EN: [&str; 5] = [
    "What changed this year and how teams are responding, with data from the field.",
    "A checklist and case studies you can use right away.",
    "Where {t} meets {u}, and the opportunities in between.",
    "{n} things companies planning for {y} should not miss.",
    "A step-by-step approach for teams with small budgets.",
];

const HEADS_KO: [&str; 6] = [
    "현황",
    "핵심 변화",
    "사례로 보는 {t}",
    "실행 방법",
    "{k} 정리",
    "시사점",
];

const HEADS_EN: [&str; 5] = [
    "Where things stand",
    "What changed",
    "{t} in practice",
    "How to start",
    "Takeaways",
];

const SENTENCES_KO: [&str; 15] = [
    "{t} 분야는 최근 {n}% 성장하며 많은 기업의 관심을 받고 있습니다.",
    "{t} 관련 투자는 늘었지만 성과를 측정하는 기준은 아직 제각각입니다.",
    "이번 {k}에서는 {t} 현장의 실제 사례를 중심으로 핵심 변화를 정리했습니다.",
    "{u} 영역과의 협업이 새로운 사업 기회를 만들고 있습니다.",
    "고객 데이터를 기반으로 의사결정 속도를 높이는 것이 무엇보다 중요합니다.",
    "작은 실험을 반복하며 효과를 검증하는 조직이 시장을 앞서 나갑니다.",
    "중소기업과 스타트업도 적은 예산으로 시작할 수 있는 방법이 있습니다.",
    "담당자 {n}명을 인터뷰한 결과 가장 큰 어려움은 인력 부족이었습니다.",
    "{y}년에는 {t} 예산을 늘리겠다는 응답이 절반을 넘었습니다.",
    "규제 변화에 대비해 내부 점검 체계를 미리 갖추어야 합니다.",
    "성공한 팀은 목표와 지표를 분기마다 다시 점검했습니다.",
    "{t} 도입 초기에는 명확한 책임자와 일정이 필요합니다.",
    "현장에서 바로 쓸 수 있는 체크리스트를 마지막에 정리했습니다.",
    "해외 시장에서도 {t} 수요가 꾸준히 늘고 있습니다.",
    "파트너사와의 데이터 공유가 경쟁력을 좌우하는 시대입니다.",
];

const SENTENCES_EN: [&str; 10] = [
    "{t} grew by {n}% last year and keeps drawing attention from every industry.",
    "Spending on {t} is up, but companies still measure results in very different ways.",
    "This {k} looks at real cases from teams working on {t}.",
    "Working with {u} teams opens new business opportunities.",
    "Decisions made on customer data are faster and more often right.",
    "Teams that run small experiments and check the results move ahead.",
    "Small companies can start with a modest budget and a clear goal.",
    "We interviewed {n} practitioners: the hardest part is hiring.",
    "More than half of the companies plan to spend more on {t} in {y}.",
    "A checklist you can use right away closes this piece.",
];

const ITEMS_KO: [&str; 6] = [
    "{t} 목표와 핵심 지표 정하기",
    "담당 조직과 책임자 지정하기",
    "{u} 팀과 데이터 공유 체계 만들기",
    "분기별 성과 점검 일정 잡기",
    "예산 {n}%를 실험에 배정하기",
    "고객 피드백을 제품에 반영하기",
];

const ITEMS_EN: [&str; 5] = [
    "Set goals and key metrics for {t}",
    "Name an owner and a team",
    "Share data with the {u} team",
    "Review results every quarter",
    "Keep {n}% of the budget for experiments",
];

const INDUSTRIES: [(&str, &str); 12] = [
    ("IT·소프트웨어", "software"),
    ("제조", "manufacturing"),
    ("유통·커머스", "retail and commerce"),
    ("금융", "financial services"),
    ("물류", "logistics"),
    ("헬스케어", "healthcare"),
    ("교육", "education"),
    ("미디어·콘텐츠", "media"),
    ("에너지", "energy"),
    ("컨설팅", "consulting"),
    ("부동산", "real estate"),
    ("식품", "food"),
];

const CITIES: [(&str, &str); 10] = [
    ("서울 강남구", "Gangnam, Seoul"),
    ("서울 성동구", "Seongdong, Seoul"),
    ("서울 마포구", "Mapo, Seoul"),
    ("경기 성남시", "Seongnam"),
    ("경기 수원시", "Suwon"),
    ("부산 해운대구", "Busan"),
    ("대전 유성구", "Daejeon"),
    ("대구 수성구", "Daegu"),
    ("광주 북구", "Gwangju"),
    ("인천 연수구", "Incheon"),
];

const NAME_HEADS_KO: [&str; 20] = [
    "한빛", "새솔", "누리", "다온", "바른", "푸른", "온결", "미래", "가온", "해담", "별빛", "하늘",
    "도담", "라온", "다솜", "이음", "채움", "나래", "청담", "솔빛",
];

const NAME_TAILS_KO: [&str; 20] = [
    "테크",
    "데이터랩",
    "커머스",
    "솔루션즈",
    "파트너스",
    "로지스",
    "헬스",
    "에너지",
    "인베스트",
    "마케팅",
    "컨설팅",
    "소프트",
    "모빌리티",
    "푸드",
    "에듀",
    "네트웍스",
    "바이오",
    "디자인",
    "미디어",
    "랩스",
];

const NAME_HEADS_EN: [&str; 12] = [
    "Nova", "Blue", "Bright", "Orbit", "Pine", "Harbor", "Summit", "Crest", "Lumen", "Vertex",
    "Tide", "Maple",
];

const NAME_TAILS_EN: [&str; 10] = [
    "Analytics",
    "Labs",
    "Commerce",
    "Partners",
    "Systems",
    "Logistics",
    "Health",
    "Energy",
    "Ventures",
    "Media",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registration_numbers_are_valid_and_distinct() {
        let numbers: HashSet<String> = (0..BUSINESSES as u32)
            .map(|serial| registration_number(&format!("{:03}81{:04}", 600, serial)))
            .collect();
        assert_eq!(numbers.len(), BUSINESSES);
        assert!(numbers
            .iter()
            .all(|n| tidemark_core::business::is_valid_business_number(n)));
    }

    #[test]
    fn the_plan_keeps_counts_consistent_with_its_rows() {
        let now = Utc::now();
        let plan = Plan::new(&mut Dice(SEED), 3_000, now);
        let seconds: HashSet<i64> = plan.posts.iter().map(|p| p.published).collect();
        assert_eq!(
            seconds.len(),
            3_000,
            "publication seconds are the read-back key"
        );
        assert_eq!(
            plan.follower_counts.iter().sum::<i64>() as usize,
            plan.follows.len()
        );
        assert_eq!(
            plan.bookmark_counts.iter().sum::<i64>() as usize,
            plan.bookmarks.len()
        );
        let pairs: HashSet<(u32, u32)> = plan.follows.iter().map(|f| (f.0, f.1)).collect();
        assert_eq!(pairs.len(), FOLLOWS);
        assert!(plan
            .posts
            .iter()
            .all(|p| (1..=4).contains(&p.tags.len()) && p.published < now.timestamp()));
        // A bookmark is never older than its post.
        assert!(plan
            .bookmarks
            .iter()
            .all(|&(_, post, at)| at.timestamp() >= plan.posts[post as usize].published));
    }

    #[test]
    fn texts_fit_the_columns() {
        let mut dice = Dice(SEED);
        for topic in 0..TOPICS.len() {
            for post in [
                korean_post(&mut dice, topic),
                english_post(&mut dice, topic),
            ] {
                assert!(post.title.chars().count() <= 100, "{}", post.title);
                assert!(post.summary.chars().count() <= 300, "{}", post.summary);
                assert!(post.body_html.starts_with("<h2>"));
                assert!(!post.body_text.contains('<'));
            }
        }
        assert_eq!(TagCatalogue::new().names.len(), TAGS);
    }
}
