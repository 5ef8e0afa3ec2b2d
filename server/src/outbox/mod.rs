//! Mail: every message goes to the `mail_outbox` table first (so a request never waits for, or
//! reveals anything through, a mail server); a background sender delivers pending messages
//! over SMTP when `TIDEMARK_SMTP_URL` is set. Without SMTP the outbox is the mailbox, listed
//! in demo mode at /dev/mail.

mod headers;

use crate::entities::mail_outbox;
use crate::entities::mail_outbox::MailStatus;
use crate::http::error::ApiError;
use crate::settings;
use chrono::{DateTime, Utc};
use headers::{ListUnsubscribe, ListUnsubscribePost};
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    wake: Notify,
}

/// Tries of a message the relay refuses (it answered, and said no) before it is marked
/// failed.
const MAX_REFUSALS: i32 = 5;
/// How long a message waits for a relay that does not answer before it is marked failed.
const KEEP_TRYING: chrono::TimeDelta = chrono::TimeDelta::hours(24);
/// How long a claimed message is its process's to send; past it, another takes it up.
const LEASE: chrono::TimeDelta = chrono::TimeDelta::minutes(2);
/// The first pause after a failure; each next one doubles, up to [`LONGEST_PAUSE`].
const FIRST_PAUSE: chrono::TimeDelta = chrono::TimeDelta::seconds(5);
const LONGEST_PAUSE: chrono::TimeDelta = chrono::TimeDelta::minutes(10);
/// How long before its lease ends the sender stops trying to write a message's outcome.
const LEASE_MARGIN: chrono::TimeDelta = chrono::TimeDelta::seconds(10);
/// The first pause between tries of writing an outcome; each next one doubles, up to a second.
const FIRST_RECORD_PAUSE: Duration = Duration::from_millis(100);
/// Messages a round reads.
const ROUND: u64 = 64;
/// Messages sent at once (each on its own pooled connection to the relay): a message takes
/// tens of milliseconds, most of it waiting on the relay, so one at a time held a process to
/// about twenty a second.
const IN_FLIGHT: usize = 16;
/// How long the sender sleeps when nothing is due (a queued message wakes it sooner).
const IDLE_WAIT: Duration = Duration::from_secs(5);

/// What one round of the sender did.
enum Round {
    Idle,
    Worked,
    /// The relay did not answer: the round stopped at the first message.
    RelayAway,
}

/// Why a message was not delivered.
struct Failure {
    text: String,
    /// The relay (or the message itself) said no; `false` when the relay did not answer.
    refused: bool,
    /// The relay said no for good (a 5xx reply): the address will not take mail.
    permanent: bool,
}

