//! `mail_outbox`: Mail waiting to be sent; `status` `PENDING` | `SENDING` | `SENT` | `FAILED` |
//! `WITHDRAWN`.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::MailStatus;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub body_text: String,
    #[sea_orm(column_type = "Text")]
    pub body_html: Option<String>,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub kind: String,
    pub status: MailStatus,
    pub attempts: i32,
    #[sea_orm(column_type = "Text")]
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
    /// When it may be tried next (a pause after a failure, or a send's lease); null: now.
    pub next_attempt_at: Option<DateTimeUtc>,
    /// The post a notice mail tells of: not sent once the post has left the public.
    pub post_id: Option<i64>,
    /// The one-click unsubscribe address of a notice mail (RFC 8058).
    #[sea_orm(column_type = "String(StringLen::N(500))", nullable)]
    pub unsubscribe_url: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
