//! Followers hear by web push (docs/notifications.md, "By web push"), through a local push
//! service that speaks the Web Push protocol (RFC 8030) and holds the browser's side of the
//! keys: it checks each request's VAPID token (RFC 8292) against the site's public key and
//! decrypts the payload (RFC 8291, aes128gcm) as a browser does. A browser's own push service
//! cannot be reached from here; this one stands in for it at the network's edge.

use crate::helpers::{
    call, fanned_out, follow, member_id_of, my_business, on_each_database, publish_post, TestApp,
};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Duration, TimeZone, Utc};
use p256::ecdsa::signature::Verifier;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use tidemark_server::entities::{member_consents, push_deliveries, push_subscriptions};
use tidemark_server::push;

const READER: &str = "reader@tidemark.test";

/// One push as the service received it.
struct Received {
    browser: String,
    headers: HeaderMap,
    body: Bytes,
}

/// A push service on this machine: `POST /push/{browser}` takes a push (201); the browser
/// named `gone` has unsubscribed (410).
struct PushService {
    origin: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl PushService {
    async fn start() -> PushService {
        let received: Arc<Mutex<Vec<Received>>> = Arc::default();
        let app = axum::Router::new()
            .route(
                "/push/{browser}",
                axum::routing::post(
                    |State(received): State<Arc<Mutex<Vec<Received>>>>,
                     Path(browser): Path<String>,
                     headers: HeaderMap,
                     body: Bytes| async move {
                        if browser == "gone" {
                            return StatusCode::GONE;
                        }
                        received.lock().unwrap().push(Received {
                            browser,
                            headers,
                            body,
                        });
                        StatusCode::CREATED
                    },
                ),
            )
            .with_state(received.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        PushService { origin, received }
    }

    fn taken(&self) -> Vec<Received> {
        std::mem::take(&mut *self.received.lock().unwrap())
    }
}

/// A browser's side of a subscription: its key pair and secret.
struct Browser {
    endpoint: String,
    secret: p256::SecretKey,
    auth: [u8; 16],
}

impl Browser {
    fn new(service: &PushService, name: &str, seed: u8) -> Browser {
        let mut bytes = [seed; 32];
        bytes[0] = 1;
        Browser {
            endpoint: format!("{}/push/{name}", service.origin),
            secret: p256::SecretKey::from_slice(&bytes).unwrap(),
            auth: [seed; 16],
        }
    }

    /// `PushSubscription.toJSON()`.
    fn subscription(&self) -> Value {
        let public = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            }
        })
    }

    /// The payload of a push, as the browser decrypts it.
    fn open(&self, push: &Received) -> Value {
        let auth = web_push_native::Auth::from(self.auth);
        let plain = web_push_native::decrypt(push.body.to_vec(), &self.secret, &auth)
            .expect("the payload decrypts with the browser's keys");
        serde_json::from_slice(&plain).unwrap()
    }
}

/// Checks a push's headers as a push service does: RFC 8291's encoding, a TTL, and a VAPID
/// token for the service's origin signed with the key `public_key` names.
fn check_vapid(push: &Received, origin: &str, public_key: &str) {
    let header = |name: &str| {
        push.headers
            .get(name)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(header("content-encoding"), "aes128gcm");
    assert_eq!(header("ttl"), "86400");
    let authorization = header("authorization");
    let (token, key) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .expect("a VAPID authorization");
    assert_eq!(
        key, public_key,
        "signed with the key browsers subscribed with"
    );
    let point = URL_SAFE_NO_PAD.decode(key).unwrap();
    let verifying = p256::ecdsa::VerifyingKey::from_sec1_bytes(&point).unwrap();
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let signature =
        p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
    verifying
        .verify(signed.as_bytes(), &signature)
        .expect("the token's signature holds");
    let claims: Value = serde_json::from_slice(
        &URL_SAFE_NO_PAD
            .decode(signed.split('.').nth(1).unwrap())
            .unwrap(),
    )
    .unwrap();
    assert_eq!(claims["aud"], origin);
    assert!(claims["exp"].as_i64().unwrap() > Utc::now().timestamp());
}

/// The next 12:00 KST after now: a time of day outside the night.
fn next_noon_kst() -> DateTime<Utc> {
    let kst = chrono::FixedOffset::east_opt(9 * 3600).unwrap();
    let tomorrow = Utc::now().with_timezone(&kst).date_naive() + Duration::days(1);
    kst.from_local_datetime(&tomorrow.and_hms_opt(12, 0, 0).unwrap())
        .unwrap()
        .with_timezone(&Utc)
}

async fn status_of(app: &TestApp, post: i64) -> Vec<String> {
    push_deliveries::Entity::find()
        .filter(push_deliveries::Column::PostId.eq(post))
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.status)
        .collect()
}

