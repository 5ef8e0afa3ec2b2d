//! Followers hear about new posts (docs/notifications.md): a post announces itself once, when
//! it becomes public (a scheduled one at its time, never before), to its business's active
//! followers; a post that leaves the public before the fan-out reached everyone is withdrawn;
//! a fan-out taken up again where a dead process left it adds no duplicate; a member reads
//! and marks only their own notices.

use crate::helpers::{
    call, check_password, member_id_of, my_business, new_member, new_member_with_status,
    on_each_database, publish_post, TestApp,
};
use chrono::{Duration, Utc};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::{json, Value};
use tidemark_server::entities::{follows, notifications, post_announcements};
use tidemark_server::fanout;

async fn follow(app: &TestApp, member_id: i64, business_id: i64) {
    follows::ActiveModel {
        member_id: Set(member_id),
        business_id: Set(business_id),
        source: Set("Follow_CorpProfile".into()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
}

async fn notices_of(app: &TestApp, member_id: i64, post_id: i64) -> u64 {
    notifications::Entity::find()
        .filter(notifications::Column::MemberId.eq(member_id))
        .filter(notifications::Column::PostId.eq(post_id))
        .count(&app.state.db)
        .await
        .unwrap()
}

async fn announcement(app: &TestApp, post_id: i64) -> Option<post_announcements::Model> {
    post_announcements::Entity::find()
        .filter(post_announcements::Column::PostId.eq(post_id))
        .one(&app.state.db)
        .await
        .unwrap()
}

/// One round of the fan-out, as the server's job runs it.
async fn fan_out(app: &TestApp) -> fanout::FanOut {
    fanout::fan_out(&app.state.db, &app.state.notice_links(), &app.state.mailer)
        .await
        .unwrap()
}

/// Runs the fan-out until `post_id`'s announcement is closed (the server's own job may get
/// there first), and answers it.
async fn fanned_out(app: &TestApp, post_id: i64) -> post_announcements::Model {
    for _ in 0..100 {
        fan_out(app).await;
        if let Some(done) = announcement(app, post_id)
            .await
            .filter(|a| a.finished_at.is_some())
        {
            return done;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("post {post_id} was never fanned out on {}", app.database);
}

#[tokio::test]
async fn a_post_notifies_its_active_followers_once_when_it_becomes_public_and_never_before() {
    on_each_database(|app| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let reader = app.signed_in("reader@tidemark.test").await;
        let reader_id = member_id_of(&app, "reader@tidemark.test").await;
        let (status, _) = call(&app, &reader, Method::PUT, &format!("/api/v1/follows/{business}"), Some(json!({"source": "Follow_CorpProfile"}))).await;
        assert_eq!(status, 200);
        let withdrawn = new_member_with_status(&app, "gone-follower@tidemark.test", "WITHDRAWN").await;
        follow(&app, withdrawn.id, business).await;
        let other = new_member(&app, "other-reader@tidemark.test").await;

        // Scheduled two seconds ahead: nothing is announced before its time.
        let at = (Utc::now() + Duration::seconds(2)).to_rfc3339();
        let (status, body) = call(&app, &master, Method::POST, "/api/v1/posts", Some(json!({
            "categoryId": 1, "title": "예약한 새 소식", "summary": "요약", "bodyHtml": "<p>본문</p>",
            "tags": [], "action": "schedule", "publishAt": at
        }))).await;
        assert_eq!(status, 200, "{body}");
        let post = body["data"]["postSeq"].as_i64().unwrap();
        fan_out(&app).await;
        assert!(announcement(&app, post).await.is_none(), "announced before its time on {}", app.database);
        assert_eq!(notices_of(&app, reader_id, post).await, 0);

        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        tidemark_server::content::publish_due(&app.state).await.unwrap();
        let done = fanned_out(&app, post).await;
        assert_eq!(done.outcome.as_deref(), Some(fanout::SENT));
        assert_eq!(done.notified, 1, "the active follower only, on {}", app.database);
        assert_eq!(notices_of(&app, reader_id, post).await, 1);
        assert_eq!(notices_of(&app, withdrawn.id, post).await, 0);
        assert_eq!(notices_of(&app, other.id, post).await, 0);

        // The bell and the list.
        let (status, unread) = call(&app, &reader, Method::GET, "/api/v1/me/notifications/unread", None).await;
        assert_eq!((status, unread["data"]["unread"].as_u64()), (200, Some(1)), "{unread}");
        let (status, page) = call(&app, &reader, Method::GET, "/api/v1/me/notifications", None).await;
        assert_eq!(status, 200, "{page}");
        let item = &page["data"]["items"][0];
        assert_eq!(item["kind"], "new_post");
        assert_eq!(item["postSeq"].as_i64(), Some(post));
        assert_eq!(item["postTitle"], "예약한 새 소식");
        assert_eq!(item["link"], format!("/post/{post}"));
        assert_eq!(item["read"], false);
        assert!(item["businessName"].as_str().is_some_and(|name| !name.is_empty()), "{item}");

        // Edited, hidden and published again: still heard once.
        let (status, _) = call(&app, &master, Method::POST, &format!("/api/v1/posts/{post}/hide"), None).await;
        assert_eq!(status, 200);
        let (status, _) = call(&app, &master, Method::POST, &format!("/api/v1/posts/{post}/publish"), None).await;
        assert_eq!(status, 200);
        fan_out(&app).await;
        assert_eq!(notices_of(&app, reader_id, post).await, 1);
        let count = post_announcements::Entity::find()
            .filter(post_announcements::Column::PostId.eq(post))
            .count(&app.state.db)
            .await
            .unwrap();
        assert_eq!(count, 1);

        // A post published now is announced at once.
        let now_post = publish_post(&app, &master, 2, "바로 올린 글", "<p>본문</p>", &[]).await;
        assert_eq!(fanned_out(&app, now_post).await.notified, 1);
        let (_, unread) = call(&app, &reader, Method::GET, "/api/v1/me/notifications/unread", None).await;
        assert_eq!(unread["data"]["unread"].as_u64(), Some(2), "{unread}");
    })
    .await;
}

#[tokio::test]
async fn a_member_marks_only_their_own_notices_read() {
    on_each_database(|app| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let reader = app.signed_in("reader@tidemark.test").await;
        let reader_id = member_id_of(&app, "reader@tidemark.test").await;
        let master_id = member_id_of(&app, "master@tidemark.test").await;
        follow(&app, reader_id, business).await;
        follow(&app, master_id, business).await;
        let first = publish_post(&app, &master, 1, "첫 글", "<p>본문</p>", &[]).await;
        let second = publish_post(&app, &master, 1, "둘째 글", "<p>본문</p>", &[]).await;
        fanned_out(&app, first).await;
        fanned_out(&app, second).await;
        let ids = |page: &Value| -> Vec<i64> {
            page["data"]["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|item| item["id"].as_i64().unwrap())
                .collect()
        };
        let (_, theirs) = call(&app, &master, Method::GET, "/api/v1/me/notifications", None).await;
        let (_, mine) = call(
            &app,
            &reader,
            Method::GET,
            "/api/v1/me/notifications?size=1",
            None,
        )
        .await;
        assert_eq!(ids(&mine).len(), 1);
        assert!(mine["data"]["nextCursor"].is_string(), "{mine}");
        assert_eq!(mine["data"]["unread"].as_u64(), Some(2));

        // Someone else's ids mark nothing.
        let (status, answer) = call(
            &app,
            &reader,
            Method::POST,
            "/api/v1/me/notifications/read",
            Some(json!({"ids": ids(&theirs)})),
        )
        .await;
        assert_eq!(
            (status, answer["data"]["unread"].as_u64()),
            (200, Some(2)),
            "{answer}"
        );
        let (_, theirs_after) = call(
            &app,
            &master,
            Method::GET,
            "/api/v1/me/notifications/unread",
            None,
        )
        .await;
        assert_eq!(theirs_after["data"]["unread"].as_u64(), Some(2));

        let (status, answer) = call(
            &app,
            &reader,
            Method::POST,
            "/api/v1/me/notifications/read",
            Some(json!({"ids": ids(&mine)})),
        )
        .await;
        assert_eq!(
            (status, answer["data"]["unread"].as_u64()),
            (200, Some(1)),
            "{answer}"
        );
        let (status, refused) = call(
            &app,
            &reader,
            Method::POST,
            "/api/v1/me/notifications/read",
            Some(json!({"ids": []})),
        )
        .await;
        assert_eq!(status, 400, "{refused}");
        let (status, answer) = call(
            &app,
            &reader,
            Method::POST,
            "/api/v1/me/notifications/read-all",
            None,
        )
        .await;
        assert_eq!(
            (status, answer["data"]["unread"].as_u64()),
            (200, Some(0)),
            "{answer}"
        );

        // A post hidden afterwards takes its notice out of the list and the count.
        let (_, theirs) = call(&app, &master, Method::GET, "/api/v1/me/notifications", None).await;
        assert_eq!(ids(&theirs).len(), 2);
        call(
            &app,
            &master,
            Method::POST,
            &format!("/api/v1/posts/{first}/hide"),
            None,
        )
        .await;
        let (_, theirs) = call(&app, &master, Method::GET, "/api/v1/me/notifications", None).await;
        assert_eq!(ids(&theirs).len(), 1, "{theirs}");
        assert_eq!(theirs["data"]["unread"].as_u64(), Some(1));

        // Guests are refused.
        let (status, _) = app.get("/api/v1/me/notifications/unread").await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn a_post_hidden_before_its_followers_heard_is_withdrawn_and_a_fan_out_taken_up_again_adds_no_duplicate(
) {
    on_each_database(|app| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let mut followers = Vec::new();
        for n in 0..7 {
            let member = new_member(&app, &format!("follower-{n}@tidemark.test")).await;
            follow(&app, member.id, business).await;
            followers.push(member.id);
        }
        followers.sort_unstable();

        // Hidden before the fan-out reached anyone (the server's job may have been quicker
        // here: its notices are taken back, its announcement put back open).
        let post = publish_post(&app, &master, 1, "곧 숨길 글", "<p>본문</p>", &[]).await;
        let (status, _) = call(
            &app,
            &master,
            Method::POST,
            &format!("/api/v1/posts/{post}/hide"),
            None,
        )
        .await;
        assert_eq!(status, 200);
        notifications::Entity::delete_many()
            .filter(notifications::Column::PostId.eq(post))
            .exec(&app.state.db)
            .await
            .unwrap();
        reopen(&app, post, 0).await;
        let done = fanned_out(&app, post).await;
        assert_eq!(
            done.outcome.as_deref(),
            Some(fanout::WITHDRAWN),
            "on {}",
            app.database
        );
        assert_eq!(count_for(&app, post).await, 0);

        // A process died after notifying the first three followers; its place said the
        // second (as if its last batch's place was lost): taken up again, everyone hears once.
        let post = publish_post(&app, &master, 1, "다시 이어 보낼 글", "<p>본문</p>", &[]).await;
        fanned_out(&app, post).await;
        notifications::Entity::delete_many()
            .filter(notifications::Column::PostId.eq(post))
            .filter(notifications::Column::MemberId.gt(followers[2]))
            .exec(&app.state.db)
            .await
            .unwrap();
        reopen(&app, post, followers[1]).await;
        fanned_out(&app, post).await;
        for member in &followers {
            assert_eq!(
                notices_of(&app, *member, post).await,
                1,
                "member {member} on {}",
                app.database
            );
        }
    })
    .await;
}

async fn count_for(app: &TestApp, post_id: i64) -> u64 {
    notifications::Entity::find()
        .filter(notifications::Column::PostId.eq(post_id))
        .count(&app.state.db)
        .await
        .unwrap()
}

/// Puts `post_id`'s announcement back as a dead process left it: open, its lease run out, its
/// place after member `after`.
async fn reopen(app: &TestApp, post_id: i64, after: i64) {
    let row = announcement(app, post_id).await.expect("announced");
    let mut open: post_announcements::ActiveModel = row.into();
    open.finished_at = Set(None);
    open.outcome = Set(None);
    open.after_member = Set(after);
    open.claim = Set(Some(7));
    open.claimed_until = Set(Some(Utc::now() - Duration::seconds(1)));
    open.update(&app.state.db).await.unwrap();
}

#[tokio::test]
async fn the_people_a_decision_concerns_hear_of_it() {
    on_each_database(|app| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let master_id = member_id_of(&app, "master@tidemark.test").await;
        let admin = app.signed_in("admin@tidemark.test").await;
        check_password(&app, &admin).await;
        let reader = app.signed_in("reader@tidemark.test").await;
        let kinds_of = |client: reqwest::Client| {
            let app = &app;
            async move {
                let (status, page) =
                    call(app, &client, Method::GET, "/api/v1/me/notifications", None).await;
                assert_eq!(status, 200, "{page}");
                page["data"]["items"].as_array().unwrap().clone()
            }
        };

        // A report dismissed: its reporter hears, and the post is still there to open.
        let post = publish_post(&app, &master, 1, "신고받을 글", "<p>본문</p>", &[]).await;
        let (status, filed) = call(
            &app,
            &reader,
            Method::POST,
            &format!("/api/v1/posts/{post}/flags"),
            Some(json!({"reason": "SPAM"})),
        )
        .await;
        assert_eq!(status, 200, "{filed}");
        let (status, dismissed) = call(
            &app,
            &admin,
            Method::POST,
            &format!("/api/v1/admin/posts/{post}/flags/dismiss"),
            Some(json!({"note": "문제 없음"})),
        )
        .await;
        assert_eq!(status, 200, "{dismissed}");
        let items = kinds_of(reader.clone()).await;
        let reply = items
            .iter()
            .find(|item| item["kind"] == "report_reply")
            .unwrap_or_else(|| panic!("{items:?}"));
        assert_eq!(reply["detail"], "DISMISSED");
        assert_eq!(reply["link"], format!("/post/{post}"));

        // The business's verification: its people hear the outcome.
        let (status, verified) = call(
            &app,
            &admin,
            Method::POST,
            &format!("/api/v1/admin/businesses/{business}/verify"),
            Some(json!({"verified": true})),
        )
        .await;
        assert_eq!(status, 200, "{verified}");
        let items = kinds_of(master.clone()).await;
        let outcome = items
            .iter()
            .find(|item| item["kind"] == "verification")
            .unwrap_or_else(|| panic!("{items:?}"));
        assert_eq!(
            (outcome["detail"].as_str(), outcome["link"].as_str()),
            (Some("APPROVED"), Some("/mypage/business"))
        );
        assert_eq!(outcome["businessId"].as_i64(), Some(business));
        // The reader, not one of its people, hears nothing of it.
        assert!(kinds_of(reader.clone())
            .await
            .iter()
            .all(|item| item["kind"] != "verification"));

        // An invitation to a member's verified address.
        let invitee = new_member(&app, "invited-member@tidemark.test").await;
        let (status, invited) = call(
            &app,
            &master,
            Method::POST,
            &format!("/api/v1/businesses/{business}/invitations"),
            Some(json!({"email": "invited-member@tidemark.test"})),
        )
        .await;
        assert_eq!(status, 200, "{invited}");
        let notices = notifications::Entity::find()
            .filter(notifications::Column::MemberId.eq(invitee.id))
            .all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(notices.len(), 1);
        assert_eq!(
            (notices[0].kind.as_str(), notices[0].business_id),
            ("invitation", Some(business))
        );
        assert_ne!(invitee.id, master_id);
    })
    .await;
}
