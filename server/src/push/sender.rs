//! Sending the due pushes: claimed one at a time by a conditional update (two processes never
//! take the same delivery), then sent several at once; each claim is a lease, so a delivery whose process died goes out
//! later rather than never. Each is checked again before it goes: its post still public, the
//! night (without the member's consent), the member's pushes of the day.

use super::{consent_of, night_hold, take_quota, Consent, Status, Vapid};
use crate::entities::{businesses, posts, push_deliveries, push_subscriptions};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, TimeDelta, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

/// How long a claimed delivery is its process's.
const LEASE: TimeDelta = TimeDelta::seconds(60);
/// Tries before a delivery the push service keeps refusing or does not answer is failed.
const MAX_TRIES: i32 = 5;
/// The first pause after a failed try; each next one doubles.
const FIRST_PAUSE: TimeDelta = TimeDelta::seconds(10);
/// Deliveries a round reads.
const ROUND: u64 = 100;
/// Deliveries sent at once: a push service answers in tens of milliseconds, so one at a time
/// would hold a process to a few dozen a second.
const IN_FLIGHT: usize = 16;
/// How long one call goes on taking full rounds (well within the lease of what it claimed).
const BUSY_FOR: Duration = Duration::from_secs(10);
/// How long the push service keeps a push for a browser that is off (RFC 8030 `TTL`): a day,
/// the time a post is news.
const TTL_SECS: u64 = 24 * 60 * 60;
/// Where a push service must answer within.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// What the server needs to send pushes.
pub struct Pusher {
    pub vapid: Vapid,
    pub client: reqwest::Client,
    /// `TIDEMARK_PUSH_SERVICES`: the push services endpoints may be at
    /// ([`super::allowed_endpoint`]).
    pub services: String,
    /// Signs each push's post link ([`super::open_token`]).
    pub keys: Arc<crate::tokens::TokenKeys>,
}

impl Pusher {
    pub fn new(
        vapid: Vapid,
        services: String,
        keys: Arc<crate::tokens::TokenKeys>,
    ) -> Result<Self, String> {
        crate::kernel::tls::use_ring();
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("push client: {e}"))?;
        Ok(Self {
            vapid,
            client,
            services,
            keys,
        })
    }
}

/// What one round did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub sent: u32,
    pub held: u32,
    pub withdrawn: u32,
    pub limited: u32,
    pub failed: u32,
    pub gone: u32,
    pub retry: u32,
}

/// What the browser's service worker gets (JSON, encrypted for that browser only).
#[derive(serde::Serialize)]
struct Payload<'a> {
    /// The delivery, so a repeated push can be told apart from a second one.
    id: i64,
    /// One notification a post on screen, whatever number of pushes.
    tag: String,
    title: &'a str,
    body: &'a str,
    /// The post's link through the server, which counts the opening.
    url: String,
}

/// Sends what is due at `now`: rounds of at most `ROUND` deliveries, `IN_FLIGHT` of them
/// at once, one round after another while rounds come full, for at most `BUSY_FOR`.
pub async fn deliver_due(
    db: &DatabaseConnection,
    pusher: &Arc<Pusher>,
    now: DateTime<Utc>,
) -> Result<Round, DbErr> {
    let started = Instant::now();
    let mut total = Round::default();
    loop {
        let (read, round) = deliver_round(db, pusher, now).await?;
        total.add(&round);
        if read < ROUND as usize || started.elapsed() >= BUSY_FOR {
            return Ok(total);
        }
    }
}

