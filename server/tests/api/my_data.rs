//! "내 정보 내려받기" (docs/security.md, "A member's own data"): a member asks for the file
//! of everything the platform holds about them; it is made in the background, mailed as a
//! link through a real SMTP server, handed only to that member, limited to two every 12
//! hours, made again when the process making it stopped, and gone when it expires.

use crate::helpers::{
    call, my_business, new_member, on_each_database_with_mail, publish_post, read, SmtpServer,
    TestApp,
};
use chrono::{Duration, Utc};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::Value;
use tidemark_server::entities::certifications::CertificationStatus;
use tidemark_server::entities::post_flags::{FlagReason, FlagStatus};
use tidemark_server::entities::{
    bookmarks, certifications, data_exports, follows, members, post_flags, search_log,
};

const READER: &str = "my-data@tidemark.test";
/// Identifiers a member's file never shows: the person key (CI), the provider's ids, the
/// whole phone number.
const PERSON_KEY: &str = "CI-person-key-7f3a9c";
const PROVIDER_UID: &str = "provider-uid-5521";
const CERTIFY_NO: &str = "certify-no-88412";
const PHONE: &str = "010-2345-6789";

/// A reader with a certification, a follow, a bookmark, a search and a report.
async fn reader_with_history(app: &TestApp) -> (members::Model, i64) {
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(app, &master).await;
    let post = publish_post(
        app,
        &master,
        1,
        "내 정보 파일에 담길 글",
        "<p>본문</p>",
        &[],
    )
    .await;
    let member = new_member(app, READER).await;
    let now = Utc::now();
    let certification = certifications::ActiveModel {
        certify_no: Set(CERTIFY_NO.into()),
        provider: Set("local".into()),
        provider_uid: Set(Some(PROVIDER_UID.into())),
        purpose: Set("join".into()),
        status: Set(CertificationStatus::Completed),
        name: Set(Some("김독자".into())),
        phone: Set(Some(PHONE.into())),
        birth_date: Set(Some("1990-01-02".into())),
        gender: Set(Some("FEMALE".into())),
        person_key: Set(Some(PERSON_KEY.into())),
        member_id: Set(Some(member.id)),
        created_at: Set(now),
        completed_at: Set(Some(now)),
        expires_at: Set(now + Duration::minutes(10)),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let mut linked: members::ActiveModel = member.clone().into();
    linked.certification_id = Set(Some(certification.id));
    linked.person_key = Set(Some(PERSON_KEY.into()));
    let member = linked.update(&app.state.db).await.unwrap();
    follows::ActiveModel {
        member_id: Set(member.id),
        business_id: Set(business),
        source: Set("Follow_CorpProfile".into()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    bookmarks::ActiveModel {
        member_id: Set(member.id),
        post_id: Set(post),
        source: Set("Bookmark_Content".into()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    search_log::ActiveModel {
        query: Set("클라우드 보안".into()),
        normalized: Set("클라우드 보안".into()),
        member_id: Set(Some(member.id)),
        result_count: Set(3),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    post_flags::ActiveModel {
        post_id: Set(post),
        member_id: Set(Some(member.id)),
        reason: Set(FlagReason::Spam),
        detail: Set(Some("같은 광고가 반복됩니다".into())),
        status: Set(FlagStatus::Open),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    (member, post)
}

async fn state_of(app: &TestApp, client: &reqwest::Client) -> Value {
    let (status, body) = call(app, client, Method::GET, "/mypage/v1/export", None).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Asks for a file and waits until the export job says it is ready; answers its state.
async fn ready_file(app: &TestApp, client: &reqwest::Client) -> Value {
    let (status, body) = call(app, client, Method::POST, "/mypage/v1/export", None).await;
    assert_eq!(status, 200, "asking on {}: {body}", app.database);
    assert_eq!(body["data"]["status"], "PREPARING", "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    for _ in 0..200 {
        let state = state_of(app, client).await;
        if state["status"] == "READY" {
            assert_eq!(state["id"].as_i64(), Some(id));
            return state;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the file {id} was never made on {}", app.database);
}

async fn journey(app: TestApp, smtp: &SmtpServer) {
    let (member, post) = reader_with_history(&app).await;
    let reader = app.signed_in(READER).await;
    assert_eq!(state_of(&app, &reader).await["status"], "NONE");
    // Two-step sign-in on: the file says so, never with the app's key or a recovery code.
    let (app_key, recovery) = crate::two_step::turn_on(&app, &reader).await;

    let state = ready_file(&app, &reader).await;
    let id = state["id"].as_i64().unwrap();
    let ready_at: chrono::DateTime<Utc> = state["readyAt"].as_str().unwrap().parse().unwrap();
    let expires_at: chrono::DateTime<Utc> = state["expiresAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(expires_at - ready_at, Duration::days(7), "kept seven days");
    assert!(state["byteSize"].as_i64().unwrap() > 500, "{state}");

    // The mail links to my page's section, and says until when.
    let mail = smtp.wait_for(READER, &format!("/mypage?export={id}")).await;
    assert!(mail.contains("내 정보 파일이 준비되었습니다"), "{mail}");
    assert!(mail.contains("Download it from my page until"), "{mail}");

    let response = reader
        .get(app.url(&format!("/mypage/v1/export/{id}/file")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/json; charset=utf-8");
    assert_eq!(headers["cache-control"], "no-store");
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"tidemark-my-data-"),
        "{disposition}"
    );
    let text = response.text().await.unwrap();
    for secret in [
        PERSON_KEY,
        PROVIDER_UID,
        CERTIFY_NO,
        PHONE,
        "$argon2",
        &app_key,
    ] {
        assert!(!text.contains(secret), "the file shows {secret}");
    }
    for code in &recovery {
        assert!(
            !text.contains(code.as_str()),
            "the file shows a recovery code"
        );
    }
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["format"], "tidemark-member-data/1");
    assert_eq!(file["member"]["email"], READER);
    assert_eq!(file["member"]["id"], member.id);
    assert_eq!(file["certification"]["name"], "김독자");
    assert_eq!(file["certification"]["birthDate"], "1990-01-02");
    assert_eq!(file["certification"]["phoneLast4"], "6789");
    assert_eq!(file["consents"][0]["what"], "terms");
    assert_eq!(file["consents"][0]["agreed"], true);
    assert!(
        file["consents"][0]["at"].is_string(),
        "{}",
        file["consents"]
    );
    assert_eq!(file["consents"][1]["what"], "marketing");
    assert!(
        file["follows"][0]["businessName"].is_string(),
        "{}",
        file["follows"]
    );
    assert_eq!(file["bookmarks"][0]["postId"], post);
    assert_eq!(file["bookmarks"][0]["title"], "내 정보 파일에 담길 글");
    assert_eq!(file["searches"][0]["query"], "클라우드 보안");
    assert_eq!(file["reports"][0]["reason"], "SPAM");
    assert_eq!(file["reports"][0]["detail"], "같은 광고가 반복됩니다");
    // The sign-in above is a session, with the device it described.
    assert_eq!(
        file["sessions"][0]["device"]["browser"], "Chrome",
        "{}",
        file["sessions"]
    );
    assert!(
        file["twoStep"]["onSince"].is_string(),
        "{}",
        file["twoStep"]
    );
    assert!(
        file["twoStep"]["appAddedAt"].is_string(),
        "{}",
        file["twoStep"]
    );
    assert_eq!(file["twoStep"]["recoveryCodesLeft"], 10);
    assert_eq!(file["passkeys"], serde_json::json!([]));
    assert!(
        file["securityRecord"]
            .as_array()
            .unwrap()
            .iter()
            .any(|event| event["kind"] == "TWO_STEP_ON"),
        "{}",
        file["securityRecord"]
    );
    assert_eq!(
        file["signInAttempts"][0]["succeeded"], true,
        "{}",
        file["signInAttempts"]
    );

    // Only the member signed in takes it: another member's session is told it does not
    // exist, a guest to sign in.
    let other = app.signed_in("reader@tidemark.test").await;
    let path = format!("/mypage/v1/export/{id}/file");
    let (status, body) = call(&app, &other, Method::GET, &path, None).await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = read(
        crate::helpers::browser()
            .get(app.url(&path))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401);

    // Two files every 12 hours: the second is made, the third refused with a time to wait.
    ready_file(&app, &reader).await;
    let (status, body) = call(&app, &reader, Method::POST, "/mypage/v1/export", None).await;
    assert_eq!(status, 429, "{body}");

    // An expired file is gone for the member at once, and the job deletes it.
    data_exports::Entity::update_many()
        .col_expr(
            data_exports::Column::ExpiresAt,
            sea_orm::sea_query::Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .filter(data_exports::Column::MemberId.eq(member.id))
        .exec(&app.state.db)
        .await
        .unwrap();
    assert_eq!(state_of(&app, &reader).await["status"], "NONE");
    let (status, _) = call(&app, &reader, Method::GET, &path, None).await;
    assert_eq!(status, 404);
    let mut left = usize::MAX;
    for _ in 0..150 {
        left = data_exports::Entity::find()
            .filter(data_exports::Column::MemberId.eq(member.id))
            .all(&app.state.db)
            .await
            .unwrap()
            .len();
        if left == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(left, 0, "expired files deleted on {}", app.database);
}

#[tokio::test]
async fn a_member_gets_the_file_of_their_data_by_mail_and_only_they_can_take_it() {
    let smtp = SmtpServer::start();
    on_each_database_with_mail(&smtp, |app| journey(app, &smtp)).await;
}

#[tokio::test]
async fn a_file_left_half_made_by_a_stopped_process_is_made_by_the_next_round() {
    let app = TestApp::spawn(None, "sqlite").await;
    let member = new_member(&app, READER).await;
    // Claimed ten minutes ago by a process that never finished.
    let row = data_exports::ActiveModel {
        member_id: Set(member.id),
        requested_at: Set(Utc::now() - Duration::minutes(10)),
        claimed_at: Set(Some(Utc::now() - Duration::minutes(10))),
        ready_at: Set(None),
        expires_at: Set(None),
        body: Set(None),
        byte_size: Set(0),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap();
    let reader = app.signed_in(READER).await;
    assert_eq!(state_of(&app, &reader).await["status"], "PREPARING");
    // Asking again while it is being made answers with that file, not a new one.
    let (status, body) = call(&app, &reader, Method::POST, "/mypage/v1/export", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["id"].as_i64(), Some(row.id));
    for _ in 0..150 {
        if state_of(&app, &reader).await["status"] == "READY" {
            let made = data_exports::Entity::find_by_id(row.id)
                .one(&app.state.db)
                .await
                .unwrap()
                .unwrap();
            assert!(made.body.unwrap().contains(READER));
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the job never took the stale file on");
}
