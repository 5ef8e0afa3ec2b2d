//! How a member hears by e-mail of each business they follow, and the unsubscribe links of
//! the notice mails (RFC 8058: one POST, no session; the token says who stops what).

use crate::entities::{businesses, follows};
use crate::fanout::mailing::{self, read_unsubscribe_token, Stop};
use crate::fanout::opens;
use crate::fanout::MailChoice;
use crate::http::error::{ApiError, ApiResult};
use crate::http::paging::{cut, PageQuery};
use crate::state::AppState;
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A followed business and how its posts come by e-mail.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSetting {
    pub business_id: i64,
    pub business_name: String,
    /// `OFF` | `EACH` | `DAILY` | `WEEKLY`.
    #[schema(value_type = crate::fanout::mailing::MailChoice)]
    pub mail: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSettings {
    pub items: Vec<MailSetting>,
    pub next_cursor: Option<String>,
    /// Whether the member has an address mail can go to (verified, not bounced).
    pub can_mail: bool,
}

/// The member's followed businesses, last followed first, with their mail choice.
pub async fn settings(
    state: &AppState,
    member_id: i64,
    page: &PageQuery,
) -> ApiResult<MailSettings> {
    let size = page.size()?;
    let mut query = follows::Entity::find()
        .filter(follows::Column::MemberId.eq(member_id))
        .order_by_desc(follows::Column::Id)
        .limit(size + 1);
    if let Some(before) = page.before_id()? {
        query = query.filter(follows::Column::Id.lt(before));
    }
    let rows = query.all(&state.db).await?;
    let (rows, next_cursor) = cut(rows, size, |row| row.id);
    let names: HashMap<i64, String> = businesses::Entity::find()
        .select_only()
        .column(businesses::Column::Id)
        .column(businesses::Column::Name)
        .filter(businesses::Column::Id.is_in(rows.iter().map(|row| row.business_id)))
        .into_tuple::<(i64, String)>()
        .all(&state.db)
        .await?
        .into_iter()
        .collect();
    let member = crate::entities::members::Entity::find_by_id(member_id)
        .one(&state.db)
        .await?;
    let address = member
        .filter(|member| member.email_verified_at.is_some())
        .and_then(|member| member.email);
    let can_mail = match address {
        Some(address) => crate::entities::mail_suppressions::Entity::find()
            .filter(
                crate::entities::mail_suppressions::Column::Address
                    .eq(address.to_ascii_lowercase()),
            )
            .one(&state.db)
            .await?
            .is_none(),
        None => false,
    };
    Ok(MailSettings {
        items: rows
            .into_iter()
            .map(|row| MailSetting {
                business_name: names.get(&row.business_id).cloned().unwrap_or_default(),
                business_id: row.business_id,
                mail: row.mail,
            })
            .collect(),
        next_cursor,
        can_mail,
    })
}

/// Sets how the member hears of business `business_id` by e-mail (404 unless they follow it).
pub async fn choose(
    state: &AppState,
    member_id: i64,
    business_id: i64,
    mail: &str,
) -> ApiResult<MailSetting> {
    let choice = MailChoice::read(mail, "mail").map_err(ApiError::bad_request)?;
    let set = follows::Entity::update_many()
        .col_expr(follows::Column::Mail, Expr::value(choice.as_str()))
        .col_expr(follows::Column::MailSetAt, Expr::value(Utc::now()))
        .filter(follows::Column::MemberId.eq(member_id))
        .filter(follows::Column::BusinessId.eq(business_id))
        .exec(&state.db)
        .await?;
    if set.rows_affected == 0 {
        return Err(ApiError::NotFound("you do not follow this business".into()));
    }
    let business_name = businesses::Entity::find_by_id(business_id)
        .one(&state.db)
        .await?
        .map(|business| business.name)
        .unwrap_or_default();
    Ok(MailSetting {
        business_id,
        business_name,
        mail: choice.as_str().into(),
    })
}

/// What an unsubscribe link stops.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribe {
    /// `BUSINESS` (one business's mails) | `DAILY` | `WEEKLY` (a digest).
    #[schema(value_type = UnsubscribeScope)]
    pub scope: String,
    pub business_name: Option<String>,
    /// Whether those mails are off now.
    pub stopped: bool,
}

crate::word_schema! {
    /// What an unsubscribe link stops: one business's mails, or a digest.
    UnsubscribeScope = ["BUSINESS", "DAILY", "WEEKLY"]
}

fn read_token(state: &AppState, token: &str) -> ApiResult<(i64, Stop)> {
    read_unsubscribe_token(&state.tokens, token.trim()).ok_or_else(|| {
        ApiError::bad_request("this unsubscribe link is not valid: open it from the mail again")
    })
}