/// When a message that failed its `attempts`-th try is tried next; `None`: never (failed).
/// A relay that does not answer is waited for [`KEEP_TRYING`] from the message's creation; a
/// refusal counts, up to [`MAX_REFUSALS`]. The pause doubles from [`FIRST_PAUSE`] to
/// [`LONGEST_PAUSE`].
fn next_attempt(
    failure: &Failure,
    attempts: i32,
    created_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    if failure.refused && attempts >= MAX_REFUSALS {
        return None;
    }
    if !failure.refused && now - created_at >= KEEP_TRYING {
        return None;
    }
    let doublings = u32::try_from(attempts.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    let pause = (FIRST_PAUSE * 2_i32.pow(doublings)).min(LONGEST_PAUSE);
    Some(now + pause)
}

impl Mailer {
    pub fn new(smtp_url: Option<&str>, from: &str) -> Result<Self, String> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("{} is not a mailbox: {e}", settings::MAIL_FROM.name))?;
        let transport = smtp_url.map(smtp_transport).transpose()?;
        Ok(Self {
            transport,
            from,
            wake: Notify::new(),
        })
    }

    /// Whether mail leaves the outbox over SMTP.
    pub fn delivers(&self) -> bool {
        self.transport.is_some()
    }

    /// Wakes the sender: messages were queued in a transaction that has committed.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Queues a message; the sender picks it up at once.
    pub async fn queue(
        &self,
        db: &DatabaseConnection,
        to: &str,
        subject: &str,
        body: &str,
        kind: &str,
    ) -> Result<(), ApiError> {
        mail_outbox::ActiveModel {
            to_address: Set(to.to_string()),
            subject: Set(subject.to_string()),
            body_text: Set(body.to_string()),
            body_html: Set(None),
            kind: Set(kind.to_string()),
            status: Set(MailStatus::Pending),
            attempts: Set(0),
            last_error: Set(None),
            created_at: Set(Utc::now()),
            sent_at: Set(None),
            next_attempt_at: Set(None),
            post_id: Set(None),
            unsubscribe_url: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await?;
        self.wake.notify_one();
        Ok(())
    }

    /// Delivers due mail until the process ends. Claiming a row is a conditional update, so
    /// two server processes never take the same message at once; a claim is a lease of
    /// `LEASE`, so a message whose process died while sending it goes out later rather than
    /// never.
    pub async fn run_sender(self: Arc<Self>, db: DatabaseConnection) {
        let Some(transport) = self.transport.clone() else {
            return;
        };
        loop {
            match self.deliver_due(&db, &transport, Utc::now()).await {
                Ok(Round::Idle) | Ok(Round::RelayAway) => {
                    let _ = tokio::time::timeout(IDLE_WAIT, self.wake.notified()).await;
                }
                Ok(Round::Worked) => {}
                Err(error) => {
                    tracing::warn!(%error, "mail sender");
                    tokio::time::sleep(IDLE_WAIT).await;
                }
            }
        }
    }

    async fn deliver_due(
        &self,
        db: &DatabaseConnection,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        now: DateTime<Utc>,
    ) -> Result<Round, sea_orm::DbErr> {
        let due = Condition::any()
            .add(mail_outbox::Column::NextAttemptAt.is_null())
            .add(mail_outbox::Column::NextAttemptAt.lte(now));
        let rows = mail_outbox::Entity::find()
            .filter(mail_outbox::Column::Status.is_in([MailStatus::Pending, MailStatus::Sending]))
            .filter(due)
            .order_by_asc(mail_outbox::Column::Id)
            .limit(ROUND)
            .all(db)
            .await?;
        if rows.is_empty() {
            return Ok(Round::Idle);
        }
        let mut rows = rows.into_iter();
        loop {
            // A wave: up to IN_FLIGHT messages claimed, then sent at once. Each is claimed just
            // before its wave, so a relay found away leaves the rest of the round unclaimed.
            let mut wave = Vec::with_capacity(IN_FLIGHT);
            for row in rows.by_ref() {
                if claim(db, &row, now).await? {
                    wave.push(row);
                    if wave.len() == IN_FLIGHT {
                        break;
                    }
                }
            }
            if wave.is_empty() {
                return Ok(Round::Worked);
            }
            let outcomes = futures_util::future::join_all(
                wave.into_iter()
                    .map(|row| self.deliver_one(db, transport, row, now)),
            )
            .await;
            let mut relay_away = false;
            for outcome in outcomes {
                relay_away |= outcome?;
            }
            if relay_away {
                // The relay is not answering: the rest of the round would only fail the same.
                return Ok(Round::RelayAway);
            }
        }
    }

    /// Sends one claimed message and writes how it went; `true` when the relay did not
    /// answer.
    async fn deliver_one(
        &self,
        db: &DatabaseConnection,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        row: mail_outbox::Model,
        now: DateTime<Utc>,
    ) -> Result<bool, sea_orm::DbErr> {
        let attempts = row.attempts + 1;
        if let Some(reason) = withdrawn(db, &row, now).await? {
            let mut update: mail_outbox::ActiveModel = row.into();
            update.attempts = Set(attempts);
            update.status = Set(MailStatus::Withdrawn);
            update.next_attempt_at = Set(None);
            update.last_error = Set(Some(reason.into()));
            record(db, update, now + LEASE - LEASE_MARGIN).await?;
            return Ok(false);
        }
        let outcome = self.send_one(transport, &row).await;
        let mut update: mail_outbox::ActiveModel = row.clone().into();
        update.attempts = Set(attempts);
        let relay_away = match outcome {
            Ok(()) => {
                update.status = Set(MailStatus::Sent);
                update.sent_at = Set(Some(Utc::now()));
                update.next_attempt_at = Set(None);
                update.last_error = Set(None);
                false
            }
            Err(failure) => {
                if failure.permanent && is_notice(&row) {
                    // The receiving side refused the address for good: no notice mail
                    // goes to it again.
                    suppress(
                        db,
                        &row.to_address,
                        Suppression::Bounce,
                        Some(&failure.text),
                        Utc::now(),
                    )
                    .await?;
                }
                let next = next_attempt(&failure, attempts, row.created_at, Utc::now());
                tracing::warn!(id = row.id, attempts, error = %failure.text, retry = ?next, "mail not delivered");
                update.status = Set(if next.is_some() {
                    MailStatus::Pending
                } else {
                    MailStatus::Failed
                });
                update.next_attempt_at = Set(next);
                update.last_error = Set(Some(failure.text));
                !failure.refused
            }
        };
        record(db, update, now + LEASE - LEASE_MARGIN).await?;
        Ok(relay_away)
    }

    async fn send_one(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        row: &mail_outbox::Model,
    ) -> Result<(), Failure> {
        let refused = |text: String| Failure {
            text,
            refused: true,
            permanent: false,
        };
        let to: Mailbox = row
            .to_address
            .parse()
            .map_err(|e| refused(format!("bad address: {e}")))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            // One Message-ID per outbox row, whichever attempt delivers it.
            .message_id(Some(format!(
                "<outbox-{}-{}@{}>",
                row.id,
                row.created_at.timestamp(),
                self.from.email.domain()
            )))
            .subject(row.subject.clone());
        // A notice mail: one-click unsubscribe (RFC 8058) in its headers.
        let message = match &row.unsubscribe_url {
            Some(url) => message
                .header(ListUnsubscribe(format!("<{url}>")))
                .header(ListUnsubscribePost),
            None => message,
        };
        let message = match &row.body_html {
            Some(html) => message.multipart(lettre::message::MultiPart::alternative_plain_html(
                row.body_text.clone(),
                html.clone(),
            )),
            None => message
                .header(lettre::message::header::ContentType::TEXT_PLAIN)
                .body(row.body_text.clone()),
        }
        .map_err(|e| refused(e.to_string()))?;
        transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|error| Failure {
                // The relay answered and said no (a 4xx or 5xx reply), rather than not answering.
                refused: error.is_permanent() || error.is_transient(),
                permanent: error.is_permanent(),
                text: error.to_string(),
            })
    }
}

