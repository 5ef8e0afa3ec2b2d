//! The figures operators watch, recorded with the `metrics` crate and rendered in Prometheus'
//! text format by `metrics-exporter-prometheus` (`/metrics`, docs/operations.md). Nothing is
//! recorded until [`install`] runs (the server does when `/metrics` is on), so a server that
//! does not export them pays nothing for them.

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
/// Each answer is logged (route, status, latency) when the log is JSON.
static LOG_ANSWERS: AtomicBool = AtomicBool::new(false);

/// Latency buckets in seconds: from a kept page (a tenth of a millisecond) to a slow search.
const SECONDS: [f64; 15] = [
    0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Installs the process's recorder (once; later calls return the same handle).
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &SECONDS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("metrics: another recorder was installed first; /metrics stays empty");
        }
        handle
    })
}

/// Everything recorded so far, in Prometheus' text format.
pub fn render() -> String {
    let handle = install();
    handle.run_upkeep();
    handle.render()
}

pub(crate) fn log_answers(on: bool) {
    LOG_ANSWERS.store(on, Ordering::Relaxed);
}

/// The route of a request as a label: the pattern the router matched (`/api/v1/posts/{id}`),
/// never the address itself (ids, queries, tokens); addresses no route names are pages,
/// the UI's files, or unknown.
pub fn route_of<B>(request: &axum::http::Request<B>) -> &str {
    if let Some(matched) = request.extensions().get::<MatchedPath>() {
        return matched.as_str();
    }
    let path = request.uri().path();
    if path.starts_with("/assets/") {
        "/assets/*"
    } else if path.ends_with("/_payload.json") {
        "page payload"
    } else if path
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'))
    {
        "file"
    } else {
        "page"
    }
}

fn method_of(request: &Request) -> &'static str {
    use axum::http::Method;
    match *request.method() {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Middleware: counts each answer by route, method and status, and times it
/// (`tidemark_http_requests_total`, `tidemark_http_request_duration_seconds`); with JSON logs,
/// writes the answer's line.
pub async fn record_answer(request: Request, next: Next) -> Response {
    if HANDLE.get().is_none() && !LOG_ANSWERS.load(Ordering::Relaxed) {
        return next.run(request).await;
    }
    let started = Instant::now();
    let route = route_of(&request).to_string();
    let method = method_of(&request);
    let response = next.run(request).await;
    let seconds = started.elapsed().as_secs_f64();
    let status = response.status().as_u16();
    metrics::counter!(
        "tidemark_http_requests_total",
        "route" => route.clone(),
        "method" => method,
        "status" => status.to_string()
    )
    .increment(1);
    metrics::histogram!(
        "tidemark_http_request_duration_seconds",
        "route" => route.clone(),
        "method" => method
    )
    .record(seconds);
    if LOG_ANSWERS.load(Ordering::Relaxed) {
        tracing::info!(
            route,
            status,
            latency_ms = (seconds * 1_000_000.0).round() / 1000.0,
            "answered"
        );
    }
    response
}

/// Runs one round of a periodic job and records it: runs by outcome
/// (`tidemark_job_runs_total{job, outcome}`), its duration, and when it last ran and last
/// failed (Unix seconds).
pub async fn job<T, E>(
    name: &'static str,
    round: impl Future<Output = Result<T, E>>,
) -> Result<T, E> {
    let started = Instant::now();
    let outcome = round.await;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |since| since.as_secs_f64());
    metrics::histogram!("tidemark_job_duration_seconds", "job" => name)
        .record(started.elapsed().as_secs_f64());
    metrics::gauge!("tidemark_job_last_run_timestamp_seconds", "job" => name).set(now);
    let label = if outcome.is_ok() { "ok" } else { "failed" };
    metrics::counter!("tidemark_job_runs_total", "job" => name, "outcome" => label).increment(1);
    if outcome.is_err() {
        metrics::gauge!("tidemark_job_last_failure_timestamp_seconds", "job" => name).set(now);
    }
    outcome
}
