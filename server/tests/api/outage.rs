//! The database going away under a running server (PostgreSQL, reached through a TCP proxy
//! the test can cut: every open connection dropped, new ones closed at once, as when the
//! database's host is gone), and coming back.

use crate::helpers::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// A TCP proxy to `upstream` that can be cut and restored.
struct Proxy {
    address: std::net::SocketAddr,
    open: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<JoinHandle<()>>>>,
    _accepting: JoinHandle<()>,
}

impl Proxy {
    async fn start(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let open = Arc::new(AtomicBool::new(true));
        let links: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let (gate, kept) = (open.clone(), links.clone());
        let accepting = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !gate.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes at once
                }
                let upstream = upstream.clone();
                let link = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(&upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                kept.lock().unwrap().push(link);
            }
        });
        Proxy {
            address,
            open,
            links,
            _accepting: accepting,
        }
    }

    /// The database is gone: every link dropped, new ones refused.
    fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

/// A proxy in front of the database at `url`, and the URL that reaches it through the proxy.
async fn proxied(url: &str) -> (Arc<Proxy>, String) {
    let (host, name) = url.rsplit_once('/').unwrap();
    let upstream = host.rsplit_once('@').map_or(host, |(_, at)| at);
    let upstream = upstream.trim_start_matches("postgres://").to_string();
    let proxy = Proxy::start(upstream.clone()).await;
    let url = format!(
        "{}/{name}",
        host.replace(&upstream, &proxy.address.to_string())
    );
    (Arc::new(proxy), url)
}

