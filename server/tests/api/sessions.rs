//! SPEC §7 session calls: guest id, account status, sign-in, token check, profile, sign-out.

use crate::helpers::{
    browser, call, credentials, new_member, new_member_with_status, on_each_database, read,
    sign_in, TestApp,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};
use tidemark_server::entities::{login_attempts, refresh_token_families, refresh_tokens};

const PASSWORD: &str = crate::helpers::TEST_PASSWORD;

fn set_cookie<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {
    headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap())
        .find(|v| v.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie"))
}

#[tokio::test]
async fn guest_token_sets_a_day_long_guest_cookie() {
    on_each_database(|app: TestApp| async move {
        let response = app
            .client
            .post(app.url("/oauth/v1/guest/token"))
            .send()
            .await
            .unwrap();
        let headers = response.headers().clone();
        let (status, body) = read(response).await;
        assert_eq!(status, 200, "{}: {body}", app.database);
        let id = body["data"]["sessionId"].as_str().unwrap();
        // Signed by the server, in characters a cookie and a header carry unchanged.
        assert!(
            app.state
                .tokens
                .verify_guest_id(id, chrono::Utc::now().timestamp()),
            "{id}"
        );
        assert!(
            id.len() <= 64
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
            "{id}"
        );
        let cookie = set_cookie(&headers, "tma_id");
        assert!(cookie.starts_with(&format!("tma_id={id};")), "{cookie}");
        assert!(
            cookie.contains("Max-Age=86400")
                && cookie.contains("SameSite=Lax")
                && !cookie.contains("HttpOnly"),
            "{cookie}"
        );
    })
    .await;
}

#[tokio::test]
async fn account_status_answers_2002_for_unknown_and_withdrawn_accounts() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        new_member_with_status(&app, "gone@tidemark.test", "WITHDRAWN").await;
        let (status, body) = app
            .post(
                "/membership/v1/account/status",
                credentials(" Member@Tidemark.test ", "x"),
            )
            .await;
        assert_eq!((status, body["code"].as_str()), (200, Some("0")), "{body}");
        for email in ["nobody@tidemark.test", "gone@tidemark.test"] {
            let (status, body) = app
                .post("/membership/v1/account/status", credentials(email, "x"))
                .await;
            assert_eq!(
                (status, body["code"].as_str()),
                (404, Some("2002")),
                "{email}: {body}"
            );
        }
        let (status, body) = app
            .post(
                "/membership/v1/account/status",
                credentials("not-an-email", "x"),
            )
            .await;
        assert_eq!((status, body["code"].as_str()), (400, Some("104")));
    })
    .await;
}

