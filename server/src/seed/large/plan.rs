//! The plan of the large set: what is decided before any row is written, and the sizes of
//! the set.

use super::dice::Dice;
use super::tags::TagCatalogue;
use super::texts::TOPICS;
use chrono::{DateTime, TimeZone, Utc};
use std::collections::HashSet;

pub(super) const BUSINESSES: usize = 1_000;
pub(super) const MEMBERS: usize = 5_000;
const FOLLOWS: usize = 30_000;
/// Bookmarks at full size (100,000 posts); fewer posts, proportionally fewer.
const BOOKMARKS: usize = 50_000;
/// Posts are published over this many days before now.
pub(super) const PUBLISH_DAYS: i64 = 365;

/// What is decided before any row is written, by index: post `i` of business
/// `posts[i].business`, follow of member `m` to business `b`, and so on.
pub(super) struct Plan {
    pub(super) posts: Vec<PostPlan>,
    /// Posts ordered from the most read to the least (indices into `posts`).
    pub(super) heat: Vec<u32>,
    /// (member index, business index, created at)
    pub(super) follows: Vec<(u32, u32, DateTime<Utc>)>,
    /// (member index, post index, created at)
    pub(super) bookmarks: Vec<(u32, u32, DateTime<Utc>)>,
    pub(super) follower_counts: Vec<i64>,
    pub(super) bookmark_counts: Vec<i64>,
}

pub(super) struct PostPlan {
    pub(super) business: u32,
    /// Seconds since the epoch, distinct over the set: the key rows are read back by.
    pub(super) published: i64,
    pub(super) topic: u16,
    pub(super) tags: Vec<u16>,
}

impl Plan {
    pub(super) fn new(dice: &mut Dice, count: usize, now: DateTime<Utc>) -> Plan {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::large::dice::SEED;

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
}
