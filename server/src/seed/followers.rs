//! A business's followers for the fan-out benchmark (`tidemark generate-followers`):
//! `count` active members with verified addresses (`fan-N@followers.test`), each following
//! the business, every `mail_every`-th of them choosing a mail for each post (the rest hear
//! in the site only, as the default is). Written in bulk like the large set, and the
//! business's follower count is moved by as many, so the counts match the rows.
//!
//! With `push`, every `push.every`-th follower also has a browser subscribed to pushes at
//! `push.service` (a local push endpoint: `<service>/push/<member>`) and consented to pushes
//! at night, so the benchmark's pushes go at any hour. The browsers share one P-256 key: the
//! local endpoint counts what arrives, the decryption is tested elsewhere
//! (server/tests/api/web_push.rs).
//!
//! Running it twice adds followers after the first ones (N goes on from the highest
//! `fan-N` already there).

use super::large::rows::insert_in_transactions;
use crate::entities::members::{MemberRole, MemberStatus};
use crate::entities::{businesses, follows, member_consents, members, push_subscriptions};
use crate::fanout::MailChoice;
use crate::push::Consent;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Utc;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use std::time::Instant;

/// What the generator wrote.
#[derive(Debug)]
pub struct Report {
    pub business_id: i64,
    pub followers: usize,
    pub choosing_each_post_mail: usize,
    pub with_push: usize,
    pub millis: u128,
}

/// Followers with a browser subscribed to pushes.
pub struct PushFollowers<'a> {
    pub every: usize,
    /// The push endpoint's origin (`http://127.0.0.1:PORT`), allowed by the server's
    /// `TIDEMARK_PUSH_SERVICES`.
    pub service: &'a str,
}

const DOMAIN: &str = "followers.test";

/// Adds `count` followers of business `business_id`; every `mail_every`-th chooses a mail for
/// each post (0: none does).
pub async fn generate(
    db: &DatabaseConnection,
    business_id: i64,
    count: usize,
    mail_every: usize,
    push: Option<PushFollowers<'_>>,
) -> Result<Report, String> {
    let started = Instant::now();
    let failed = |what: &str| {
        let what = what.to_owned();
        move |e: DbErr| format!("{what}: {e}")
    };
    businesses::Entity::find_by_id(business_id)
        .one(db)
        .await
        .map_err(failed("finding the business"))?
        .ok_or_else(|| format!("there is no business {business_id}"))?;
    let first = members::Entity::find()
        .filter(members::Column::Email.like(format!("fan-%@{DOMAIN}")))
        .count(db)
        .await
        .map_err(failed("counting earlier followers"))? as usize
        + 1;
    let numbers = first..first + count;
    let now = Utc::now();
    let rows: Vec<members::ActiveModel> = numbers
        .clone()
        .map(|n| members::ActiveModel {
            email: Set(Some(format!("fan-{n}@{DOMAIN}"))),
            email_verified_at: Set(Some(now)),
            password_hash: Set(None),
            nickname: Set(Some(format!("구독자{n}"))),
            role: Set(MemberRole::User),
            status: Set(MemberStatus::Active),
            signup_channel: Set("email".into()),
            person_key: Set(None),
            certification_id: Set(None),
            marketing_opt_in: Set(false),
            terms_agreed_at: Set(Some(now)),
            failed_login_count: Set(0),
            locked_until: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            withdrawn_at: Set(None),
            withdraw_reason: Set(None),
            ..Default::default()
        })
        .collect();
    insert_in_transactions(db, rows)
        .await
        .map_err(failed("writing the members"))?;
    let ids: Vec<i64> = members::Entity::find()
        .select_only()
        .column(members::Column::Id)
        .filter(members::Column::Email.like(format!("fan-%@{DOMAIN}")))
        .order_by_asc(members::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .map_err(failed("reading the members back"))?;
    let new_ids = &ids[ids.len().saturating_sub(count)..];
    let mut choosing = 0;
    let rows: Vec<follows::ActiveModel> = new_ids
        .iter()
        .enumerate()
        .map(|(i, &member_id)| {
            let each = mail_every > 0 && (i + 1) % mail_every == 0;
            choosing += usize::from(each);
            follows::ActiveModel {
                member_id: Set(member_id),
                business_id: Set(business_id),
                source: Set("Follow_CorpProfile".into()),
                created_at: Set(now),
                mail: Set(if each {
                    MailChoice::Each
                } else {
                    MailChoice::Off
                }
                .as_str()
                .into()),
                mail_set_at: Set(each.then_some(now)),
                ..Default::default()
            }
        })
        .collect();
    insert_in_transactions(db, rows)
        .await
        .map_err(failed("writing the follows"))?;
    businesses::Entity::update_many()
        .col_expr(
            businesses::Column::FollowerCount,
            Expr::col(businesses::Column::FollowerCount).add(new_ids.len() as i64),
        )
        .filter(businesses::Column::Id.eq(business_id))
        .exec(db)
        .await
        .map_err(failed("counting the followers"))?;
    let with_push = match push {
        Some(push) => write_push(db, new_ids, &push)
            .await
            .map_err(failed("writing the push subscriptions"))?,
        None => 0,
    };
    Ok(Report {
        business_id,
        followers: new_ids.len(),
        choosing_each_post_mail: choosing,
        with_push,
        millis: started.elapsed().as_millis(),
    })
}

/// A browser subscription and a night-time consent for every `push.every`-th of `members`.
async fn write_push(
    db: &DatabaseConnection,
    members: &[i64],
    push: &PushFollowers<'_>,
) -> Result<usize, DbErr> {
    let secret = p256::SecretKey::from_slice(&[7u8; 32])
        .map_err(|e| DbErr::Custom(format!("the browsers' key: {e}")))?;
    let p256dh = URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
    let auth = URL_SAFE_NO_PAD.encode([9u8; 16]);
    let now = Utc::now();
    let chosen: Vec<i64> = members
        .iter()
        .copied()
        .enumerate()
        .filter(|(i, _)| push.every > 0 && (i + 1) % push.every == 0)
        .map(|(_, member)| member)
        .collect();
    let service = push.service.trim_end_matches('/');
    let subscriptions: Vec<push_subscriptions::ActiveModel> = chosen
        .iter()
        .map(|&member_id| push_subscriptions::ActiveModel {
            member_id: Set(member_id),
            endpoint: Set(format!("{service}/push/{member_id}")),
            p256dh: Set(p256dh.clone()),
            auth: Set(auth.clone()),
            slot: Set(0),
            created_at: Set(now),
            ..Default::default()
        })
        .collect();
    insert_in_transactions(db, subscriptions).await?;
    let consents: Vec<member_consents::ActiveModel> = chosen
        .iter()
        .map(|&member_id| member_consents::ActiveModel {
            member_id: Set(member_id),
            purpose: Set(Consent::NightPush.as_str().into()),
            granted: Set(true),
            created_at: Set(now),
            ..Default::default()
        })
        .collect();
    insert_in_transactions(db, consents).await?;
    Ok(chosen.len())
}