#[tokio::test]
async fn sign_in_sets_session_cookies_and_the_profile_answers() {
    on_each_database(|app: TestApp| async move {
        let reader = new_member(&app, "member@tidemark.test").await;
        let response = app
            .client
            .post(app.url("/membership/v1/login"))
            .json(&credentials("member@tidemark.test", PASSWORD))
            .send()
            .await
            .unwrap();
        let headers = response.headers().clone();
        let (status, body) = read(response).await;
        assert_eq!(status, 200, "{}: {body}", app.database);
        assert_eq!(body["data"]["autoLogin"], "Y");
        let access = body["data"]["accessToken"].as_str().unwrap().to_string();
        assert!(body["data"]["refreshToken"].as_str().unwrap().len() >= 43);
        for name in ["tma", "tmr"] {
            let cookie = set_cookie(&headers, name);
            assert!(
                cookie.contains("HttpOnly")
                    && cookie.contains("SameSite=Lax")
                    && cookie.contains("Max-Age=2592000")
                    && cookie.contains("Path=/"),
                "{cookie}"
            );
            assert!(!cookie.contains("Secure"), "plain http in tests: {cookie}");
        }
        assert!(!set_cookie(&headers, "tml").contains("HttpOnly"));

        let (status, profile) = app.get("/oauth/v1/token/profile").await;
        assert_eq!(status, 200, "{profile}");
        assert_eq!(profile["data"]["memberId"], reader.id);
        assert_eq!(profile["data"]["userAuthName"], "USER");
        assert_eq!(profile["data"]["identityId"], format!("tm-{}", reader.id));

        // The APP web view sends the header instead of cookies.
        let (status, _) = read(
            browser()
                .get(app.url("/oauth/v1/token/profile"))
                .header("_tma_token", &access)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = read(
            browser()
                .get(app.url("/oauth/v1/token/profile"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((status, body["code"].as_str()), (401, Some("1003")));
    })
    .await;
}

/// The refresh token issued last.
async fn newest_refresh_token(app: &TestApp) -> refresh_tokens::Model {
    refresh_tokens::Entity::find()
        .order_by_desc(refresh_tokens::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn a_session_not_kept_has_browser_session_cookies_and_a_refresh_good_for_hours() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let mut body = credentials("member@tidemark.test", PASSWORD);
        body["autoLogin"] = json!("N");
        let response = app
            .client
            .post(app.url("/membership/v1/login"))
            .json(&body)
            .send()
            .await
            .unwrap();
        let headers = response.headers().clone();
        let (status, answer) = read(response).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["data"]["autoLogin"], "N");
        for name in ["tma", "tmr", "tml"] {
            let cookie = set_cookie(&headers, name);
            assert!(
                !cookie.contains("Max-Age") && !cookie.contains("Expires"),
                "{name} must end with the browser: {cookie}"
            );
        }
        assert!(set_cookie(&headers, "tml").starts_with("tml=N"));
        let family = refresh_token_families::Entity::find()
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert!(!family.auto_login);
        let lifetime =
            |token: refresh_tokens::Model| (token.expires_at - token.created_at).num_seconds();
        assert_eq!(lifetime(newest_refresh_token(&app).await), 12 * 3600);

        // A rotation keeps the family's choice: session cookies again, and another 12 hours.
        let refresh = answer["data"]["refreshToken"].as_str().unwrap().to_string();
        let response = browser()
            .post(app.url("/oauth/v1/token/check"))
            .header("_tmr_token", refresh)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        let headers = response.headers().clone();
        assert_eq!(response.status(), 200);
        assert!(!set_cookie(&headers, "tmr").contains("Max-Age"));
        let newest = newest_refresh_token(&app).await;
        assert_eq!(lifetime(newest), 12 * 3600);

        // Kept: the 30 days of SPEC §9 for the cookies and the refresh token.
        let (status, kept) = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", PASSWORD),
            )
            .await;
        assert_eq!(status, 200, "{kept}");
        let newest = newest_refresh_token(&app).await;
        assert_eq!(lifetime(newest), 30 * 24 * 3600);
    })
    .await;
}

#[tokio::test]
async fn wrong_password_and_unknown_email_answer_alike() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let wrong = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", "Wrong-pass-1"),
            )
            .await;
        let unknown = app
            .post(
                "/membership/v1/login",
                credentials("nobody@tidemark.test", "Wrong-pass-1"),
            )
            .await;
        assert_eq!(wrong.0, 401);
        assert_eq!(
            wrong, unknown,
            "the answers must not tell which e-mails exist"
        );
    })
    .await;
}

#[tokio::test]
async fn refresh_rotates_and_a_reused_token_revokes_the_family() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let (_, body) = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", PASSWORD),
            )
            .await;
        let first = body["data"]["refreshToken"].as_str().unwrap().to_string();

        // An APP client with only the refresh token: rotation gives a new pair.
        let check = |refresh: String| {
            let url = app.url("/oauth/v1/token/check");
            async move {
                read(
                    browser()
                        .post(url)
                        .header("_tmr_token", refresh)
                        .json(&json!({}))
                        .send()
                        .await
                        .unwrap(),
                )
                .await
            }
        };
        let (status, rotated) = check(first.clone()).await;
        assert_eq!(status, 200, "{rotated}");
        let second = rotated["data"]["refreshToken"]
            .as_str()
            .unwrap()
            .to_string();
        assert_ne!(second, first);
        assert!(rotated["data"]["accessToken"].as_str().is_some());

        // The first token again: a reuse. Its whole family is revoked, the newer token too.
        let (status, _) = check(first).await;
        assert_eq!(status, 401);
        let (status, _) = check(second).await;
        assert_eq!(status, 401, "the family is revoked");
        let family = refresh_token_families::Entity::find()
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(family.revoked_reason.as_deref(), Some("reuse"));
    })
    .await;
}

