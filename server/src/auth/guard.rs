//! Counters of tries that hold across server processes and under concurrent requests: each
//! try is taken by one conditional UPDATE of `try_counters` (`tries < limit`, or a window
//! that has run out) before the secret is compared, and a try that succeeds is given back.
//!
//! Sign-in follows OWASP's device cookies: a browser that signed in to an account before
//! carries a signed `tmd` cookie naming that account and the device, and its tries count
//! against the device alone. Everyone else shares the account's allowance for unknown
//! devices. Someone guessing from rotating addresses exhausts that allowance, never the
//! owner's: the owner's own browser still signs in.

use crate::entities::try_counters;
use crate::http::error::{ApiError, ApiResult};
use crate::tokens::{random_token, TokenKeys};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

/// What a counter allows: `tries` in `window`.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    pub tries: i32,
    pub window: Duration,
}

/// Sign-ins to one account from devices it has not seen: 10 failures in 15 minutes.
pub const UNKNOWN_DEVICES: Allowance = Allowance {
    tries: 10,
    window: Duration::minutes(15),
};
/// Sign-ins from one device the account has seen: its own 10 in 15 minutes.
pub const KNOWN_DEVICE: Allowance = Allowance {
    tries: 10,
    window: Duration::minutes(15),
};
/// Password checks before a sensitive change, per member.
pub const PASSWORD_CHECKS: Allowance = Allowance {
    tries: 10,
    window: Duration::minutes(15),
};

/// One-time and recovery codes tried for one member (a sign-in's second step, turning two-step
/// sign-in on): 5 failures in 15 minutes, across every process.
pub const SECOND_STEPS: Allowance = Allowance {
    tries: 5,
    window: Duration::minutes(15),
};

/// The device cookie: signed, HttpOnly, a year.
pub const DEVICE_COOKIE: &str = "tmd";
const DEVICE_TICKET: &str = "device";
const DEVICE_TTL_SECS: i64 = 365 * 24 * 3600;

/// Takes one try of counter `key`, or answers 429 with when to try again. One conditional
/// UPDATE decides, so concurrent tries each count and none passes the limit.
pub async fn take_try(
    db: &impl ConnectionTrait,
    key: &str,
    allowance: Allowance,
    what: &str,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    try_counters::Entity::insert(try_counters::ActiveModel {
        key: Set(key.to_string()),
        window_started_at: Set(now),
        tries: Set(0),
    })
    .on_conflict(
        OnConflict::column(try_counters::Column::Key)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    let cutoff = now - allowance.window;
    let window_over = Expr::col(try_counters::Column::WindowStartedAt).lte(cutoff);
    let taken = try_counters::Entity::update_many()
        .col_expr(
            try_counters::Column::Tries,
            Expr::case(window_over.clone(), 1)
                .finally(Expr::col(try_counters::Column::Tries).add(1))
                .into(),
        )
        .col_expr(
            try_counters::Column::WindowStartedAt,
            Expr::case(window_over.clone(), now)
                .finally(Expr::col(try_counters::Column::WindowStartedAt))
                .into(),
        )
        .filter(try_counters::Column::Key.eq(key))
        .filter(
            sea_orm::Condition::any()
                .add(try_counters::Column::Tries.lt(allowance.tries))
                .add(window_over),
        )
        .exec(db)
        .await?;
    if taken.rows_affected == 1 {
        return Ok(());
    }
    let started = try_counters::Entity::find_by_id(key.to_string())
        .one(db)
        .await?
        .map_or(now, |row| row.window_started_at);
    let wait = Ord::max((started + allowance.window - now).num_seconds(), 1);
    Err(ApiError::TooManyRequests {
        message: format!("too many {what}; try again in {} minutes", (wait + 59) / 60),
        retry_after: wait.unsigned_abs(),
    })
}

/// Gives back a try that succeeded, so only failures use up an allowance.
pub async fn give_back(db: &impl ConnectionTrait, key: &str) -> ApiResult<()> {
    try_counters::Entity::update_many()
        .col_expr(
            try_counters::Column::Tries,
            Expr::col(try_counters::Column::Tries).sub(1),
        )
        .filter(try_counters::Column::Key.eq(key))
        .filter(try_counters::Column::Tries.gt(0))
        .exec(db)
        .await?;
    Ok(())
}

/// The account and device id of the request's device cookie, when it is one this server
/// signed and has not expired.
fn device_of(keys: &TokenKeys, jar: &CookieJar, now: i64) -> Option<(i64, String)> {
    let subject = keys.verify_ticket(DEVICE_TICKET, jar.get(DEVICE_COOKIE)?.value(), now)?;
    let (member, device) = subject.split_once(':')?;
    Some((member.parse().ok()?, device.to_string()))
}

/// Whether the request's browser has signed in to `member_id` before: it carries that
/// account's device cookie.
pub fn knows_device(keys: &TokenKeys, jar: &CookieJar, member_id: i64, now: i64) -> bool {
    device_of(keys, jar, now).is_some_and(|(member, _)| member == member_id)
}

/// The counter a sign-in to `member_id` (`None`: no such account) with `email` counts
/// against: the device's own when the request carries this account's device cookie, else
/// the account's allowance for unknown devices.
pub fn sign_in_counter(
    keys: &TokenKeys,
    jar: &CookieJar,
    member_id: Option<i64>,
    email: &str,
    now: i64,
) -> (String, Allowance) {
    match device_of(keys, jar, now) {
        Some((member, device)) if Some(member) == member_id => {
            (format!("device:{device}"), KNOWN_DEVICE)
        }
        _ => (unknown_devices_key(keys, email), UNKNOWN_DEVICES),
    }
}

/// The key of an account's allowance for unknown devices: a keyed hash of the e-mail, so
/// the table holds no address.
pub fn unknown_devices_key(keys: &TokenKeys, email: &str) -> String {
    format!("signin:{}", keys.pseudonym("signin", email))
}

/// The jar with a device cookie for `member_id`: a new device id, or the one the browser
/// already has for this account.
pub fn remember_device(
    keys: &TokenKeys,
    jar: CookieJar,
    member_id: i64,
    now: i64,
    secure: bool,
) -> ApiResult<CookieJar> {
    let device = match device_of(keys, &jar, now) {
        Some((member, device)) if member == member_id => device,
        _ => random_token(),
    };
    let ticket = keys
        .issue_ticket(
            DEVICE_TICKET,
            &format!("{member_id}:{device}"),
            DEVICE_TTL_SECS,
            now,
        )
        .map_err(ApiError::internal)?;
    Ok(jar.add(
        Cookie::build((DEVICE_COOKIE, ticket))
            .path("/membership/")
            .http_only(true)
            .secure(secure)
            .same_site(SameSite::Strict)
            .max_age(time::Duration::seconds(DEVICE_TTL_SECS))
            .build(),
    ))
}

/// Forgets every counter of `key`'s kind for one subject (a leaving member's e-mail).
pub async fn forget(db: &impl ConnectionTrait, key: &str) -> ApiResult<()> {
    try_counters::Entity::delete_many()
        .filter(try_counters::Column::Key.eq(key))
        .exec(db)
        .await?;
    Ok(())
}

/// The counter of a member's "confirm it's you" tries, whatever the proof.
pub fn check_counter(member_id: i64) -> String {
    format!("check:{member_id}")
}

/// The counter of a member's one-time code tries (second steps and confirmations alike).
pub fn codes_counter(member_id: i64) -> String {
    format!("codes:{member_id}")
}