/// One round: the deliveries due, claimed one by one, then sent `IN_FLIGHT` at a time.
/// Returns how many were read, and what became of them.
async fn deliver_round(
    db: &DatabaseConnection,
    pusher: &Arc<Pusher>,
    now: DateTime<Utc>,
) -> Result<(usize, Round), DbErr> {
    let due = push_deliveries::Entity::find()
        .filter(
            push_deliveries::Column::Status
                .is_in([Status::Pending.as_str(), Status::Sending.as_str()]),
        )
        .filter(push_deliveries::Column::DueAt.lte(now))
        .order_by_asc(push_deliveries::Column::DueAt)
        .order_by_asc(push_deliveries::Column::Id)
        .limit(ROUND)
        .all(db)
        .await?;
    let read = due.len();
    let mut round = Round::default();
    let mut lines: HashMap<i64, Option<(String, String)>> = HashMap::new();
    let mut tasks = JoinSet::new();
    let mut failure = None;
    for row in due {
        // Taken only as it was read: a process that took it meanwhile moved `attempts` on.
        let claimed = push_deliveries::Entity::update_many()
            .col_expr(
                push_deliveries::Column::Status,
                Expr::value(Status::Sending.as_str()),
            )
            .col_expr(
                push_deliveries::Column::Attempts,
                Expr::value(row.attempts + 1),
            )
            .col_expr(push_deliveries::Column::DueAt, Expr::value(now + LEASE))
            .filter(push_deliveries::Column::Id.eq(row.id))
            .filter(push_deliveries::Column::Status.eq(row.status.clone()))
            .filter(push_deliveries::Column::Attempts.eq(row.attempts))
            .exec(db)
            .await?;
        if claimed.rows_affected == 0 {
            continue;
        }
        let line = match lines.get(&row.post_id) {
            Some(line) => line.clone(),
            None => {
                let line = line_of(db, row.post_id, now).await?;
                lines.insert(row.post_id, line.clone());
                line
            }
        };
        while tasks.len() >= IN_FLIGHT {
            if let Some(done) = tasks.join_next().await {
                tally(&mut round, &mut failure, done);
            }
        }
        let (db, pusher) = (db.clone(), Arc::clone(pusher));
        tasks.spawn(async move { deliver_one(&db, &pusher, row, line, now).await });
    }
    while let Some(done) = tasks.join_next().await {
        tally(&mut round, &mut failure, done);
    }
    match failure {
        Some(error) => Err(error),
        None => Ok((read, round)),
    }
}

/// Counts a finished delivery into `round`, or keeps the first failure.
fn tally(
    round: &mut Round,
    failure: &mut Option<DbErr>,
    done: Result<Result<Step, DbErr>, tokio::task::JoinError>,
) {
    match done {
        Ok(Ok(step)) => round.count(step),
        Ok(Err(error)) => {
            failure.get_or_insert(error);
        }
        Err(error) => {
            failure.get_or_insert(DbErr::Custom(format!("a push delivery stopped: {error}")));
        }
    }
}

/// What became of one claimed delivery.
#[derive(Clone, Copy)]
enum Step {
    Sent,
    Held,
    Withdrawn,
    Limited,
    Failed,
    Gone,
    Retry,
    /// Its browser's subscription went meanwhile (and its deliveries with it).
    Skipped,
}

impl Round {
    fn count(&mut self, step: Step) {
        let field = match step {
            Step::Sent => &mut self.sent,
            Step::Held => &mut self.held,
            Step::Withdrawn => &mut self.withdrawn,
            Step::Limited => &mut self.limited,
            Step::Failed => &mut self.failed,
            Step::Gone => &mut self.gone,
            Step::Retry => &mut self.retry,
            Step::Skipped => return,
        };
        *field += 1;
    }

    fn add(&mut self, other: &Round) {
        self.sent += other.sent;
        self.held += other.held;
        self.withdrawn += other.withdrawn;
        self.limited += other.limited;
        self.failed += other.failed;
        self.gone += other.gone;
        self.retry += other.retry;
    }
}

