//! Complaints (docs/notifications.md, "By e-mail"): a mailbox provider's feedback report
//! (RFC 5965) about one of the site's mails, handed on by the relay to `/mail/v1/feedback`
//! with the intake's token, records the reader's address; no notice mail goes to it again,
//! while the bell still has every post.

use crate::helpers::{
    call, fanned_out, follow, fresh_postgres, member_id_of, my_business, publish_post, TestApp,
};
use crate::mailbox::SmtpServer;
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::json;
use tidemark_server::entities::{mail_outbox, mail_suppressions, notifications};
use tidemark_server::fanout;

const READER: &str = "reader@tidemark.test";
const TOKEN: &str = "feedback-intake-token-0123456789";

/// A feedback report as mailbox providers send them (RFC 5965's example), around a copy of
/// the mail whose Message-ID is `message_id`.
fn report(kind: &str, message_id: &str) -> String {
    format!(
        "From: <abusedesk@example.com>\r\nTo: <abuse@tidemark.test>\r\n\
         Subject: FW: Earn money\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=feedback-report; boundary=\"part1\"\r\n\r\n\
         --part1\r\nContent-Type: text/plain\r\n\r\nThis is an email abuse report.\r\n\r\n\
         --part1\r\nContent-Type: message/feedback-report\r\n\r\n\
         Feedback-Type: {kind}\r\nUser-Agent: SomeGenerator/1.0\r\nVersion: 1\r\n\r\n\
         --part1\r\nContent-Type: message/rfc822\r\nContent-Disposition: inline\r\n\r\n\
         From: Tidemark <no-reply@tidemark.test>\r\nMessage-ID: {message_id}\r\n\
         Subject: a post\r\n\r\nbody\r\n--part1--\r\n"
    )
}

async fn post_mails_to_reader(app: &TestApp) -> u64 {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(READER))
        .filter(mail_outbox::Column::Kind.eq(fanout::mailing::POST_MAIL))
        .count(&app.state.db)
        .await
        .unwrap()
}

async fn send_report(app: &TestApp, token: Option<&str>, body: String) -> (u16, serde_json::Value) {
    let mut request = reqwest::Client::new()
        .post(app.url("/mail/v1/feedback"))
        .header("content-type", "message/rfc822")
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    crate::helpers::read(request.send().await.unwrap()).await
}

async fn a_complaint_stops_notice_mail(app: TestApp) {
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;
    let reader = app.signed_in(READER).await;
    follow(&app, &reader, business).await;
    let (status, _) = call(
        &app,
        &reader,
        Method::PUT,
        &format!("/api/v1/me/notifications/mail/{business}"),
        Some(json!({"mail": "EACH"})),
    )
    .await;
    assert_eq!(status, 200);
    let first = publish_post(&app, &master, 1, "불만이 접수될 글", "<p>본문</p>", &[]).await;
    fanned_out(&app).await;
    let mail = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(READER))
        .filter(mail_outbox::Column::PostId.eq(first))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the post's mail is queued");
    let ours = format!(
        "<outbox-{}-{}@tidemark.test>",
        mail.id,
        mail.created_at.timestamp()
    );

    // The token is the proof: none, or a wrong one, is refused; a report is needed.
    assert_eq!(send_report(&app, None, report("abuse", &ours)).await.0, 401);
    assert_eq!(
        send_report(
            &app,
            Some("not-the-token-of-this-intake"),
            report("abuse", &ours)
        )
        .await
        .0,
        401
    );
    let (status, answer) = send_report(&app, Some(TOKEN), "hello".into()).await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("Feedback-Type"),
        "{answer}"
    );
    // A report of another kind, or naming a message that is not ours as it was sent, records
    // nothing.
    for (kind, id) in [
        ("not-spam", ours.clone()),
        (
            "abuse",
            format!(
                "<outbox-{}-{}@tidemark.test>",
                mail.id,
                mail.created_at.timestamp() + 1
            ),
        ),
        ("abuse", "<CAF5x@mail.example.com>".to_string()),
    ] {
        let (status, answer) = send_report(&app, Some(TOKEN), report(kind, &id)).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["data"]["recorded"], false, "{kind} {id}");
    }
    let (status, answer) = send_report(&app, Some(TOKEN), report("abuse", &ours)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["recorded"], true);
    let recorded = mail_suppressions::Entity::find()
        .filter(mail_suppressions::Column::Address.eq(READER))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the address is recorded");
    assert_eq!(recorded.reason, "COMPLAINT");

    // The next post reaches the reader under the bell only.
    let before = post_mails_to_reader(&app).await;
    let second = publish_post(&app, &master, 1, "불만 뒤의 글", "<p>본문</p>", &[]).await;
    fanned_out(&app).await;
    assert_eq!(
        post_mails_to_reader(&app).await,
        before,
        "no more notice mail"
    );
    let reader_id = member_id_of(&app, READER).await;
    let heard = notifications::Entity::find()
        .filter(notifications::Column::MemberId.eq(reader_id))
        .filter(notifications::Column::PostId.eq(second))
        .count(&app.state.db)
        .await
        .unwrap();
    assert_eq!(heard, 1, "the bell still has it");
}

async fn spawn(smtp: &SmtpServer, database_url: Option<String>, database: &'static str) -> TestApp {
    let url = smtp.url();
    TestApp::spawn_custom(database_url, database, move |settings| {
        settings.smtp_url = Some(url);
        settings
            .raw
            .insert("TIDEMARK_FEEDBACK_TOKEN".into(), TOKEN.into());
    })
    .await
}

#[tokio::test]
async fn a_readers_spam_mark_reported_by_their_mailbox_provider_stops_notice_mail_to_them() {
    let smtp = SmtpServer::start();
    a_complaint_stops_notice_mail(spawn(&smtp, None, "sqlite").await).await;
    if let Some(database) = fresh_postgres().await {
        a_complaint_stops_notice_mail(spawn(&smtp, Some(database.url.clone()), "postgres").await)
            .await;
        database.drop().await;
    }
}

#[tokio::test]
async fn without_its_token_set_the_site_takes_no_feedback_reports() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, answer) = send_report(&app, Some(TOKEN), report("abuse", "<outbox-1-1@t>")).await;
    assert_eq!(status, 404, "{answer}");
}
