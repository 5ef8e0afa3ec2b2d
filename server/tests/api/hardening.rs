//! The holes an outside review found in the member flows, each with the case that showed it:
//! tries raced past their limit, invitations that told who manages what, reset links that
//! outlived a new password, personal answers that a cache could keep.

use crate::helpers::*;
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::json;
use tidemark_server::entities::{email_codes, mail_outbox};

/// The text of the newest mail of `kind` to `to`.
async fn last_mail(app: &TestApp, to: &str, kind: &str) -> String {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(to))
        .filter(mail_outbox::Column::Kind.eq(kind))
        .order_by_desc(mail_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("a {kind} mail to {to}"))
        .body_text
}

/// `times` copies of one request at once; their statuses, sorted.
async fn all_at_once(times: usize, send: impl Fn() -> reqwest::RequestBuilder) -> Vec<u16> {
    let mut requests = tokio::task::JoinSet::new();
    for _ in 0..times {
        let request = send();
        requests.spawn(async move { request.send().await.unwrap().status().as_u16() });
    }
    let mut statuses = requests.join_all().await;
    statuses.sort_unstable();
    statuses
}

/// A new member who registers a business: their browser and the business's id.
async fn business_of_a_new_member(
    app: &TestApp,
    email: &str,
    name: &str,
) -> (reqwest::Client, i64) {
    new_member(app, email).await;
    let owner = app.signed_in(email).await;
    let (status, body) = call(app, &owner, Method::POST, "/api/v1/businesses", Some(json!({
        "registrationNumber": "220-81-62517", "name": name, "description": "설명", "industry": "제조"
    }))).await;
    assert_eq!(status, 200, "{body}");
    (owner, body["data"]["id"].as_i64().unwrap())
}

#[tokio::test]
async fn concurrent_wrong_codes_take_five_tries_and_no_more() {
    on_each_database(|app: TestApp| async move {
        let email = format!("racer-{}@tidemark.test", app.database);
        let (status, _) = app
            .post("/membership/v1/join/email/code", json!({"email": email}))
            .await;
        assert_eq!(status, 200);
        let code = six_digits(&last_mail(&app, &email, "join_code").await);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        // Nine at once (the tenth check from this address is the right code; the address's
        // own limit is ten a minute).
        let statuses = all_at_once(9, || {
            app.client
                .post(app.url("/membership/v1/join/email/verify"))
                .json(&json!({"email": email, "code": wrong}))
        })
        .await;
        assert!(statuses.iter().all(|s| *s == 400), "{statuses:?}");
        let row = email_codes::Entity::find()
            .filter(email_codes::Column::Email.eq(email.as_str()))
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            row.attempts, 5,
            "{}: every try counted, none past five",
            app.database
        );
        let (status, body) = app
            .post(
                "/membership/v1/join/email/verify",
                json!({"email": email, "code": code}),
            )
            .await;
        assert_eq!(status, 400, "the right code after five wrong ones: {body}");
    })
    .await;
}

#[tokio::test]
async fn concurrent_password_checks_stop_at_the_limit() {
    on_each_database(|app: TestApp| async move {
        let email = format!("checker-{}@tidemark.test", app.database);
        new_member(&app, &email).await;
        let member = app.signed_in(&email).await;
        let statuses = all_at_once(14, || {
            member
                .post(app.url("/mypage/v1/password/check"))
                .json(&json!({"password": "Wrong-pass-1"}))
        })
        .await;
        assert_eq!(
            statuses.iter().filter(|s| **s == 401).count(),
            10,
            "{}: {statuses:?}",
            app.database
        );
        assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 4);
        let (status, _) = call(
            &app,
            &member,
            Method::POST,
            "/mypage/v1/password/check",
            Some(json!({"password": TEST_PASSWORD})),
        )
        .await;
        assert_eq!(
            status, 429,
            "the allowance is used up, right password or not"
        );
    })
    .await;
}

