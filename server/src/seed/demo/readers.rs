//! The demo's readers and what they do: certified readers who follow businesses and bookmark
//! posts, a month of their analytics events, and a few reports of problems with posts.

use super::dice::Dice;
use crate::entities::certifications::CertificationStatus;
use crate::entities::members::MemberRole;
use crate::entities::members::MemberStatus;
use crate::entities::{analytics_events, bookmarks, businesses, certifications, follows, posts};
use crate::event_sink::EventKind;
use crate::kernel::kst::kst_day;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use std::collections::{HashMap, HashSet};

const READERS: usize = 120;
pub(super) const EVENT_DAYS: i64 = 30;

/// Certified readers (so the reader mix by gender and age has data), plus the demo reader.
pub(super) async fn readers(
    state: &AppState,
    dice: &mut Dice,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, String> {
    use crate::entities::members;
    let db = &state.db;
    let mut ids = Vec::new();
    if let Some(demo) = members::Entity::find()
        .filter(members::Column::Email.eq("reader@tidemark.test"))
        .one(db)
        .await
        .map_err(|e| e.to_string())?
    {
        ids.push(demo.id);
    }
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    for i in 0..READERS {
        let member = members::ActiveModel {
            email: Set(Some(format!("reader{i}@demo.tidemark.test"))),
            email_verified_at: Set(Some(now)),
            password_hash: Set(None),
            nickname: Set(Some(format!("독자{i}"))),
            role: Set(MemberRole::User),
            status: Set(MemberStatus::Active),
            signup_channel: Set("email".into()),
            marketing_opt_in: Set(false),
            terms_agreed_at: Set(Some(now)),
            failed_login_count: Set(0),
            created_at: Set(now - Duration::days(60)),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| e.to_string())?;
        let year = 1960 + dice.below(45);
        let certification = certifications::ActiveModel {
            certify_no: Set(format!("demo-{i}")),
            provider: Set("local".into()),
            provider_uid: Set(None),
            purpose: Set("join".into()),
            status: Set(CertificationStatus::Completed),
            name: Set(Some(format!("독자{i}"))),
            phone: Set(None),
            birth_date: Set(Some(format!("{year}{:02}{:02}", 1 + i % 12, 1 + i % 28))),
            gender: Set(Some(if dice.chance(50) { "female" } else { "male" }.into())),
            person_key: Set(Some(format!("demo-person-{i}"))),
            member_id: Set(Some(member.id)),
            created_at: Set(now - Duration::days(60)),
            completed_at: Set(Some(now - Duration::days(60))),
            expires_at: Set(now - Duration::days(59)),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| e.to_string())?;
        members::Entity::update_many()
            .col_expr(
                members::Column::CertificationId,
                sea_orm::sea_query::Expr::value(certification.id),
            )
            .filter(members::Column::Id.eq(member.id))
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
        ids.push(member.id);
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(ids)
}

/// Follows and bookmarks, with the counters in step.
pub(super) async fn ties(
    db: &DatabaseConnection,
    dice: &mut Dice,
    readers: &[i64],
    businesses_: &[(i64, String)],
    posts_: &[(i64, i64)],
    now: DateTime<Utc>,
) -> Result<(usize, usize), String> {
    let mut followers: HashMap<i64, i64> = HashMap::new();
    let mut bookmarked: HashMap<i64, i64> = HashMap::new();
    let mut follow_rows = Vec::new();
    let mut bookmark_rows = Vec::new();
    let sources = ["Follow_Content", "Follow_ContentList", "Follow_CorpProfile"];
    for reader in readers {
        let mut chosen = HashSet::new();
        for _ in 0..(2 + dice.below(7)) {
            let (business, _) = &businesses_[dice.below(businesses_.len())];
            if chosen.insert(*business) {
                *followers.entry(*business).or_default() += 1;
                follow_rows.push(follows::ActiveModel {
                    member_id: Set(*reader),
                    business_id: Set(*business),
                    source: Set((*dice.pick(&sources)).into()),
                    created_at: Set(
                        now - Duration::hours(dice.below(24 * EVENT_DAYS as usize) as i64)
                    ),
                    ..Default::default()
                });
            }
        }
        let mut marked = HashSet::new();
        for _ in 0..dice.below(11) {
            let (post, _) = posts_[dice.below(posts_.len())];
            if marked.insert(post) {
                *bookmarked.entry(post).or_default() += 1;
                bookmark_rows.push(bookmarks::ActiveModel {
                    member_id: Set(*reader),
                    post_id: Set(post),
                    source: Set(if dice.chance(50) {
                        "Bookmark_Content"
                    } else {
                        "Bookmark_ContentList"
                    }
                    .into()),
                    created_at: Set(
                        now - Duration::hours(dice.below(24 * EVENT_DAYS as usize) as i64)
                    ),
                    ..Default::default()
                });
            }
        }
    }
    let counts = (follow_rows.len(), bookmark_rows.len());
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    for chunk in follow_rows.chunks(500) {
        follows::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    for chunk in bookmark_rows.chunks(500) {
        bookmarks::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    for (business, count) in followers {
        businesses::Entity::update_many()
            .col_expr(
                businesses::Column::FollowerCount,
                sea_orm::sea_query::Expr::value(count),
            )
            .filter(businesses::Column::Id.eq(business))
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    for (post, count) in bookmarked {
        posts::Entity::update_many()
            .col_expr(
                posts::Column::BookmarkCount,
                sea_orm::sea_query::Expr::value(count),
            )
            .filter(posts::Column::Id.eq(post))
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(counts)
}

/// A month of reader events: visits, views, clicks, shares and read-throughs, from members and
/// guests on every kind of device; popular posts get more. The guests' ids are signed by the
/// server, as the ones it hands out are.
pub(super) async fn events(
    state: &AppState,
    dice: &mut Dice,
    readers: &[i64],
    posts_: &[(i64, i64)],
    now: DateTime<Utc>,
) -> Result<usize, String> {
    let devices: [(&str, Option<&str>, &str); 5] = [
        ("PC", Some("WINDOWS"), "Chrome"),
        ("PC", Some("MAC"), "Safari"),
        ("MOBILE", Some("AOS"), "Samsung Internet"),
        ("MOBILE", Some("IOS"), "Safari"),
        ("TABLET", Some("IOS"), "Safari"),
    ];
    let db = &state.db;
    let guests: Vec<String> = (0..400)
        .map(|n| {
            state
                .tokens
                .sign_guest_id(&format!("demo{n}"), now.timestamp())
        })
        .collect();
    let mut rows = Vec::new();
    for _ in 0..12_000 {
        // A skew towards some posts: the square of a uniform draw.
        let r = dice.below(1000) as f64 / 1000.0;
        let (post, business) = posts_[((r * r) * posts_.len() as f64) as usize % posts_.len()];
        let at = now - Duration::minutes(dice.below((EVENT_DAYS as usize) * 24 * 60) as i64);
        let (member, guest) = if dice.chance(60) {
            (Some(readers[dice.below(readers.len())]), None)
        } else {
            (None, Some(guests[dice.below(guests.len())].clone()))
        };
        let (device_type, device_os, browser) = *dice.pick(&devices);
        let kind = match dice.below(20) {
            0..=11 => EventKind::View,
            12..=15 => EventKind::Click,
            16..=17 => EventKind::ReadThrough,
            18 => EventKind::Share,
            _ => EventKind::Visit,
        };
        let about_a_post = kind != EventKind::Visit;
        rows.push(analytics_events::ActiveModel {
            kind: Set(kind.as_str().into()),
            post_id: Set(about_a_post.then_some(post)),
            business_id: Set(about_a_post.then_some(business)),
            member_id: Set(member),
            guest_id: Set(guest),
            device_type: Set(device_type.into()),
            device_os: Set(device_os.map(Into::into)),
            browser: Set(Some(browser.into())),
            offset_minutes: Set(tidemark_core::calendar::KST_OFFSET_MINUTES),
            day: Set(kst_day(at)),
            occurred_at: Set(at),
            ..Default::default()
        });
    }
    let count = rows.len();
    let txn = crate::db::write_txn(db).await.map_err(|e| e.to_string())?;
    for chunk in rows.chunks(500) {
        analytics_events::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await
            .map_err(|e| e.to_string())?;
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    Ok(count)
}

/// Readers' flags on two public posts, waiting in the operators' queue (the
/// demo reader's own account files none: it stays free to report in a demo).
pub(super) async fn flags(
    db: &DatabaseConnection,
    readers: &[i64],
    latest: &[i64],
    now: DateTime<Utc>,
) -> Result<usize, String> {
    use crate::entities::post_flags::{self, FlagReason, FlagStatus};
    let (Some(&first), Some(&second)) = (latest.get(5), latest.get(9)) else {
        return Ok(0);
    };
    let reports = [
        (first, FlagReason::Spam, None, 26),
        (
            first,
            FlagReason::Misleading,
            Some("제품 성능 수치의 출처가 없습니다."),
            7,
        ),
        (
            second,
            FlagReason::Other,
            Some("다른 회사 보도자료를 거의 그대로 옮긴 글 같습니다."),
            3,
        ),
    ];
    let mut filed = 0;
    for (n, (post, reason, detail, hours_ago)) in reports.into_iter().enumerate() {
        let Some(&member) = readers.get(n + 1) else {
            break;
        };
        post_flags::ActiveModel {
            post_id: Set(post),
            member_id: Set(Some(member)),
            reason: Set(reason),
            detail: Set(detail.map(str::to_string)),
            status: Set(FlagStatus::Open),
            created_at: Set(now - Duration::hours(hours_ago)),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(|e| e.to_string())?;
        filed += 1;
    }
    Ok(filed)
}
