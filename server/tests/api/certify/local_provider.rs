//! The built-in local provider as a browser uses it: the request and its page, the plain form
//! post, completing and attaching; bad form input and a cancelled certification.

use super::*;

#[tokio::test]
async fn a_member_certifies_through_the_local_page_like_a_browser() {
    on_each_database(|app: TestApp| async move {
        let (reader, client) = signed_in_member(&app, "reader@certify.test").await;
        let (_, profile) = get(&app, &client, "/oauth/v1/token/profile").await;
        assert_eq!(profile["data"]["certified"], false);
        let certify_no =
            a_request_lasts_30_minutes_and_its_page_needs_no_script(&app, &client).await;
        let completed =
            a_plain_form_post_confirms_and_only_complete_completes(&app, &client, &certify_no)
                .await;
        attaching_certifies_the_member_once_and_for_all(&app, &client, &reader, &completed).await;
        // The same person certifying again gets the same key.
        let second = certify(&app, &client, "account", HONG).await;
        assert_eq!(row(&app, &second).await.person_key, completed.person_key);
    })
    .await;
}

/// Answers the request's certifyNo.
async fn a_request_lasts_30_minutes_and_its_page_needs_no_script(
    app: &TestApp,
    client: &reqwest::Client,
) -> String {
    let (certify_no, page) = request_certification(app, client, "join").await;
    let requested = row(app, &certify_no).await;
    assert_eq!(
        (
            requested.provider.as_str(),
            requested.purpose.as_str(),
            requested.status.as_str()
        ),
        ("local", "join", "REQUESTED")
    );
    let ttl = requested.expires_at - requested.created_at;
    assert_eq!(ttl, Duration::minutes(30));

    let response = navigator().get(&page).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(content_type.starts_with("text/html"), "{content_type}");
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(csp.contains("form-action 'self'"), "{csp}");
    let html = response.text().await.unwrap();
    for needle in [
        "<form method=\"post\" action=\"/certify/local\"",
        &format!("name=\"certifyNo\" value=\"{certify_no}\""),
        "name=\"name\"",
        "name=\"phone\"",
        "name=\"birthDate\"",
        "value=\"male\"",
        "value=\"female\"",
        "value=\"confirm\"",
        "value=\"cancel\"",
        "본인인증",
        "Identity certification",
    ] {
        assert!(html.contains(needle), "the page lacks {needle}: {html}");
    }
    assert!(!html.contains("<script"), "no JavaScript needed");
    certify_no
}

/// A plain form post, as the browser sends it: no `_off_set`, no cookies; then `/complete`
/// records the person. Answers the completed certification.
async fn a_plain_form_post_confirms_and_only_complete_completes(
    app: &TestApp,
    client: &reqwest::Client,
    certify_no: &str,
) -> certifications::Model {
    let uid = confirm_with(&navigator(), app, certify_no, HONG).await;
    assert_eq!(
        row(app, certify_no).await.status,
        CertificationStatus::Requested,
        "only /complete completes"
    );
    let (status, body) = complete(app, client, certify_no, &uid).await;
    assert_eq!(
        (status, &body["data"]["certifyNo"]),
        (200, &json!(certify_no)),
        "{body}"
    );
    let completed = row(app, certify_no).await;
    assert_eq!(completed.status, CertificationStatus::Completed);
    assert_eq!(completed.provider_uid.as_deref(), Some(uid.as_str()));
    assert_eq!(completed.name.as_deref(), Some("홍길동"));
    assert_eq!(completed.phone.as_deref(), Some("01012345678"));
    assert_eq!(completed.birth_date.as_deref(), Some("1990-01-31"));
    assert_eq!(completed.gender.as_deref(), Some("male"));
    assert!(completed.completed_at.is_some());
    completed
}

