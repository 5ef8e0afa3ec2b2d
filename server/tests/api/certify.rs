//! Identity certification (SPEC §5, §7, §8; PRODUCT "Members"): the built-in local provider as
//! a browser uses it, the uses of a completed certification (account, phone change, password
//! by phone), and PortOne against a stand-in server speaking its v1 REST API.

use crate::helpers::{
    browser, call, fresh_postgres, my_business, new_member, read, sign_in, TestApp,
};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use chrono::{Duration, Utc};
use reqwest::Method;
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use tidemark_core::certify::{validate_certification, Certification, CertificationReturn};
use tidemark_server::entities::certifications::CertificationStatus;
use tidemark_server::entities::members::MemberStatus;
use tidemark_server::entities::{certifications, mail_outbox, members, search_log};
use tidemark_server::Settings;

const PASSWORD: &str = crate::helpers::TEST_PASSWORD;

/// Runs a scenario on SQLite, then on a fresh PostgreSQL database when one is reachable, with
/// the server's settings adjusted.
async fn on_each_database_with<C, F, Fut>(configure: C, scenario: F)
where
    C: Fn(&mut Settings) + Clone,
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()>,
{
    scenario(TestApp::spawn_custom(None, "sqlite", configure.clone()).await).await;
    if let Some(database) = fresh_postgres().await {
        let url = Some(database.url.clone());
        scenario(TestApp::spawn_custom(url, "postgres", configure).await).await;
        database.drop().await;
    }
}

