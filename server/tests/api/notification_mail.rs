//! Followers hear by e-mail (docs/notifications.md, "By e-mail"), through a real SMTP server:
//! a member chooses a mail a post for a business and gets one, in Korean and English with a
//! plain-text part, carrying RFC 8058's one-click unsubscribe, which works by a bare POST
//! without a session; a digest gathers the posts of its window in Korean time, once; a mail
//! whose post left the public before it went is not sent; an address the relay refuses for
//! good is recorded and gets no further post mail.

use crate::helpers::{
    call, fanned_out, follow, member_id_of, my_business, new_member, on_each_database_with_mail,
    publish_post, SmtpServer, TestApp,
};
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::json;
use tidemark_server::entities::mail_outbox::MailStatus;
use tidemark_server::entities::{
    follows, mail_digests, mail_outbox, mail_suppressions, notifications,
};
use tidemark_server::fanout;

const READER: &str = "reader@tidemark.test";

async fn post_mails_to(app: &TestApp, to: &str) -> u64 {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(to))
        .filter(mail_outbox::Column::Kind.eq(fanout::mailing::POST_MAIL))
        .count(&app.state.db)
        .await
        .unwrap()
}

/// The demo master (signed in), its business, and the demo reader (signed in), who follows it.
async fn reader_following_the_master(app: &TestApp) -> (reqwest::Client, i64, reqwest::Client) {
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(app, &master).await;
    let reader = app.signed_in(READER).await;
    follow(app, &reader, business).await;
    (master, business, reader)
}