#[tokio::test]
async fn a_fresh_access_token_is_left_alone_by_token_check() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let member = app.signed_in("member@tidemark.test").await;
        let (status, body) = call(
            &app,
            &member,
            reqwest::Method::POST,
            "/oauth/v1/token/check",
            Some(json!({})),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["accessToken"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn sign_out_ends_the_session() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let (_, body) = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", PASSWORD),
            )
            .await;
        let access = body["data"]["accessToken"].as_str().unwrap().to_string();
        let response = app
            .client
            .post(app.url("/membership/v1/logout"))
            .send()
            .await
            .unwrap();
        assert!(set_cookie(response.headers(), "tma").contains("Max-Age=0"));
        assert_eq!(response.status(), 200);
        // Even a copy of the access token stops working at once.
        let (status, _) = read(
            browser()
                .get(app.url("/oauth/v1/token/profile"))
                .header("_tma_token", access)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn state_changing_calls_need_the_offset_header() {
    let app = TestApp::spawn(None, "sqlite").await;
    let plain = reqwest::Client::new();
    let (status, body) = read(
        plain
            .post(app.url("/oauth/v1/guest/token"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("_off_set"));
    let (status, _) = read(
        plain
            .post(app.url("/oauth/v1/guest/token"))
            .header("_off_set", "lunch")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = read(plain.get(app.url("/health")).send().await.unwrap()).await;
    assert_eq!(status, 200, "reads need no header");
}

#[tokio::test]
async fn malformed_and_hostile_input_is_a_clear_400() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        let raw = |body: &'static str| {
            let url = app.url("/membership/v1/login");
            async move {
                read(
                    browser()
                        .post(url)
                        .header("content-type", "application/json")
                        .body(body)
                        .send()
                        .await
                        .unwrap(),
                )
                .await
            }
        };
        for (body, says) in [
            ("{\"email\": ", "malformed JSON"),
            ("{\"email\": 42, \"password\": \"x\"}", "invalid field"),
            (
                "{\"email\": \"member@tidemark.test\", \"password\": \"x\", \"isAdmin\": true}",
                "unknown field",
            ),
            ("[]", "invalid field"),
        ] {
            let (status, answer) = raw(body).await;
            assert_eq!(
                (status, answer["code"].as_str()),
                (400, Some("104")),
                "{body}: {answer}"
            );
            assert!(
                answer["message"].as_str().unwrap().contains(says),
                "{body}: {answer}"
            );
        }
        let huge = "가".repeat(200_000);
        let (status, _) = app
            .post(
                "/membership/v1/login",
                json!({"email": huge, "password": "x"}),
            )
            .await;
        assert_eq!(status, 400);
        let (status, answer) = app
            .post(
                "/membership/v1/login",
                json!({"email": format!("{}@t.io", "a".repeat(300)), "password": "x"}),
            )
            .await;
        assert_eq!(status, 400, "{answer}");
        for hostile in [
            "' OR '1'='1",
            "member@tidemark.test'; DROP TABLE members; --",
            "\"><script>alert(1)</script>",
        ] {
            let (status, _) = app
                .post("/membership/v1/login", credentials(hostile, PASSWORD))
                .await;
            assert_eq!(status, 400, "{hostile}");
        }
        let (status, _) = app
            .post(
                "/membership/v1/login",
                credentials("member@tidemark.test", PASSWORD),
            )
            .await;
        assert_eq!(status, 200, "the account is still there and still works");
    })
    .await;
}

#[tokio::test]
async fn sign_in_attempts_are_rate_limited_per_account() {
    let app = TestApp::spawn(None, "sqlite").await;
    new_member(&app, "member@tidemark.test").await;
    let mut limited = None;
    for attempt in 0..15 {
        let response = app
            .client
            .post(app.url("/membership/v1/login"))
            .json(&credentials("member@tidemark.test", "Wrong-pass-1"))
            .send()
            .await
            .unwrap();
        if response.status() == 429 {
            limited = Some((attempt, response.headers().get("retry-after").cloned()));
            break;
        }
    }
    let (attempt, retry_after) = limited.expect("the limit triggers");
    assert!(
        attempt >= 10,
        "ten attempts are allowed at once, got {attempt}"
    );
    assert!(retry_after.is_some());
}

#[tokio::test]
async fn guessing_locks_out_unknown_devices_but_not_the_owners_browser() {
    on_each_database(|app: TestApp| async move {
        new_member(&app, "member@tidemark.test").await;
        // The owner signed in on this browser before: it carries the device cookie.
        let (status, owner) = sign_in(&app, "member@tidemark.test", PASSWORD).await;
        assert_eq!(status, 200);
        twelve_guesses_at_once_check_no_more_than_ten_passwords(&app).await;
        a_new_browser_waits_but_the_owners_browser_does_not(&app, &owner).await;
        // A device cookie of another account counts as an unknown device.
        new_member(&app, "other@tidemark.test").await;
        let (status, _) = read(
            owner
                .post(app.url("/membership/v1/login"))
                .json(&credentials("other@tidemark.test", PASSWORD))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "another account's allowance is untouched");
    })
    .await;
}

async fn twelve_guesses_at_once_check_no_more_than_ten_passwords(app: &TestApp) {
    // Twelve guesses at once from fresh browsers: the tries are taken before any hash,
    // one conditional UPDATE each, so no more than ten passwords are checked.
    let mut guesses = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let url = app.url("/membership/v1/login");
        guesses.spawn(async move {
            browser()
                .post(url)
                .json(&credentials("member@tidemark.test", "Wrong-pass-1"))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        });
    }
    let mut answers = guesses.join_all().await;
    answers.sort_unstable();
    assert_eq!(
        answers.iter().filter(|s| **s == 401).count(),
        10,
        "{}: {answers:?}",
        app.database
    );
    assert_eq!(
        answers.iter().filter(|s| **s == 429).count(),
        2,
        "{answers:?}"
    );
    let checked = login_attempts::Entity::find()
        .filter(login_attempts::Column::EmailKey.eq("member@tidemark.test"))
        .filter(login_attempts::Column::Success.eq(false))
        .all(&app.state.db)
        .await
        .unwrap()
        .len();
    assert_eq!(checked, 10, "passwords checked");
}

