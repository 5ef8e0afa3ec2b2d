//! Tidemark's server: the HTTP API where Korean businesses publish and readers follow,
//! bookmark and search them; its OpenAPI reference; the reader's pages when the UI is built
//! beside it; and the jobs behind them (mail, followers' notices, scheduled posts, the search
//! index). SQLite by default, PostgreSQL and S3-compatible storage to scale out.
//!
//! # Run it
//!
//! `cargo run -p tidemark-server` serves <http://127.0.0.1:8080> in demo mode, with demo
//! accounts and content, on a SQLite file under `./data`. Without a UI build (it needs
//! Node.js) the server runs the API alone: `/api-docs/` is the API's reference,
//! `/api-docs/openapi.json` its OpenAPI document, `/health` the health check, and `/` a short
//! page that says so. Every setting is an environment variable (`TIDEMARK_*`, listed with
//! its default in [`settings`]) or a line of a TOML file.
//!
//! # Start it in your own tests
//!
//! [`Application::build`] binds and prepares a server from [`Settings`]; port 0 takes any
//! free port, and [`Application::run_until_stopped`] serves until the process is told to stop.
//!
//! ```
//! use tidemark_server::{Application, Settings};
//!
//! #[tokio::main]
//! async fn main() -> Result<(), String> {
//!     let data = std::env::temp_dir().join(format!("tidemark-doc-{}", std::process::id()));
//!     let settings = Settings::from_lookup(|name| match name {
//!         "PORT" => Some("0".into()),
//!         "TIDEMARK_DATA_DIR" => Some(data.display().to_string()),
//!         "TIDEMARK_DEMO_CONTENT" => Some("off".into()), // demo accounts, no demo posts
//!         _ => None,
//!     })?;
//!     let app = Application::build(settings).await?;
//!     let address = app.local_addr().map_err(|e| e.to_string())?;
//!     tokio::spawn(app.run_until_stopped());
//!
//!     let health = reqwest::get(format!("http://{address}/health")).await.map_err(|e| e.to_string())?;
//!     assert_eq!(health.status(), 200);
//!     let page = reqwest::get(format!("http://{address}/")).await.map_err(|e| e.to_string())?;
//!     assert!(page.text().await.map_err(|e| e.to_string())?.contains("/api-docs/"));
//!     # std::fs::remove_dir_all(&data).ok();
//!     Ok(())
//! }
//! ```
//!
//! # Layers
//!
//! `http` (extractors, errors, the router's parts) → one module per domain (`routes` →
//! `service` → queries) → [`entities`]; each domain has its `router()`, merged by [`app`].

pub mod analytics;
pub mod answers;
mod api_docs;
pub mod auth;
pub mod backup;
pub mod business;
pub mod catalog;
pub mod certify;
pub mod cli;
pub mod content;
pub mod db;
pub mod demo;
pub mod engagement;
pub mod entities;
pub mod events;
mod feeds;
pub mod http;
pub mod index;
pub mod jobs;
pub mod kernel;
pub mod mail;
pub mod members;
pub mod monitoring;
pub mod notifications;
pub mod notify;
pub mod operator;
pub mod oplog;
pub mod pages;
pub mod prerender;
pub mod publication;
pub mod push;
pub mod search;
pub mod seed;
pub mod settings;
pub mod signin;
pub mod social;
pub mod state;
pub mod storage;
pub mod sync;
pub mod telemetry;
pub mod tokens;
pub mod uploads;
mod web;

pub use settings::{Mode, Settings};
pub use state::AppState;
pub use web::{app, openapi_document};

use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Everything a running server holds, built from the settings: the database (migrated), the
/// token keys, the rate limits, the mailer.
pub async fn build_state(settings: Settings) -> Result<AppState, String> {
    settings.check()?;
    certify::check_settings(&settings)?;
    social::check_settings(&settings)?;
    let db = db::connect(&settings).await?;
    let reach = Arc::new(db::reach(&settings).await?);
    let direct = db::direct_reads(&settings)?.map(Arc::new);
    let tokens = Arc::new(tokens::TokenKeys::load(&settings)?);
    let keys = tokens.clone();
    let shared_limits = http::limits::Shared {
        db: db.clone(),
        pseudonym: Arc::new(move |key: &str| keys.pseudonym("rate-limit", key)),
        reach: reach.clone(),
    };
    let mailer = mail::Mailer::new(settings.smtp_url.as_deref(), &settings.mail_from)?;
    let limits_on = settings.flag(&settings::RATE_LIMITS);
    if !limits_on {
        let name = settings::RATE_LIMITS.name;
        if settings.mode == Mode::Production {
            return Err(format!(
                "{name}=off is for benchmarks in demo mode, never in production"
            ));
        }
        tracing::warn!("rate limits are off ({name}=off): for load benchmarks only");
    }
    let vapid = push::Vapid::load(&settings)?;
    let services = settings
        .text(&settings::PUSH_SERVICES)
        .unwrap_or_default()
        .to_string();
    let pusher = Arc::new(push::sender::Pusher::new(vapid, services, tokens.clone())?);
    let storage = storage::open_storage(&settings)?;
    let node = Arc::new(state::Node::new(folder_name(&settings.data_dir)?));
    let search = Arc::new(index::SearchIndex::open(&settings)?);
    let events = events::EventSink::new(db.clone(), reach.clone());
    let cache_bytes = settings.megabytes(&settings::CACHE_MB);
    let catalog = Arc::new(catalog::Catalog::new(answers::Answers::new(cache_bytes)));
    let loaded = catalog
        .reload(&db)
        .await
        .map_err(|e| format!("loading the public posts: {e}"))?;
    tracing::info!(posts = loaded, "public posts loaded");
    Ok(AppState::new(state::Shared {
        catalog,
        storage,
        search,
        events,
        db,
        direct,
        settings: Arc::new(settings),
        tokens,
        limits: Arc::new(http::limits::RateLimits::new(
            limits_on,
            Some(shared_limits),
        )),
        mailer: Arc::new(mailer),
        pusher,
        node,
        reach,
    }))
}

