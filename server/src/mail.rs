//! Mail: every message goes to the `mail_outbox` table first (so a request never waits for, or
//! reveals anything through, a mail server); a background sender delivers pending messages
//! over SMTP when `TIDEMARK_SMTP_URL` is set. Without SMTP the outbox is the mailbox, listed
//! in demo mode at /dev/mail.

use crate::entities::mail_outbox;
use crate::entities::mail_outbox::MailStatus;
use crate::http::error::ApiError;
use chrono::Utc;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    wake: Notify,
}

const MAX_ATTEMPTS: i32 = 5;

impl Mailer {
    pub fn new(smtp_url: Option<&str>, from: &str) -> Result<Self, String> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("TIDEMARK_MAIL_FROM is not a mailbox: {e}"))?;
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
            ..Default::default()
        }
        .insert(db)
        .await?;
        self.wake.notify_one();
        Ok(())
    }

    /// Delivers pending mail until the process ends. Claiming a row is a conditional update,
    /// so two server processes never send the same message twice.
    pub async fn run_sender(self: Arc<Self>, db: DatabaseConnection) {
        let Some(transport) = self.transport.clone() else {
            return;
        };
        loop {
            match self.deliver_pending(&db, &transport).await {
                Ok(0) => {
                    let _ =
                        tokio::time::timeout(Duration::from_secs(5), self.wake.notified()).await;
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "mail sender");
                    tokio::time::sleep(Duration::from_secs(5)).await;
                }
            }
        }
    }

    async fn deliver_pending(
        &self,
        db: &DatabaseConnection,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
    ) -> Result<usize, sea_orm::DbErr> {
        let pending = mail_outbox::Entity::find()
            .filter(mail_outbox::Column::Status.eq(MailStatus::Pending))
            .order_by_asc(mail_outbox::Column::Id)
            .limit(20)
            .all(db)
            .await?;
        let mut delivered = 0;
        for row in pending {
            let claimed = mail_outbox::Entity::update_many()
                .col_expr(
                    mail_outbox::Column::Status,
                    sea_orm::sea_query::Expr::value(MailStatus::Sending),
                )
                .col_expr(
                    mail_outbox::Column::Attempts,
                    sea_orm::sea_query::Expr::value(row.attempts + 1),
                )
                .filter(mail_outbox::Column::Id.eq(row.id))
                .filter(mail_outbox::Column::Status.eq(MailStatus::Pending))
                .exec(db)
                .await?;
            if claimed.rows_affected == 0 {
                continue;
            }
            let outcome = self.send_one(transport, &row).await;
            let mut update: mail_outbox::ActiveModel = row.clone().into();
            update.attempts = Set(row.attempts + 1);
            match outcome {
                Ok(()) => {
                    update.status = Set(MailStatus::Sent);
                    update.sent_at = Set(Some(Utc::now()));
                    update.last_error = Set(None);
                    delivered += 1;
                }
                Err(error) => {
                    tracing::warn!(id = row.id, %error, "mail not delivered");
                    update.status = Set(if row.attempts + 1 >= MAX_ATTEMPTS {
                        MailStatus::Failed
                    } else {
                        MailStatus::Pending
                    });
                    update.last_error = Set(Some(error));
                }
            }
            update.update(db).await?;
        }
        Ok(delivered)
    }

    async fn send_one(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        row: &mail_outbox::Model,
    ) -> Result<(), String> {
        let to: Mailbox = row
            .to_address
            .parse()
            .map_err(|e| format!("bad address: {e}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(row.subject.clone())
            .header(lettre::message::header::ContentType::TEXT_PLAIN)
            .body(row.body_text.clone())
            .map_err(|e| e.to_string())?;
        transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// `smtp://[user:password@]host[:port]`: a plain SMTP relay (the local mail daemon or a
/// relay on a private network; port 25 by default).
fn smtp_transport(url: &str) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let rest = url
        .strip_prefix("smtp://")
        .ok_or("TIDEMARK_SMTP_URL must start with smtp://")?;
    let rest = rest.trim_end_matches('/');
    let (credentials, address) = match rest.rsplit_once('@') {
        Some((credentials, address)) => (Some(credentials), address),
        None => (None, rest),
    };
    let (host, port) = match address.rsplit_once(':') {
        Some((host, port)) => (
            host,
            port.parse::<u16>()
                .map_err(|_| "TIDEMARK_SMTP_URL has a bad port")?,
        ),
        None => (address, 25),
    };
    if host.is_empty() {
        return Err("TIDEMARK_SMTP_URL has no host".into());
    }
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
        .port(port)
        .timeout(Some(Duration::from_secs(10)));
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
    fn smtp_addresses() {
        assert!(smtp_transport("smtp://127.0.0.1:2525").is_ok());
        assert!(smtp_transport("smtp://mailer:secret@relay.internal").is_ok());
        assert!(smtp_transport("http://relay").is_err());
        assert!(smtp_transport("smtp://relay:port").is_err());
        assert!(smtp_transport("smtp://").is_err());
    }
}
