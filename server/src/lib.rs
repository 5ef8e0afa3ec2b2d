//! Tidemark's server: routes → services → entities. For now it serves the built UI and
//! `/health`; the API domains come as their own modules, each with a `router()`.

mod settings;
pub mod telemetry;
mod web;

pub use settings::Settings;
pub use web::app;

use std::net::SocketAddr;
use tokio::net::TcpListener;

/// A bound, not yet running server (binding first lets tests ask for port 0).
pub struct Application {
    listener: TcpListener,
    router: axum::Router,
}

impl Application {
    pub async fn build(settings: Settings) -> std::io::Result<Self> {
        let router = app(&settings)?;
        let listener = TcpListener::bind(settings.address()).await?;
        Ok(Self { listener, router })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let addr = self.local_addr()?;
        tracing::info!("Tidemark is serving http://{addr}");
        axum::serve(self.listener, self.router)
            .with_graceful_shutdown(shutdown_signal())
            .await
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
