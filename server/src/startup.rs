//! The start of a server: its state built from the settings (the database migrated and
//! connected, the keys, the limits, the mailer, the search index, the catalogue), the
//! listener bound, the jobs and the change log's follower started, and the serving until the
//! process is told to stop.

use crate::settings::{self, Mode, Settings};
use crate::state::{self, AppState};
use crate::web::app;
use crate::{
    answers, backup, catalog, certify, db, demo, event_sink, http, jobs, monitoring, outbox, push,
    search_index, seed, social, storage, sync, telemetry, tokens,
};
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
    let mailer = outbox::Mailer::new(settings.smtp_url.as_deref(), &settings.mail_from)?;
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
    let search = Arc::new(search_index::SearchIndex::open(&settings)?);
    let events = event_sink::EventSink::new(db.clone(), reach.clone());
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