crate::named_words! {
    /// Why no notice mail goes to an address any more (`mail_suppressions.reason`).
    pub enum Suppression {
        /// The receiving server refused it for good.
        Bounce = "BOUNCE",
        /// Its reader marked a mail of ours as spam: the mailbox provider's feedback report
        /// (RFC 5965) said so.
        Complaint = "COMPLAINT",
    }
}

/// What a feedback report (RFC 5965, "ARF") says about one of our mails: its kind
/// (`Feedback-Type`, `abuse` for a reader's spam mark) and the outbox row its copy of our
/// mail names by its Message-ID (`<outbox-{id}-{created}@…>`), when it names one.
#[derive(Debug, PartialEq, Eq)]
pub struct Feedback {
    pub kind: String,
    pub message: Option<(i64, i64)>,
}

/// Reads a feedback report; `None` when it has no `Feedback-Type` field (not a report).
pub fn read_feedback(report: &str) -> Option<Feedback> {
    let kind = report.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("feedback-type")
            .then(|| value.trim().to_ascii_lowercase())
    })?;
    let message = report.match_indices("<outbox-").find_map(|(at, tag)| {
        let rest = &report[at + tag.len()..];
        let (id, rest) = rest.split_once('-')?;
        let (created, _) = rest.split_once('@')?;
        Some((id.parse().ok()?, created.parse().ok()?))
    });
    Some(Feedback { kind, message })
}

/// Records a reader's complaint (`abuse` feedback) about the outbox message the report names:
/// its address gets no notice mail again. True when an address was recorded; a report of
/// another kind, or one naming no message of ours (or a forged one: the id and its creation
/// second must both match), records nothing.
pub async fn record_complaint(
    db: &DatabaseConnection,
    feedback: &Feedback,
    now: DateTime<Utc>,
) -> Result<bool, sea_orm::DbErr> {
    let Some((id, created)) = feedback.message.filter(|_| feedback.kind == "abuse") else {
        return Ok(false);
    };
    let Some(row) = mail_outbox::Entity::find_by_id(id)
        .one(db)
        .await?
        .filter(|row| row.created_at.timestamp() == created)
    else {
        return Ok(false);
    };
    let detail = format!("a spam mark on \"{}\"", row.subject);
    suppress(
        db,
        &row.to_address,
        Suppression::Complaint,
        Some(&detail),
        now,
    )
    .await?;
    tracing::info!(
        outbox = id,
        "a reader's complaint stops notice mail to their address"
    );
    Ok(true)
}

