//! Notices by e-mail: the member's choice per followed business, the mail of each new post
//! (queued by the fan-out in the transaction of its batch), the unsubscribe links of RFC 8058
//! and the addresses that bounced.

use crate::entities::members::MemberStatus;
use crate::entities::{mail_outbox, posts};
use crate::kernel::html::escape_html;
use crate::tokens::TokenKeys;
use chrono::{DateTime, TimeDelta, Utc};
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

crate::named_words! {
    /// How a member hears of a followed business's posts by e-mail (`follows.mail`).
    pub enum MailChoice {
        Off = "OFF",
        /// A mail a post.
        Each = "EACH",
        /// A digest every day at 08:00 KST.
        Daily = "DAILY",
        /// A digest every Monday at 08:00 KST.
        Weekly = "WEEKLY",
    }
}

/// Mails of single posts one member gets in 24 hours at most; past it, the posts are in the
/// site and under the bell only.
pub const EACH_PER_DAY: i64 = 10;
/// The outbox `kind` of a post's mail and of the digests.
pub const POST_MAIL: &str = "new_post";
pub const DAILY_MAIL: &str = "digest_daily";
pub const WEEKLY_MAIL: &str = "digest_weekly";

/// What an unsubscribe link stops: one business's mails, or a digest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Business(i64),
    Digest(MailChoice),
}

impl Stop {
    fn word(self) -> String {
        match self {
            Stop::Business(id) => format!("b{id}"),
            Stop::Digest(cadence) => cadence.as_str().to_ascii_lowercase(),
        }
    }

    fn read(word: &str) -> Option<Self> {
        match word {
            "daily" => Some(Stop::Digest(MailChoice::Daily)),
            "weekly" => Some(Stop::Digest(MailChoice::Weekly)),
            _ => word
                .strip_prefix('b')
                .and_then(|id| id.parse().ok())
                .filter(|id| *id > 0)
                .map(Stop::Business),
        }
    }
}

/// `{body}.{signature}`: `body` signed with the token secret for `purpose`.
fn signed(keys: &TokenKeys, purpose: &str, body: &str) -> String {
    keys.sign_link(purpose, body)
}

/// The body of `token` when this server signed it for `purpose`.
fn verified<'t>(keys: &TokenKeys, purpose: &str, token: &'t str) -> Option<&'t str> {
    keys.verify_link(purpose, token)
}

/// `{member}.{what}.{signature}`: who stops what, signed with the token secret. It does not
/// expire (a mail is read when it is read); it can do nothing but stop mail.
pub fn unsubscribe_token(keys: &TokenKeys, member_id: i64, stop: Stop) -> String {
    signed(keys, "unsubscribe", &format!("{member_id}.{}", stop.word()))
}

/// Who stops what, when the token is one this server signed.
pub fn read_unsubscribe_token(keys: &TokenKeys, token: &str) -> Option<(i64, Stop)> {
    let body = verified(keys, "unsubscribe", token)?;
    let (member, what) = body.split_once('.')?;
    Some((member.parse().ok().filter(|id| *id > 0)?, Stop::read(what)?))
}

/// What a mail's post link token is signed for.
const OPEN_PURPOSE: &str = "mail-open";

/// `{member}.{post}.{signature}`: the post's link in a member's notice mail.
pub fn mail_token(keys: &TokenKeys, member_id: i64, post_id: i64) -> String {
    signed(keys, OPEN_PURPOSE, &format!("{member_id}.{post_id}"))
}

/// (member, post) of a mail's post link this server signed.
pub fn read_mail_token(keys: &TokenKeys, token: &str) -> Option<(i64, i64)> {
    let (member, post) = verified(keys, OPEN_PURPOSE, token)?.split_once('.')?;
    let positive = |text: &str| text.parse::<i64>().ok().filter(|id| *id > 0);
    Some((positive(member)?, positive(post)?))
}

/// The post a mail's (or a push's) post link leads to, read without checking the signature:
/// a link whose token was mangled still takes its reader to the post, and counts nothing.
pub fn post_of_mail_token(token: &str) -> Option<i64> {
    let mut parts = token.split('.');
    parts.next()?;
    parts.next()?.parse().ok().filter(|id| *id > 0)
}

