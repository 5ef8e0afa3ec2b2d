//! The guards on session calls: the offset header, malformed and hostile input, and password
//! guessing limited per account and per device.

use super::*;
use tidemark_server::entities::login_attempts;

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
        // Over the API's body limit: 413 with the limit (tests/api/body_limits.rs).
        let huge = "가".repeat(200_000);
        let (status, answer) = app
            .post(
                "/membership/v1/login",
                json!({"email": huge, "password": "x"}),
            )
            .await;
        assert_eq!(status, 413, "{answer}");
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
