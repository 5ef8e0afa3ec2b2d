//! Passkeys over HTTP on both databases, with a software authenticator (`authenticator`) whose
//! bytes the server's WebAuthn checks meet as a browser's: added from my page after a second
//! look, listed, used to sign in with nothing typed (the same answer twice signs in once),
//! refused from another site or with another key, as a second step and as "confirm it's you"
//! only for its own member, removed only by its own member.

mod authenticator;

use crate::helpers::{
    browser, call, check_password, credentials, fresh_postgres, new_member, read, TestApp,
    TEST_PASSWORD,
};
use authenticator::{Origin, SoftPasskey};
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use tidemark_server::entities::security_events;
use tidemark_server::Settings;

/// The site's public address in these tests: passkeys are made for its host.
const SITE: &str = "http://localhost:8080";
const HERE: Origin = Origin(SITE);

/// Runs `scenario` on SQLite, then on a fresh PostgreSQL database, the site at [`SITE`].
async fn on_each_database<F, Fut>(scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let site = |settings: &mut Settings| settings.public_url = SITE.into();
    scenario(TestApp::spawn_custom(None, "sqlite", site).await).await;
    if let Some(database) = fresh_postgres().await {
        let url = Some(database.url.clone());
        scenario(TestApp::spawn_custom(url, "postgres", site).await).await;
        database.drop().await;
    }
}

/// The browser's options of a `…/options` call by `client`.
async fn options(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    body: Option<Value>,
) -> Value {
    let (status, answer) = call(app, client, Method::POST, path, body).await;
    assert_eq!(status, 200, "{path} on {}: {answer}", app.database);
    answer["data"]["publicKey"].clone()
}

