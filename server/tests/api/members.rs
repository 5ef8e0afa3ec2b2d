//! Join by e-mail with the code from a real mail, profile, recovery, my page, withdrawal.

use crate::helpers::{browser, on_each_database_with_mail, read, six_digits, SmtpServer, TestApp};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use tidemark_server::entities::{mail_outbox, members};

const PASSWORD: &str = "Tide-mark-2026";
const CHROME_ON_WINDOWS: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async fn journey(app: TestApp, smtp: &SmtpServer) {
    // Each database's run has its own address: the mailbox is shared.
    let email = format!("newcomer-{}@tidemark.test", app.database);
    let join_token = a_mailed_code_verifies_the_address(&app, smtp, &email).await;
    the_account_is_made_once_and_signed_in_at_once(&app, &join_token, &email).await;
    the_profile_takes_a_nickname_and_interests(&app).await;
    let password = a_forgotten_password_is_reset_from_the_mailed_link(&app, smtp, &email).await;
    my_page_opens_sensitive_changes_after_a_password_check(&app, password).await;
    withdrawal_erases_the_person_and_frees_the_address(&app, &email).await;
}

/// 1. A code by mail; a wrong one fails. Answers the join token.
async fn a_mailed_code_verifies_the_address(
    app: &TestApp,
    smtp: &SmtpServer,
    email: &str,
) -> String {
    let (status, body) = app
        .post("/membership/v1/join/email/code", json!({"email": email}))
        .await;
    assert_eq!(status, 200, "{}: {body}", app.database);
    let mail = smtp.wait_for(email, "sign-up code").await;
    let code = six_digits(&mail[mail.find("code:").unwrap()..]);

    // A wrong code counts as a try and fails.
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (status, _) = app
        .post(
            "/membership/v1/join/email/verify",
            json!({"email": email, "code": wrong}),
        )
        .await;
    assert_eq!(status, 400);
    let (status, verified) = app
        .post(
            "/membership/v1/join/email/verify",
            json!({"email": email, "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{verified}");
    verified["data"]["joinToken"].as_str().unwrap().to_string()
}

/// 2. The account, signed in at once; the policy is the core's.
async fn the_account_is_made_once_and_signed_in_at_once(
    app: &TestApp,
    join_token: &str,
    email: &str,
) {
    let terms = json!({"service": true, "privacy": true, "marketing": false});
    let (status, weak) = app
        .post(
            "/membership/v1/join",
            json!({"joinToken": join_token, "password": "short", "terms": terms}),
        )
        .await;
    assert_eq!(status, 400, "{weak}");
    assert!(weak["message"]
        .as_str()
        .unwrap()
        .contains("at least 8 characters"));
    let (status, no_terms) = app
        .post("/membership/v1/join", json!({"joinToken": join_token, "password": PASSWORD, "terms": {"service": true, "privacy": false}}))
        .await;
    assert_eq!(status, 400, "{no_terms}");
    // The browser that joined is the account's first device: the session lists it as its
    // user agent reads, and a sign-in from it later is no new device.
    let (status, joined) = read(
        app.client
            .post(app.url("/membership/v1/join"))
            .header(reqwest::header::USER_AGENT, CHROME_ON_WINDOWS)
            .json(&json!({"joinToken": join_token, "password": PASSWORD, "terms": terms}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let (status, listed) = app.get("/mypage/v1/sessions").await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["data"][0]["browser"], "Chrome 131.0.0.0", "{listed}");
    assert_eq!(listed["data"][0]["deviceOs"], "WINDOWS", "{listed}");
    let (status, again) = read(
        app.client
            .post(app.url("/membership/v1/login"))
            .header(reqwest::header::USER_AGENT, CHROME_ON_WINDOWS)
            .json(&json!({"email": email, "password": PASSWORD, "autoLogin": "N"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{again}");
    let new_device_mails = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::Kind.eq("new_device"))
        .filter(mail_outbox::Column::ToAddress.eq(email))
        .all(&app.state.db)
        .await
        .unwrap();
    assert!(new_device_mails.is_empty(), "{new_device_mails:?}");
    let (status, again) = app
        .post(
            "/membership/v1/join",
            json!({"joinToken": join_token, "password": PASSWORD, "terms": terms}),
        )
        .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (409, Some("2007")),
        "{again}"
    );
}

async fn the_profile_takes_a_nickname_and_interests(app: &TestApp) {
    let (_, state) = app.get("/membership/v1/account/state").await;
    assert_eq!(state["data"]["nextStep"], "certify");
    let (status, body) = app
        .post(
            "/membership/v1/join/profile",
            json!({"nickname": "새 독자", "interests": [1, 3, 3]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, profile) = app.get("/oauth/v1/token/profile").await;
    assert_eq!(profile["data"]["nickname"], "새 독자");
    assert_eq!(profile["data"]["interests"], json!([1, 3]));
    let (status, _) = app
        .post(
            "/membership/v1/join/profile",
            json!({"nickname": "x", "interests": [12]}),
        )
        .await;
    assert_eq!(status, 400);
}

/// 3. Sign out, forget the password, reset it from the mailed link. Answers the new password.
async fn a_forgotten_password_is_reset_from_the_mailed_link(
    app: &TestApp,
    smtp: &SmtpServer,
    email: &str,
) -> &'static str {
    app.post("/membership/v1/logout", json!({})).await;
    let (status, _) = app
        .post(
            "/membership/v1/password/find/email",
            json!({"email": email}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, unknown) = app
        .post(
            "/membership/v1/password/find/email",
            json!({"email": "nobody@tidemark.test"}),
        )
        .await;
    assert_eq!(
        (status, unknown["data"]["sent"].as_bool()),
        (200, Some(true)),
        "same answer for unknown e-mails"
    );
    let mail = smtp.wait_for(email, "/password/reset/email?token=").await;
    let token: String = mail[mail.find("token=").unwrap() + 6..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let check = json!({"type": "email", "token": token});
    let (status, state) = app
        .post("/membership/v1/password/reset/check", check.clone())
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(
        (&state["data"]["status"], &state["data"]["email"]),
        (&json!("VALID"), &json!(email)),
        "checking a link changes nothing and names the account"
    );
    let (status, _) = app
        .post(
            "/membership/v1/password/reset/check",
            json!({"type": "phone", "token": token}),
        )
        .await;
    assert_eq!(status, 400, "a link is of its own type");
    let new_password = "Fresh-start-2027";
    let (status, body) = app
        .post(
            "/membership/v1/password/reset",
            json!({"type": "email", "token": token, "password": new_password}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, state) = app.post("/membership/v1/password/reset/check", check).await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["data"]["status"], "USED");
    assert_eq!(state["data"]["email"], Value::Null);
    let (status, _) = app
        .post(
            "/membership/v1/password/reset",
            json!({"type": "email", "token": token, "password": "Other-pass-2028"}),
        )
        .await;
    assert_eq!(status, 400, "a reset link works once");
    let login = |password: &str| json!({"email": email, "password": password});
    assert_eq!(
        app.post("/membership/v1/login", login(PASSWORD)).await.0,
        401
    );
    assert_eq!(
        app.post("/membership/v1/login", login(new_password))
            .await
            .0,
        200
    );
    new_password
}

/// 4. My page: a password check opens sensitive changes for five minutes.
async fn my_page_opens_sensitive_changes_after_a_password_check(app: &TestApp, new_password: &str) {
    let (status, _) = app
        .post(
            "/mypage/v1/password/change",
            json!({"newPassword": "Third-pass-2029"}),
        )
        .await;
    assert_eq!(status, 403, "no check yet");
    assert_eq!(
        app.post(
            "/mypage/v1/password/check",
            json!({"password": "wrong-Pass-1"})
        )
        .await
        .0,
        401
    );
    let (status, checked) = app
        .post(
            "/mypage/v1/password/check",
            json!({"password": new_password}),
        )
        .await;
    assert_eq!(status, 200, "{checked}");
    assert_eq!(
        app.post(
            "/mypage/v1/password/change",
            json!({"newPassword": "Third-pass-2029"})
        )
        .await
        .0,
        200
    );
    let response = app
        .client
        .put(app.url("/mypage/v1/profile"))
        .json(&json!({"nickname": "바뀐 이름", "marketingOptIn": true}))
        .send()
        .await
        .unwrap();
    let (status, edited) = read(response).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["data"]["nickname"], "바뀐 이름");
    assert_eq!(edited["data"]["marketingOptIn"], true);
}

/// 5. Withdrawal erases the personal data and ends every session; the e-mail can join again.
async fn withdrawal_erases_the_person_and_frees_the_address(app: &TestApp, email: &str) {
    let (status, _) = app
        .post("/mypage/v1/withdraw", json!({"reason": "테스트"}))
        .await;
    assert_eq!(status, 200);
    let gone = members::Entity::find()
        .filter(members::Column::Status.eq(members::MemberStatus::Withdrawn))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (gone.email, gone.password_hash, gone.nickname),
        (None, None, None)
    );
    assert_eq!(app.get("/oauth/v1/token/profile").await.0, 401);
    let (status, body) = app
        .post("/membership/v1/account/status", json!({"email": email}))
        .await;
    assert_eq!((status, body["code"].as_str()), (404, Some("2002")));
    assert_eq!(
        browser()
            .post(app.url("/membership/v1/join/email/code"))
            .json(&json!({"email": email}))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    let mails = mail_outbox::Entity::find()
        .order_by_desc(mail_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        mails.kind, "join_code",
        "a withdrawn address gets a new join code, not an 'already joined' notice"
    );
}

#[tokio::test]
async fn a_newcomer_joins_recovers_and_withdraws_with_real_mail() {
    let smtp = SmtpServer::start();
    on_each_database_with_mail(&smtp, |app| journey(app, &smtp)).await;
}

#[tokio::test]
async fn an_address_with_an_account_gets_a_notice_not_a_code() {
    let app = TestApp::spawn(None, "sqlite").await;
    let email = "twice@tidemark.test";
    app.post("/membership/v1/join/email/code", json!({"email": email}))
        .await;
    let code_mail = mail_outbox::Entity::find()
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let code = six_digits(&code_mail.body_text);
    let (_, verified) = app
        .post(
            "/membership/v1/join/email/verify",
            json!({"email": email, "code": code}),
        )
        .await;
    let token = verified["data"]["joinToken"].as_str().unwrap();
    let terms = json!({"service": true, "privacy": true});
    assert_eq!(
        app.post(
            "/membership/v1/join",
            json!({"joinToken": token, "password": PASSWORD, "terms": terms})
        )
        .await
        .0,
        200
    );
    let (status, body) = app
        .post("/membership/v1/join/email/code", json!({"email": email}))
        .await;
    assert_eq!((status, &body["data"]["sent"]), (200, &Value::Bool(true)));
    let last = mail_outbox::Entity::find()
        .order_by_desc(mail_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(last.kind, "join_exists");
}

#[tokio::test]
async fn a_code_allows_five_tries() {
    let app = TestApp::spawn(None, "sqlite").await;
    let email = "tries@tidemark.test";
    app.post("/membership/v1/join/email/code", json!({"email": email}))
        .await;
    let mail = mail_outbox::Entity::find()
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    let code = six_digits(&mail.body_text);
    let wrong = if code == "999999" { "999998" } else { "999999" };
    for _ in 0..5 {
        assert_eq!(
            app.post(
                "/membership/v1/join/email/verify",
                json!({"email": email, "code": wrong})
            )
            .await
            .0,
            400
        );
    }
    let (status, _) = app
        .post(
            "/membership/v1/join/email/verify",
            json!({"email": email, "code": code}),
        )
        .await;
    assert_eq!(
        status, 400,
        "after five wrong tries even the right code is refused"
    );
}

#[tokio::test]
async fn the_outbox_page_lists_mail_in_demo_mode_only() {
    let app = TestApp::spawn(None, "sqlite").await;
    app.post(
        "/membership/v1/join/email/code",
        json!({"email": "page@tidemark.test"}),
    )
    .await;
    let response = app.client.get(app.url("/dev/mail")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let html = response.text().await.unwrap();
    assert!(
        html.contains("page@tidemark.test") && html.contains("sign-up code"),
        "{html}"
    );
    let production = TestApp::spawn_custom(None, "sqlite", |settings| {
        settings.mode = tidemark_server::Mode::Production;
        settings.token_secret = Some("p".repeat(40));
        settings.public_url = "https://tidemark.example".into();
        for (name, value) in [
            ("TIDEMARK_CERTIFY_PROVIDER", "portone"),
            ("TIDEMARK_PORTONE_API_KEY", "key"),
            ("TIDEMARK_PORTONE_API_SECRET", "secret"),
            ("TIDEMARK_PORTONE_IMP_CODE", "imp00000000"),
        ] {
            settings.raw.insert(name.into(), value.into());
        }
    })
    .await;
    assert_eq!(
        production
            .client
            .get(production.url("/dev/mail"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
}
