//! Certifications that do not fit: another request's, malformed, expired or reused ones, and
//! attaching one that is not completed, too old or already attached elsewhere.

use super::*;
use sea_orm::prelude::Expr;

#[tokio::test]
async fn mismatched_expired_or_reused_certifications_answer_400_and_change_nothing() {
    on_each_database(|app: TestApp| async move {
        let client = &app.client;
        let (first_no, _) = request_certification(&app, client, "join").await;
        let first_uid = confirm_on_local_page(&app, &first_no, HONG).await;
        let (second_no, _) = request_certification(&app, client, "join").await;
        let second_uid = confirm_on_local_page(&app, &second_no, KIM).await;
        let first = (first_no.as_str(), first_uid.as_str());
        let second = (second_no.as_str(), second_uid.as_str());
        another_requests_or_a_malformed_certification_changes_nothing(&app, first, second).await;
        an_expired_request_is_refused_and_its_page_closed(&app, second).await;
        a_completed_certification_completes_once(&app, first).await;
        let reader =
            attaching_needs_a_certification_completed_in_the_last_30_minutes(&app, &first_no).await;
        a_certification_attaches_to_one_signed_in_account(&app, reader).await;
    })
    .await;
}

/// A request's certifyNo and the provider's uid of its confirmation.
type Confirmed<'a> = (&'a str, &'a str);

async fn another_requests_or_a_malformed_certification_changes_nothing(
    app: &TestApp,
    (first_no, first_uid): Confirmed<'_>,
    (second_no, second_uid): Confirmed<'_>,
) {
    let client = &app.client;
    let first_before = row(app, first_no).await;
    let second_before = row(app, second_no).await;

    // Another request's certification.
    let (status, body) = complete(app, client, first_no, second_uid).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    assert_eq!(row(app, first_no).await, first_before);
    assert_eq!(row(app, second_no).await, second_before);
    // Missing, blank, unknown and malformed ids.
    for body in [
        json!({"certifyNo": first_no}),
        json!({"certifyNo": first_no, "certifyUid": "  "}),
        json!({"certifyNo": "tmc_unknown", "certifyUid": first_uid}),
        json!({"certifyNo": first_no, "certifyUid": "local_nope"}),
        json!({"certifyNo": first_no, "certifyUid": "../users/getToken"}),
        json!({"certifyNo": first_no, "certifyUid": first_uid, "extra": 1}),
    ] {
        let (status, answer) = post(app, client, "/certify/v1/complete", body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("104")),
            "{body}: {answer}"
        );
    }
    assert_eq!(row(app, first_no).await, first_before);
}

async fn an_expired_request_is_refused_and_its_page_closed(
    app: &TestApp,
    (second_no, second_uid): Confirmed<'_>,
) {
    let client = &app.client;
    certifications::Entity::update_many()
        .col_expr(
            certifications::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .filter(certifications::Column::CertifyNo.eq(second_no))
        .exec(&app.state.db)
        .await
        .unwrap();
    let expired = row(app, second_no).await;
    let (status, body) = complete(app, client, second_no, second_uid).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("expired"));
    assert_eq!(row(app, second_no).await, expired);
    let response = navigator()
        .get(app.url(&format!("/certify/local?certifyNo={second_no}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
}

async fn a_completed_certification_completes_once(
    app: &TestApp,
    (first_no, first_uid): Confirmed<'_>,
) {
    let client = &app.client;
    assert_eq!(complete(app, client, first_no, first_uid).await.0, 200);
    let completed = row(app, first_no).await;
    let (status, body) = complete(app, client, first_no, first_uid).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    assert_eq!(row(app, first_no).await, completed);
}

/// Attaching: not completed or too old. Answers the member who tried, with their browser.
async fn attaching_needs_a_certification_completed_in_the_last_30_minutes(
    app: &TestApp,
    first_no: &str,
) -> (members::Model, reqwest::Client) {
    let client = &app.client;
    let (reader, reader_client) = signed_in_member(app, "reader@certify.test").await;
    let (open_no, _) = request_certification(app, client, "join").await;
    let (status, body) = attach(app, &reader_client, &open_no).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    certifications::Entity::update_many()
        .col_expr(
            certifications::Column::CompletedAt,
            Expr::value(Utc::now() - Duration::minutes(31)),
        )
        .filter(certifications::Column::CertifyNo.eq(first_no))
        .exec(&app.state.db)
        .await
        .unwrap();
    let (status, body) = attach(app, &reader_client, first_no).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("30 minutes"));
    (reader, reader_client)
}

/// A fresh certification attaches to a signed-in member, and to one account only.
async fn a_certification_attaches_to_one_signed_in_account(
    app: &TestApp,
    (reader, reader_client): (members::Model, reqwest::Client),
) {
    let client = &app.client;
    let fresh = certify(app, client, "join", KIM).await;
    assert_eq!(attach(app, &reader_client, &fresh).await.0, 200);
    let reader_after = reload(app, &reader).await;
    let (_, other_client) = signed_in_member(app, "other@certify.test").await;
    let (status, body) = attach(app, &other_client, &fresh).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    assert_eq!(reload(app, &reader).await, reader_after);
    let (status, _) = read(
        navigator()
            .post(app.url("/membership/v1/account/certify"))
            .header("_off_set", "540")
            .json(&json!({"certifyNo": fresh}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401, "signed in only");
}
