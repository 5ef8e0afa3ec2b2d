//! Identity certification (SPEC §5, §7, §8; PRODUCT "Members"): the built-in local provider as
//! a browser uses it, the uses of a completed certification (account, phone change, password
//! by phone), and PortOne against a stand-in server speaking its v1 REST API.

mod account;
mod local_provider;
mod portone;
mod refusals;
mod withdrawal;

use crate::helpers::{browser, call, fresh_postgres, new_member, read, sign_in, TestApp};
use axum::http::HeaderMap;
use chrono::{Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::future::Future;
use tidemark_core::certify::{validate_certification, Certification, CertificationReturn};
use tidemark_server::entities::certifications::CertificationStatus;
use tidemark_server::entities::members::MemberStatus;
use tidemark_server::entities::{certifications, members};
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
