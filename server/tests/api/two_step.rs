//! Two-step sign-in end to end over HTTP, on both databases: turned on from my page after a
//! password check (the app's secret computed into codes as an authenticator app does), a
//! sign-in that stops at the second step and finishes with a code or a recovery code, each
//! code good once (also when two requests race with it), the tries counted, the secret sealed
//! in the database, turned off again.

use crate::helpers::{
    browser, call, check_password, credentials, new_member, on_each_database, read, TestApp,
    TEST_PASSWORD,
};
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use tidemark_server::entities::{members, security_events, totp_secrets};
use tidemark_server::two_step::code_for_text;

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

/// Turns two-step sign-in on for `client`'s member: answers the secret's text and the
/// recovery codes.
pub(crate) async fn turn_on(app: &TestApp, client: &reqwest::Client) -> (String, Vec<String>) {
    check_password(app, client).await;
    let (status, setup) = call(app, client, Method::POST, "/mypage/v1/two-step/setup", None).await;
    assert_eq!(status, 200, "{setup}");
    let secret = setup["data"]["secret"].as_str().unwrap().to_string();
    let code = code_for_text(&secret, now()).unwrap();
    let (status, body) = call(
        app,
        client,
        Method::POST,
        "/mypage/v1/two-step/confirm",
        Some(json!({"code": code})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let recovery = body["data"]["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    (secret, recovery)
}

/// A password sign-in that stops at the second step: answers the new client and the ticket.
async fn first_step(app: &TestApp, email: &str) -> (reqwest::Client, String) {
    let client = browser();
    let response = client
        .post(app.url("/membership/v1/login"))
        .json(&credentials(email, TEST_PASSWORD))
        .send()
        .await
        .unwrap();
    let set_cookies = response.headers().get_all("set-cookie").iter().count();
    let (status, body) = read(response).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("2010")),
        "{body}"
    );
    assert_eq!(set_cookies, 0, "no session before the second step");
    assert_eq!(body["data"]["methods"], json!(["CODE", "RECOVERY_CODE"]));
    (client, body["data"]["ticket"].as_str().unwrap().to_string())
}

async fn second_step(app: &TestApp, client: &reqwest::Client, body: Value) -> (u16, Value) {
    read(
        client
            .post(app.url("/membership/v1/login/second-step"))
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn profile_status(app: &TestApp, client: &reqwest::Client) -> u16 {
    call(app, client, Method::GET, "/oauth/v1/token/profile", None)
        .await
        .0
}

#[tokio::test]
async fn a_member_turns_two_step_sign_in_on_and_signs_in_with_a_code_and_a_recovery_code() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "careful@tidemark.test").await;
        let client = app.signed_in("careful@tidemark.test").await;

        // Off at first; setting it up asks for the password first.
        let (_, state) = call(&app, &client, Method::GET, "/mypage/v1/two-step", None).await;
        assert_eq!(
            state["data"],
            json!({"onSince": null, "recoveryCodesLeft": 0, "required": false})
        );
        let (status, body) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/two-step/setup",
            None,
        )
        .await;
        assert_eq!(status, 403, "{body}");

        // The app's secret as text, as an otpauth:// address and as a QR code.
        check_password(&app, &client).await;
        let (status, setup) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/two-step/setup",
            None,
        )
        .await;
        assert_eq!(status, 200, "{setup}");
        let secret = setup["data"]["secret"].as_str().unwrap().to_string();
        let url = setup["data"]["otpauthUrl"].as_str().unwrap();
        assert!(
            url.starts_with("otpauth://totp/Tidemark:careful%40tidemark.test?"),
            "{url}"
        );
        assert!(
            url.contains(&format!("secret={}", secret.replace(' ', ""))),
            "{url}"
        );
        assert!(setup["data"]["qrSvg"].as_str().unwrap().contains("<svg"));

        // Still off until a right code confirms the app; the secret is sealed in the table.
        let (status, body) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/two-step/confirm",
            Some(json!({"code": "000000"})),
        )
        .await;
        assert_eq!(status, 401, "{body}");
        let member = members::Entity::find()
            .filter(members::Column::Email.eq("careful@tidemark.test"))
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(member.two_step_at, None);
        let row = totp_secrets::Entity::find()
            .filter(totp_secrets::Column::MemberId.eq(member.id))
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert!(
            !row.sealed_secret.contains(&secret.replace(' ', "")),
            "the secret is sealed"
        );
        let code = code_for_text(&secret, now()).unwrap();
        let (status, body) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/two-step/confirm",
            Some(json!({"code": code})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let recovery: Vec<String> = body["data"]["recoveryCodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert_eq!(recovery.len(), 10);
        let (_, state) = call(&app, &client, Method::GET, "/mypage/v1/two-step", None).await;
        assert!(state["data"]["onSince"].is_string(), "{state}");
        assert_eq!(state["data"]["recoveryCodesLeft"], 10);
        // Setting up another app while it is on is refused.
        check_password(&app, &client).await;
        let (status, _) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/two-step/setup",
            None,
        )
        .await;
        assert_eq!(status, 409);

        // A sign-in stops at the second step. The code that confirmed the app was taken: the
        // same code again is refused, the app's next one (one step of drift is allowed) passes.
        let (fresh, ticket) = first_step(&app, "careful@tidemark.test").await;
        let (status, body) =
            second_step(&app, &fresh, json!({"ticket": ticket, "code": code})).await;
        assert_eq!(status, 401, "{body}");
        assert!(
            body["message"].as_str().unwrap().contains("used already"),
            "{body}"
        );
        assert_eq!(profile_status(&app, &fresh).await, 401);
        let next = code_for_text(&secret, now() + 30).unwrap();
        let (status, body) =
            second_step(&app, &fresh, json!({"ticket": ticket, "code": next})).await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"]["accessToken"].is_string());
        assert_eq!(profile_status(&app, &fresh).await, 200);
        // The ticket was good once.
        let (status, _) = second_step(
            &app,
            &browser(),
            json!({"ticket": ticket, "code": code_for_text(&secret, now() + 60).unwrap()}),
        )
        .await;
        assert_eq!(status, 401);

        // A recovery code finishes a sign-in once, typed in any case and spacing.
        let (other, ticket) = first_step(&app, "careful@tidemark.test").await;
        let typed = recovery[3].to_uppercase().replace('-', " ");
        let (status, body) = second_step(
            &app,
            &other,
            json!({"ticket": ticket, "recoveryCode": typed}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(profile_status(&app, &other).await, 200);
        let (again, ticket) = first_step(&app, "careful@tidemark.test").await;
        let (status, body) = second_step(
            &app,
            &again,
            json!({"ticket": ticket, "recoveryCode": recovery[3]}),
        )
        .await;
        assert_eq!(status, 401, "{body}");
        let (_, state) = call(&app, &client, Method::GET, "/mypage/v1/two-step", None).await;
        assert_eq!(state["data"]["recoveryCodesLeft"], 9);

        // Both ways at once, or neither, is a bad request.
        let (status, _) = second_step(
            &app,
            &again,
            json!({"ticket": ticket, "code": "123456", "recoveryCode": recovery[4]}),
        )
        .await;
        assert_eq!(status, 400);

        // The member's record says what happened; no code or secret is in it.
        let kinds: Vec<String> = security_events::Entity::find()
            .filter(security_events::Column::MemberId.eq(member.id))
            .all(&app.state.db)
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.kind)
            .collect();
        for kind in ["TWO_STEP_ON", "CODE_REFUSED", "RECOVERY_CODE_USED"] {
            assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
        }

        // New recovery codes replace the old ones; turning it off needs a fresh check.
        check_password(&app, &client).await;
        let (status, body) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/two-step/recovery-codes",
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (third, ticket) = first_step(&app, "careful@tidemark.test").await;
        let (status, _) = second_step(
            &app,
            &third,
            json!({"ticket": ticket, "recoveryCode": recovery[5]}),
        )
        .await;
        assert_eq!(status, 401, "an old recovery code no longer works");
        let renewed = body["data"]["recoveryCodes"][0].as_str().unwrap();
        let (status, _) = second_step(
            &app,
            &third,
            json!({"ticket": ticket, "recoveryCode": renewed}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = call(&app, &client, Method::DELETE, "/mypage/v1/two-step", None).await;
        assert_eq!(status, 200);
        let (status, _) =
            crate::helpers::sign_in(&app, "careful@tidemark.test", TEST_PASSWORD).await;
        assert_eq!(status, 200, "off: the password alone signs in again");
        assert!(totp_secrets::Entity::find()
            .filter(totp_secrets::Column::MemberId.eq(member.id))
            .one(&app.state.db)
            .await
            .unwrap()
            .is_none());
    })
    .await;
}

#[tokio::test]
async fn a_code_is_taken_once_when_two_sign_ins_race_and_the_tries_are_counted() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "racer@tidemark.test").await;
        new_member(&app, "stranger@tidemark.test").await;
        let client = app.signed_in("racer@tidemark.test").await;
        let (secret, _) = turn_on(&app, &client).await;
        let stranger = app.signed_in("stranger@tidemark.test").await;
        let (stranger_secret, _) = turn_on(&app, &stranger).await;

        // Another member's code does not finish this member's sign-in.
        let (c, ticket) = first_step(&app, "racer@tidemark.test").await;
        let theirs = code_for_text(&stranger_secret, now() + 30).unwrap();
        if theirs != code_for_text(&secret, now() + 30).unwrap() {
            let (status, _) =
                second_step(&app, &c, json!({"ticket": ticket, "code": theirs})).await;
            assert_eq!(status, 401);
        }

        // Two sign-ins with the same next code at once: one passes.
        let (a, first) = first_step(&app, "racer@tidemark.test").await;
        let (b, second) = first_step(&app, "racer@tidemark.test").await;
        let code = code_for_text(&secret, now() + 30).unwrap();
        let ((sa, _), (sb, _)) = tokio::join!(
            second_step(&app, &a, json!({"ticket": first, "code": code})),
            second_step(&app, &b, json!({"ticket": second, "code": code})),
        );
        let mut statuses = [sa, sb];
        statuses.sort();
        assert_eq!(statuses, [200, 401], "exactly one sign-in takes the code");

        // Wrong codes: five failures in 15 minutes, counted for the member across tickets.
        let mut last = 0;
        for _ in 0..6 {
            let (c, ticket) = first_step(&app, "racer@tidemark.test").await;
            last = second_step(&app, &c, json!({"ticket": ticket, "code": "999999"}))
                .await
                .0;
            if last == 429 {
                break;
            }
        }
        assert_eq!(last, 429, "the sixth wrong code is refused by the counter");
    })
    .await;
}

