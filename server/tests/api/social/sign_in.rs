//! The social sign-in call: a genuine token bound to its channel, an e-mail of another account
//! never taken over, and providers that are not configured are unavailable.

use super::*;

#[tokio::test]
async fn social_sign_in_needs_a_genuine_token() {
    on_each_database(|app: TestApp| async move {
        a_social_sign_in_without_a_token_is_code_999(&app).await;
        let forged_ticket = app
            .state
            .tokens
            .issue_ticket("join", "a@b.io", 600, Utc::now().timestamp())
            .unwrap();
        let real = local_token(&app, "signin", "진짜", "genuine@tidemark.test").await;
        let real = real["authToken"].as_str().unwrap();
        forged_tampered_or_expired_tokens_answer_1003(&app, real, &forged_ticket).await;
        a_genuine_token_is_bound_to_its_channel_and_a_forged_one_joins_nobody(
            &app,
            real,
            &forged_ticket,
        )
        .await;
    })
    .await;
}

/// SPEC §8: a social sign-in without a token is code 999.
async fn a_social_sign_in_without_a_token_is_code_999(app: &TestApp) {
    for body in [
        json!({"channel": "local", "autoLogin": "N"}),
        social_sign_in("", "local"),
        social_sign_in("   ", "kakao"),
    ] {
        let (status, answer) = app.post("/membership/v1/login", body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("999")),
            "{body}: {answer}"
        );
        let (_, answer) = app.post("/membership/v1/account/status", body).await;
        assert_eq!(answer["code"], "999", "{answer}");
    }
}

async fn forged_tampered_or_expired_tokens_answer_1003(
    app: &TestApp,
    real: &str,
    forged_ticket: &str,
) {
    let mut tampered = real.to_string();
    tampered.replace_range(tampered.len() - 4.., "AAAA");
    let expired = app
        .state
        .tokens
        .issue_ticket(
            "social",
            r#"{"ch":"local","sub":"x","email":null,"name":null}"#,
            -1,
            Utc::now().timestamp(),
        )
        .unwrap();
    for token in [
        "forged.token.value",
        forged_ticket,
        tampered.as_str(),
        expired.as_str(),
    ] {
        let (status, answer) = app
            .post("/membership/v1/login", social_sign_in(token, "local"))
            .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (401, Some("1003")),
            "{token}: {answer}"
        );
        let (status, _) = app
            .post(
                "/membership/v1/account/status",
                social_sign_in(token, "local"),
            )
            .await;
        assert_eq!(status, 401);
    }
}

async fn a_genuine_token_is_bound_to_its_channel_and_a_forged_one_joins_nobody(
    app: &TestApp,
    real: &str,
    forged_ticket: &str,
) {
    let (status, _) = app
        .post("/membership/v1/login", social_sign_in(real, "naver"))
        .await;
    assert_eq!(status, 401, "a token is bound to its channel");
    let (status, _) = app
        .post("/membership/v1/login", json!({"authToken": real}))
        .await;
    assert_eq!(status, 400, "a token needs its channel");
    let (status, body) = app
        .post("/membership/v1/login", social_sign_in(real, "kakao-talk"))
        .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("104")));
    let (status, _) = app
        .post(
            "/membership/v1/join/social",
            json!({"authToken": forged_ticket, "channel": "local",
                "terms": {"service": true, "privacy": true}}),
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(
        app.get("/oauth/v1/token/profile").await.0,
        401,
        "no session came of it"
    );
}

#[tokio::test]
async fn an_email_of_another_account_is_not_taken_over() {
    on_each_database(|app: TestApp| async move {
        // The demo reader joined by e-mail; a provider persona with the same address.
        let email = "reader@tidemark.test";
        let before = members::Entity::find().count(&app.state.db).await.unwrap();
        let token = local_token(&app, "join", "사칭", email).await;
        assert_eq!(token["accountExists"], false);
        let (status, body) = app
            .post(
                "/membership/v1/join/social",
                json!({"authToken": token["authToken"], "channel": "local",
                "terms": {"service": true, "privacy": true}}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("2007")),
            "{body}"
        );
        assert_eq!(
            members::Entity::find().count(&app.state.db).await.unwrap(),
            before,
            "no member created"
        );
        assert_eq!(
            social_identities::Entity::find()
                .count(&app.state.db)
                .await
                .unwrap(),
            0,
            "nothing linked"
        );
        assert_eq!(app.get("/oauth/v1/token/profile").await.0, 401);
    })
    .await;
}

#[tokio::test]
async fn providers_that_are_not_configured_are_unavailable() {
    let app = TestApp::spawn_custom(None, "sqlite", |settings| {
        settings
            .raw
            .insert("TIDEMARK_LOCAL_OAUTH".into(), "false".into());
    })
    .await;
    let (status, offered) = app.get("/oauth/v1/social/channels").await;
    assert_eq!(
        (status, &offered["data"]["channels"]),
        (200, &json!([])),
        "no button for a provider that is not there: {offered}"
    );
    for channel in ["kakao", "naver", "google", "local"] {
        let (status, body) = app
            .get(&format!(
                "/oauth/v1/social/authorize?channel={channel}&type=signin"
            ))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("104")),
            "{channel}: {body}"
        );
    }
    let (status, body) = app
        .get("/oauth/v1/social/authorize?channel=line&type=signin")
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = app.get("/oauth/v1/social/authorize?channel=local").await;
    assert_eq!(status, 400, "type is required: {body}");
    let answer = navigator()
        .get(app.url("/oauth/local/authorize?response_type=code"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 404, "the local provider is switched off");
    let (status, _) = token_call(&app, &[("grant_type", "authorization_code")]).await;
    assert_eq!(status, 404);
}
