//! Spawning a server on a fresh database and talking to it like a browser would.

use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::Value;
use std::future::Future;
use tidemark_server::entities::members::{MemberRole, MemberStatus};
use tidemark_server::{Application, Settings};

pub struct TestApp {
    pub base: String,
    pub state: tidemark_server::AppState,
    /// A client with a cookie jar that sends SPEC's headers (`_off_set`, and the token
    /// headers empty), as the web client does.
    pub client: reqwest::Client,
    _data: tempfile::TempDir,
    pub database: &'static str,
}

pub fn browser() -> reqwest::Client {
    let mut headers = HeaderMap::new();
    headers.insert("_off_set", HeaderValue::from_static("540"));
    headers.insert("_tma_token", HeaderValue::from_static(""));
    headers.insert("_tmr_token", HeaderValue::from_static(""));
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .build()
        .unwrap()
}

impl TestApp {
    pub async fn spawn(database_url: Option<String>, database: &'static str) -> TestApp {
        Self::spawn_with(database_url, database, None).await
    }

    pub async fn spawn_with(
        database_url: Option<String>,
        database: &'static str,
        smtp_url: Option<String>,
    ) -> TestApp {
        Self::spawn_custom(database_url, database, move |settings| {
            settings.smtp_url = smtp_url
        })
        .await
    }

    /// A server whose settings the test adjusts (providers' addresses and keys go in
    /// `settings.raw` under their `TIDEMARK_*` names).
    pub async fn spawn_custom(
        database_url: Option<String>,
        database: &'static str,
        configure: impl FnOnce(&mut Settings),
    ) -> TestApp {
        Self::try_spawn_custom(database_url, database, configure)
            .await
            .expect("the server starts")
    }