/// Adds a passkey named `name` for `client`'s member (checking the password first).
async fn add_passkey(app: &TestApp, client: &reqwest::Client, name: &str) -> (SoftPasskey, i64) {
    check_password(app, client).await;
    let asked = options(app, client, "/mypage/v1/passkeys/options", None).await;
    let (passkey, answer) = SoftPasskey::create(&asked, &HERE, "localhost");
    let (status, body) = call(
        app,
        client,
        Method::POST,
        "/mypage/v1/passkeys",
        Some(json!({"name": name, "credential": answer})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (passkey, body["data"]["id"].as_i64().unwrap())
}

/// A sign-in with a passkey's answer to fresh options: the status, body and client.
async fn sign_in_with(
    app: &TestApp,
    passkey: &mut SoftPasskey,
    origin: &Origin<'_>,
) -> (u16, Value, reqwest::Client) {
    let client = browser();
    let asked = options(
        app,
        &client,
        "/membership/v1/passkey/options",
        Some(json!({"step": "SIGN_IN"})),
    )
    .await;
    let answer = passkey.assert(&asked, origin);
    let (status, body) = post_sign_in(app, &client, &answer).await;
    (status, body, client)
}

async fn post_sign_in(app: &TestApp, client: &reqwest::Client, answer: &Value) -> (u16, Value) {
    let mut sign_in = credentials("", "");
    let fields = sign_in.as_object_mut().unwrap();
    fields.remove("email");
    fields.remove("password");
    call(
        app,
        client,
        Method::POST,
        "/membership/v1/login/passkey",
        Some(json!({"credential": answer, "signIn": sign_in})),
    )
    .await
}

async fn email_of(app: &TestApp, client: &reqwest::Client) -> Value {
    let (status, body) = call(app, client, Method::GET, "/oauth/v1/token/profile", None).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["email"].clone()
}

#[tokio::test]
async fn a_member_adds_a_passkey_and_signs_in_with_it_alone_once_per_answer() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "keys@tidemark.test").await;
        let client = app.signed_in("keys@tidemark.test").await;

        // Adding one is a second look: without a recent check, 2013.
        let (status, body) = call(
            &app,
            &client,
            Method::POST,
            "/mypage/v1/passkeys/options",
            None,
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (403, Some("2013")),
            "{body}"
        );

        let (mut passkey, _) = add_passkey(&app, &client, "내 휴대폰").await;
        let (status, list) = call(&app, &client, Method::GET, "/mypage/v1/passkeys", None).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list["data"].as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list["data"][0]["name"], "내 휴대폰");
        assert!(list["data"][0]["lastUsedAt"].is_null());
        assert!(
            !list.to_string().contains("credential"),
            "the list shows no key: {list}"
        );

        // The same authenticator twice: the second answer is refused.
        check_password(&app, &client).await;
        let asked = options(&app, &client, "/mypage/v1/passkeys/options", None).await;
        assert_eq!(
            asked["excludeCredentials"][0]["id"].as_str().unwrap(),
            base64_of(&passkey.id),
            "the passkey it has is excluded: {asked}"
        );

        // Signed in with the passkey and nothing typed.
        let (status, body, signed_in) = sign_in_with(&app, &mut passkey, &HERE).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(email_of(&app, &signed_in).await, "keys@tidemark.test");
        let (_, list) = call(&app, &client, Method::GET, "/mypage/v1/passkeys", None).await;
        assert!(!list["data"][0]["lastUsedAt"].is_null(), "{list}");

        // One answer signs in once: sent again, its ceremony is gone.
        let again = browser();
        let asked = options(
            &app,
            &again,
            "/membership/v1/passkey/options",
            Some(json!({"step": "SIGN_IN"})),
        )
        .await;
        let answer = passkey.assert(&asked, &HERE);
        let (first, _) = post_sign_in(&app, &again, &answer).await;
        let replay = browser();
        let (second, body) = post_sign_in(&app, &replay, &answer).await;
        assert_eq!((first, second), (200, 401), "{body}");
    })
    .await;
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[tokio::test]
async fn answers_from_another_site_or_with_another_key_are_refused() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "guarded@tidemark.test").await;
        let client = app.signed_in("guarded@tidemark.test").await;

        // Made on another site's page, or for another site's name: not added.
        for (origin, rp_id) in [
            (Origin("https://evil.example"), "localhost"),
            (Origin(SITE), "evil.example"),
        ] {
            check_password(&app, &client).await;
            let asked = options(&app, &client, "/mypage/v1/passkeys/options", None).await;
            let (_, answer) = SoftPasskey::create(&asked, &origin, rp_id);
            let (status, body) = call(
                &app,
                &client,
                Method::POST,
                "/mypage/v1/passkeys",
                Some(json!({"name": "elsewhere", "credential": answer})),
            )
            .await;
            assert_eq!(status, 400, "{} for {rp_id}: {body}", origin.0);
        }
        let (_, list) = call(&app, &client, Method::GET, "/mypage/v1/passkeys", None).await;
        assert_eq!(list["data"].as_array().unwrap().len(), 0, "{list}");

        let (mut passkey, _) = add_passkey(&app, &client, "laptop").await;
        // Signed on another site's page: refused.
        let (status, body, _) =
            sign_in_with(&app, &mut passkey, &Origin("https://evil.example")).await;
        assert_eq!(status, 401, "{body}");
        // The passkey's id with another key: refused.
        let (status, body, _) = sign_in_with(&app, &mut passkey.forged(), &HERE).await;
        assert_eq!(status, 401, "{body}");
        // Each is in the member's security record.
        let member = crate::helpers::member_id_of(&app, "guarded@tidemark.test").await;
        let refused = security_events::Entity::find()
            .filter(security_events::Column::MemberId.eq(member))
            .filter(security_events::Column::Kind.eq("PASSKEY_REFUSED"))
            .count(&app.state.db)
            .await
            .unwrap();
        assert_eq!(refused, 2);
        // Garbage is a clear 400, not a 500.
        let (status, body) = post_sign_in(&app, &browser(), &json!({"id": "x"})).await;
        assert_eq!(status, 400, "{body}");
        // The real one still signs in.
        let (status, body, _) = sign_in_with(&app, &mut passkey, &HERE).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_passkey_serves_only_its_own_member_as_second_step_check_and_removal() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "owner@tidemark.test").await;
        new_member(&app, "other@tidemark.test").await;
        let owner = app.signed_in("owner@tidemark.test").await;
        let (mut passkey, passkey_id) = add_passkey(&app, &owner, "owner's key").await;

        // The other member, with two-step sign-in on, is asked for the second step; the
        // owner's passkey does not give it.
        let other = app.signed_in("other@tidemark.test").await;
        crate::two_step::turn_on(&app, &other).await;
        let stranger = browser();
        let (status, first) = read(
            stranger
                .post(app.url("/membership/v1/login"))
                .json(&credentials("other@tidemark.test", TEST_PASSWORD))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((status, first["code"].as_str()), (401, Some("2010")), "{first}");
        let methods = first["data"]["methods"].to_string();
        assert!(!methods.contains("PASSKEY"), "the other has no passkey: {methods}");
        let asked = options(
            &app,
            &stranger,
            "/membership/v1/passkey/options",
            Some(json!({"step": "SECOND_STEP"})),
        )
        .await;
        let (status, body) = call(
            &app,
            &stranger,
            Method::POST,
            "/membership/v1/login/second-step",
            Some(json!({"ticket": first["data"]["ticket"], "passkey": passkey.assert(&asked, &HERE)})),
        )
        .await;
        assert_eq!(status, 401, "{body}");

        // Nor does it confirm it's the other member, nor may they remove it.
        let asked = options(&app, &other, "/mypage/v1/passkeys/check/options", None).await;
        let (status, body) = call(
            &app,
            &other,
            Method::POST,
            "/mypage/v1/passkeys/check",
            Some(json!({"credential": passkey.assert(&asked, &HERE)})),
        )
        .await;
        assert_eq!(status, 401, "{body}");
        check_password(&app, &other).await;
        let path = format!("/mypage/v1/passkeys/{passkey_id}");
        let (status, body) = call(&app, &other, Method::DELETE, &path, None).await;
        assert_eq!(status, 404, "{body}");

        // The owner, with two-step sign-in on, finishes a sign-in with it.
        crate::two_step::turn_on(&app, &owner).await;
        let returning = browser();
        let (_, first) = read(
            returning
                .post(app.url("/membership/v1/login"))
                .json(&credentials("owner@tidemark.test", TEST_PASSWORD))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert!(first["data"]["methods"].to_string().contains("PASSKEY"), "{first}");
        let asked = options(
            &app,
            &returning,
            "/membership/v1/passkey/options",
            Some(json!({"step": "SECOND_STEP"})),
        )
        .await;
        let (status, body) = call(
            &app,
            &returning,
            Method::POST,
            "/membership/v1/login/second-step",
            Some(json!({"ticket": first["data"]["ticket"], "passkey": passkey.assert(&asked, &HERE)})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(email_of(&app, &returning).await, "owner@tidemark.test");

        // Options made for signing in do not finish a check (each ceremony has its purpose).
        let asked = options(
            &app,
            &returning,
            "/membership/v1/passkey/options",
            Some(json!({"step": "SIGN_IN"})),
        )
        .await;
        let (status, body) = call(
            &app,
            &returning,
            Method::POST,
            "/mypage/v1/passkeys/check",
            Some(json!({"credential": passkey.assert(&asked, &HERE)})),
        )
        .await;
        assert_eq!(status, 401, "{body}");

        // The owner confirms it's them with it: removal (a second look) then goes through.
        let (status, body) = call(&app, &returning, Method::DELETE, &path, None).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("2013")), "{body}");
        let asked = options(&app, &returning, "/mypage/v1/passkeys/check/options", None).await;
        let (status, body) = call(
            &app,
            &returning,
            Method::POST,
            "/mypage/v1/passkeys/check",
            Some(json!({"credential": passkey.assert(&asked, &HERE)})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = call(&app, &returning, Method::DELETE, &path, None).await;
        assert_eq!(status, 200, "{body}");
        let (status, body, _) = sign_in_with(&app, &mut passkey, &HERE).await;
        assert_eq!(status, 401, "a removed passkey signs no one in: {body}");
    })
    .await;
}