async fn a_new_browser_waits_but_the_owners_browser_does_not(
    app: &TestApp,
    owner: &reqwest::Client,
) {
    // A new browser, even with the right password, waits.
    let (status, body) = app
        .post(
            "/membership/v1/login",
            credentials("member@tidemark.test", PASSWORD),
        )
        .await;
    assert_eq!(status, 429, "{body}");
    // The owner's browser keeps its own allowance.
    let (status, body) = read(
        owner
            .post(app.url("/membership/v1/login"))
            .json(&credentials("member@tidemark.test", PASSWORD))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        status, 200,
        "{}: the owner is not locked out: {body}",
        app.database
    );
}

#[tokio::test]
async fn demo_accounts_sign_in_in_demo_mode() {
    on_each_database(|app: TestApp| async move {
        for (email, role) in [
            ("reader@tidemark.test", "USER"),
            ("master@tidemark.test", "BUSINESS_MASTER"),
            ("manager@tidemark.test", "BUSINESS"),
            ("admin@tidemark.test", "ADMIN"),
        ] {
            let (status, client) = sign_in(&app, email, PASSWORD).await;
            assert_eq!(status, 200, "{email} on {}", app.database);
            let (_, profile) = read(
                client
                    .get(app.url("/oauth/v1/token/profile"))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(profile["data"]["userAuthName"], role, "{email}");
        }
    })
    .await;
}
