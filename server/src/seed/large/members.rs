//! The reader members of the large set, and their follows and bookmarks.

use super::dice::Dice;
use super::plan::{Plan, MEMBERS};
use super::rows::insert_in_transactions;
use crate::entities::members::MemberRole;
use crate::entities::members::MemberStatus;
use crate::entities::{bookmarks, follows, members};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect, Set};
use std::collections::HashMap;

/// Member ids by plan index (`gen-N@large.test`, N from 1).
pub(super) async fn write_members(
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

pub(super) async fn write_follows_and_bookmarks(
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