#[tokio::test]
async fn inviting_someone_who_manages_another_business_answers_like_anyone() {
    on_each_database(|app: TestApp| async move {
        // A manager of another business, and an address with no account at all.
        business_of_a_new_member(&app, "elsewhere@example.test", "다른 회사").await;
        let master = app.signed_in("master@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let path = format!("/api/v1/businesses/{business}/invitations");
        let invite = |email: &str| {
            call(
                &app,
                &master,
                Method::POST,
                &path,
                Some(json!({"email": email})),
            )
        };
        let (known_status, known) = invite("elsewhere@example.test").await;
        let (unknown_status, unknown) = invite("nobody@example.test").await;
        assert_eq!(
            (known_status, unknown_status),
            (200, 200),
            "{known} {unknown}"
        );
        let shape = |body: &serde_json::Value| {
            let mut data = body["data"].clone();
            for field in ["id", "email", "createdAt", "expiresAt"] {
                data[field] = json!(null);
            }
            data
        };
        assert_eq!(shape(&known), shape(&unknown), "the inviter learns nothing");
        // The invitee is told instead.
        let mail = last_mail(&app, "elsewhere@example.test", "invitation").await;
        assert!(mail.contains("manages another business"), "{mail}");
        assert!(!last_mail(&app, "nobody@example.test", "invitation")
            .await
            .contains("manages another"));
        // Their own team is no secret to the master.
        let (status, _) = invite("manager@tidemark.test").await;
        assert_eq!(status, 409);
    })
    .await;
}

#[tokio::test]
async fn a_new_password_ends_every_older_reset_link() {
    on_each_database(|app: TestApp| async move {
        let email = format!("forgetful-{}@tidemark.test", app.database);
        new_member(&app, &email).await;
        let token_of = |text: String| -> String {
            text.split("token=")
                .nth(1)
                .unwrap()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect()
        };
        let mut tokens = Vec::new();
        for _ in 0..2 {
            let (status, _) = app
                .post(
                    "/membership/v1/password/find/email",
                    json!({"email": email}),
                )
                .await;
            assert_eq!(status, 200);
            tokens.push(token_of(last_mail(&app, &email, "password_reset").await));
        }
        let reset = |token: &str, password: &str| {
            app.post(
                "/membership/v1/password/reset",
                json!({"type": "email", "token": token, "password": password}),
            )
        };
        let (status, body) = reset(&tokens[1], "Newer-pass-2027!").await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = reset(&tokens[0], "Older-pass-2027!").await;
        assert_eq!(
            status, 400,
            "an older link after a newer one was used: {body}"
        );

        // A password change ends the links still open.
        let (status, _) = app
            .post(
                "/membership/v1/password/find/email",
                json!({"email": email}),
            )
            .await;
        assert_eq!(status, 200);
        let open_link = token_of(last_mail(&app, &email, "password_reset").await);
        let (status, member) = sign_in(&app, &email, "Newer-pass-2027!").await;
        assert_eq!(status, 200);
        let (status, _) = call(
            &app,
            &member,
            Method::POST,
            "/mypage/v1/password/check",
            Some(json!({"password": "Newer-pass-2027!"})),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = call(
            &app,
            &member,
            Method::POST,
            "/mypage/v1/password/change",
            Some(json!({"newPassword": "Changed-pass-2028!"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = reset(&open_link, "Sneaky-pass-2029!").await;
        assert_eq!(status, 400, "a link mailed before the change");
    })
    .await;
}

#[tokio::test]
async fn personal_answers_are_never_stored_by_a_cache() {
    let app = TestApp::spawn(None, "sqlite").await;
    let master = browser();
    let signed_in = master
        .post(app.url("/membership/v1/login"))
        .json(&credentials("master@tidemark.test", TEST_PASSWORD))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), 200);
    assert_eq!(signed_in.headers()["cache-control"], "no-store", "sign-in");
    let check = master
        .post(app.url("/oauth/v1/token/check"))
        .send()
        .await
        .unwrap();
    assert_eq!(check.headers()["cache-control"], "no-store", "token check");
    let business = my_business(&app, &master).await;
    for path in [
        "/oauth/v1/token/profile".to_string(),
        "/api/v1/mypage/business".to_string(),
        format!("/api/v1/businesses/{business}/managers"),
        format!("/api/v1/businesses/{business}/invitations"),
        format!("/api/v1/businesses/{business}/audit"),
        format!("/api/v1/businesses/{business}/analytics/outline?period=7"),
        format!("/api/v1/businesses/{business}/analytics/contents?period=7"),
        "/api/v1/mypage/posts".to_string(),
    ] {
        let response = master.get(app.url(&path)).send().await.unwrap();
        assert!(
            response.status().is_success(),
            "{path}: {}",
            response.status()
        );
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
    // Public answers keep their own caching.
    let response = browser()
        .get(app.url("/api/v1/posts/latest"))
        .send()
        .await
        .unwrap();
    assert_ne!(response.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn a_master_hands_the_business_to_a_manager_who_accepts_then_may_leave() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let manager = app.signed_in("manager@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let team = format!("/api/v1/businesses/{business}/managers");
        let (_, people) = call(&app, &master, Method::GET, &team, None).await;
        let manager_id = people["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["email"] == "manager@tidemark.test")
            .and_then(|p| p["memberId"].as_i64())
            .expect("the demo manager");
        let both = (&master, &manager);
        an_offer_needs_a_password_check_and_a_manager_of_this_business(
            &app, both, business, manager_id,
        )
        .await;
        nothing_changes_until_the_manager_accepts_once(&app, both, business).await;
        the_roles_swap_and_the_former_master_may_withdraw(&app, both, &team).await;
    })
    .await;
}

/// The demo master and manager of the hand-over.
type MasterAndManager<'a> = (&'a reqwest::Client, &'a reqwest::Client);

/// Re-authentication first; only managers of this business may be offered it, by its master.
async fn an_offer_needs_a_password_check_and_a_manager_of_this_business(
    app: &TestApp,
    (master, manager): MasterAndManager<'_>,
    business: i64,
    manager_id: i64,
) {
    let offer_path = format!("/api/v1/businesses/{business}/ownership");
    let offer = json!({"memberId": manager_id});
    // Re-authentication first; only managers of this business may be offered it.
    let (status, _) = call(app, master, Method::POST, &offer_path, Some(offer.clone())).await;
    assert_eq!(status, 403);
    check_password(app, master).await;
    let (status, _) = call(
        app,
        master,
        Method::POST,
        &offer_path,
        Some(json!({"memberId": 999_999})),
    )
    .await;
    assert_eq!(status, 400);
    let (status, body) = call(app, manager, Method::POST, &offer_path, Some(offer.clone())).await;
    assert_eq!(status, 403, "a manager cannot offer: {body}");
    let (status, body) = call(app, master, Method::POST, &offer_path, Some(offer)).await;
    assert_eq!(status, 200, "{body}");
    assert!(last_mail(app, "manager@tidemark.test", "ownership_offer")
        .await
        .contains("/mypage/business"));
}

/// Nothing has changed until the manager accepts; the master still cannot leave.
async fn nothing_changes_until_the_manager_accepts_once(
    app: &TestApp,
    (master, manager): MasterAndManager<'_>,
    business: i64,
) {
    let (status, _) = call(
        app,
        master,
        Method::POST,
        "/mypage/v1/withdraw",
        Some(json!({"reason": "이직"})),
    )
    .await;
    assert_eq!(status, 409);
    // The manager's console shows the offer with its deadline; the master's shows none.
    let (_, mine) = call(app, manager, Method::GET, "/api/v1/mypage/business", None).await;
    assert!(
        mine["data"]["ownershipOfferUntil"].is_string(),
        "the manager sees the offer: {mine}"
    );
    let (_, mine) = call(app, master, Method::GET, "/api/v1/mypage/business", None).await;
    assert!(mine["data"]["ownershipOfferUntil"].is_null(), "{mine}");
    let accept = format!("/api/v1/businesses/{business}/ownership/accept");
    let (status, body) = call(app, master, Method::POST, &accept, None).await;
    assert_eq!(status, 409, "the master accepts nothing: {body}");
    let (status, body) = call(app, manager, Method::POST, &accept, None).await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = call(app, manager, Method::POST, &accept, None).await;
    assert_eq!(status, 409, "once");
    let (_, mine) = call(app, manager, Method::GET, "/api/v1/mypage/business", None).await;
    assert!(
        mine["data"]["ownershipOfferUntil"].is_null(),
        "an accepted offer is gone: {mine}"
    );
}

async fn the_roles_swap_and_the_former_master_may_withdraw(
    app: &TestApp,
    (master, manager): MasterAndManager<'_>,
    team: &str,
) {
    let (_, people) = call(app, manager, Method::GET, team, None).await;
    let role_of = |email: &str| {
        people["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["email"] == email)
            .map(|p| p["role"].clone())
            .unwrap()
    };
    assert_eq!(role_of("manager@tidemark.test"), "BUSINESS_MASTER");
    assert_eq!(role_of("master@tidemark.test"), "BUSINESS");
    // Now a manager, the former master may withdraw.
    let (status, body) = call(
        app,
        master,
        Method::POST,
        "/mypage/v1/withdraw",
        Some(json!({"reason": "이직"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_master_closes_the_business_and_it_is_gone_everywhere() {
    on_each_database(|app: TestApp| async move {
        let (owner, business) =
            business_of_a_new_member(&app, "closing@example.test", "문 닫는 회사").await;
        let post = publish_post(
            &app,
            &owner,
            1,
            "마지막 소식",
            "<p>그동안 고마웠습니다</p>",
            &[],
        )
        .await;
        let path = format!("/api/v1/businesses/{business}");
        let (status, _) = call(
            &app,
            &owner,
            Method::DELETE,
            &path,
            Some(json!({"confirmName": "문 닫는 회사"})),
        )
        .await;
        assert_eq!(status, 403, "a password check first");
        check_password(&app, &owner).await;
        let (status, _) = call(
            &app,
            &owner,
            Method::DELETE,
            &path,
            Some(json!({"confirmName": "다른 이름"})),
        )
        .await;
        assert_eq!(status, 400);
        let (status, body) = call(
            &app,
            &owner,
            Method::DELETE,
            &path,
            Some(json!({"confirmName": "문 닫는 회사"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(app.get(&format!("/api/v1/posts/{post}")).await.0, 404);
        assert_eq!(app.get(&path).await.0, 404);
        let (_, latest) = app.get("/api/v1/posts/latest").await;
        assert!(!latest.to_string().contains("마지막 소식"), "{latest}");
        // And its former master may leave.
        let (status, body) = call(
            &app,
            &owner,
            Method::POST,
            "/mypage/v1/withdraw",
            Some(json!({"reason": "폐업"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}