/// The data folder's own name, written into it at its first use.
fn folder_name(data_dir: &std::path::Path) -> Result<String, String> {
    let path = data_dir.join("node-name");
    if let Ok(name) = std::fs::read_to_string(&path) {
        let name = name.trim();
        if !name.is_empty() && name.len() <= 40 {
            return Ok(name.to_string());
        }
    }
    let name = uuid::Uuid::new_v4().simple().to_string();
    std::fs::create_dir_all(data_dir)
        .and_then(|()| std::fs::write(&path, &name))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(name)
}

/// A bound, not yet running server (binding first lets tests ask for port 0).
pub struct Application {
    listener: TcpListener,
    /// `/metrics` on an address of its own (`TIDEMARK_METRICS_ADDR`).
    metrics_listener: Option<TcpListener>,
    /// This process serves the data folder: a restore waits for it to stop.
    _serving: backup::ServingLock,
    state: AppState,
    router: axum::Router,
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Self, String> {
        let address = settings.address();
        settings.check()?;
        tracing::info!(?settings, "starting");
        let serving = backup::ServingLock::take(&settings.data_dir).map_err(|e| {
            format!(
                "another server is using the data folder {} ({e})",
                settings.data_dir.display()
            )
        })?;
        let metrics = monitoring::Access::from_settings(&settings);
        if metrics.on() {
            telemetry::figures::install();
        }
        let state = build_state(settings).await?;
        demo::prepare(&state).await?;
        if state.settings.mode == Mode::Demo && state.settings.flag(&settings::DEMO_CONTENT) {
            seed::demo::fill(&state).await?;
        }
        sync::join_others(&state).await?;
        let following = state.clone();
        tokio::spawn(async move {
            if let Err(error) = sync::follow_changes(&following).await {
                tracing::error!(%error, "search index not brought up to date: /ready stays 503");
            }
        });
        let router = app(state.clone(), &metrics).map_err(|e| format!("UI: {e}"))?;
        let listener = TcpListener::bind(address)
            .await
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let metrics_listener = match metrics.address {
            Some(address) => Some(
                TcpListener::bind(address)
                    .await
                    .map_err(|e| format!("cannot listen for /metrics on {address}: {e}"))?,
            ),
            None => None,
        };
        Ok(Self {
            listener,
            metrics_listener,
            _serving: serving,
            state,
            router,
        })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The address `/metrics` is answered at alone, when it has one.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics_listener
            .as_ref()
            .and_then(|listener| listener.local_addr().ok())
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let addr = self.local_addr()?;
        if let Some(listener) = self.metrics_listener {
            let routes = monitoring::private_routes(self.state.clone());
            tracing::info!(address = ?listener.local_addr().ok(), "metrics at /metrics");
            tokio::spawn(async move {
                if let Err(error) = axum::serve(listener, routes).await {
                    tracing::error!(%error, "metrics listener stopped");
                }
            });
        }
        tokio::spawn(self.state.mailer.clone().run_sender(self.state.db.clone()));
        jobs::spawn_all(&self.state);
        tracing::info!("Tidemark is serving http://{addr}");
        let state = self.state.clone();
        let served = axum::serve(
            self.listener,
            self.router
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown_signal())
        .await;
        // What was accepted is written before the process ends.
        state.events.flush().await;
        if let Err(error) = sync::leave(&state.db, &state.node.folder).await {
            tracing::warn!(%error, "cluster: goodbye not written");
        }
        if let Err(error) = state.search.flush().await {
            tracing::warn!(%error, "search index: last changes not committed");
        }
        served
    }
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