async fn on_each_database<F, Fut>(scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()>,
{
    on_each_database_with(|_: &mut Settings| {}, scenario).await;
}

/// A person's browser on the provider's page: no redirects followed, and no custom headers (a
/// plain form post cannot send `_off_set`).
fn navigator() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A fresh member, signed in: the member and their browser (cookies kept).
async fn signed_in_member(app: &TestApp, email: &str) -> (members::Model, reqwest::Client) {
    let member = new_member(app, email).await;
    let (status, client) = sign_in(app, email, PASSWORD).await;
    assert_eq!(status, 200, "{}: sign-in", app.database);
    (member, client)
}

async fn post(app: &TestApp, client: &reqwest::Client, path: &str, body: Value) -> (u16, Value) {
    read(client.post(app.url(path)).json(&body).send().await.unwrap()).await
}

async fn get(app: &TestApp, client: &reqwest::Client, path: &str) -> (u16, Value) {
    read(client.get(app.url(path)).send().await.unwrap()).await
}

#[derive(Clone, Copy)]
struct Person {
    name: &'static str,
    phone: &'static str,
    birth_date: &'static str,
    gender: &'static str,
}

const HONG: Person = Person {
    name: "홍길동",
    phone: "010-1234-5678",
    birth_date: "1990-01-31",
    gender: "male",
};

const KIM: Person = Person {
    name: "Kim Minji",
    phone: "010-2222-3333",
    birth_date: "1995-12-01",
    gender: "female",
};

fn query_of(location: &str) -> HashMap<String, String> {
    reqwest::Url::parse(&format!("http://site.test{location}"))
        .unwrap()
        .query_pairs()
        .into_owned()
        .collect()
}

fn location(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("location")
        .expect("a Location header")
        .to_str()
        .unwrap()
        .to_string()
}

/// `GET /certify/v1` as the web client calls it: the request's certifyNo and the page to open.
async fn request_certification(
    app: &TestApp,
    client: &reqwest::Client,
    purpose: &str,
) -> (String, String) {
    let (status, body) = get(app, client, &format!("/certify/v1?purpose={purpose}")).await;
    assert_eq!(status, 200, "{}: {body}", app.database);
    assert_eq!(body["code"], "0");
    assert_eq!(body["data"]["provider"], "local");
    assert_eq!(body["data"]["purpose"], purpose);
    let certify_no = body["data"]["certifyNo"].as_str().unwrap().to_string();
    assert!(certify_no.len() >= 32, "unguessable: {certify_no}");
    let redirect = body["data"]["redirectUrl"].as_str().unwrap().to_string();
    // A path: the browser opens the page at the address it is on, whatever the public one.
    assert_eq!(redirect, format!("/certify/local?certifyNo={certify_no}"));
    let page = app.url(&redirect);
    (certify_no, page)
}

fn form(certify_no: &str, person: Person, action: &str) -> Vec<(&'static str, String)> {
    vec![
        ("certifyNo", certify_no.to_string()),
        ("name", person.name.to_string()),
        ("phone", person.phone.to_string()),
        ("birthDate", person.birth_date.to_string()),
        ("gender", person.gender.to_string()),
        ("action", action.to_string()),
    ]
}

/// The local page's form posts in the tests of certification rules, sent with `_off_set` too so
/// that they test those rules alone; `a_member_certifies_through_the_local_page_like_a_browser`
/// posts exactly as a browser does.
fn form_poster() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("_off_set", reqwest::header::HeaderValue::from_static("540"));
    reqwest::Client::builder()
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn submit(app: &TestApp, fields: &[(&'static str, String)]) -> reqwest::Response {
    submit_with(&form_poster(), app, fields).await
}

async fn submit_with(
    client: &reqwest::Client,
    app: &TestApp,
    fields: &[(&'static str, String)],
) -> reqwest::Response {
    client
        .post(app.url("/certify/local"))
        .form(fields)
        .send()
        .await
        .unwrap()
}

/// The person confirms on the local page; the browser comes back to the return page, which
/// checks the return with the core. Returns the provider's `imp_uid`.
async fn confirm_on_local_page(app: &TestApp, certify_no: &str, person: Person) -> String {
    confirm_with(&form_poster(), app, certify_no, person).await
}

async fn confirm_with(
    client: &reqwest::Client,
    app: &TestApp,
    certify_no: &str,
    person: Person,
) -> String {
    let response = submit_with(client, app, &form(certify_no, person, "confirm")).await;
    assert_eq!(
        response.status(),
        303,
        "{}: a browser's plain form post to /certify/local must pass the CSRF guard \
         (docs/security.md exempts the local providers' paths)",
        app.database
    );
    let back = location(&response);
    assert!(back.starts_with("/member/auth/callbackCertify?"), "{back}");
    let query = query_of(&back);
    assert_eq!(query["success"], "true");
    assert_eq!(query["merchant_uid"], certify_no);
    assert!(query["imp_uid"].starts_with("local_"), "{back}");
    let checked = validate_certification(&CertificationReturn {
        imp_uid: query.get("imp_uid").cloned(),
        merchant_uid: query.get("merchant_uid").cloned(),
        request_id: query.get("merchant_uid").cloned(),
        saved_certify_no: Some(certify_no.to_string()),
        success: Some(true),
        error_code: None,
    });
    match checked {
        Certification::Complete {
            certify_no: no,
            certify_uid,
        } => {
            assert_eq!(no, certify_no);
            certify_uid
        }
        failed => panic!("the return page refuses the return: {failed:?}"),
    }
}

async fn complete(
    app: &TestApp,
    client: &reqwest::Client,
    certify_no: &str,
    certify_uid: &str,
) -> (u16, Value) {
    post(
        app,
        client,
        "/certify/v1/complete",
        json!({"certifyNo": certify_no, "certifyUid": certify_uid}),
    )
    .await
}

/// The whole local journey to a completed certification.
async fn certify(app: &TestApp, client: &reqwest::Client, purpose: &str, person: Person) -> String {
    let (certify_no, _) = request_certification(app, client, purpose).await;
    let uid = confirm_on_local_page(app, &certify_no, person).await;
    let (status, body) = complete(app, client, &certify_no, &uid).await;
    assert_eq!(status, 200, "{}: {body}", app.database);
    assert_eq!(body["data"]["certifyNo"], certify_no.as_str());
    certify_no
}

async fn row(app: &TestApp, certify_no: &str) -> certifications::Model {
    certifications::Entity::find()
        .filter(certifications::Column::CertifyNo.eq(certify_no))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the certification row")
}

async fn reload(app: &TestApp, member: &members::Model) -> members::Model {
    members::Entity::find_by_id(member.id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
}

async fn attach(app: &TestApp, client: &reqwest::Client, certify_no: &str) -> (u16, Value) {
    post(
        app,
        client,
        "/membership/v1/account/certify",
        json!({"certifyNo": certify_no}),
    )
    .await
}

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

// --- PortOne, against a stand-in for its v1 REST API -------------------------------------

const IMP_KEY: &str = "test-imp-key";
const IMP_SECRET: &str = "test-imp-secret-never-shown";
const ACCESS_TOKEN: &str = "portone-access-token-1";

#[derive(Clone, Default)]
struct Stub {
    /// imp_uid → the certification as PortOne reports it.
    certifications: Arc<Mutex<HashMap<String, Value>>>,
    /// The Authorization header of each certification lookup.
    authorizations: Arc<Mutex<Vec<String>>>,
}

fn portone_answer(
    status: StatusCode,
    code: i64,
    message: Option<&str>,
    response: Value,
) -> axum::response::Response {
    (
        status,
        axum::Json(json!({"code": code, "message": message, "response": response})),
    )
        .into_response()
}

async fn get_token(axum::Json(body): axum::Json<Value>) -> axum::response::Response {
    if body["imp_key"] == IMP_KEY && body["imp_secret"] == IMP_SECRET {
        let now = Utc::now().timestamp();
        portone_answer(
            StatusCode::OK,
            0,
            None,
            json!({"access_token": ACCESS_TOKEN, "now": now, "expired_at": now + 1800}),
        )
    } else {
        portone_answer(
            StatusCode::UNAUTHORIZED,
            -1,
            Some("imp_key, imp_secret 파라메터가 누락되었습니다."),
            Value::Null,
        )
    }
}

async fn find_certification(
    State(stub): State<Stub>,
    Path(imp_uid): Path<String>,
    headers: HeaderMap,
) -> axum::response::Response {
    let authorization = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    stub.authorizations
        .lock()
        .unwrap()
        .push(authorization.clone());
    if authorization != ACCESS_TOKEN {
        return portone_answer(
            StatusCode::UNAUTHORIZED,
            -1,
            Some("Unauthorized"),
            Value::Null,
        );
    }
    match stub.certifications.lock().unwrap().get(&imp_uid) {
        Some(found) => portone_answer(StatusCode::OK, 0, None, found.clone()),
        None => portone_answer(
            StatusCode::NOT_FOUND,
            -1,
            Some("인증결과가 존재하지 않습니다."),
            Value::Null,
        ),
    }
}

async fn start_stub() -> (Stub, String) {
    let stub = Stub::default();
    let router = axum::Router::new()
        .route("/users/getToken", axum::routing::post(get_token))
        .route(
            "/certifications/{imp_uid}",
            axum::routing::get(find_certification),
        )
        .with_state(stub.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (stub, base)
}

/// A certification as PortOne's `GET /certifications/{imp_uid}` reports it.
fn portone_certification(imp_uid: &str, merchant_uid: &str, phone: &str, certified: bool) -> Value {
    json!({
        "imp_uid": imp_uid, "merchant_uid": merchant_uid, "pg_tid": "pg-tid-1",
        "pg_provider": "danal", "name": "김민수", "gender": "female", "birth": 585014400,
        "birthday": "1988-07-15", "foreigner": false, "phone": phone, "carrier": "SKT",
        "certified": certified, "certified_at": Utc::now().timestamp(),
        "unique_key": "mVZ8nQ3m0p+ci-of-kim==", "unique_in_site": "di-of-kim",
        "origin": "https://tidemark.example/member/auth/callbackCertify", "foreigner_v2": false
    })
}

fn portone_settings(base: String, secret: &'static str) -> impl Fn(&mut Settings) + Clone {
    move |settings: &mut Settings| {
        for (name, value) in [
            ("TIDEMARK_CERTIFY_PROVIDER", "portone"),
            ("TIDEMARK_PORTONE_API_BASE", base.as_str()),
            ("TIDEMARK_PORTONE_API_KEY", IMP_KEY),
            ("TIDEMARK_PORTONE_API_SECRET", secret),
            ("TIDEMARK_PORTONE_IMP_CODE", "imp12345678"),
        ] {
            settings.raw.insert(name.into(), value.into());
        }
    }
}

async fn request_portone(app: &TestApp, client: &reqwest::Client, purpose: &str) -> String {
    let (status, body) = get(app, client, &format!("/certify/v1?purpose={purpose}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["provider"], "portone");
    assert_eq!(body["data"]["impCode"], "imp12345678");
    assert_eq!(
        body["data"]["redirectUrl"],
        format!(
            "{}/member/auth/callbackCertify",
            app.state.settings.public_url
        )
    );
    body["data"]["certifyNo"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn portone_certifications_are_looked_up_over_its_rest_api() {
    let (stub, base) = start_stub().await;
    let scenario_stub = stub.clone();
    on_each_database_with(portone_settings(base, IMP_SECRET), move |app: TestApp| {
        let stub = scenario_stub.clone();
        async move {
            let (reader, client) = signed_in_member(&app, "reader@certify.test").await;
            let certify_no =
                a_portone_certification_is_looked_up_once_with_its_token(&app, &stub, &client)
                    .await;
            attaching_it_certifies_the_member(&app, &client, &certify_no).await;
            a_new_phone_of_the_same_person_changes_the_certification(&app, &stub, &client, &reader)
                .await;
            another_requests_unknown_or_unfinished_certifications_are_refused(&app, &stub, &client)
                .await;
        }
    })
    .await;
}

/// The person finishes in PortOne's window (never the local page); the server looks the
/// certification up with the token from getToken. Answers the request's certifyNo.
async fn a_portone_certification_is_looked_up_once_with_its_token(
    app: &TestApp,
    stub: &Stub,
    client: &reqwest::Client,
) -> String {
    let certify_no = request_portone(app, client, "join").await;
    let (status, body) = get(
        app,
        &navigator(),
        &format!("/certify/local?certifyNo={certify_no}"),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("101")),
        "{body}"
    );

    // The person finishes in PortOne's window; PortOne now knows the certification.
    let imp_uid = format!("imp_{}", &certify_no[4..16]);
    stub.certifications.lock().unwrap().insert(
        imp_uid.clone(),
        portone_certification(&imp_uid, &certify_no, "01055556666", true),
    );
    stub.authorizations.lock().unwrap().clear();
    let (status, body) = complete(app, client, &certify_no, &imp_uid).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        *stub.authorizations.lock().unwrap(),
        vec![ACCESS_TOKEN.to_string()],
        "one lookup, with the token from getToken"
    );
    let completed = row(app, &certify_no).await;
    assert_eq!(
        (
            completed.status.as_str(),
            completed.provider.as_str(),
            completed.provider_uid.as_deref(),
            completed.person_key.as_deref(),
            completed.phone.as_deref(),
            completed.birth_date.as_deref(),
            completed.gender.as_deref(),
        ),
        (
            "COMPLETED",
            "portone",
            Some(imp_uid.as_str()),
            Some("mVZ8nQ3m0p+ci-of-kim=="),
            Some("01055556666"),
            Some("1988-07-15"),
            Some("female"),
        )
    );
    certify_no
}

async fn attaching_it_certifies_the_member(
    app: &TestApp,
    client: &reqwest::Client,
    certify_no: &str,
) {
    let (status, body) = attach(app, client, certify_no).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["certify"]["phoneLast4"], "6666");
    let (_, profile) = get(app, client, "/oauth/v1/token/profile").await;
    assert_eq!(
        (
            &profile["data"]["certified"],
            &profile["data"]["birthday"],
            &profile["data"]["gender"]
        ),
        (&json!(true), &json!("1988-07-15"), &json!("female"))
    );
}

/// A new phone: the same person (PortOne's unique_key), another number.
async fn a_new_phone_of_the_same_person_changes_the_certification(
    app: &TestApp,
    stub: &Stub,
    client: &reqwest::Client,
    reader: &members::Model,
) {
    let change_no = request_portone(app, client, "change").await;
    let change_uid = format!("imp_{}", &change_no[4..16]);
    stub.certifications.lock().unwrap().insert(
        change_uid.clone(),
        portone_certification(&change_uid, &change_no, "01077778888", true),
    );
    assert_eq!(complete(app, client, &change_no, &change_uid).await.0, 200);
    let (status, body) = post(
        app,
        client,
        "/mypage/v1/certify/change",
        json!({"certifyNo": change_no}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["certify"]["phoneLast4"], "8888");
    assert_eq!(
        reload(app, reader).await.certification_id,
        Some(row(app, &change_no).await.id)
    );
}

/// PortOne's certification of another request, one it does not know, or one not finished.
async fn another_requests_unknown_or_unfinished_certifications_are_refused(
    app: &TestApp,
    stub: &Stub,
    client: &reqwest::Client,
) {
    // PortOne's certification of another request: 400, nothing changes.
    let other_no = request_portone(app, client, "account").await;
    let before = row(app, &other_no).await;
    let stolen = format!("imp_{}", &other_no[4..16]);
    stub.certifications.lock().unwrap().insert(
        stolen.clone(),
        portone_certification(&stolen, "tmc_someone_elses_request", "01055556666", true),
    );
    let (status, body) = complete(app, client, &other_no, &stolen).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    assert_eq!(row(app, &other_no).await, before);
    // Unknown at PortOne: 400.
    let (status, body) = complete(app, client, &other_no, "imp_000000000000").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("104")),
        "{body}"
    );
    assert_eq!(row(app, &other_no).await, before);

    // Not finished at PortOne: the request is over, F0000.
    let unfinished = format!("imp_x{}", &other_no[4..16]);
    stub.certifications.lock().unwrap().insert(
        unfinished.clone(),
        portone_certification(&unfinished, &other_no, "01055556666", false),
    );
    let (status, body) = complete(app, client, &other_no, &unfinished).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("F0000")),
        "{body}"
    );
    assert_eq!(
        row(app, &other_no).await.status,
        CertificationStatus::Cancelled
    );
}

#[tokio::test]
async fn a_portone_outage_or_refusal_answers_502_without_details() {
    let (stub, base) = start_stub().await;
    // Keys PortOne refuses.
    let wrong_keys = portone_settings(base, "a-wrong-secret-never-shown");
    let app = TestApp::spawn_custom(None, "sqlite", wrong_keys).await;
    let certify_no = request_portone(&app, &app.client, "join").await;
    let imp_uid = format!("imp_{}", &certify_no[4..16]);
    stub.certifications.lock().unwrap().insert(
        imp_uid.clone(),
        portone_certification(&imp_uid, &certify_no, "01055556666", true),
    );
    let before = row(&app, &certify_no).await;
    let (status, body) = complete(&app, &app.client, &certify_no, &imp_uid).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (502, Some("999")),
        "{body}"
    );
    let text = body.to_string();
    assert!(
        !text.contains("never-shown") && !text.contains(IMP_KEY) && !text.contains("파라메터"),
        "no keys or provider answers reach the client: {text}"
    );
    assert_eq!(row(&app, &certify_no).await, before);

    // PortOne not answering at all.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let nowhere = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let app = TestApp::spawn_custom(None, "sqlite", portone_settings(nowhere, IMP_SECRET)).await;
    let certify_no = request_portone(&app, &app.client, "join").await;
    let (status, body) = complete(&app, &app.client, &certify_no, "imp_123456789012").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (502, Some("999")),
        "{body}"
    );
    assert_eq!(
        row(&app, &certify_no).await.status,
        CertificationStatus::Requested
    );
}

#[tokio::test]
async fn the_server_refuses_to_start_with_bad_certification_settings() {
    for (pairs, named) in [
        (
            vec![("TIDEMARK_CERTIFY_PROVIDER", "acme")],
            "TIDEMARK_CERTIFY_PROVIDER",
        ),
        (
            vec![
                ("TIDEMARK_CERTIFY_PROVIDER", "portone"),
                ("TIDEMARK_PORTONE_API_KEY", "k"),
                ("TIDEMARK_PORTONE_IMP_CODE", "imp1"),
            ],
            "TIDEMARK_PORTONE_API_SECRET",
        ),
    ] {
        let data = tempfile::tempdir().unwrap();
        let mut settings = Settings {
            port: 0,
            data_dir: data.path().join("data"),
            ..Settings::default()
        };
        for (name, value) in pairs {
            settings.raw.insert(name.into(), value.into());
        }
        let error = tidemark_server::Application::build(settings)
            .await
            .err()
            .expect("the server refuses to start");
        assert!(error.contains(named), "{error}");
    }
}

#[tokio::test]
async fn the_certification_calls_are_in_the_api_document() {
    let app = TestApp::spawn(None, "sqlite").await;
    let (status, document) = app.get("/api-docs/openapi.json").await;
    assert_eq!(status, 200);
    for (path, method) in [
        ("/certify/v1", "get"),
        ("/certify/v1/complete", "post"),
        ("/membership/v1/account/certify", "post"),
        ("/mypage/v1/certify/change", "post"),
        ("/membership/v1/password/find/phone", "post"),
    ] {
        let call = &document["paths"][path][method];
        assert_eq!(call["tags"], json!(["certification"]), "{path}: {call}");
    }
    let protected = &document["paths"]["/membership/v1/account/certify"]["post"]["security"];
    assert!(
        protected.to_string().contains("access_cookie"),
        "{protected}"
    );
}

#[tokio::test]
async fn a_member_without_a_password_withdraws_by_certifying_again() {
    on_each_database(|app: TestApp| async move {
        let (member, client) = signed_in_member(&app, "recertify@certify.test").await;
        let first = certify(&app, &client, "account", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/membership/v1/account/certify",
            json!({"certifyNo": first}),
        )
        .await;
        assert_eq!(status, 200, "{body}");

        // Another person's certification does not open withdrawal.
        let other = certify(&app, &client, "account", KIM).await;
        let (status, _) = post(
            &app,
            &client,
            "/mypage/v1/withdraw",
            json!({"reason": "test", "certifyNo": other}),
        )
        .await;
        assert_eq!(status, 403);
        assert_eq!(reload(&app, &member).await.status, MemberStatus::Active);

        // A fresh certification of the same person does, once.
        let again = certify(&app, &client, "account", HONG).await;
        let (status, body) = post(
            &app,
            &client,
            "/mypage/v1/withdraw",
            json!({"reason": "test", "certifyNo": again}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let gone = reload(&app, &member).await;
        assert_eq!(
            (gone.status.as_str(), gone.person_key, gone.email),
            ("WITHDRAWN", None, None)
        );
    })
    .await;
}

/// Every row of every table as text, for the rows that contain any of `needles`.
async fn rows_containing(app: &TestApp, needles: &[&str]) -> Vec<String> {
    use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};
    let db = &app.state.db;
    let backend = db.get_database_backend();
    let text_of = |sql: &str| Statement::from_string(backend, sql.to_string());
    let tables: Vec<String> = db
        .query_all_raw(text_of(match backend {
            DatabaseBackend::Postgres => {
                "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
            }
            _ => "SELECT name FROM sqlite_master WHERE type = 'table'",
        }))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "name").unwrap())
        .collect();
    assert!(tables.len() > 30, "{tables:?}");
    let mut found = Vec::new();
    for table in tables {
        let select = match backend {
            DatabaseBackend::Postgres => format!("SELECT t::text AS row FROM \"{table}\" t"),
            _ => {
                let columns: Vec<String> = db
                    .query_all_raw(text_of(&format!(
                        "SELECT name FROM pragma_table_info('{table}')"
                    )))
                    .await
                    .unwrap()
                    .iter()
                    .map(|row| {
                        let name = row.try_get::<String>("", "name").unwrap();
                        format!("coalesce(CAST(\"{name}\" AS TEXT), '')")
                    })
                    .collect();
                format!(
                    "SELECT {} AS row FROM \"{table}\"",
                    columns.join(" || '|' || ")
                )
            }
        };
        for row in db.query_all_raw(text_of(&select)).await.unwrap() {
            let text = row.try_get::<String>("", "row").unwrap();
            if needles.iter().any(|needle| text.contains(needle)) {
                found.push(format!("{table}: {text}"));
            }
        }
    }
    found
}

#[tokio::test]
async fn a_withdrawal_leaves_the_person_nowhere_in_the_database() {
    on_each_database(|app: TestApp| async move {
        let email = format!("leaver-{}@tidemark.test", app.database);
        let (member, client) = signed_in_member(&app, &email).await;
        certified_signed_in_wrongly_searching_and_mailed(&app, &member, &client, &email).await;
        let (master, business) =
            invited_into_the_demo_business_and_accepted(&app, &client, &email).await;
        let digits: String = HONG.phone.chars().filter(char::is_ascii_digit).collect();
        let needles = [email.as_str(), HONG.name, HONG.phone, digits.as_str()];
        assert!(
            !rows_containing(&app, &needles).await.is_empty(),
            "the person is on file"
        );
        withdrawing_leaves_no_row_with_the_person(&app, &client, &needles).await;
        the_team_history_keeps_no_address_and_the_address_may_join_again(
            &app, &master, business, &email,
        )
        .await;
    })
    .await;
}

/// Certified: the name and phone are on file. A wrong password from somewhere else, a search,
/// a reset mail.
async fn certified_signed_in_wrongly_searching_and_mailed(
    app: &TestApp,
    member: &members::Model,
    client: &reqwest::Client,
    email: &str,
) {
    let certify_no = certify(app, client, "account", HONG).await;
    assert_eq!(attach(app, client, &certify_no).await.0, 200);
    // A wrong password from somewhere else, a search, a reset mail.
    assert_eq!(sign_in(app, email, "Wrong-pass-1").await.0, 401);
    let response = client
        .get(app.url("/api/v1/search?q=%EB%A7%88%EC%BC%80%ED%8C%85&sort=LATEST"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    for _ in 0..100 {
        let logged = search_log::Entity::find()
            .filter(search_log::Column::MemberId.eq(member.id))
            .one(&app.state.db)
            .await
            .unwrap();
        if logged.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, _) = post(
        app,
        &browser(),
        "/membership/v1/password/find/email",
        json!({"email": email}),
    )
    .await;
    assert_eq!(status, 200);
}

/// Invited to the demo business, accepted: the invitation list and the audit log. Answers the
/// demo master's browser and the business.
async fn invited_into_the_demo_business_and_accepted(
    app: &TestApp,
    client: &reqwest::Client,
    email: &str,
) -> (reqwest::Client, i64) {
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(app, &master).await;
    let (status, body) = call(
        app,
        &master,
        Method::POST,
        &format!("/api/v1/businesses/{business}/invitations"),
        Some(json!({"email": email})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mail = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(email))
        .filter(mail_outbox::Column::Kind.eq("invitation"))
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("the invitation mail");
    let token: String = mail
        .body_text
        .split("/manager/invite?token=")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let (status, body) = post(
        app,
        client,
        "/api/v1/invitations/accept",
        json!({"token": token}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (master, business)
}

async fn withdrawing_leaves_no_row_with_the_person(
    app: &TestApp,
    client: &reqwest::Client,
    needles: &[&str],
) {
    let (status, _) = post(
        app,
        client,
        "/mypage/v1/password/check",
        json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = post(
        app,
        client,
        "/mypage/v1/withdraw",
        json!({"reason": "떠납니다"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let left = rows_containing(app, needles).await;
    assert!(
        left.is_empty(),
        "{}: after withdrawal: {left:#?}",
        app.database
    );
}

async fn the_team_history_keeps_no_address_and_the_address_may_join_again(
    app: &TestApp,
    master: &reqwest::Client,
    business: i64,
    email: &str,
) {
    // The master sees the team's history without the address.
    let (status, body) = call(
        app,
        master,
        Method::GET,
        &format!("/api/v1/businesses/{business}/invitations"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(!body.to_string().contains(email), "{body}");
    // The address may join again.
    let (status, _) = post(
        app,
        &browser(),
        "/membership/v1/join/email/code",
        json!({"email": email}),
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_master_hands_the_business_over_before_withdrawing() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let (status, _) = post(
            &app,
            &master,
            "/mypage/v1/password/check",
            json!({"password": PASSWORD}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = post(
            &app,
            &master,
            "/mypage/v1/withdraw",
            json!({"reason": "그만"}),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("hand the business over"),
            "{body}"
        );
        let (status, _) = get(&app, &master, "/api/v1/mypage/business").await;
        assert_eq!(
            status, 200,
            "the master is still signed in and still the master"
        );
    })
    .await;
}

/// The page policy allows PortOne's script, window and Trusted Types policies only where
/// PortOne is the provider: with the local provider a page names no outside origin.
#[tokio::test]
async fn the_page_policy_names_portone_only_when_it_is_the_provider() {
    let page_policy = |app: &TestApp| {
        let url = format!("{}/member/join", app.base);
        async move {
            let response = navigator().get(&url).send().await.unwrap();
            assert_eq!(response.status(), 200);
            response.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .to_string()
        }
    };
    let local = TestApp::spawn(None, "sqlite").await;
    let csp = page_policy(&local).await;
    assert!(!csp.contains("iamport"), "{csp}");
    assert!(!csp.contains("tidemark-portone"), "{csp}");
    assert!(
        csp.contains("trusted-types tidemark-post-body tidemark-boot tidemark-editor;")
            || csp.ends_with("trusted-types tidemark-post-body tidemark-boot tidemark-editor"),
        "{csp}"
    );
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
        "{csp}"
    );

    let portone = TestApp::spawn_custom(
        None,
        "sqlite",
        portone_settings("https://api.iamport.kr".into(), IMP_SECRET),
    )
    .await;
    let csp = page_policy(&portone).await;
    for part in [
        "script-src 'self' 'wasm-unsafe-eval' https://cdn.iamport.kr",
        "frame-src 'self' https://*.iamport.kr",
        "connect-src 'self' https://*.iamport.kr",
        "form-action 'self' https://*.iamport.kr",
        "require-trusted-types-for 'script'",
        "tidemark-portone",
    ] {
        assert!(csp.contains(part), "{part} in {csp}");
    }
    // The API's answers stay data whatever the provider.
    let (status, _) = portone.get("/oauth/v1/social/channels").await;
    assert_eq!(status, 200);
    let answer = navigator()
        .get(format!("{}/oauth/v1/social/channels", portone.base))
        .send()
        .await
        .unwrap();
    let data_csp = answer.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(!data_csp.contains("iamport"), "{data_csp}");
}