    /// [`TestApp::spawn_custom`], answering why the server refused to start.
    pub async fn try_spawn_custom(
        database_url: Option<String>,
        database: &'static str,
        configure: impl FnOnce(&mut Settings),
    ) -> Result<TestApp, String> {
        let data = tempfile::tempdir().unwrap();
        let ui = data.path().join("ui");
        std::fs::create_dir_all(ui.join("assets")).unwrap();
        std::fs::write(ui.join("index.html"), "<!doctype html><div id=root></div>").unwrap();
        std::fs::write(ui.join("assets/app-1a2b.js"), "console.log('tidemark')").unwrap();
        let mut settings = Settings {
            port: 0,
            ui_dir: ui,
            data_dir: data.path().join("data"),
            database_url,
            ..Settings::default()
        };
        // The demo accounts are there; the demo content (hundreds of posts) is not.
        settings
            .raw
            .insert("TIDEMARK_DEMO_CONTENT".into(), "off".into());
        configure(&mut settings);
        let app = Application::build(settings).await?;
        let base = format!("http://{}", app.local_addr().unwrap());
        let state = app.state().clone();
        // Ready: the search index is built and the change log applied (what `/ready` says).
        let started = std::time::Instant::now();
        while !state
            .node
            .caught_up
            .load(std::sync::atomic::Ordering::SeqCst)
        {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(120),
                "the server never got ready"
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        tokio::spawn(app.run_until_stopped());
        Ok(TestApp {
            base,
            state,
            client: browser(),
            _data: data,
            database,
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let response = self
            .client
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .unwrap();
        read(response).await
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        read(self.client.get(self.url(path)).send().await.unwrap()).await
    }
}

pub async fn read(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// Runs a scenario on SQLite, then on a fresh PostgreSQL database when one is reachable.
pub async fn on_each_database<F, Fut>(scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()>,
{
    scenario(TestApp::spawn(None, "sqlite").await).await;
    if let Some(database) = fresh_postgres().await {
        scenario(TestApp::spawn(Some(database.url.clone()), "postgres").await).await;
        database.drop().await;
    }
}

/// [`on_each_database`] with every server's mail going to `smtp`.
pub async fn on_each_database_with_mail<F, Fut>(smtp: &SmtpServer, scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()>,
{
    scenario(TestApp::spawn_with(None, "sqlite", Some(smtp.url())).await).await;
    if let Some(database) = fresh_postgres().await {
        let url = Some(database.url.clone());
        scenario(TestApp::spawn_with(url, "postgres", Some(smtp.url())).await).await;
        database.drop().await;
    }
}

pub struct PgDatabase {
    admin: String,
    name: String,
    pub url: String,
}

/// A new, empty PostgreSQL database; `None` (outside CI) when no server answers.
pub async fn fresh_postgres() -> Option<PgDatabase> {
    use sea_orm::{ConnectionTrait, Database};
    let admin = std::env::var("TIDEMARK_TEST_PG_ADMIN")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let connection = match Database::connect(&admin).await {
        Ok(connection) => connection,
        Err(error) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("PostgreSQL is required in CI: {error}")
        }
        Err(error) => {
            eprintln!("PostgreSQL skipped: {error}");
            return None;
        }
    };
    let name = format!("tidemark_test_{}", uuid::Uuid::new_v4().simple());
    connection
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .unwrap();
    let url = format!("{}/{name}", admin.rsplit_once('/').unwrap().0);
    Some(PgDatabase { admin, name, url })
}

impl PgDatabase {
    pub async fn drop(self) {
        use sea_orm::{ConnectionTrait, Database};
        if let Ok(connection) = Database::connect(&self.admin).await {
            let _ = connection
                .execute_unprepared(&format!(
                    "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                    self.name
                ))
                .await;
        }
    }
}

/// A local S3-compatible server process (moto's server, from PyPI) with one empty bucket: it
/// speaks the S3 REST protocol the storage uses against AWS, MinIO or R2.
pub struct S3Server {
    pub port: u16,
    pub bucket: String,
    child: std::process::Child,
}

impl S3Server {
    pub async fn start(bucket: &str) -> S3Server {
        let port = free_port();
        let child = std::process::Command::new("python3")
            .args([
                "-m",
                "moto.server",
                "-H",
                "127.0.0.1",
                "-p",
                &port.to_string(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 -m moto.server (pip install 'moto[server]')");
        let server = S3Server {
            port,
            bucket: bucket.to_string(),
            child,
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "moto's S3 server did not start"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let created = reqwest::Client::new()
            .put(server.object_url(""))
            .send()
            .await
            .unwrap();
        assert!(
            created.status().is_success(),
            "bucket: {}",
            created.status()
        );
        server
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The address of an object (or, for "", of the bucket) in path style.
    pub fn object_url(&self, key: &str) -> String {
        format!("{}/{}/{key}", self.endpoint(), self.bucket)
    }
}

impl S3Server {
    /// The bucket goes away: the server process ends (its port refuses connections).
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.stop();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub use crate::mailbox::SmtpServer;

/// The first run of six digits in a text.
pub fn six_digits(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(6)
        .find(|w| w.iter().all(char::is_ascii_digit))
        .map(|w| w.iter().collect())
        .expect("a six-digit code")
}

/// The password of the members the tests make and of the demo accounts.
pub const TEST_PASSWORD: &str = "Demo-pass-2026";

/// The one member fixture: a reader with [`TEST_PASSWORD`], e-mail verified, made straight in
/// the database with `status` (`ACTIVE`, `LOCKED`, …).
pub async fn new_member_with_status(
    app: &TestApp,
    email: &str,
    status: &str,
) -> tidemark_server::entities::members::Model {
    use sea_orm::{ActiveModelTrait, Set};
    let hash = tidemark_server::auth::password::hash(TEST_PASSWORD.into())
        .await
        .unwrap();
    let now = chrono::Utc::now();
    tidemark_server::entities::members::ActiveModel {
        email: Set(Some(email.into())),
        email_verified_at: Set(Some(now)),
        password_hash: Set(Some(hash)),
        nickname: Set(Some("독자".into())),
        role: Set(MemberRole::User),
        status: Set(MemberStatus::parse(status).expect("a member status")),
        signup_channel: Set("email".into()),
        marketing_opt_in: Set(false),
        terms_agreed_at: Set(Some(now)),
        failed_login_count: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.state.db)
    .await
    .unwrap()
}

/// The id of the member with address `email`.
pub async fn member_id_of(app: &TestApp, email: &str) -> i64 {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use tidemark_server::entities::members;
    members::Entity::find()
        .filter(members::Column::Email.eq(email))
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("no member {email}"))
        .id
}

/// An active reader (see [`new_member_with_status`]).
pub async fn new_member(app: &TestApp, email: &str) -> tidemark_server::entities::members::Model {
    new_member_with_status(app, email, "ACTIVE").await
}

/// SPEC §3's sign-in body: the credentials and the device the core describes.
pub fn credentials(email: &str, password: &str) -> Value {
    serde_json::json!({
        "email": email, "password": password, "autoLogin": "Y",
        "deviceType": "PC", "deviceOs": "WINDOWS", "browser": "Chrome", "browserVer": "120.0",
        "browserAgent": "Mozilla/5.0", "osVersion": "10", "deviceId": "d-1", "pushToken": ""
    })
}

/// The one sign-in helper: a new browser-like client posts `credentials` to the login call;
/// answers the status and the client (signed in when the status is 200).
pub async fn sign_in(app: &TestApp, email: &str, password: &str) -> (u16, reqwest::Client) {
    let client = browser();
    let response = client
        .post(app.url("/membership/v1/login"))
        .json(&credentials(email, password))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), client)
}

impl TestApp {
    /// A browser-like client signed in as `email` (a demo account or one made with
    /// [`new_member`]) with [`TEST_PASSWORD`]. The demo operator has two-step sign-in on: its
    /// second step is the code an app with the published demo secret shows.
    pub async fn signed_in(&self, email: &str) -> reqwest::Client {
        let client = browser();
        let response = client
            .post(self.url("/membership/v1/login"))
            .json(&credentials(email, TEST_PASSWORD))
            .send()
            .await
            .unwrap();
        let (status, body) = read(response).await;
        if status == 401 && body["code"] == "2010" && email == "admin@tidemark.test" {
            self.second_step_as_demo_operator(&client, body["data"]["ticket"].as_str().unwrap())
                .await;
            return client;
        }
        assert_eq!(
            status, 200,
            "sign-in of {email} on {}: {body}",
            self.database
        );
        client
    }

    /// Finishes a sign-in of the demo operator with the code its app shows now. A code is
    /// good once, and a test signs the operator in more than once within the 30 seconds of
    /// one code: this is not a test of that, so the operator's last taken step is set back
    /// first (tests/api/two_step.rs tests that a code is good once).
    pub async fn second_step_as_demo_operator(&self, client: &reqwest::Client, ticket: &str) {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        use tidemark_server::entities::totp_secrets;
        let operator = member_id_of(self, "admin@tidemark.test").await;
        totp_secrets::Entity::update_many()
            .col_expr(
                totp_secrets::Column::LastStep,
                sea_orm::prelude::Expr::value(0i64),
            )
            .filter(totp_secrets::Column::MemberId.eq(operator))
            .exec(&self.state.db)
            .await
            .unwrap();
        let now = chrono::Utc::now().timestamp() as u64;
        let code = tidemark_server::two_step::code_for_text(
            tidemark_server::demo::DEMO_OPERATOR_SECRET,
            now,
        )
        .unwrap();
        let response = client
            .post(self.url("/membership/v1/login/second-step"))
            .json(&serde_json::json!({"ticket": ticket, "code": code}))
            .send()
            .await
            .unwrap();
        let (status, body) = read(response).await;
        assert_eq!(
            status, 200,
            "the demo operator's second step on {}: {body}",
            self.database
        );
    }
}

/// A JSON call with any method from `client`, answering (status, body).
pub async fn call(
    app: &TestApp,
    client: &reqwest::Client,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = client.request(method, app.url(path));
    if let Some(body) = body {
        request = request.json(&body);
    }
    read(request.send().await.unwrap()).await
}

/// The id of the business `client`'s member manages.
/// Checks the password on `client`'s session, so the calls that cannot be undone open for
/// the next five minutes (docs/security.md, "A second look").
pub async fn check_password(app: &TestApp, client: &reqwest::Client) {
    let (status, body) = call(
        app,
        client,
        reqwest::Method::POST,
        "/mypage/v1/password/check",
        Some(serde_json::json!({"password": TEST_PASSWORD})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

pub async fn my_business(app: &TestApp, client: &reqwest::Client) -> i64 {
    let (status, body) = call(
        app,
        client,
        reqwest::Method::GET,
        "/api/v1/mypage/business",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["business"]["id"]
        .as_i64()
        .expect("the member manages a business")
}

/// Publishes a post now through the API as `client` (a business's person); answers its id.
pub async fn publish_post(
    app: &TestApp,
    client: &reqwest::Client,
    category: i64,
    title: &str,
    body_html: &str,
    tags: &[&str],
) -> i64 {
    let (status, body) = call(
        app,
        client,
        reqwest::Method::POST,
        "/api/v1/posts",
        Some(serde_json::json!({
            "categoryId": category, "title": title, "summary": format!("{title} 요약"),
            "bodyHtml": body_html, "tags": tags, "action": "publish"
        })),
    )
    .await;
    assert_eq!(
        status, 200,
        "publishing {title} on {}: {body}",
        app.database
    );
    body["data"]["postSeq"].as_i64().unwrap()
}

/// A guest id issued by the server (`POST /oauth/v1/guest/token`), as a browser gets one.
pub async fn new_guest_id(app: &TestApp) -> String {
    let (status, body) = read(
        reqwest::Client::new()
            .post(app.url("/oauth/v1/guest/token"))
            .header("_off_set", "540")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "a guest id on {}: {body}", app.database);
    body["data"]["sessionId"].as_str().unwrap().to_string()
}

/// The token of the newest invitation mail to `to` (the outbox keeps every mail the server
/// sent).
pub async fn invitation_token(app: &TestApp, to: &str) -> String {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    use tidemark_server::entities::mail_outbox;
    let mail = mail_outbox::Entity::find()
        .filter(mail_outbox::Column::ToAddress.eq(to))
        .filter(mail_outbox::Column::Kind.eq("invitation"))
        .order_by_desc(mail_outbox::Column::Id)
        .one(&app.state.db)
        .await
        .unwrap()
        .expect("an invitation mail");
    let link = mail
        .body_text
        .split("/manager/invite?token=")
        .nth(1)
        .expect("a link");
    link.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// `client`'s member follows `business` (from its profile page).
pub async fn follow(app: &TestApp, client: &reqwest::Client, business: i64) {
    let (status, answer) = call(
        app,
        client,
        reqwest::Method::PUT,
        &format!("/api/v1/follows/{business}"),
        Some(serde_json::json!({"source": "Follow_CorpProfile"})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
}

/// Runs the fan-out until no announcement is open (the server's own job may get there first).
pub async fn fanned_out(app: &TestApp) {
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    use tidemark_server::entities::post_announcements;
    for _ in 0..100 {
        tidemark_server::fanout::fan_out(
            &app.state.db,
            &app.state.notice_links(),
            &app.state.mailer,
        )
        .await
        .unwrap();
        let open = post_announcements::Entity::find()
            .filter(post_announcements::Column::FinishedAt.is_null())
            .count(&app.state.db)
            .await
            .unwrap();
        if open == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the fan-out never finished on {}", app.database);
}