async fn attaching_certifies_the_member_once_and_for_all(
    app: &TestApp,
    client: &reqwest::Client,
    reader: &members::Model,
    completed: &certifications::Model,
) {
    let person_key = completed.person_key.clone().expect("a person key");
    let certify_no = completed.certify_no.as_str();
    let (status, body) = attach(app, client, certify_no).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["certify"],
        json!({
            "certifyNo": certify_no, "name": "홍길동", "birthDate": "1990-01-31",
            "gender": "male", "phoneLast4": "5678"
        })
    );
    assert!(
        !body.to_string().contains("01012345678"),
        "never the whole phone"
    );
    let reader = reload(app, reader).await;
    assert_eq!(reader.person_key.as_deref(), Some(person_key.as_str()));
    assert_eq!(reader.certification_id, Some(completed.id));
    assert_eq!(row(app, certify_no).await.member_id, Some(reader.id));

    let (status, profile) = get(app, client, "/oauth/v1/token/profile").await;
    assert_eq!(status, 200);
    assert_eq!(profile["data"]["certified"], true);
    assert_eq!(profile["data"]["birthday"], "1990-01-31");
    assert_eq!(profile["data"]["gender"], "male");
    let (_, state) = get(app, client, "/membership/v1/account/state").await;
    assert_eq!(state["data"]["certified"], true);

    // The same call again is harmless: the certification is already this member's.
    let (status, again) = attach(app, client, certify_no).await;
    assert_eq!((status, &again["data"]), (200, &body["data"]));
}

#[tokio::test]
async fn bad_form_input_is_shown_again_and_changes_nothing() {
    on_each_database(|app: TestApp| async move {
        let (certify_no, _) = request_certification(&app, &app.client, "account").await;
        let before = row(&app, &certify_no).await;
        let bad = Person {
            name: "<b>x</b>",
            phone: "010 1234 5678",
            birth_date: "1990-13-01",
            gender: "other",
        };
        let response = submit(&app, &form(&certify_no, bad, "confirm")).await;
        assert_eq!(response.status(), 400);
        let html = response.text().await.unwrap();
        for needle in [
            "휴대폰 번호는 숫자와",
            "Date of birth: yyyy-MM-dd",
            "Choose a gender",
            "Name: 2–30 Korean or English letters",
            // What was typed comes back, escaped.
            "value=\"&lt;b&gt;x&lt;/b&gt;\"",
        ] {
            assert!(html.contains(needle), "missing {needle}: {html}");
        }
        assert!(!html.contains("<b>x</b>"));
        let response = submit(&app, &form(&certify_no, HONG, "explode")).await;
        assert_eq!(response.status(), 400);
        let response = form_poster()
            .post(app.url("/certify/local"))
            .header("content-type", "application/json")
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400);
        assert!(response.text().await.unwrap().contains("<!doctype html>"));
        assert_eq!(row(&app, &certify_no).await, before, "nothing recorded");

        let response = navigator()
            .get(app.url("/certify/local?certifyNo=tmc_nobody"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404);
        assert!(response
            .text()
            .await
            .unwrap()
            .contains("No such certification request"));
        let response = submit(&app, &form("tmc_nobody", HONG, "confirm")).await;
        assert_eq!(response.status(), 404);
        let (status, body) = get(&app, &app.client, "/certify/v1?purpose=admin").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("104")),
            "{body}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_cancelled_certification_answers_f0000() {
    on_each_database(|app: TestApp| async move {
        let (certify_no, _) = request_certification(&app, &app.client, "join").await;
        let response = submit(&app, &form(&certify_no, HONG, "cancel")).await;
        assert_eq!(response.status(), 303);
        let back = location(&response);
        assert!(back.starts_with("/member/auth/callbackCertify?"), "{back}");
        let query = query_of(&back);
        assert_eq!(query["success"], "false");
        assert_eq!(query["error_code"], "F0000");
        assert_eq!(query["merchant_uid"], certify_no);
        assert!(!query["error_msg"].is_empty());
        let checked = validate_certification(&CertificationReturn {
            imp_uid: query.get("imp_uid").cloned(),
            merchant_uid: query.get("merchant_uid").cloned(),
            request_id: query.get("merchant_uid").cloned(),
            saved_certify_no: Some(certify_no.clone()),
            success: Some(false),
            error_code: query.get("error_code").cloned(),
        });
        assert_eq!(
            checked,
            Certification::Failed {
                code: "F0000",
                reason: "cancelled"
            }
        );
        let cancelled = row(&app, &certify_no).await;
        assert_eq!(cancelled.status, CertificationStatus::Cancelled);
        assert!(cancelled.person_key.is_none() && cancelled.name.is_none());

        let (status, body) = complete(&app, &app.client, &certify_no, "local_0000").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("F0000")),
            "{body}"
        );
        assert_eq!(body["data"], Value::Null);
        // The page is over too: no confirming after cancelling.
        let response = submit(&app, &form(&certify_no, HONG, "confirm")).await;
        assert_eq!(response.status(), 400);
        assert_eq!(row(&app, &certify_no).await, cancelled);
    })
    .await;
}
