//! What a completed certification is used for: one person has one account, a password found
//! by phone and reset, and a phone number changed only by the same person.

use super::*;
use sea_orm::Set;

#[tokio::test]
async fn one_person_has_one_account() {
    on_each_database(|app: TestApp| async move {
        let (first, first_client) = signed_in_member(&app, "first@certify.test").await;
        let certify_no = certify(&app, &first_client, "join", HONG).await;
        assert_eq!(attach(&app, &first_client, &certify_no).await.0, 200);

        let (second, second_client) = signed_in_member(&app, "second@certify.test").await;
        // The same person, the phone typed without dashes.
        let same_person = Person {
            phone: "01012345678",
            ..HONG
        };
        let again = certify(&app, &second_client, "join", same_person).await;
        let (status, body) = attach(&app, &second_client, &again).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("2007")),
            "{body}"
        );
        let second_now = reload(&app, &second).await;
        assert_eq!(
            (second_now.person_key, second_now.certification_id),
            (None, None)
        );
        assert_eq!(row(&app, &again).await.member_id, None);
        let (_, profile) = get(&app, &second_client, "/oauth/v1/token/profile").await;
        assert_eq!(profile["data"]["certified"], false);
        assert_eq!(
            reload(&app, &first).await.certification_id,
            Some(row(&app, &certify_no).await.id)
        );

        // Another person may certify the second account.
        let own = certify(&app, &second_client, "join", KIM).await;
        let (status, body) = attach(&app, &second_client, &own).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["certify"]["gender"], "female");
        // …and the account stays that person's: another person's certification is refused.
        let (status, body) = attach(&app, &second_client, &again).await;
        assert_eq!(status, 403, "{body}");

        // Once the first account is withdrawn, the person may have a new one.
        let mut gone: members::ActiveModel = reload(&app, &first).await.into();
        gone.status = Set(MemberStatus::Withdrawn);
        gone.person_key = Set(None);
        gone.certification_id = Set(None);
        gone.update(&app.state.db).await.unwrap();
        let (third, third_client) = signed_in_member(&app, "third@certify.test").await;
        let fresh = certify(&app, &third_client, "join", HONG).await;
        assert_eq!(attach(&app, &third_client, &fresh).await.0, 200);
        assert!(reload(&app, &third).await.person_key.is_some());
    })
    .await;
}

#[tokio::test]
async fn a_password_is_found_by_phone_and_reset() {
    on_each_database(|app: TestApp| async move {
        let (_, client) = signed_in_member(&app, "reader@certify.test").await;
        let joined = certify(&app, &client, "join", HONG).await;
        assert_eq!(attach(&app, &client, &joined).await.0, 200);

        // Later, signed out, on another device.
        let visitor = browser();
        let token = a_password_certification_finds_the_password_once(&app, &visitor).await;
        the_reset_token_sets_a_new_password_once(&app, &visitor, &token).await;
        only_a_password_certification_of_a_member_finds_one(&app, &visitor).await;
    })
    .await;
}

/// Answers the reset token.
async fn a_password_certification_finds_the_password_once(
    app: &TestApp,
    visitor: &reqwest::Client,
) -> String {
    let certify_no = certify(app, visitor, "password", HONG).await;
    let (status, body) = post(
        app,
        visitor,
        "/membership/v1/password/find/phone",
        json!({"certifyNo": certify_no}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"]["token"].as_str().unwrap().to_string();
    assert_eq!(body["data"]["expiresInSeconds"], 1800);

    // A certification finds a password once.
    let (status, body) = post(
        app,
        visitor,
        "/membership/v1/password/find/phone",
        json!({"certifyNo": certify_no}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    token
}

async fn the_reset_token_sets_a_new_password_once(
    app: &TestApp,
    visitor: &reqwest::Client,
    token: &str,
) {
    let new_password = "Fresh-pass-2027!";
    let (status, body) = post(
        app,
        visitor,
        "/membership/v1/password/reset",
        json!({"type": "phone", "token": token, "password": new_password}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        sign_in(app, "reader@certify.test", new_password).await.0,
        200
    );
    assert_eq!(sign_in(app, "reader@certify.test", PASSWORD).await.0, 401);
    let (status, _) = post(
        app,
        visitor,
        "/membership/v1/password/reset",
        json!({"type": "phone", "token": token, "password": "Another-pass-2028!"}),
    )
    .await;
    assert_eq!(status, 400, "the reset token is single-use");
}

async fn only_a_password_certification_of_a_member_finds_one(
    app: &TestApp,
    visitor: &reqwest::Client,
) {
    // A certification for joining does not find passwords.
    let for_join = certify(app, visitor, "join", HONG).await;
    let (status, body) = post(
        app,
        visitor,
        "/membership/v1/password/find/phone",
        json!({"certifyNo": for_join}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );

    // A person without an account: 2002.
    let stranger = certify(app, visitor, "password", KIM).await;
    let (status, body) = post(
        app,
        visitor,
        "/membership/v1/password/find/phone",
        json!({"certifyNo": stranger}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("2002")),
        "{body}"
    );
}

#[tokio::test]
async fn the_phone_changes_only_through_the_same_person() {
    on_each_database(|app: TestApp| async move {
        let (reader, client) = signed_in_member(&app, "reader@certify.test").await;
        let change = certify(&app, &client, "change", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certify/change",
            json!({"certifyNo": change}),
        )
        .await;
        assert_eq!(status, 403, "not certified yet: {body}");

        let joined = certify(&app, &client, "join", HONG).await;
        assert_eq!(attach(&app, &client, &joined).await.0, 200);
        let other = certify(&app, &client, "change", KIM).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certify/change",
            json!({"certifyNo": other}),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        let before = reload(&app, &reader).await;
        assert_eq!(before.certification_id, Some(row(&app, &joined).await.id));

        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certify/change",
            json!({"certifyNo": change}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["certify"]["certifyNo"], change.as_str());
        let after = reload(&app, &reader).await;
        assert_eq!(after.certification_id, Some(row(&app, &change).await.id));
        assert_eq!(after.person_key, before.person_key);

        // A new phone is the same person: the local provider, like PortOne, knows a person
        // by who they are, not by the number they certify with.
        let new_phone = Person {
            phone: "010-9999-0000",
            ..HONG
        };
        let moved = certify(&app, &client, "change", new_phone).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/certify/change",
            json!({"certifyNo": moved}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["certify"]["phoneLast4"], "0000");
        assert_eq!(reload(&app, &reader).await.person_key, before.person_key);
    })
    .await;
}