/// A relay in front of the SMTP server on `port` that cuts `database` as a message's data
/// ends, before the server's answer: the sender learns the message went out while the
/// database cannot take its mark. The port it listens on.
async fn cutting_relay(port: u16, database: Arc<Proxy>) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let front = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(server) = TcpStream::connect(("127.0.0.1", port)).await else {
                continue;
            };
            let (mut client_in, mut client_out) = client.into_split();
            let (mut server_in, mut server_out) = server.into_split();
            tokio::spawn(async move {
                let _ = tokio::io::copy(&mut server_in, &mut client_out).await;
            });
            let database = database.clone();
            tokio::spawn(async move {
                let mut seen: Vec<u8> = Vec::new();
                let mut buffer = [0u8; 8192];
                while let Ok(read) = client_in.read(&mut buffer).await {
                    if read == 0 {
                        break;
                    }
                    seen.extend_from_slice(&buffer[..read]);
                    if seen.windows(5).any(|w| w == b"\r\n.\r\n") {
                        database.cut();
                        seen.clear();
                    }
                    let keep = seen.len().saturating_sub(4);
                    seen.drain(..keep);
                    if server_out.write_all(&buffer[..read]).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    front
}

/// Calls `probe` every 100 ms until it answers true; how long that took (`None` past
/// `limit`).
async fn until<F, Fut>(limit: Duration, mut probe: F) -> Option<Duration>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let started = Instant::now();
    while started.elapsed() < limit {
        if probe().await {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

#[tokio::test]
async fn ready_tells_the_truth_and_writes_answer_503_at_once_while_the_database_is_away() {
    let Some(database) = fresh_postgres().await else {
        return;
    };
    let (proxy, url) = proxied(&database.url).await;
    let app = TestApp::spawn(Some(url), "postgres").await;
    let master = app.signed_in("master@tidemark.test").await;
    let title = "outagekept 정전에도 보이는 글";
    let post = publish_post(&app, &master, 1, title, "<p>본문</p>", &[]).await;
    let found = |app: &TestApp| {
        let request = app
            .client
            .get(app.url("/api/v1/search?q=outagekept"))
            .header("_off_set", "540")
            .send();
        async move { read(request.await.unwrap()).await }
    };
    until(Duration::from_secs(10), || async {
        found(&app).await.1["data"]["total"].as_u64() == Some(1)
    })
    .await
    .expect("search finds the new post");
    // Readers have asked for the lists and the pages: the process holds their answers.
    let guest = reqwest::Client::new();
    let held = [
        "/api/v1/posts/popular".to_string(),
        "/api/v1/posts/latest".to_string(),
        "/".to_string(),
        format!("/post/{post}"),
        format!("/api/v1/posts/{post}"),
    ];
    for path in &held {
        let response = guest.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 200, "{path}");
    }
    let ready = |app: &TestApp| {
        let request = app.client.get(app.url("/ready")).send();
        async move { request.await.unwrap().status().as_u16() }
    };
    assert_eq!(ready(&app).await, 200);

    proxy.cut();
    let lost = until(Duration::from_secs(10), || async {
        ready(&app).await == 503
    })
    .await
    .expect("/ready answers 503 while the database is away");
    assert!(
        lost <= Duration::from_secs(3),
        "/ready said so after {lost:?}"
    );
    let (_, body) = read(app.client.get(app.url("/ready")).send().await.unwrap()).await;
    assert_eq!(body["data"]["database"], false);
    assert_eq!(body["message"], "the database cannot be reached");

    // A write is refused at once, in the product's words, with a time to try again.
    let started = Instant::now();
    let response = app
        .client
        .post(app.url("/membership/v1/login"))
        .json(&credentials("reader@tidemark.test", TEST_PASSWORD))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 503);
    assert_eq!(response.headers()["retry-after"], "5");
    let (_, body) = read(response).await;
    assert!(
        body["message"].as_str().unwrap().contains("try again"),
        "{body}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );

    // A read that needs the database fails within the pool's time-out, with the same words.
    let started = Instant::now();
    let response = master
        .get(app.url("/api/v1/mypage/posts"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 503);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );

    // What the process holds is served as usual: the lists, the home page, the post's page
    // and its JSON, and search from the local index (its hits checked against the
    // catalogue instead of the database).
    for path in &held {
        let response = guest.get(app.url(path)).send().await.unwrap();
        assert_eq!(
            response.status().as_u16(),
            200,
            "{path} while the database is away"
        );
    }
    let (status, body) = found(&app).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 1, "{body}");

    proxy.restore();
    let back = until(Duration::from_secs(10), || async {
        ready(&app).await == 200
    })
    .await
    .expect("/ready answers 200 once the database is back");
    assert!(
        back <= Duration::from_secs(5),
        "/ready said so after {back:?}"
    );
    let (status, _) = sign_in(&app, "reader@tidemark.test", TEST_PASSWORD).await;
    assert_eq!(status, 200, "writes work again");
    database.drop().await;
}

#[tokio::test]
async fn mail_waits_in_the_outbox_while_the_relay_is_away_and_goes_out_once_when_it_returns() {
    use sea_orm::EntityTrait;
    use serde_json::json;
    use tidemark_server::entities::mail_outbox::{self, MailStatus};
    let port = free_port();
    let app = TestApp::spawn_with(None, "sqlite", Some(format!("smtp://127.0.0.1:{port}"))).await;
    let email = "relay-away@tidemark.test";
    let (status, body) = app
        .post("/membership/v1/join/email/code", json!({"email": email}))
        .await;
    assert_eq!(status, 200, "{body}");

    // Nothing listens: the message is tried, kept, and given a time to try again.
    let row = || async {
        mail_outbox::Entity::find()
            .all(&app.state.db)
            .await
            .unwrap()
            .into_iter()
            .find(|row| row.to_address == email)
            .expect("the message is in the outbox")
    };
    // A try is counted when the message is claimed (SENDING); wait for its outcome.
    until(Duration::from_secs(10), || async {
        let row = row().await;
        row.attempts >= 1 && row.status != MailStatus::Sending
    })
    .await
    .expect("the sender tried");
    let waiting = row().await;
    assert_eq!(waiting.status, MailStatus::Pending, "{waiting:?}");
    assert!(waiting.last_error.is_some());
    assert!(waiting
        .next_attempt_at
        .is_some_and(|at| at > waiting.created_at));

    // The relay comes back: the message goes out at its next try, once.
    let smtp = SmtpServer::start_on(port);
    let mail = smtp.wait_for(email, "sign-up code").await;
    assert!(mail.contains("Message-ID: <outbox-"), "{mail}");
    until(Duration::from_secs(10), || async {
        row().await.status == MailStatus::Sent
    })
    .await
    .expect("the row says sent");
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(smtp.received(), 1, "sent once");
}

#[tokio::test]
async fn a_sent_mark_the_database_cannot_take_is_written_on_its_return_and_the_mail_goes_once() {
    use sea_orm::EntityTrait;
    use serde_json::json;
    use tidemark_server::entities::mail_outbox::{self, MailStatus};
    let Some(database) = fresh_postgres().await else {
        return;
    };
    let (proxy, url) = proxied(&database.url).await;
    let smtp = SmtpServer::start();
    let relay = cutting_relay(smtp.port, proxy.clone()).await;
    let app = TestApp::spawn_with(
        Some(url),
        "postgres",
        Some(format!("smtp://127.0.0.1:{relay}")),
    )
    .await;
    let email = "mark-away@tidemark.test";
    let (status, body) = app
        .post("/membership/v1/join/email/code", json!({"email": email}))
        .await;
    assert_eq!(status, 200, "{body}");

    // The relay took the message; the database was cut as it did.
    smtp.wait_for(email, "sign-up code").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    proxy.restore();
    let row = || async {
        mail_outbox::Entity::find()
            .all(&app.state.db)
            .await
            .ok()?
            .into_iter()
            .find(|row| row.to_address == email)
    };
    // Without a second try of the mark the row would stay SENDING until its two-minute
    // lease ran out, and the message would go out again.
    until(Duration::from_secs(10), || async {
        row()
            .await
            .is_some_and(|row| row.status == MailStatus::Sent)
    })
    .await
    .expect("the row says sent once the database is back");
    assert_eq!(smtp.received(), 1, "sent once");
    database.drop().await;
}