/// One claimed delivery, checked again and sent: `line` is its post's push lines while the
/// post is public.
async fn deliver_one(
    db: &DatabaseConnection,
    pusher: &Pusher,
    row: push_deliveries::Model,
    line: Option<(String, String)>,
    now: DateTime<Utc>,
) -> Result<Step, DbErr> {
    let attempts = row.attempts + 1;
    let Some((title, body)) = line else {
        finish(db, row.id, Status::Withdrawn, None, None).await?;
        return Ok(Step::Withdrawn);
    };
    if let Some(morning) = night_hold(now) {
        let consented = consent_of(db, row.member_id, Consent::NightPush)
            .await?
            .is_some_and(|answer| answer.granted);
        if !consented {
            // Not a try: it waits for the morning as it was.
            wait_until(db, row.id, row.attempts, morning, None).await?;
            return Ok(Step::Held);
        }
    }
    let Some(subscription) = push_subscriptions::Entity::find_by_id(row.subscription_id)
        .one(db)
        .await?
    else {
        return Ok(Step::Skipped);
    };
    if !take_quota(db, row.member_id, now).await? {
        finish(db, row.id, Status::Limited, None, None).await?;
        return Ok(Step::Limited);
    }
    let payload = Payload {
        id: row.id,
        tag: format!("post-{}", row.post_id),
        title: &title,
        body: &body,
        url: format!(
            "/push/v1/open?t={}",
            super::open_token(&pusher.keys, row.member_id, row.post_id)
        ),
    };
    Ok(
        match send(pusher, &subscription, &payload, row.post_id).await {
            Outcome::Delivered => {
                finish(db, row.id, Status::Sent, Some(Utc::now()), None).await?;
                Step::Sent
            }
            Outcome::Gone(text) => {
                tracing::info!(subscription = subscription.id, %text, "a browser's push subscription ended");
                // Its deliveries go with it.
                push_subscriptions::Entity::delete_by_id(subscription.id)
                    .exec(db)
                    .await?;
                Step::Gone
            }
            Outcome::Refused(text) => {
                tracing::warn!(id = row.id, error = %text, "push refused");
                finish(db, row.id, Status::Failed, None, Some(text)).await?;
                Step::Failed
            }
            Outcome::Later(text) if attempts < MAX_TRIES => {
                let pause = FIRST_PAUSE * 2_i32.pow(u32::try_from(attempts - 1).unwrap_or(0));
                tracing::warn!(id = row.id, attempts, error = %text, "push not delivered; trying again");
                wait_until(db, row.id, attempts, Utc::now() + pause, Some(text)).await?;
                Step::Retry
            }
            Outcome::Later(text) => {
                tracing::warn!(id = row.id, attempts, error = %text, "push not delivered; giving up");
                finish(db, row.id, Status::Failed, None, Some(text)).await?;
                Step::Failed
            }
        },
    )
}