/// `reader` chooses how `business`'s posts come by e-mail.
async fn choose_mail(app: &TestApp, reader: &reqwest::Client, business: i64, mail: &str) {
    let (status, answer) = call(
        app,
        reader,
        Method::PUT,
        &format!("/api/v1/me/notifications/mail/{business}"),
        Some(json!({ "mail": mail })),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
}

/// The first 08:00 KST after `at`: the digest that covers `at`.
fn next_digest_time(at: DateTime<Utc>) -> DateTime<Utc> {
    let kst = chrono::FixedOffset::east_opt(9 * 3600).unwrap();
    let local = at.with_timezone(&kst);
    let eight = kst
        .from_local_datetime(
            &local
                .date_naive()
                .and_time(NaiveTime::from_hms_opt(8, 0, 0).unwrap()),
        )
        .single()
        .unwrap()
        .with_timezone(&Utc);
    if eight > at {
        eight
    } else {
        eight + Duration::days(1)
    }
}

#[tokio::test]
async fn a_follower_who_chose_each_post_gets_its_mail_and_stops_it_with_one_click() {
    let smtp = SmtpServer::start();
    on_each_database_with_mail(&smtp, |app| {
        let smtp = &smtp;
        async move {
            let (master, business, reader) = reader_following_the_master(&app).await;
            // Off until the member chooses.
            let (status, settings) = call(
                &app,
                &reader,
                Method::GET,
                "/api/v1/me/notifications/mail",
                None,
            )
            .await;
            assert_eq!(status, 200, "{settings}");
            let item = &settings["data"]["items"][0];
            assert_eq!(
                (item["businessId"].as_i64(), item["mail"].as_str()),
                (Some(business), Some("OFF"))
            );
            assert_eq!(settings["data"]["canMail"], true);
            let path = format!("/api/v1/me/notifications/mail/{business}");
            let (status, refused) = call(
                &app,
                &reader,
                Method::PUT,
                &path,
                Some(json!({"mail": "HOURLY"})),
            )
            .await;
            assert_eq!(status, 400, "{refused}");
            assert!(
                refused["message"]
                    .as_str()
                    .unwrap()
                    .contains("OFF, EACH, DAILY, WEEKLY"),
                "{refused}"
            );
            let (status, _) = call(
                &app,
                &reader,
                Method::PUT,
                "/api/v1/me/notifications/mail/999999",
                Some(json!({"mail": "EACH"})),
            )
            .await;
            assert_eq!(status, 404, "not followed");
            let (status, chosen) = call(
                &app,
                &reader,
                Method::PUT,
                &path,
                Some(json!({"mail": "EACH"})),
            )
            .await;
            assert_eq!(
                (status, chosen["data"]["mail"].as_str()),
                (200, Some("EACH")),
                "{chosen}"
            );

            let title = format!("메일로 받을 새 글 {}", app.database);
            publish_post(&app, &master, 1, &title, "<p>본문</p>", &[]).await;
            fanned_out(&app).await;
            let mail = smtp.wait_for(READER, &title).await;
            assert!(mail.contains("multipart/alternative"), "{mail}");
            assert!(
                mail.contains("text/plain") && mail.contains("text/html"),
                "{mail}"
            );
            assert!(
                mail.contains("에서 새 글을 올렸습니다.") && mail.contains("published a new post."),
                "{mail}"
            );
            assert!(
                mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
                "{mail}"
            );
            let one_click = mail
                .lines()
                .find_map(|line| line.strip_prefix("List-Unsubscribe: <"))
                .and_then(|rest| rest.split('>').next())
                .unwrap_or_else(|| panic!("no List-Unsubscribe in {mail}"))
                .to_string();
            assert!(one_click.contains("/mail/v1/unsubscribe?t="), "{one_click}");
            assert!(
                mail.contains("/mypage/notifications/settings"),
                "the settings link: {mail}"
            );
            assert_eq!(post_mails_to(&app, READER).await, 1);

            // The one-click POST of a mail program: no cookie, no _off_set, a form body.
            let path_and_query = &one_click[one_click.find("/mail/v1/").unwrap()..];
            let bare = reqwest::Client::new();
            let (status, looked) =
                crate::helpers::read(bare.get(app.url(path_and_query)).send().await.unwrap()).await;
            assert_eq!(
                (status, looked["data"]["stopped"].as_bool()),
                (200, Some(false)),
                "looking changes nothing: {looked}"
            );
            let answer = bare
                .post(app.url(path_and_query))
                .header("content-type", "application/x-www-form-urlencoded")
                .body("List-Unsubscribe=One-Click")
                .send()
                .await
                .unwrap();
            let (status, stopped) = crate::helpers::read(answer).await;
            assert_eq!(status, 200, "{stopped}");
            assert_eq!(
                (
                    stopped["data"]["scope"].as_str(),
                    stopped["data"]["stopped"].as_bool()
                ),
                (Some("BUSINESS"), Some(true))
            );
            let follow = follows::Entity::find()
                .filter(follows::Column::MemberId.eq(member_id_of(&app, READER).await))
                .filter(follows::Column::BusinessId.eq(business))
                .one(&app.state.db)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(follow.mail, "OFF");
            let (status, bad) = crate::helpers::read(
                bare.post(app.url("/mail/v1/unsubscribe?t=1.b1.0000"))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(status, 400, "{bad}");

            // The next post: under the bell, not in the mailbox.
            publish_post(&app, &master, 1, "메일 없이 알릴 글", "<p>본문</p>", &[]).await;
            fanned_out(&app).await;
            assert_eq!(post_mails_to(&app, READER).await, 1);
        }
    })
    .await;
}

#[tokio::test]
async fn a_digest_gathers_its_korean_day_once_and_a_withdrawn_post_is_not_mailed() {
    let smtp = SmtpServer::start();
    on_each_database_with_mail(&smtp, |app| {
        let smtp = &smtp;
        async move {
            let (master, business, reader) = reader_following_the_master(&app).await;
            choose_mail(&app, &reader, business, "DAILY").await;
            let first = format!("요약에 담길 첫 글 {}", app.database);
            let second = format!("요약에 담길 둘째 글 {}", app.database);
            publish_post(&app, &master, 1, &first, "<p>본문</p>", &[]).await;
            let hidden = publish_post(&app, &master, 1, "숨겨질 글", "<p>본문</p>", &[]).await;
            publish_post(&app, &master, 1, &second, "<p>본문</p>", &[]).await;
            fanned_out(&app).await;
            call(
                &app,
                &master,
                Method::POST,
                &format!("/api/v1/posts/{hidden}/hide"),
                None,
            )
            .await;
            // A digest mails nothing before its time; no mail went out for each post.
            assert_eq!(post_mails_to(&app, READER).await, 0);
            let at = next_digest_time(Utc::now());
            let before = fanout::digest::send_due(
                &app.state.db,
                &app.state.notice_links(),
                &app.state.mailer,
                at - Duration::minutes(1),
            )
            .await
            .unwrap();
            assert_eq!(before.mailed, 0, "{before:?}");
            let sent = fanout::digest::send_due(
                &app.state.db,
                &app.state.notice_links(),
                &app.state.mailer,
                at,
            )
            .await
            .unwrap();
            assert!(sent.mailed >= 1, "{sent:?}");
            let mail = smtp.wait_for(READER, &first).await;
            assert!(mail.contains(&second), "{mail}");
            assert!(
                !mail.contains("숨겨질 글"),
                "a hidden post is left out: {mail}"
            );
            assert!(
                mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
                "{mail}"
            );
            // Once: the next round, or another process, finds it sent.
            let again = fanout::digest::send_due(
                &app.state.db,
                &app.state.notice_links(),
                &app.state.mailer,
                at + Duration::minutes(1),
            )
            .await
            .unwrap();
            assert_eq!(again.mailed, 0);
            let digests = mail_digests::Entity::find()
                .filter(mail_digests::Column::MemberId.eq(member_id_of(&app, READER).await))
                .all(&app.state.db)
                .await
                .unwrap();
            assert_eq!(digests.len(), 1);
            assert_eq!(digests[0].posts, 2);

            // A mail whose post left the public before it went: withdrawn, never sent.
            let row = mail_outbox::ActiveModel {
                to_address: Set("withdrawn-reader@tidemark.test".into()),
                subject: Set("숨겨진 글의 메일".into()),
                body_text: Set("본문".into()),
                body_html: Set(None),
                kind: Set(fanout::mailing::POST_MAIL.into()),
                status: Set(MailStatus::Pending),
                attempts: Set(0),
                created_at: Set(Utc::now()),
                post_id: Set(Some(hidden)),
                unsubscribe_url: Set(Some("http://localhost/mail/v1/unsubscribe?t=x".into())),
                ..Default::default()
            }
            .insert(&app.state.db)
            .await
            .unwrap();
            app.state.mailer.wake();
            let mut status = MailStatus::Pending;
            for _ in 0..100 {
                status = mail_outbox::Entity::find_by_id(row.id)
                    .one(&app.state.db)
                    .await
                    .unwrap()
                    .unwrap()
                    .status;
                if status != MailStatus::Pending && status != MailStatus::Sending {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            assert_eq!(status, MailStatus::Withdrawn);
        }
    })
    .await;
}

#[tokio::test]
async fn an_address_the_relay_refuses_for_good_is_recorded_and_gets_no_further_post_mail() {
    let smtp = SmtpServer::start_refusing_bounces();
    on_each_database_with_mail(&smtp, |app| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let address = format!("bounce-{}@tidemark.test", app.database);
        let member = new_member(&app, &address).await;
        let reader = app.signed_in(&address).await;
        for (method, path, body) in [
            (
                Method::PUT,
                format!("/api/v1/follows/{business}"),
                json!({"source": "Follow_CorpProfile"}),
            ),
            (
                Method::PUT,
                format!("/api/v1/me/notifications/mail/{business}"),
                json!({"mail": "EACH"}),
            ),
        ] {
            let (status, answer) = call(&app, &reader, method, &path, Some(body)).await;
            assert_eq!(status, 200, "{path}: {answer}");
        }

        let first = publish_post(&app, &master, 1, "반송될 메일의 글", "<p>본문</p>", &[]).await;
        fanned_out(&app).await;
        assert_eq!(post_mails_to(&app, &address).await, 1, "queued once");
        // The relay's 550 at RCPT: the address is recorded with the relay's words.
        let mut recorded = None;
        for _ in 0..150 {
            recorded = mail_suppressions::Entity::find()
                .filter(mail_suppressions::Column::Address.eq(address.as_str()))
                .one(&app.state.db)
                .await
                .unwrap();
            if recorded.is_some() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let recorded = recorded.unwrap_or_else(|| panic!("{address} was never recorded"));
        assert_eq!(recorded.reason, "BOUNCE");
        assert!(
            recorded
                .detail
                .as_deref()
                .is_some_and(|detail| detail.contains("550")),
            "{recorded:?}"
        );
        let mail = mail_outbox::Entity::find()
            .filter(mail_outbox::Column::ToAddress.eq(address.as_str()))
            .filter(mail_outbox::Column::PostId.eq(first))
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert_ne!(mail.status, MailStatus::Sent, "{mail:?}");

        // The next post reaches the member under the bell only.
        let second = publish_post(&app, &master, 1, "반송 뒤의 글", "<p>본문</p>", &[]).await;
        fanned_out(&app).await;
        assert_eq!(
            post_mails_to(&app, &address).await,
            1,
            "nothing more queued"
        );
        let notices = notifications::Entity::find()
            .filter(notifications::Column::MemberId.eq(member.id))
            .filter(notifications::Column::PostId.is_in([first, second]))
            .count(&app.state.db)
            .await
            .unwrap();
        assert_eq!(notices, 2);
    })
    .await;
}

/// The notice figures of `post` on its business's contents page, as the console reads them.
async fn notice_figures(
    app: &TestApp,
    master: &reqwest::Client,
    business: i64,
    post: i64,
) -> serde_json::Value {
    let (status, page) = call(
        app,
        master,
        Method::GET,
        &format!("/api/v1/businesses/{business}/analytics/contents?period=7&size=50"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    page["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["postSeq"] == post)
        .unwrap_or_else(|| panic!("post {post} is not on the contents page: {page}"))["notices"]
        .clone()
}

#[tokio::test]
async fn a_business_sees_per_post_how_many_followers_each_channel_told_and_how_many_opened() {
    let smtp = SmtpServer::start();
    on_each_database_with_mail(&smtp, |app| {
        let smtp = &smtp;
        async move {
            let (master, business, reader) = reader_following_the_master(&app).await;
            choose_mail(&app, &reader, business, "EACH").await;
            let title = format!("열람을 셀 새 글 {}", app.database);
            let post = publish_post(&app, &master, 1, &title, "<p>본문</p>", &[]).await;
            fanned_out(&app).await;
            let mail = smtp.wait_for(READER, &title).await;

            // The mail's link to the post passes through the server, no session needed, and
            // leads on to the post however often it is clicked.
            let link = mail
                .split_whitespace()
                .find(|word| word.contains("/mail/v1/open?t="))
                .unwrap_or_else(|| panic!("no counted link in {mail}"));
            let path: String = link[link.find("/mail/v1/open").unwrap()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "/?=._-".contains(*c))
                .collect();
            let path = path.as_str();
            let bare = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap();
            for _ in 0..2 {
                let answer = bare.get(app.url(path)).send().await.unwrap();
                assert_eq!(answer.status(), 303);
                assert_eq!(answer.headers()["location"], format!("/post/{post}"));
            }
            // A forged token still leads to its post and counts nothing.
            let (body, _) = path.rsplit_once('.').unwrap();
            let forged = bare
                .get(app.url(&format!("{body}.{}", "0".repeat(32))))
                .send()
                .await
                .unwrap();
            assert_eq!(forged.status(), 303);
            assert_eq!(forged.headers()["location"], format!("/post/{post}"));

            // Under the bell: the reader opens the notice; another member cannot.
            let (status, notices) =
                call(&app, &reader, Method::GET, "/api/v1/me/notifications", None).await;
            assert_eq!(status, 200, "{notices}");
            let notice = notices["data"]["items"]
                .as_array()
                .unwrap()
                .iter()
                .find(|item| item["postSeq"] == post)
                .unwrap_or_else(|| panic!("no notice of {post}: {notices}"))["id"]
                .as_i64()
                .unwrap();
            let open = format!("/api/v1/me/notifications/{notice}/open");
            let stranger = app.signed_in("master@tidemark.test").await;
            let (status, _) = call(&app, &stranger, Method::POST, &open, None).await;
            assert_eq!(status, 404, "someone else's notice");
            for _ in 0..2 {
                let (status, opened) = call(&app, &reader, Method::POST, &open, None).await;
                assert_eq!(status, 200, "{opened}");
            }

            // The console: one follower told in the site and by mail, one opened from each.
            let mut figures = serde_json::Value::Null;
            for _ in 0..50 {
                figures = notice_figures(&app, &master, business, post).await;
                if figures["mailed"] == 1 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            assert_eq!(
                figures,
                json!({"inSite": 1, "mailed": 1, "pushed": 0, "openedInSite": 1, "openedFromMail": 1, "openedFromPush": 0}),
                "on {}",
                app.database
            );
        }
    })
    .await;
}
