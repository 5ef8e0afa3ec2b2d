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
pub mod embeds;
pub mod engagement;
pub mod entities;
pub mod event_sink;
pub mod fanout;
mod feeds;
pub mod http;
pub mod jobs;
pub mod kernel;
pub mod link_fetch;
pub mod members;
pub mod monitoring;
pub mod notifications;
pub mod operator;
pub mod oplog;
pub mod outbox;
pub mod pages;
pub mod passkeys;
pub mod prerender;
pub mod publication;
pub mod push;
pub mod search;
pub mod search_index;
pub mod seed;
pub mod settings;
pub mod signin;
pub mod social;
mod startup;
pub mod state;
pub mod storage;
pub mod sync;
pub mod telemetry;
pub mod tokens;
pub mod two_step;
pub mod uploads;
mod web;

pub use settings::{Mode, Settings};
pub use startup::{build_state, Application};
pub use state::AppState;
pub use web::{app, openapi_document};