#[tokio::test]
async fn an_operator_without_two_step_sign_in_is_sent_to_set_it_up_and_cannot_turn_it_off() {
    on_each_database(|app: TestApp| async move {
        use sea_orm::{ActiveModelTrait, Set};
        let member = new_member(&app, "new-operator@tidemark.test").await;
        let mut promote: members::ActiveModel = member.into();
        promote.role = Set(members::MemberRole::Admin);
        promote.update(&app.state.db).await.unwrap();
        let client = app.signed_in("new-operator@tidemark.test").await;
        for path in ["/api/v1/admin/queue", "/api/v1/admin/audit"] {
            let (status, body) = call(&app, &client, Method::GET, path, None).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (403, Some("2012")),
                "{path}: {body}"
            );
        }
        let (_, state) = call(&app, &client, Method::GET, "/mypage/v1/two-step", None).await;
        assert_eq!(state["data"]["required"], true);

        turn_on(&app, &client).await;
        // The session that turned it on goes on; the console answers.
        let (status, body) = call(&app, &client, Method::GET, "/api/v1/admin/queue", None).await;
        assert_eq!(status, 200, "{body}");
        check_password(&app, &client).await;
        let (status, body) = call(&app, &client, Method::DELETE, "/mypage/v1/two-step", None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (403, Some("2012")),
            "{body}"
        );
    })
    .await;
}
