//! Businesses: registration, profile, the verified badge, managers, invitations and the
//! audit log; a manager of one business gets 403 on everything of another.

use crate::helpers::*;
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use tidemark_server::entities::mail_outbox;

/// Valid Korean business registration numbers (checksum right).
const NUMBER_A: &str = "124-81-00998";
const NUMBER_B: &str = "220-81-62517";

fn registration(number: &str, name: &str) -> Value {
    json!({
        "registrationNumber": number, "name": name, "description": "B2B 마케팅 솔루션을 만듭니다.",
        "industry": "소프트웨어", "homepage": "https://example.com", "foundedYear": 2015,
        "employeeBand": "11-50"
    })
}

async fn actions(app: &TestApp, client: &reqwest::Client, business: i64) -> Vec<String> {
    let (status, body) = call(
        app,
        client,
        Method::GET,
        &format!("/api/v1/businesses/{business}/audit"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["action"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_member_registers_a_business_and_a_manager_joins_through_an_invitation() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "owner@example.test").await;
        let owner = app.signed_in("owner@example.test").await;
        a_bad_number_is_refused_and_nothing_is_created(&app, &owner).await;
        let business = the_member_registers_a_business_and_is_its_master(&app, &owner).await;
        one_number_has_one_business_and_one_member_has_one(&app, &owner).await;
        the_master_edits_the_profile_and_a_guest_reads_it(&app, &owner, business).await;
        let token =
            the_invitation_goes_by_mail_and_reading_it_accepts_nothing(&app, &owner, business)
                .await;
        let manager =
            joining_through_the_invitation_makes_a_manager_once(&app, &token, business).await;
        let manager_id =
            the_manager_lists_the_team_but_may_not_run_it(&app, &manager, business).await;
        the_master_removes_the_manager_and_the_audit_log_tells_the_story(
            &app,
            &owner,
            &manager,
            (business, manager_id),
        )
        .await;
    })
    .await;
}

