//! `/metrics`: the figures the server records as it works ([`crate::telemetry::figures`]:
//! answers, periodic jobs) with those read at each scrape (kept answers, the search index, the
//! change log, the mail outbox, the database pool), in Prometheus' text format.
//!
//! Never public by default: on a listen address of its own (`TIDEMARK_METRICS_ADDR`, for a
//! private network), or on the site's own address behind a bearer token
//! (`TIDEMARK_METRICS_TOKEN`); with neither set there is no `/metrics` (docs/operations.md).

use crate::http::error::ApiError;
use crate::settings::{self, Settings};
use crate::state::AppState;
use crate::telemetry::figures;
use crate::{db, outbox, sync};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics::{counter, gauge};
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;

/// Where `/metrics` is answered, from the settings.
#[derive(Clone, Default)]
pub struct Access {
    /// A listen address of its own, with no token.
    pub address: Option<SocketAddr>,
    /// The SHA-256 of the token the site's own address asks for.
    token: Option<[u8; 32]>,
}

impl std::fmt::Debug for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Access")
            .field("address", &self.address)
            .field("token", &self.token.map(|_| "<set>"))
            .finish()
    }
}

impl Access {
    /// `/metrics` as [`settings::METRICS_ADDR`] and [`settings::METRICS_TOKEN`] say (their
    /// values checked with the others: an address and port, a token of 24 characters at least).
    pub fn from_settings(settings: &Settings) -> Access {
        let address = settings.socket_address(&settings::METRICS_ADDR);
        let token = settings
            .text(&settings::METRICS_TOKEN)
            .map(|token| Sha256::digest(token.as_bytes()).into());
        Access { address, token }
    }

    /// Whether anyone can read the figures (and so whether they are recorded at all).
    pub fn on(&self) -> bool {
        self.address.is_some() || self.token.is_some()
    }

    /// `/metrics` on the site's own address, behind the token; nothing without one.
    pub fn site_routes(&self, state: AppState) -> Router {
        let Some(token) = self.token else {
            return Router::new();
        };
        Router::new().route(
            "/metrics",
            get(
                move |State(state): State<AppState>, headers: HeaderMap| async move {
                    if !bearer_matches(&headers, &token) {
                        return ApiError::Unauthorized(
                            "the figures need the metrics token (Authorization: Bearer …)".into(),
                        )
                        .into_response();
                    }
                    scrape(&state).await
                },
            )
            .with_state(state),
        )
    }
}

/// The listener of its own: `/metrics` alone, no token.
pub fn private_routes(state: AppState) -> Router {
    Router::new().route(
        "/metrics",
        get(|State(state): State<AppState>| async move { scrape(&state).await }).with_state(state),
    )
}

/// Compares digests, so the time taken says nothing about the token.
fn bearer_matches(headers: &HeaderMap, token: &[u8; 32]) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .is_some_and(|given| Sha256::digest(given.trim().as_bytes()).as_slice() == token)
}

async fn scrape(state: &AppState) -> Response {
    read_figures(state).await;
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        figures::render(),
    )
        .into_response()
}

/// Figures read now rather than recorded as they happen.
async fn read_figures(state: &AppState) {
    let node = state.node.id.clone();

    let kept = state.catalog.answers.cache_counts();
    for (kind, counts) in [
        ("pages", kept.pages),
        ("documents", kept.documents),
        ("details", kept.details),
        ("cards", kept.cards),
    ] {
        counter!("tidemark_cache_lookups_total", "kind" => kind, "result" => "hit")
            .absolute(counts.hits());
        counter!("tidemark_cache_lookups_total", "kind" => kind, "result" => "miss")
            .absolute(counts.misses());
    }
    gauge!("tidemark_cache_entries").set(kept.entries as f64);
    gauge!("tidemark_cache_bytes").set(kept.bytes as f64);

    let search = state.search.clone();
    if let Ok(index) = tokio::task::spawn_blocking(move || search.figures()).await {
        gauge!("tidemark_search_documents", "kind" => "posts").set(index.posts as f64);
        gauge!("tidemark_search_documents", "kind" => "businesses").set(index.businesses as f64);
        gauge!("tidemark_search_index_bytes").set(index.bytes as f64);
        gauge!("tidemark_search_segments").set(index.segments as f64);
        gauge!("tidemark_search_uncommitted_changes").set(index.uncommitted as f64);
        gauge!("tidemark_search_commit_lag_seconds").set(index.commit_lag.as_secs_f64());
    }

    let reached = state.reach.up();
    gauge!("tidemark_database_reachable").set(if reached { 1.0 } else { 0.0 });
    gauge!("tidemark_analytics_events_held").set(state.events.stats().held as f64);

    let applied = state.node.applied.load(Ordering::SeqCst);
    gauge!("tidemark_change_log_applied_position", "node" => node.clone()).set(applied as f64);
    let pool = db::pool_use(&state.db);
    gauge!("tidemark_db_pool_connections", "state" => "open").set(f64::from(pool.open));
    gauge!("tidemark_db_pool_connections", "state" => "idle").set(pool.idle as f64);
    gauge!("tidemark_db_pool_connections", "state" => "in_use")
        .set(u64::from(pool.open).saturating_sub(pool.idle as u64) as f64);
    gauge!("tidemark_db_pool_max_connections").set(f64::from(pool.max));
    if !reached {
        // What only the database knows keeps its last value: asking would wait for the pool.
        return;
    }
    match sync::latest(&state.db).await {
        Ok(latest) => {
            gauge!("tidemark_change_log_position").set(latest as f64);
            gauge!("tidemark_change_log_lag_rows", "node" => node)
                .set(latest.saturating_sub(applied) as f64);
        }
        Err(error) => tracing::warn!(%error, "metrics: the change log's position not read"),
    }

    match outbox::backlog(&state.db).await {
        Ok(waiting) => gauge!("tidemark_mail_outbox_backlog").set(waiting as f64),
        Err(error) => tracing::warn!(%error, "metrics: the mail outbox not read"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&settings::Setting, &str)]) -> Settings {
        let mut settings = Settings::default();
        for (setting, value) in pairs {
            settings.set(setting, *value);
        }
        settings
    }

    #[test]
    fn metrics_are_off_unless_an_address_or_a_long_token_is_given() {
        assert!(!Access::from_settings(&settings(&[])).on());
        let private =
            Access::from_settings(&settings(&[(&settings::METRICS_ADDR, "127.0.0.1:9464")]));
        assert_eq!(private.address, Some("127.0.0.1:9464".parse().unwrap()));
        let bad = settings(&[(&settings::METRICS_ADDR, "9464")])
            .check()
            .unwrap_err();
        assert!(bad.contains("address and port"), "{bad}");
        let short = settings(&[(&settings::METRICS_TOKEN, "short")])
            .check()
            .unwrap_err();
        assert!(short.contains("at least 24"), "{short}");
        let token = "a-token-of-twenty-four-chars";
        let access = Access::from_settings(&settings(&[(&settings::METRICS_TOKEN, token)]));
        assert!(access.on());
        assert!(!format!("{access:?}").contains(token));
        let mut headers = HeaderMap::new();
        assert!(!bearer_matches(&headers, &access.token.unwrap()));
        headers.insert(
            header::AUTHORIZATION,
            format!("Bearer {token}").parse().unwrap(),
        );
        assert!(bearer_matches(&headers, &access.token.unwrap()));
        headers.insert(
            header::AUTHORIZATION,
            "Bearer a-token-of-twenty-four-charz".parse().unwrap(),
        );
        assert!(!bearer_matches(&headers, &access.token.unwrap()));
    }
}