/// Where the links of a mail lead.
pub struct Links<'a> {
    pub public_url: &'a str,
    pub keys: &'a TokenKeys,
}

impl Links<'_> {
    fn site(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }

    /// The one-click address (RFC 8058) and the page a reader opens from the mail's text.
    fn unsubscribe(&self, member_id: i64, stop: Stop) -> (String, String) {
        let token = unsubscribe_token(self.keys, member_id, stop);
        (
            self.site(&format!("/mail/v1/unsubscribe?t={token}")),
            self.site(&format!("/mail/unsubscribe?t={token}")),
        )
    }

    pub fn settings(&self) -> String {
        self.site("/mypage/notifications/settings")
    }

    /// The post's link in `member_id`'s mail: through the server, which counts the member's
    /// first click for the business's console and sends them on to the post.
    pub fn post(&self, member_id: i64, post_id: i64) -> String {
        let token = mail_token(self.keys, member_id, post_id);
        self.site(&format!("/mail/v1/open?t={token}"))
    }
}

/// One post as a mail shows it.
pub struct PostLine {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub business: String,
}

/// A notice mail, ready for the outbox.
pub struct Letter {
    pub to: String,
    pub member_id: i64,
    pub kind: &'static str,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub one_click: String,
    pub post_id: Option<i64>,
}

/// The mail of one new post, in Korean then English, with its unsubscribe links.
pub fn post_letter(
    links: &Links,
    to: &str,
    member_id: i64,
    business_id: i64,
    post: &PostLine,
) -> Letter {
    let (one_click, page) = links.unsubscribe(member_id, Stop::Business(business_id));
    let read = links.post(member_id, post.id);
    let settings = links.settings();
    let text = format!(
        "{business}에서 새 글을 올렸습니다.\n{business} published a new post.\n\n\
         {title}\n{summary}\n\n읽기 / Read:\n{read}\n\n\
         메일 설정 / Mail settings: {settings}\n\
         이 기업의 새 글 메일 그만 받기 / Stop mail about this business: {page}\n",
        business = post.business,
        title = post.title,
        summary = post.summary,
    );
    let html = format!(
        "<!doctype html><html lang=\"ko\"><body style=\"font-family:sans-serif;line-height:1.6;color:#14213d\">\
         <p>{business}에서 새 글을 올렸습니다.<br><span lang=\"en\">{business} published a new post.</span></p>\
         <h1 style=\"font-size:1.25rem\"><a href=\"{read}\">{title}</a></h1><p>{summary}</p>\
         <p><a href=\"{read}\">읽기 / Read</a></p><hr>\
         <p style=\"font-size:0.85rem\"><a href=\"{settings}\">메일 설정 / Mail settings</a> · \
         <a href=\"{page}\">이 기업의 새 글 메일 그만 받기 / Stop mail about this business</a></p></body></html>",
        business = escape_html(&post.business),
        title = escape_html(&post.title),
        summary = escape_html(&post.summary),
        read = escape_html(&read),
        settings = escape_html(&settings),
        page = escape_html(&page),
    );
    Letter {
        to: to.to_string(),
        member_id,
        kind: POST_MAIL,
        subject: format!("[{}] {}", post.business, post.title),
        text,
        html,
        one_click,
        post_id: Some(post.id),
    }
}