/// Bad numbers are refused with a clear message and nothing is created.
async fn a_bad_number_is_refused_and_nothing_is_created(app: &TestApp, owner: &reqwest::Client) {
    let (status, body) = call(
        app,
        owner,
        Method::POST,
        "/api/v1/businesses",
        Some(registration("124-81-00999", "나쁜번호")),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    let (status, body) = call(app, owner, Method::GET, "/api/v1/mypage/business", None).await;
    assert_eq!((status, &body["data"]), (200, &Value::Null));
}

/// Answers the business's id.
async fn the_member_registers_a_business_and_is_its_master(
    app: &TestApp,
    owner: &reqwest::Client,
) -> i64 {
    let (status, body) = call(
        app,
        owner,
        Method::POST,
        "/api/v1/businesses",
        Some(registration(NUMBER_A, "타이드랩")),
    )
    .await;
    assert_eq!(status, 200, "{}: {body}", app.database);
    let business = body["data"]["id"].as_i64().unwrap();
    assert_eq!(body["data"]["registrationNumber"], NUMBER_A);
    assert_eq!(body["data"]["verified"], false);
    let (_, mine) = call(app, owner, Method::GET, "/api/v1/mypage/business", None).await;
    assert_eq!(mine["data"]["role"], "BUSINESS_MASTER");
    business
}

async fn one_number_has_one_business_and_one_member_has_one(
    app: &TestApp,
    owner: &reqwest::Client,
) {
    new_member(app, "rival@example.test").await;
    let rival = app.signed_in("rival@example.test").await;
    let (status, _) = call(
        app,
        &rival,
        Method::POST,
        "/api/v1/businesses",
        Some(registration(NUMBER_A, "따라쟁이")),
    )
    .await;
    assert_eq!(status, 409);
    let (status, _) = call(
        app,
        owner,
        Method::POST,
        "/api/v1/businesses",
        Some(registration(NUMBER_B, "두번째")),
    )
    .await;
    assert_eq!(status, 409);
}

async fn the_master_edits_the_profile_and_a_guest_reads_it(
    app: &TestApp,
    owner: &reqwest::Client,
    business: i64,
) {
    let (status, body) = call(
        app,
        owner,
        Method::PUT,
        &format!("/api/v1/businesses/{business}"),
        Some(json!({"location": "서울 성동구", "homepage": ""})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["location"], "서울 성동구");
    assert_eq!(body["data"]["homepage"], Value::Null);
    let (status, body) = app.get(&format!("/api/v1/businesses/{business}")).await;
    assert_eq!(
        (status, body["data"]["name"].as_str()),
        (200, Some("타이드랩"))
    );
    let (status, _) = call(
        app,
        owner,
        Method::PUT,
        &format!("/api/v1/businesses/{business}"),
        Some(json!({"homepage": "javascript:alert(1)"})),
    )
    .await;
    assert_eq!(status, 400);
}

/// Answers the invitation's token.
async fn the_invitation_goes_by_mail_and_reading_it_accepts_nothing(
    app: &TestApp,
    owner: &reqwest::Client,
    business: i64,
) -> String {
    let (status, body) = call(
        app,
        owner,
        Method::POST,
        &format!("/api/v1/businesses/{business}/invitations"),
        Some(json!({"email": "New.Manager@Example.test"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "PENDING");
    let token = invitation_token(app, "new.manager@example.test").await;
    for _ in 0..2 {
        let (status, body) = app.get(&format!("/api/v1/invitations?token={token}")).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["status"], "PENDING");
        assert_eq!(body["data"]["accountExists"], false);
        assert_eq!(body["data"]["businessName"], "타이드랩");
        assert_eq!(body["data"]["role"], "BUSINESS");
        assert!(body["data"]["inviter"].is_string(), "{body}");
        assert_eq!(
            body["data"]["forSignedInMember"],
            Value::Null,
            "a guest reads it"
        );
    }
    token
}

/// Joining through it makes the account, the manager, and a session; answers the manager's
/// browser.
async fn joining_through_the_invitation_makes_a_manager_once(
    app: &TestApp,
    token: &str,
    business: i64,
) -> reqwest::Client {
    let manager = browser();
    let join = json!({
        "token": token, "password": "Manager-pass-2026", "nickname": "새매니저",
        "terms": {"service": true, "privacy": true}
    });
    let (status, body) = call(
        app,
        &manager,
        Method::POST,
        "/api/v1/invitations/join",
        Some(join.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["businessId"], business);
    let (_, mine) = call(app, &manager, Method::GET, "/api/v1/mypage/business", None).await;
    assert_eq!(mine["data"]["role"], "BUSINESS");
    // Single use.
    let (status, _) = call(
        app,
        &browser(),
        Method::POST,
        "/api/v1/invitations/join",
        Some(join),
    )
    .await;
    assert_eq!(status, 409);
    manager
}

/// The manager may list the team but not invite, edit or read the audit log. Answers the
/// manager's member id.
async fn the_manager_lists_the_team_but_may_not_run_it(
    app: &TestApp,
    manager: &reqwest::Client,
    business: i64,
) -> i64 {
    let (status, body) = call(
        app,
        manager,
        Method::GET,
        &format!("/api/v1/businesses/{business}/managers"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"].as_array().unwrap().len(), 2);
    for (method, path, body) in [
        (
            Method::POST,
            format!("/api/v1/businesses/{business}/invitations"),
            Some(json!({"email": "x@example.test"})),
        ),
        (
            Method::PUT,
            format!("/api/v1/businesses/{business}"),
            Some(json!({"name": "바꿈"})),
        ),
        (
            Method::GET,
            format!("/api/v1/businesses/{business}/audit"),
            None,
        ),
    ] {
        let (status, answer) = call(app, manager, method, &path, body).await;
        assert_eq!(status, 403, "{path}: {answer}");
    }

    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["role"] == "BUSINESS")
        .unwrap()["memberId"]
        .as_i64()
        .unwrap()
}

async fn the_master_removes_the_manager_and_the_audit_log_tells_the_story(
    app: &TestApp,
    owner: &reqwest::Client,
    manager: &reqwest::Client,
    (business, manager_id): (i64, i64),
) {
    check_password(app, owner).await;
    let (status, _) = call(
        app,
        owner,
        Method::DELETE,
        &format!("/api/v1/businesses/{business}/managers/{manager_id}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (_, mine) = call(app, manager, Method::GET, "/api/v1/mypage/business", None).await;
    assert_eq!(mine["data"], Value::Null);
    let trail = actions(app, owner, business).await;
    assert_eq!(
        trail,
        [
            "MANAGER_REMOVED",
            "INVITATION_ACCEPTED",
            "INVITATION_SENT",
            "PROFILE_UPDATED",
            "BUSINESS_REGISTERED"
        ],
        "{}",
        app.database
    );
}

#[tokio::test]
async fn only_the_invited_address_accepts_and_a_withdrawn_invitation_is_dead() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;
    only_the_invited_member_accepts_and_only_once(&app, &master, business).await;
    a_withdrawn_invitation_cannot_be_used(&app, &master, business).await;
    let (status, _) = app.get("/api/v1/invitations?token=not-a-token").await;
    assert_eq!(status, 404);
}

async fn only_the_invited_member_accepts_and_only_once(
    app: &TestApp,
    master: &reqwest::Client,
    business: i64,
) {
    new_member(app, "invited@example.test").await;
    new_member(app, "someone.else@example.test").await;
    let (status, _) = call(
        app,
        master,
        Method::POST,
        &format!("/api/v1/businesses/{business}/invitations"),
        Some(json!({"email": "invited@example.test"})),
    )
    .await;
    assert_eq!(status, 200);
    let token = invitation_token(app, "invited@example.test").await;
    let (_, view) = app.get(&format!("/api/v1/invitations?token={token}")).await;
    assert_eq!(view["data"]["accountExists"], true);

    let other = app.signed_in("someone.else@example.test").await;
    let invited = app.signed_in("invited@example.test").await;
    // Reading it tells a signed-in reader whether it is theirs, and accepts nothing.
    for (client, mine) in [(&other, false), (&invited, true)] {
        let (status, view) = call(
            app,
            client,
            Method::GET,
            &format!("/api/v1/invitations?token={token}"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{view}");
        assert_eq!(view["data"]["forSignedInMember"], mine);
        assert_eq!(view["data"]["status"], "PENDING");
    }
    let (status, _) = call(
        app,
        &other,
        Method::POST,
        "/api/v1/invitations/accept",
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = call(
        app,
        &browser(),
        Method::POST,
        "/api/v1/invitations/accept",
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!(status, 401);
    let (status, body) = call(
        app,
        &invited,
        Method::POST,
        "/api/v1/invitations/accept",
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["businessId"], business);
    let (status, _) = call(
        app,
        &invited,
        Method::POST,
        "/api/v1/invitations/accept",
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!(status, 409);
}

async fn a_withdrawn_invitation_cannot_be_used(
    app: &TestApp,
    master: &reqwest::Client,
    business: i64,
) {
    new_member(app, "late@example.test").await;
    let (_, sent) = call(
        app,
        master,
        Method::POST,
        &format!("/api/v1/businesses/{business}/invitations"),
        Some(json!({"email": "late@example.test"})),
    )
    .await;
    let id = sent["data"]["id"].as_i64().unwrap();
    let token = invitation_token(app, "late@example.test").await;
    let (status, _) = call(
        app,
        master,
        Method::DELETE,
        &format!("/api/v1/businesses/{business}/invitations/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let late = app.signed_in("late@example.test").await;
    let (status, _) = call(
        app,
        &late,
        Method::POST,
        "/api/v1/invitations/accept",
        Some(json!({"token": token})),
    )
    .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_manager_of_one_business_gets_403_on_everything_of_another() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "other.owner@example.test").await;
        let other = app.signed_in("other.owner@example.test").await;
        let (status, body) = call(&app, &other, Method::POST, "/api/v1/businesses", Some(registration(NUMBER_B, "다른회사"))).await;
        assert_eq!(status, 200, "{body}");
        let theirs = body["data"]["id"].as_i64().unwrap();
        let post = publish_post(&app, &other, 1, "다른 회사의 글", "<p>본문</p>", &[]).await;

        for email in ["manager@tidemark.test", "master@tidemark.test"] {
            let intruder = app.signed_in(email).await;
            let post_body = json!({"categoryId": 1, "title": "침입", "bodyHtml": "<p>x</p>", "action": "publish"});
            for (method, path, body) in [
                (Method::PUT, format!("/api/v1/businesses/{theirs}"), Some(json!({"name": "탈취"}))),
                (Method::GET, format!("/api/v1/businesses/{theirs}/managers"), None),
                (Method::DELETE, format!("/api/v1/businesses/{theirs}/managers/1"), None),
                (Method::POST, format!("/api/v1/businesses/{theirs}/invitations"), Some(json!({"email": "a@example.test"}))),
                (Method::GET, format!("/api/v1/businesses/{theirs}/invitations"), None),
                (Method::GET, format!("/api/v1/businesses/{theirs}/audit"), None),
                (Method::PUT, format!("/api/v1/businesses/{theirs}/two-step"), Some(json!({"required": true}))),
                (Method::PUT, format!("/api/v1/posts/{post}"), Some(post_body.clone())),
                (Method::POST, format!("/api/v1/posts/{post}/hide"), None),
                (Method::POST, "/api/v1/posts".into(), Some(json!({"businessId": theirs, "categoryId": 1, "title": "침입", "bodyHtml": "<p>x</p>", "action": "publish"}))),
                (Method::GET, format!("/api/v1/businesses/{theirs}/analytics/outline?period=7"), None),
                (Method::GET, format!("/api/v1/businesses/{theirs}/analytics/contents?period=7"), None),
            ] {
                let (status, answer) = call(&app, &intruder, method.clone(), &path, body).await;
                assert_eq!(status, 403, "{email} {method} {path}: {answer}");
            }
        }
        let (_, detail) = app.get(&format!("/api/v1/posts/{post}")).await;
        assert_eq!(detail["data"]["status"], "PUBLISHED");
    })
    .await;
}

#[tokio::test]
async fn operators_set_the_verified_badge() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;
    let path = format!("/api/v1/admin/businesses/{business}/verify");
    let (status, _) = call(
        &app,
        &master,
        Method::POST,
        &path,
        Some(json!({"verified": true})),
    )
    .await;
    assert_eq!(status, 403);
    let admin = app.signed_in("admin@tidemark.test").await;
    check_password(&app, &admin).await;
    let (status, body) = call(
        &app,
        &admin,
        Method::POST,
        &path,
        Some(json!({"verified": true})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, profile) = app.get(&format!("/api/v1/businesses/{business}")).await;
    assert_eq!(profile["data"]["verified"], true);
    assert!(actions(&app, &master, business)
        .await
        .contains(&"VERIFIED".to_string()));
}

#[tokio::test]
async fn media_publication_requests_move_through_review_with_a_mail_at_each_step() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let path = format!("/api/v1/businesses/{business}/media-requests");
        let request = json!({
            "title": "신제품 출시 보도자료", "body": "<p>타이드마크가 새 제품을 냅니다.</p><script>x</script>",
            "desiredDate": (chrono::Utc::now() + chrono::Duration::days(3)).format("%Y-%m-%d").to_string(),
            "desiredTime": "14:30",
            "mediaTypes": ["ONLINE", "NEWSPAPER"]
        });
        for (field, value) in [("mediaTypes", json!(["RADIO"])), ("desiredDate", json!("2020-01-01")), ("title", json!("")), ("desiredTime", json!("25:00")), ("desiredTime", json!("9:30"))] {
            let mut bad = request.clone();
            bad[field] = value;
            let (status, _) = call(&app, &master, Method::POST, &path, Some(bad)).await;
            assert_eq!(status, 400, "{field}");
        }
        let manager = app.signed_in("manager@tidemark.test").await;
        let (status, _) = call(&app, &manager, Method::POST, &path, Some(request.clone())).await;
        assert_eq!(status, 403, "the master asks");
        let (status, body) = call(&app, &master, Method::POST, &path, Some(request)).await;
        assert_eq!(status, 200, "{}: {body}", app.database);
        assert_eq!(body["data"]["status"], "REQUESTED");
        assert_eq!(body["data"]["desiredTime"], "14:30", "the time of day, Korean time");
        assert!(!body["data"]["body"].as_str().unwrap().contains("script"));
        let id = body["data"]["id"].as_i64().unwrap();

        let admin = app.signed_in("admin@tidemark.test").await;
        let review = format!("/api/v1/admin/media-requests/{id}/status");
        let (status, _) = call(&app, &master, Method::POST, &review, Some(json!({"status": "IN_REVIEW"}))).await;
        assert_eq!(status, 403);
        let (status, _) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "PUBLISHED", "links": ["https://news.example/a"]}))).await;
        assert_eq!(status, 409, "review comes first");
        let (status, _) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "IN_REVIEW"}))).await;
        assert_eq!(status, 200);
        let (status, _) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "PUBLISHED", "links": ["javascript:alert(1)"]}))).await;
        assert_eq!(status, 400);
        let (status, body) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "PUBLISHED", "links": ["https://news.example/a", "https://portal.example/b"]}))).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["links"], json!(["https://news.example/a", "https://portal.example/b"]));
        let (status, _) = call(&app, &admin, Method::POST, &review, Some(json!({"status": "REJECTED", "reason": "늦음"}))).await;
        assert_eq!(status, 409);

        // The business's people see the history; each step sent a mail.
        let (status, list) = call(&app, &manager, Method::GET, &path, None).await;
        assert_eq!(status, 200);
        let steps: Vec<&str> = list["data"]["items"][0]["history"].as_array().unwrap().iter().map(|s| s["status"].as_str().unwrap()).collect();
        assert_eq!(steps, ["REQUESTED", "IN_REVIEW", "PUBLISHED"]);
        let mails = mail_outbox::Entity::find()
            .filter(mail_outbox::Column::ToAddress.eq("master@tidemark.test"))
            .filter(mail_outbox::Column::Kind.eq("media_request_status"))
            .all(&app.state.db)
            .await
            .unwrap();
        assert_eq!(mails.len(), 3);
        assert!(mails[2].body_text.contains("https://portal.example/b"));

        // Rejected with a reason, straight from the request.
        let (_, second) = call(&app, &master, Method::POST, &path, Some(json!({"title": "두번째", "body": "<p>본문</p>", "mediaTypes": ["PORTAL"]}))).await;
        let second = second["data"]["id"].as_i64().unwrap();
        let (status, _) = call(&app, &admin, Method::POST, &format!("/api/v1/admin/media-requests/{second}/status"), Some(json!({"status": "REJECTED"}))).await;
        assert_eq!(status, 400, "a reason is needed");
        let (status, body) = call(&app, &admin, Method::POST, &format!("/api/v1/admin/media-requests/{second}/status"), Some(json!({"status": "REJECTED", "reason": "자료 부족"}))).await;
        assert_eq!((status, body["data"]["rejectReason"].as_str()), (200, Some("자료 부족")));
        let (_, queue) = call(&app, &admin, Method::GET, "/api/v1/admin/media-requests?status=REJECTED", None).await;
        assert_eq!(queue["data"]["items"].as_array().unwrap().len(), 1);
        let reader = app.signed_in("reader@tidemark.test").await;
        let (status, _) = call(&app, &reader, Method::GET, &format!("/api/v1/media-requests/{id}"), None).await;
        assert_eq!(status, 403);
    })
    .await;
}
