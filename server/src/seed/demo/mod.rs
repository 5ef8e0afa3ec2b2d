//! The demo content of the embedded default (PRODUCT "Demo data"): on the first start in demo
//! mode, an empty platform is filled with 30 businesses, 600 posts in Korean and English in
//! all nine categories with cover images drawn here, readers (certified, so the reader mix
//! of the analytics has data) who follow and bookmark, a month of analytics events, and three
//! recommendation collections. Everything is generated from a fixed seed: every fresh start
//! looks the same.

mod businesses;
mod covers;
mod dice;
mod posts;
mod readers;
mod texts;

use crate::kernel::kst::kst_day;
use crate::state::AppState;
use chrono::{Duration, Utc};
use dice::Dice;
use posts::POSTS_PER_BUSINESS;
use readers::{events, flags, readers, ties, EVENT_DAYS};
use sea_orm::{EntityTrait, PaginatorTrait};

/// Fills an empty platform with the demo content (demo mode only; nothing happens when any
/// post exists).
pub async fn fill(state: &AppState) -> Result<(), String> {
    let db = &state.db;
    let existing = crate::entities::posts::Entity::find()
        .count(db)
        .await
        .map_err(|e| e.to_string())?;
    if existing > 0 {
        return Ok(());
    }
    let started = std::time::Instant::now();
    tracing::info!("writing the demo content (first start)");
    let mut dice = Dice(0x7469_6465_6d61_726b);
    let now = Utc::now();

    // The demo business (made with the demo accounts) and 29 more, their logos and covers.
    let demo_business = businesses::demo_business(db).await?;
    let business_ids = businesses::write_businesses(db, demo_business, now).await?;
    let covers = covers::draw_logos_and_covers(state, &business_ids).await?;
    let post_ids =
        posts::write_posts(db, &mut dice, &business_ids, demo_business, &covers, now).await?;

    let readers = readers(state, &mut dice, now).await?;
    let (follow_count, bookmark_count) =
        ties(db, &mut dice, &readers, &business_ids, &post_ids, now).await?;
    let events = events(state, &mut dice, &readers, &post_ids, now).await?;
    let days: Vec<String> = (0..=EVENT_DAYS)
        .map(|d| kst_day(now - Duration::days(d)))
        .collect();
    crate::analytics::rollup::roll_up(db, &days)
        .await
        .map_err(|e| e.to_string())?;
    state.catalog.reload(db).await.map_err(|e| e.to_string())?;

    // The home page's collections: the operators' picks.
    let snapshot = state.catalog.snapshot();
    let popular: Vec<i64> = snapshot.popular.iter().take(8).copied().collect();
    let reports: Vec<i64> = snapshot.reports.iter().take(8).copied().collect();
    let series: Vec<i64> = snapshot
        .latest_by_category
        .get(&8)
        .map(|ids| ids.iter().take(8).copied().collect())
        .unwrap_or_default();
    drop(snapshot);
    for (order, (ko, en, ids)) in [
        ("에디터 추천", "Editors' picks", popular),
        ("이번 달 리포트", "Reports of the month", reports),
        ("오리지널 시리즈", "Original series", series),
    ]
    .into_iter()
    .enumerate()
    {
        let save = crate::content::recommend::CollectionSave {
            title_ko: ko,
            title_en: en,
            sort_order: order as i32,
            post_seqs: &ids,
            published: Some(true),
        };
        crate::content::save_collection(state, None, &save, None)
            .await
            .map_err(|e| e.to_string())?;
    }
    let flags = flags(db, &readers, &state.catalog.snapshot().latest, now).await?;
    tracing::info!(
        businesses = business_ids.len(),
        posts = business_ids.len() * POSTS_PER_BUSINESS,
        flags,
        readers = readers.len(),
        follows = follow_count,
        bookmarks = bookmark_count,
        events,
        millis = started.elapsed().as_millis() as u64,
        "demo content written"
    );
    Ok(())
}