/// Records that `address` bounced: no notice mail goes to it again (a
/// transactional mail, a sign-in code, still does: the member asked for it).
pub async fn suppress<C: sea_orm::ConnectionTrait>(
    db: &C,
    address: &str,
    reason: Suppression,
    detail: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    use crate::entities::mail_suppressions;
    mail_suppressions::Entity::insert(mail_suppressions::ActiveModel {
        address: Set(address.trim().to_ascii_lowercase()),
        reason: Set(reason.as_str().to_string()),
        detail: Set(detail.map(|d| d.chars().take(500).collect())),
        created_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        sea_orm::sea_query::OnConflict::column(mail_suppressions::Column::Address)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// Whether a message is a notice mail (a post's, a digest): those carry an unsubscribe link,
/// and a bounce stops them.
fn is_notice(row: &mail_outbox::Model) -> bool {
    row.unsubscribe_url.is_some()
}

/// Why a claimed message must not go out any more, if it must not: the post it tells of left
/// the public, or its (notice) address bounced.
async fn withdrawn(
    db: &DatabaseConnection,
    row: &mail_outbox::Model,
    now: DateTime<Utc>,
) -> Result<Option<&'static str>, sea_orm::DbErr> {
    if let Some(post_id) = row.post_id {
        let public = crate::entities::posts::Entity::find_by_id(post_id)
            .one(db)
            .await?
            .is_some_and(|post| {
                crate::entities::posts::is_public(post.status, post.published_at, now)
            });
        if !public {
            return Ok(Some("the post left the public before its mail went"));
        }
    }
    if is_notice(row) {
        let suppressed = crate::entities::mail_suppressions::Entity::find()
            .filter(
                crate::entities::mail_suppressions::Column::Address
                    .eq(row.to_address.trim().to_ascii_lowercase()),
            )
            .one(db)
            .await?
            .is_some();
        if suppressed {
            return Ok(Some("the address bounced or its reader complained"));
        }
    }
    Ok(None)
}

/// Takes message `row` for this process as it was read (a process that took it meanwhile
/// moved `attempts` on): sending, with a lease of `LEASE`. `false` when another had it.
async fn claim(
    db: &DatabaseConnection,
    row: &mail_outbox::Model,
    now: DateTime<Utc>,
) -> Result<bool, sea_orm::DbErr> {
    let claimed = mail_outbox::Entity::update_many()
        .col_expr(
            mail_outbox::Column::Status,
            Expr::value(MailStatus::Sending),
        )
        .col_expr(mail_outbox::Column::Attempts, Expr::value(row.attempts + 1))
        .col_expr(mail_outbox::Column::NextAttemptAt, Expr::value(now + LEASE))
        .filter(mail_outbox::Column::Id.eq(row.id))
        .filter(mail_outbox::Column::Status.eq(row.status))
        .filter(mail_outbox::Column::Attempts.eq(row.attempts))
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Writes a message's outcome, trying again while the database cannot take it, until
/// `until`: a `SENT` mark lost in an outage would let the lease run out and the message go
/// out twice.
async fn record(
    db: &DatabaseConnection,
    outcome: mail_outbox::ActiveModel,
    until: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    let mut pause = FIRST_RECORD_PAUSE;
    loop {
        match outcome.clone().update(db).await {
            // The row is gone (its member erased meanwhile): nothing is left to mark.
            Ok(_) | Err(sea_orm::DbErr::RecordNotUpdated) => return Ok(()),
            Err(error) if Utc::now() + pause < until => {
                tracing::warn!(%error, "the outcome of a mail could not be written; trying again");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
            Err(error) => return Err(error),
        }
    }
}

/// `smtp://[user:password@]host[:port]`: a plain SMTP relay (the local mail daemon or a
/// relay on a private network; port 25 by default).
fn smtp_transport(url: &str) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let name = settings::SMTP_URL.name;
    let rest = url
        .strip_prefix("smtp://")
        .ok_or_else(|| format!("{name} must start with smtp://"))?;
    let rest = rest.trim_end_matches('/');
    let (credentials, address) = match rest.rsplit_once('@') {
        Some((credentials, address)) => (Some(credentials), address),
        None => (None, rest),
    };
    let (host, port) = match address.rsplit_once(':') {
        Some((host, port)) => (
            host,
            port.parse::<u16>()
                .map_err(|_| format!("{name} has a bad port"))?,
        ),
        None => (address, 25),
    };
    if host.is_empty() {
        return Err(format!("{name} has no host"));
    }
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
        .port(port)
        .timeout(Some(Duration::from_secs(10)))
        .pool_config(lettre::transport::smtp::PoolConfig::new().max_size(IN_FLIGHT as u32));
    if let Some((user, password)) = credentials.and_then(|c| c.split_once(':')) {
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(
            user.into(),
            password.into(),
        ));
    }
    Ok(builder.build())
}

/// The latest `limit` messages of the outbox, newest first.
pub async fn recent(
    db: &sea_orm::DatabaseConnection,
    limit: u64,
) -> Result<Vec<mail_outbox::Model>, sea_orm::DbErr> {
    mail_outbox::Entity::find()
        .order_by_desc(mail_outbox::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// Messages waiting to go out (pending, or being sent now): the outbox's backlog.
pub async fn backlog(db: &sea_orm::DatabaseConnection) -> Result<u64, sea_orm::DbErr> {
    use sea_orm::PaginatorTrait;
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::Status.is_in([MailStatus::Pending, MailStatus::Sending]))
        .count(db)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_away_is_waited_for_with_growing_pauses_and_refusals_count() {
        let created = Utc::now();
        let away = Failure {
            text: "connection refused".into(),
            refused: false,
            permanent: false,
        };
        let pause = |attempts: i32, now: DateTime<Utc>| {
            next_attempt(&away, attempts, created, now).map(|at| (at - now).num_seconds())
        };
        assert_eq!(pause(1, created), Some(5));
        assert_eq!(pause(2, created), Some(10));
        assert_eq!(pause(4, created), Some(40));
        assert_eq!(pause(30, created), Some(600));
        assert_eq!(pause(30, created + chrono::TimeDelta::hours(23)), Some(600));
        assert_eq!(pause(30, created + KEEP_TRYING), None);
        let refused = Failure {
            text: "550 no such mailbox".into(),
            refused: true,
            permanent: true,
        };
        assert!(next_attempt(&refused, 4, created, created).is_some());
        assert_eq!(next_attempt(&refused, MAX_REFUSALS, created, created), None);
    }

    #[test]
    fn a_feedback_report_names_its_kind_and_the_message_of_ours_it_is_about() {
        // RFC 5965's example, around a copy of one of our notice mails.
        let report = "From: <abusedesk@example.com>\r\n\
            Content-Type: multipart/report; report-type=feedback-report; boundary=\"part\"\r\n\r\n\
            --part\r\nContent-Type: text/plain\r\n\r\nThis is an email abuse report.\r\n\
            --part\r\nContent-Type: message/feedback-report\r\n\r\n\
            Feedback-Type: abuse\r\nUser-Agent: SomeGenerator/1.0\r\nVersion: 1\r\n\
            --part\r\nContent-Type: message/rfc822\r\n\r\n\
            From: Tidemark <no-reply@tidemark.test>\r\n\
            Message-ID: <outbox-42-1796000000@tidemark.test>\r\nSubject: x\r\n\r\nbody\r\n--part--\r\n";
        assert_eq!(
            read_feedback(report),
            Some(Feedback {
                kind: "abuse".into(),
                message: Some((42, 1_796_000_000)),
            })
        );
        let not_ours = report.replace("<outbox-42-1796000000@", "<CAF1234@");
        assert_eq!(read_feedback(&not_ours).unwrap().message, None);
        assert_eq!(read_feedback("Subject: hello\r\n\r\nno report here"), None);
    }

    #[tokio::test]
    async fn smtp_addresses() {
        assert!(smtp_transport("smtp://127.0.0.1:2525").is_ok());
        assert!(smtp_transport("smtp://mailer:secret@relay.internal").is_ok());
        assert!(smtp_transport("http://relay").is_err());
        assert!(smtp_transport("smtp://relay:port").is_err());
        assert!(smtp_transport("smtp://").is_err());
    }
}