async fn spawn(
    service: &PushService,
    database_url: Option<String>,
    database: &'static str,
) -> TestApp {
    let origin = service.origin.clone();
    TestApp::spawn_custom(database_url, database, move |settings| {
        settings.raw.insert("TIDEMARK_PUSH_SERVICES".into(), origin);
        // The test sends the pushes itself, at the times it names.
        settings
            .raw
            .insert("TIDEMARK_JOBS_OFF".into(), "push_delivery".into());
    })
    .await
}

#[tokio::test]
async fn a_follower_s_browser_gets_each_new_post_encrypted_for_it_once_and_only_while_public() {
    let service = PushService::start().await;
    on_each_database_with(&service, |app| following_by_push(&service, app)).await;
}

/// [`on_each_database`] with the servers sending to `service`.
async fn on_each_database_with<F, Fut>(service: &PushService, scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    scenario(spawn(service, None, "sqlite").await).await;
    if let Some(database) = crate::helpers::fresh_postgres().await {
        scenario(spawn(service, Some(database.url.clone()), "postgres").await).await;
        database.drop().await;
    }
}

async fn following_by_push(service: &PushService, app: TestApp) {
    let database = app.database;
    let master = app.signed_in("master@tidemark.test").await;
    let business = my_business(&app, &master).await;
    let reader = app.signed_in(READER).await;
    follow(&app, &reader, business).await;

    // The settings name the key to subscribe with; nothing is on yet.
    let (status, settings) = call(&app, &reader, Method::GET, "/api/v1/me/push", None).await;
    assert_eq!(status, 200, "{settings}");
    let public_key = settings["data"]["publicKey"].as_str().unwrap().to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&public_key).unwrap().len(), 65);
    assert_eq!(settings["data"]["browsers"], json!([]));
    assert_eq!(settings["data"]["night"], Value::Null);

    // Only a push service's address is taken, with the browser's real keys.
    let browser = Browser::new(service, &format!("reader-{database}"), 7);
    for (bad, word) in [
        (
            json!({"endpoint": "https://attacker.example/x", "keys": browser.subscription()["keys"]}),
            "endpoint",
        ),
        (
            json!({"endpoint": browser.endpoint, "keys": {"p256dh": "AAAA", "auth": browser.subscription()["keys"]["auth"]}}),
            "p256dh",
        ),
        (
            json!({"endpoint": browser.endpoint, "keys": {"p256dh": browser.subscription()["keys"]["p256dh"], "auth": "AAAA"}}),
            "auth",
        ),
    ] {
        let (status, answer) = call(
            &app,
            &reader,
            Method::POST,
            "/api/v1/me/push/subscriptions",
            Some(bad),
        )
        .await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["message"].as_str().unwrap().contains(word),
            "{answer}"
        );
    }
    let (status, answer) = call(
        &app,
        &reader,
        Method::POST,
        "/api/v1/me/push/subscriptions",
        Some(browser.subscription()),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["browsers"][0]["endpoint"], browser.endpoint);

    // The night-time consent is recorded with its date, each answer kept.
    for granted in [true, false, true] {
        let (status, answer) = call(
            &app,
            &reader,
            Method::PUT,
            "/api/v1/me/push/night",
            Some(json!({ "granted": granted })),
        )
        .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["data"]["night"]["granted"], granted);
        assert!(answer["data"]["night"]["at"].as_str().is_some());
    }
    let reader_id = member_id_of(&app, READER).await;
    let answers = member_consents::Entity::find()
        .filter(member_consents::Column::MemberId.eq(reader_id))
        .count(&app.state.db)
        .await
        .unwrap();
    assert_eq!(answers, 3, "every answer is kept with its date");

    // Another member cannot turn the reader's browser off.
    let other = app.signed_in("master@tidemark.test").await;
    let (status, _) = call(
        &app,
        &other,
        Method::POST,
        "/api/v1/me/push/unsubscribe",
        Some(json!({"endpoint": browser.endpoint})),
    )
    .await;
    assert_eq!(status, 200);
    let kept = push_subscriptions::Entity::find()
        .filter(push_subscriptions::Column::MemberId.eq(reader_id))
        .count(&app.state.db)
        .await
        .unwrap();
    assert_eq!(kept, 1, "another member's call leaves the browser on");

    // A post published: one push, encrypted for the browser, signed by the site.
    let title = format!("푸시로 알릴 글 {database}");
    let post = publish_post(&app, &master, 1, &title, "<p>본문</p>", &[]).await;
    fanned_out(&app).await;
    // Queued with the notice (by this call or the process's own fan-out job): one, waiting.
    assert_eq!(status_of(&app, post).await, ["PENDING"]);
    let noon = next_noon_kst();
    let round = push::sender::deliver_due(&app.state.db, &app.state.pusher, noon)
        .await
        .unwrap();
    assert_eq!(round.sent, 1, "{round:?}");
    let pushes = service.taken();
    assert_eq!(pushes.len(), 1);
    assert_eq!(
        pushes[0].browser,
        format!("reader-{database}"),
        "to the reader's browser"
    );
    check_vapid(&pushes[0], &service.origin, &public_key);
    let payload = browser.open(&pushes[0]);
    assert_eq!(payload["body"], title);
    // The post's link goes through the site, which counts the first opening.
    let link = payload["url"].as_str().unwrap().to_string();
    assert!(link.starts_with("/push/v1/open?t="), "{link}");
    for _ in 0..2 {
        let answer = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
            .get(app.url(&link))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 303);
        assert_eq!(
            answer.headers()["location"],
            format!("/post/{post}").as_str()
        );
    }
    assert_eq!(payload["tag"], format!("post-{post}"));
    assert!(!payload["title"].as_str().unwrap().is_empty());
    assert_eq!(
        pushes[0].headers.get("topic").unwrap(),
        &format!("post-{post}")
    );
    // Never twice: another round and another fan-out send nothing.
    push::sender::deliver_due(&app.state.db, &app.state.pusher, noon)
        .await
        .unwrap();
    fanned_out(&app).await;
    assert!(service.taken().is_empty(), "sent once");
    assert_eq!(status_of(&app, post).await, ["SENT"]);
    // The business's console: one follower reached by push, one who opened it from there.
    let (status, page) = call(
        &app,
        &master,
        Method::GET,
        &format!("/api/v1/businesses/{business}/analytics/contents?period=7&size=50"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    let row = page["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["postSeq"] == post)
        .unwrap()
        .clone();
    assert_eq!(row["notices"]["pushed"], 1, "{row}");
    assert_eq!(row["notices"]["openedFromPush"], 1, "{row}");

    // A post hidden before its push went: withdrawn, nothing sent.
    let hidden = publish_post(&app, &master, 1, "숨겨질 글", "<p>본문</p>", &[]).await;
    fanned_out(&app).await;
    let (status, _) = call(
        &app,
        &master,
        Method::POST,
        &format!("/api/v1/posts/{hidden}/hide"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    push::sender::deliver_due(&app.state.db, &app.state.pusher, noon)
        .await
        .unwrap();
    assert!(service.taken().is_empty());
    assert_eq!(status_of(&app, hidden).await, ["WITHDRAWN"]);

    // Without night consent, a push due at 22:00 KST waits for 08:00 KST.
    call(
        &app,
        &reader,
        Method::PUT,
        "/api/v1/me/push/night",
        Some(json!({"granted": false})),
    )
    .await;
    let late = publish_post(&app, &master, 1, "밤에 올린 글", "<p>본문</p>", &[]).await;
    fanned_out(&app).await;
    let night = noon + Duration::hours(10);
    let round = push::sender::deliver_due(&app.state.db, &app.state.pusher, night)
        .await
        .unwrap();
    assert_eq!(round.held, 1, "{round:?}");
    assert!(service.taken().is_empty(), "nothing at night");
    let row = push_deliveries::Entity::find()
        .filter(push_deliveries::Column::PostId.eq(late))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, "PENDING");
    assert_eq!(
        row.due_at,
        noon + Duration::hours(20),
        "08:00 KST the next morning"
    );
    let round = push::sender::deliver_due(&app.state.db, &app.state.pusher, row.due_at)
        .await
        .unwrap();
    assert_eq!(round.sent, 1, "{round:?}");
    let told = browser.open(&service.taken()[0]);
    assert_eq!(told["tag"], format!("post-{late}"));

    // A browser that unsubscribed at its push service (410) is forgotten.
    let gone = Browser::new(service, "gone", 9);
    call(
        &app,
        &reader,
        Method::POST,
        "/api/v1/me/push/subscriptions",
        Some(gone.subscription()),
    )
    .await;
    publish_post(&app, &master, 1, "떠난 브라우저", "<p>본문</p>", &[]).await;
    fanned_out(&app).await;
    let round =
        push::sender::deliver_due(&app.state.db, &app.state.pusher, noon + Duration::hours(30))
            .await
            .unwrap();
    assert_eq!(round.gone, 1, "{round:?}");
    let endpoints: Vec<String> = push_subscriptions::Entity::find()
        .filter(push_subscriptions::Column::MemberId.eq(reader_id))
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.endpoint)
        .collect();
    assert_eq!(endpoints, std::slice::from_ref(&browser.endpoint));
    service.taken();

    // Turned off: no more pushes.
    let (status, answer) = call(
        &app,
        &reader,
        Method::POST,
        "/api/v1/me/push/unsubscribe",
        Some(json!({"endpoint": browser.endpoint})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["data"]["browsers"], json!([]));
}

#[tokio::test]
async fn a_member_s_pushes_of_a_korean_day_are_counted_in_one_statement_and_stop_at_the_limit() {
    on_each_database(|app| async move {
        let reader = member_id_of(&app, READER).await;
        let now = Utc::now();
        let mut taken = 0;
        for _ in 0..push::DAILY_PUSHES + 5 {
            if push::take_quota(&app.state.db, reader, now).await.unwrap() {
                taken += 1;
            }
        }
        assert_eq!(taken, push::DAILY_PUSHES, "on {}", app.database);
        // The next Korean day starts afresh.
        assert!(
            push::take_quota(&app.state.db, reader, now + Duration::days(1))
                .await
                .unwrap()
        );
    })
    .await;
}

#[tokio::test]
async fn two_hundred_browsers_subscribing_at_once_store_twenty_and_the_next_is_refused_in_words() {
    let service = PushService::start().await;
    on_each_database_with(&service, |app| at_the_limit(&service, app)).await;
}

async fn at_the_limit(service: &PushService, app: TestApp) {
    let reader = member_id_of(&app, READER).await;
    let now = Utc::now();
    let mut requests = tokio::task::JoinSet::new();
    for i in 0..200 {
        let db = app.state.db.clone();
        let endpoint = format!("{}/push/crowd-{i}", service.origin);
        requests.spawn(async move {
            push::add_subscription(&db, reader, &endpoint, "key", "secret", now).await
        });
    }
    let mut stored = 0;
    while let Some(added) = requests.join_next().await {
        if added.unwrap().unwrap() == push::Added::Stored {
            stored += 1;
        }
    }
    let browsers = push::subscriptions_of(&app.state.db, reader).await.unwrap();
    assert_eq!(stored, push::MAX_SUBSCRIPTIONS, "on {}", app.database);
    assert_eq!(
        browsers.len() as u64,
        push::MAX_SUBSCRIPTIONS,
        "on {}",
        app.database
    );
    let mut slots: Vec<i32> = browsers.iter().map(|browser| browser.slot).collect();
    slots.sort_unstable();
    assert_eq!(
        slots,
        (0..push::MAX_SUBSCRIPTIONS as i32).collect::<Vec<_>>()
    );

    // A browser already on renews its keys at the limit; a new one is refused in words.
    let known = browsers[0].endpoint.clone();
    assert_eq!(
        push::add_subscription(&app.state.db, reader, &known, "new-key", "secret", now)
            .await
            .unwrap(),
        push::Added::Stored
    );
    let client = app.signed_in(READER).await;
    let (status, answer) = call(
        &app,
        &client,
        Method::POST,
        "/api/v1/me/push/subscriptions",
        Some(Browser::new(service, "one-more", 7).subscription()),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("20 browsers already"),
        "{answer}"
    );

    // Turning one off frees its place for the next browser.
    let (status, _) = call(
        &app,
        &client,
        Method::POST,
        "/api/v1/me/push/unsubscribe",
        Some(json!({ "endpoint": known })),
    )
    .await;
    assert_eq!(status, 200);
    let (status, answer) = call(
        &app,
        &client,
        Method::POST,
        "/api/v1/me/push/subscriptions",
        Some(Browser::new(service, "one-more", 7).subscription()),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        push::subscriptions_of(&app.state.db, reader)
            .await
            .unwrap()
            .len() as u64,
        push::MAX_SUBSCRIPTIONS
    );
}