/// The post's push lines (its business's name, its title) while it is public.
async fn line_of(
    db: &DatabaseConnection,
    post_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<(String, String)>, DbErr> {
    let Some(post) = posts::Entity::find_by_id(post_id)
        .one(db)
        .await?
        .filter(|post| posts::is_public(post.status, post.published_at, now))
    else {
        return Ok(None);
    };
    let business = businesses::Entity::find_by_id(post.business_id)
        .one(db)
        .await?
        .map(|business| business.name)
        .unwrap_or_default();
    Ok(Some((business, post.title)))
}

enum Outcome {
    Delivered,
    /// The subscription ended (404, 410).
    Gone(String),
    /// Refused for good (another 4xx).
    Refused(String),
    /// Not now (429, 5xx, no answer).
    Later(String),
}

async fn send(
    pusher: &Pusher,
    subscription: &push_subscriptions::Model,
    payload: &Payload<'_>,
    post_id: i64,
) -> Outcome {
    let request = match build(pusher, subscription, payload, post_id) {
        Ok(request) => request,
        Err(text) => return Outcome::Refused(text),
    };
    match pusher.client.execute(request).await {
        Ok(answer) => {
            let status = answer.status();
            let text = format!("{status}");
            match status.as_u16() {
                200..=299 => Outcome::Delivered,
                404 | 410 => Outcome::Gone(text),
                429 | 500..=599 => Outcome::Later(text),
                _ => Outcome::Refused(text),
            }
        }
        Err(error) => Outcome::Later(error.without_url().to_string()),
    }
}

/// The encrypted, signed request of one push.
fn build(
    pusher: &Pusher,
    subscription: &push_subscriptions::Model,
    payload: &Payload<'_>,
    post_id: i64,
) -> Result<reqwest::Request, String> {
    if !super::allowed_endpoint(&subscription.endpoint, &pusher.services) {
        return Err("the endpoint is not at an allowed push service".into());
    }
    let endpoint: axum::http::Uri = subscription
        .endpoint
        .parse()
        .map_err(|_| "the endpoint is not an address")?;
    let ua_public = URL_SAFE_NO_PAD
        .decode(&subscription.p256dh)
        .ok()
        .and_then(|bytes| web_push_native::p256::PublicKey::from_sec1_bytes(&bytes).ok())
        .ok_or("the browser's key is not a P-256 point")?;
    let auth: [u8; 16] = URL_SAFE_NO_PAD
        .decode(&subscription.auth)
        .ok()
        .and_then(|bytes| bytes.try_into().ok())
        .ok_or("the browser's secret is not 16 bytes")?;
    let auth = web_push_native::Auth::from(auth);
    let body = serde_json::to_vec(payload).map_err(|e| e.to_string())?;
    let request = web_push_native::WebPushBuilder::new(endpoint, ua_public, auth)
        .with_valid_duration(Duration::from_secs(TTL_SECS))
        .build(body)
        .map_err(|e| e.to_string())?;
    let origin = reqwest::Url::parse(&subscription.endpoint)
        .map(|url| url.origin().ascii_serialization())
        .map_err(|e| e.to_string())?;
    let mut request = reqwest::Request::try_from(request).map_err(|e| e.to_string())?;
    let headers = request.headers_mut();
    let authorization = pusher.vapid.authorization(&origin, Utc::now().timestamp());
    for (name, value) in [
        ("authorization", authorization),
        ("urgency", "normal".to_string()),
        // A push sent again replaces the first while the browser has not fetched it.
        ("topic", format!("post-{post_id}")),
    ] {
        headers.insert(
            name,
            reqwest::header::HeaderValue::from_str(&value).map_err(|e| e.to_string())?,
        );
    }
    Ok(request)
}

/// Writes a delivery's new state: `status`, and the columns given.
async fn set(
    db: &DatabaseConnection,
    id: i64,
    status: Status,
    columns: Vec<(push_deliveries::Column, sea_orm::Value)>,
) -> Result<(), DbErr> {
    let mut update = push_deliveries::Entity::update_many()
        .col_expr(
            push_deliveries::Column::Status,
            Expr::value(status.as_str()),
        )
        .filter(push_deliveries::Column::Id.eq(id));
    for (column, value) in columns {
        update = update.col_expr(column, Expr::value(value));
    }
    update.exec(db).await?;
    Ok(())
}

/// Closes a delivery: sent, withdrawn, limited or failed (with the push service's words).
async fn finish(
    db: &DatabaseConnection,
    id: i64,
    status: Status,
    sent_at: Option<DateTime<Utc>>,
    error: Option<String>,
) -> Result<(), DbErr> {
    let error = error.map(|text| text.chars().take(500).collect::<String>());
    let columns = vec![
        (push_deliveries::Column::SentAt, sent_at.into()),
        (push_deliveries::Column::LastError, error.into()),
    ];
    set(db, id, status, columns).await
}

/// Back to waiting until `at`, with `attempts` tries made (and why the last failed).
async fn wait_until(
    db: &DatabaseConnection,
    id: i64,
    attempts: i32,
    at: DateTime<Utc>,
    error: Option<String>,
) -> Result<(), DbErr> {
    let mut columns = vec![
        (push_deliveries::Column::Attempts, attempts.into()),
        (push_deliveries::Column::DueAt, at.into()),
    ];
    if let Some(error) = error {
        let error: String = error.chars().take(500).collect();
        columns.push((push_deliveries::Column::LastError, Some(error).into()));
    }
    set(db, id, Status::Pending, columns).await
}
