//! PortOne, against a stand-in for its v1 REST API: the lookup with its token, attaching,
//! a new phone, refusals and outages, and the page policy that names PortOne only when it is
//! the provider.

use super::*;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use std::sync::{Arc, Mutex};

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
        csp.contains(
            "trusted-types tidemark-post-body tidemark-boot tidemark-editor tidemark-push;"
        ) || csp.ends_with(
            "trusted-types tidemark-post-body tidemark-boot tidemark-editor tidemark-push"
        ),
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
        // After the video players every page may frame.
        "https://tv.naver.com https://*.iamport.kr",
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
