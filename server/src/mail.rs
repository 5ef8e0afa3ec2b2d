//! Mail: every message goes to the `mail_outbox` table first (so a request never waits for, or
//! reveals anything through, a mail server); a background sender delivers pending messages
//! over SMTP when `TIDEMARK_SMTP_URL` is set. Without SMTP the outbox is the mailbox, listed
//! in demo mode at /dev/mail.

use crate::entities::mail_outbox;
use crate::error::ApiError;
use crate::kernel::html::escape_html;
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
            status: Set("PENDING".into()),
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
            .filter(mail_outbox::Column::Status.eq("PENDING"))
            .order_by_asc(mail_outbox::Column::Id)
            .limit(20)
            .all(db)
            .await?;
        let mut delivered = 0;
        for row in pending {
            let claimed = mail_outbox::Entity::update_many()
                .col_expr(
                    mail_outbox::Column::Status,
                    sea_orm::sea_query::Expr::value("SENDING"),
                )
                .col_expr(
                    mail_outbox::Column::Attempts,
                    sea_orm::sea_query::Expr::value(row.attempts + 1),
                )
                .filter(mail_outbox::Column::Id.eq(row.id))
                .filter(mail_outbox::Column::Status.eq("PENDING"))
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
                    update.status = Set("SENT".into());
                    update.sent_at = Set(Some(Utc::now()));
                    update.last_error = Set(None);
                    delivered += 1;
                }
                Err(error) => {
                    tracing::warn!(id = row.id, %error, "mail not delivered");
                    update.status = Set(if row.attempts + 1 >= MAX_ATTEMPTS {
                        "FAILED"
                    } else {
                        "PENDING"
                    }
                    .into());
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

/// `/dev/mail`: the outbox as a page, newest first (demo mode only; production answers 404).
/// Without SMTP this is where sign-up codes and reset links are read.
pub async fn outbox_page(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if state.settings.mode != crate::Mode::Demo {
        return ApiError::NotFound("no such page".into()).into_response();
    }
    let rows = match mail_outbox::Entity::find()
        .order_by_desc(mail_outbox::Column::Id)
        .limit(100)
        .all(&state.db)
        .await
    {
        Ok(rows) => rows,
        Err(error) => return ApiError::from(error).into_response(),
    };
    let mut html = String::from(
        "<!doctype html><html lang=\"ko\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Tidemark · 메일함 / Outbox</title><style>body{font-family:system-ui,'Noto Sans KR',sans-serif;margin:2rem auto;max-width:52rem;padding:0 1rem;color:#14213d}\
         article{border:1px solid #dde3ee;border-radius:10px;padding:1rem 1.25rem;margin:1rem 0}h1{font-size:1.5rem}h2{font-size:1.05rem;margin:.25rem 0}\
         pre{white-space:pre-wrap;word-break:break-all;background:#f4f6fb;padding:.75rem;border-radius:8px}small{color:#4a5568}</style></head><body>\
         <h1>메일함 / Outbox</h1><p><small>데모 모드에서 보낸 메일 (최근 100통) · Mail sent in demo mode (latest 100)</small></p>",
    );
    if rows.is_empty() {
        html.push_str("<p>아직 보낸 메일이 없습니다. / No mail yet.</p>");
    }
    for row in rows {
        html.push_str(&format!(
            "<article><small>#{} · {} · {} · {}</small><h2>{}</h2><p><small>To: {}</small></p><pre>{}</pre></article>",
            row.id,
            escape_html(&row.created_at.to_rfc3339()),
            escape_html(&row.kind),
            escape_html(&row.status),
            escape_html(&row.subject),
            escape_html(&row.to_address),
            escape_html(&row.body_text)
        ));
    }
    html.push_str("</body></html>");
    (
        [
            (axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (axum::http::header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response()
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