/// A digest of `posts` (newest first), daily or weekly.
pub fn digest_letter(
    links: &Links,
    to: &str,
    member_id: i64,
    cadence: MailChoice,
    posts: &[PostLine],
) -> Letter {
    let (one_click, page) = links.unsubscribe(member_id, Stop::Digest(cadence));
    let (ko, en, kind) = match cadence {
        MailChoice::Weekly => ("이번 주", "this week", WEEKLY_MAIL),
        _ => ("오늘", "today", DAILY_MAIL),
    };
    let settings = links.settings();
    let mut text = format!(
        "팔로우한 기업의 새 글 {n}편 ({ko})\n{n} new posts from the businesses you follow ({en})\n\n",
        n = posts.len()
    );
    let mut items = String::new();
    for post in posts {
        let read = links.post(member_id, post.id);
        text.push_str(&format!("[{}] {}\n{}\n\n", post.business, post.title, read));
        items.push_str(&format!(
            "<li style=\"margin-bottom:0.75rem\"><span style=\"color:#5c6784\">{business}</span><br>\
             <a href=\"{read}\">{title}</a></li>",
            business = escape_html(&post.business),
            title = escape_html(&post.title),
            read = escape_html(&read),
        ));
    }
    text.push_str(&format!(
        "메일 설정 / Mail settings: {settings}\n요약 메일 그만 받기 / Stop these digests: {page}\n"
    ));
    let html = format!(
        "<!doctype html><html lang=\"ko\"><body style=\"font-family:sans-serif;line-height:1.6;color:#14213d\">\
         <p>팔로우한 기업의 새 글 {n}편 ({ko})<br><span lang=\"en\">{n} new posts from the businesses you follow ({en})</span></p>\
         <ul style=\"padding-left:1.2rem\">{items}</ul><hr>\
         <p style=\"font-size:0.85rem\"><a href=\"{settings}\">메일 설정 / Mail settings</a> · \
         <a href=\"{page}\">요약 메일 그만 받기 / Stop these digests</a></p></body></html>",
        n = posts.len(),
        settings = escape_html(&settings),
        page = escape_html(&page),
    );
    Letter {
        to: to.to_string(),
        member_id,
        kind,
        subject: format!(
            "[Tidemark] 팔로우한 기업의 새 글 {}편 / {} new posts",
            posts.len(),
            posts.len()
        ),
        text,
        html,
        one_click,
        post_id: None,
    }
}

/// Puts `letters` in the outbox (in the caller's transaction); the caller wakes the sender
/// after the commit.
pub async fn queue<C: ConnectionTrait>(
    txn: &C,
    letters: Vec<Letter>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    if letters.is_empty() {
        return Ok(());
    }
    let rows = letters.into_iter().map(|letter| mail_outbox::ActiveModel {
        to_address: Set(letter.to),
        subject: Set(letter.subject),
        body_text: Set(letter.text),
        body_html: Set(Some(letter.html)),
        kind: Set(letter.kind.to_string()),
        status: Set(mail_outbox::MailStatus::Pending),
        attempts: Set(0),
        last_error: Set(None),
        created_at: Set(now),
        sent_at: Set(None),
        next_attempt_at: Set(None),
        post_id: Set(letter.post_id),
        unsubscribe_url: Set(Some(letter.one_click)),
        ..Default::default()
    });
    mail_outbox::Entity::insert_many(rows)
        .exec_without_returning(txn)
        .await?;
    Ok(())
}

/// The followers between members `first` and `last` of a business who chose a mail a post
/// and may get one now: active, a verified address that never bounced,
/// fewer than [`EACH_PER_DAY`] post mails in the last 24 hours. (member id, address).
pub async fn each_post_readers<C: ConnectionTrait>(
    txn: &C,
    business_id: i64,
    first: i64,
    last: i64,
    now: DateTime<Utc>,
) -> Result<Vec<(i64, String)>, DbErr> {
    let rows = txn
        .query_all_raw(crate::db::statement(
            txn.get_database_backend(),
            "SELECT m.id, m.email FROM follows f JOIN members m ON m.id = f.member_id \
             WHERE f.business_id = ? AND f.member_id >= ? AND f.member_id <= ? AND f.mail = ? \
             AND m.status = ? AND m.email IS NOT NULL AND m.email_verified_at IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address = m.email) \
             AND (SELECT COUNT(*) FROM mail_outbox o \
                  WHERE o.to_address = m.email AND o.kind = ? AND o.created_at > ?) < ? \
             ORDER BY m.id",
            vec![
                business_id.into(),
                first.into(),
                last.into(),
                MailChoice::Each.as_str().into(),
                MemberStatus::Active.as_str().into(),
                POST_MAIL.into(),
                (now - TimeDelta::hours(24)).into(),
                EACH_PER_DAY.into(),
            ],
        ))
        .await?;
    rows.iter()
        .map(|row| Ok((row.try_get_by_index(0)?, row.try_get_by_index(1)?)))
        .collect()
}