/// The follows an unsubscribe link is about: the member's follow of one business, or their
/// follows with that digest.
fn followed(member_id: i64, stop: Stop) -> Condition {
    let scope = Condition::all().add(follows::Column::MemberId.eq(member_id));
    match stop {
        Stop::Business(business_id) => scope.add(follows::Column::BusinessId.eq(business_id)),
        Stop::Digest(cadence) => scope.add(follows::Column::Mail.eq(cadence.as_str())),
    }
}

async fn describe(state: &AppState, member_id: i64, stop: Stop) -> ApiResult<Unsubscribe> {
    Ok(match stop {
        Stop::Business(business_id) => {
            let follow = follows::Entity::find()
                .filter(followed(member_id, stop))
                .one(&state.db)
                .await?;
            let business_name = businesses::Entity::find_by_id(business_id)
                .one(&state.db)
                .await?
                .map(|business| business.name);
            Unsubscribe {
                scope: "BUSINESS".into(),
                business_name,
                stopped: follow.is_none_or(|follow| follow.mail == MailChoice::Off.as_str()),
            }
        }
        Stop::Digest(cadence) => Unsubscribe {
            scope: cadence.as_str().into(),
            business_name: None,
            stopped: follows::Entity::find()
                .filter(followed(member_id, stop))
                .one(&state.db)
                .await?
                .is_none(),
        },
    })
}

/// What the link of a mail would stop, without stopping it (a mail scanner opens links).
pub async fn look(state: &AppState, token: &str) -> ApiResult<Unsubscribe> {
    let (member_id, stop) = read_token(state, token)?;
    describe(state, member_id, stop).await
}

/// Stops what the link says: one business's mails, or every follow's digest of that cadence.
/// Again is fine.
pub async fn stop(state: &AppState, token: &str) -> ApiResult<Unsubscribe> {
    let (member_id, stop) = read_token(state, token)?;
    follows::Entity::update_many()
        .col_expr(follows::Column::Mail, Expr::value(MailChoice::Off.as_str()))
        .col_expr(follows::Column::MailSetAt, Expr::value(Utc::now()))
        .filter(followed(member_id, stop))
        .exec(&state.db)
        .await?;
    describe(state, member_id, stop).await
}

/// A notice's post link clicked, from a mail or a browser notification (`channel`): counts
/// the member's first opening from there for the business's console and answers where to go
/// (the post; a mangled token still leads there and counts nothing; a count the database
/// cannot take now is dropped rather than keeping the reader from the post).
pub async fn open_link(state: &AppState, token: &str, channel: opens::Channel) -> String {
    let token = token.trim();
    let Some(post) = mailing::post_of_mail_token(token) else {
        return "/".into();
    };
    let signed = match channel {
        opens::Channel::Email => mailing::read_mail_token(&state.tokens, token),
        opens::Channel::Push => crate::push::read_open_token(&state.tokens, token),
        opens::Channel::Site => None,
    };
    if let Some((member, post)) = signed {
        if let Err(error) = opens::record(&state.db, post, member, channel, Utc::now()).await {
            tracing::warn!(post, %error, "a notice link's click was not counted");
        }
    }
    format!("/post/{post}")
}

/// What a feedback report did.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackOutcome {
    /// Whether an address was recorded as complaining (its notice mail stops).
    pub recorded: bool,
}

/// A mailbox provider's feedback report (RFC 5965), handed on by the site's mail relay with
/// the intake's token (`TIDEMARK_FEEDBACK_TOKEN`): a reader's spam mark on one of our mails
/// stops notice mail to that address.
pub async fn feedback(
    state: &AppState,
    authorization: Option<&str>,
    report: &str,
) -> ApiResult<FeedbackOutcome> {
    // Its length was checked at start, with the other settings.
    let Some(token) = state.settings.text(&crate::settings::FEEDBACK_TOKEN) else {
        return Err(ApiError::NotFound(format!(
            "this site takes no feedback reports ({} is not set)",
            crate::settings::FEEDBACK_TOKEN.name
        )));
    };
    use sha2::Digest;
    let expected = sha2::Sha256::digest(token.as_bytes());
    // Digests compared, so the time taken says nothing about the token.
    let matches = authorization
        .and_then(|value| value.strip_prefix("Bearer "))
        .is_some_and(|given| {
            sha2::Sha256::digest(given.trim().as_bytes()).as_slice() == expected.as_slice()
        });
    if !matches {
        return Err(ApiError::Unauthorized(
            "a feedback report needs the intake's token (Authorization: Bearer …)".into(),
        ));
    }
    let Some(feedback) = crate::outbox::read_feedback(report) else {
        return Err(ApiError::bad_request(
            "not a feedback report (RFC 5965): it has no Feedback-Type field",
        ));
    };
    let recorded = crate::outbox::record_complaint(&state.db, &feedback, Utc::now()).await?;
    Ok(FeedbackOutcome { recorded })
}