/// The post as its mails show it, with its business's name.
pub async fn post_line<C: ConnectionTrait>(
    txn: &C,
    post: &posts::Model,
) -> Result<PostLine, DbErr> {
    let business = crate::entities::businesses::Entity::find_by_id(post.business_id)
        .one(txn)
        .await?
        .map(|business| business.name)
        .unwrap_or_default();
    Ok(PostLine {
        id: post.id,
        title: post.title.clone(),
        summary: post.summary.clone(),
        business,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsubscribe_token_says_who_stops_what_and_cannot_be_forged() {
        let keys = TokenKeys::from_secret(b"a secret of the test");
        let token = unsubscribe_token(&keys, 42, Stop::Business(7));
        assert_eq!(
            read_unsubscribe_token(&keys, &token),
            Some((42, Stop::Business(7)))
        );
        let digest = unsubscribe_token(&keys, 42, Stop::Digest(MailChoice::Weekly));
        assert_eq!(
            read_unsubscribe_token(&keys, &digest),
            Some((42, Stop::Digest(MailChoice::Weekly)))
        );
        // Another member's, another business's, another server's: refused.
        let (_, signature) = token.rsplit_once('.').unwrap();
        assert_eq!(
            read_unsubscribe_token(&keys, &format!("43.b7.{signature}")),
            None
        );
        assert_eq!(
            read_unsubscribe_token(&keys, &format!("42.b8.{signature}")),
            None
        );
        let other = TokenKeys::from_secret(b"another secret");
        assert_eq!(read_unsubscribe_token(&other, &token), None);
        for bad in ["", "42", "42.b7", "x.b7.00", "42.b0.00", "42.monthly.00"] {
            assert_eq!(read_unsubscribe_token(&keys, bad), None, "{bad}");
        }
    }

    #[test]
    fn a_post_mail_carries_both_languages_escaped_html_and_its_links() {
        let keys = TokenKeys::from_secret(b"a secret of the test");
        let links = Links {
            public_url: "https://tidemark.example/",
            keys: &keys,
        };
        let post = PostLine {
            id: 12,
            title: "<겨울> 신제품".into(),
            summary: "요약 & 안내".into(),
            business: "가온커머스".into(),
        };
        let letter = post_letter(&links, "reader@example.test", 42, 7, &post);
        assert_eq!(letter.subject, "[가온커머스] <겨울> 신제품");
        assert!(letter.text.contains("가온커머스에서 새 글을 올렸습니다."));
        assert!(letter.text.contains("가온커머스 published a new post."));
        // The post's link passes through the server, which counts the click and sends on.
        let read = format!(
            "https://tidemark.example/mail/v1/open?t={}",
            mail_token(&keys, 42, 12)
        );
        assert!(letter.text.contains(&read), "{}", letter.text);
        assert!(letter.html.contains(&format!("href=\"{read}\"")));
        assert!(letter.html.contains("&lt;겨울&gt; 신제품"));
        assert!(!letter.html.contains("<겨울>"));
        assert!(letter
            .one_click
            .starts_with("https://tidemark.example/mail/v1/unsubscribe?t=42.b7."));
        assert!(letter
            .text
            .contains("https://tidemark.example/mail/unsubscribe?t=42.b7."));
        assert!(letter
            .text
            .contains("https://tidemark.example/mypage/notifications/settings"));
    }

    #[test]
    fn a_mail_link_names_its_member_and_post_and_cannot_be_forged() {
        let keys = TokenKeys::from_secret(b"a secret of the test");
        let token = mail_token(&keys, 42, 12);
        assert_eq!(read_mail_token(&keys, &token), Some((42, 12)));
        assert_eq!(post_of_mail_token(&token), Some(12));
        let (_, signature) = token.rsplit_once('.').unwrap();
        assert_eq!(read_mail_token(&keys, &format!("43.12.{signature}")), None);
        assert_eq!(read_mail_token(&keys, &format!("42.13.{signature}")), None);
        // An unsubscribe token is no open token, though both are signed by the same secret.
        let unsubscribe = unsubscribe_token(&keys, 42, Stop::Business(12));
        assert_eq!(read_mail_token(&keys, &unsubscribe), None);
        let other = TokenKeys::from_secret(b"another secret");
        assert_eq!(read_mail_token(&other, &token), None);
        // Mangled: no count, but still the post when its number is there.
        assert_eq!(post_of_mail_token("42.12.00"), Some(12));
        for bad in ["", "42", "42.x.00", "42.0.00"] {
            assert_eq!(read_mail_token(&keys, bad), None, "{bad}");
            assert_eq!(post_of_mail_token(bad), None, "{bad}");
        }
    }
}
