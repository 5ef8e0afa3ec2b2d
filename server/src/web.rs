//! The HTTP surface: the API domains, `/health`, the built UI's files, and every page address
//! answered with the UI's index.html (404 status for addresses the core's route table does not
//! know).

use crate::http::error::ApiError;
use crate::http::openapi::ApiDoc;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::collections::HashSet;
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(Clone)]
struct Shell {
    /// The UI's index.html, read once at start; `None` when the UI has not been built.
    index_html: Option<Arc<str>>,
    /// The addresses of the UI's files outside `assets/` (favicon.svg, boot.js, the API
    /// documents' page), listed once at start.
    files: Arc<HashSet<String>>,
    /// Those files, from the UI's directory.
    static_files: ServeDir,
    state: AppState,
}

/// API bodies are small JSON documents; uploads get their own limit where they arrive.
const API_BODY_LIMIT: usize = crate::http::extract::DEFAULT_BODY_LIMIT;

/// Paths of the API: unknown ones answer JSON, never the app shell.
const API_PREFIXES: [&str; 8] = [
    "/membership/",
    "/media/",
    "/oauth/",
    "/certify/",
    "/mypage/v",
    "/visit/",
    "/click/",
    "/api/",
];

/// The site: every page, file and API call of `state`, with `/metrics` on the site's own
/// address when `metrics` says so.
/// Every domain's API routes with their OpenAPI descriptions.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(crate::auth::router())
        .merge(crate::signin::router())
        .merge(crate::two_step::router())
        .merge(crate::passkeys::router())
        .merge(crate::members::router())
        .merge(crate::certify::router())
        .merge(crate::social::router())
        .merge(crate::analytics::router())
        .merge(crate::business::router())
        .merge(crate::content::router())
        .merge(crate::engagement::router())
        .merge(crate::notifications::router())
        .merge(crate::publication::router())
        .merge(crate::operator::router())
        .merge(crate::uploads::router())
        .merge(crate::embeds::router())
        .merge(crate::search::router())
}

/// The API's OpenAPI document, as `/api-docs/openapi.json` serves it, without a running
/// server (`tidemark openapi` prints it; the UI's types are generated from it).
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    crate::http::openapi::finished(api_routes().split_for_parts().1)
}

pub fn app(state: AppState, metrics: &crate::monitoring::Access) -> std::io::Result<Router> {
    let settings = state.settings.clone();
    let node = state.node.id.clone();
    let index_path = settings.ui_dir.join("index.html");
    let index_html = match std::fs::read_to_string(&index_path) {
        Ok(html) => Some(Arc::from(html)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            tracing::info!(
                "no web UI at {} (build it with `npm run build:ui`): the API runs alone, and `/` says so",
                index_path.display()
            );
            None
        }
        Err(error) => return Err(error),
    };
    let shell = Shell {
        index_html,
        files: Arc::new(files_of(&settings.ui_dir)),
        // Directories (/) are pages, so every page gets the same headers.
        // boot.js and the icon have brotli and gzip copies beside them, as the assets do.
        static_files: ServeDir::new(&settings.ui_dir)
            .append_index_html_on_directories(false)
            .precompressed_br()
            .precompressed_gzip(),
        state: state.clone(),
    };
    // The build writes brotli and gzip copies of each asset (ui/vite.config.ts); they are sent
    // as they are, the compression layer leaves an encoded body alone.
    let assets = ServeDir::new(settings.ui_dir.join("assets"))
        .precompressed_br()
        .precompressed_gzip();

    let (api, document) = api_routes().split_for_parts();
    let document = Arc::new(crate::http::openapi::finished(document));
    let api = api
        .route("/dev/mail", get(crate::demo::outbox_page))
        .merge(crate::feeds::router())
        .route(
            "/api-docs/openapi.json",
            get(move || std::future::ready(axum::Json(document.as_ref().clone()))),
        )
        .layer(crate::http::extract::body_limit(API_BODY_LIMIT))
        .layer(axum::middleware::from_fn(crate::http::security::csrf_guard))
        .layer(axum::middleware::from_fn_with_state(
            state.reach.clone(),
            crate::http::outage::circuit,
        ))
        .layer(axum::middleware::from_fn(
            crate::http::security::private_by_default,
        ))
        .with_state(state.clone());

    let request_id = axum::http::HeaderName::from_static("x-request-id");
    Ok(Router::new()
        .merge(api)
        .route("/health", get(health))
        .merge(crate::api_docs::router())
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .service(assets),
        )
        .fallback(get(page_or_file).with_state(shell))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(crate::http::security::HeaderPolicy::new(
                settings.secure_cookies(),
                &crate::certify::page_sources(&settings),
            )),
            crate::http::security::security_headers,
        ))
        // Answers made for one request (a search, a member's lists; kept answers carry their
        // own encodings) are compressed as nginx does by default: gzip at level 1. Brotli's
        // quality 4, the layer's default, allocates and zeroes its tables for each answer: a
        // quarter of a search's processor time, for 2.4 KB where gzip -1 sends 2.9 KB
        // (docs/performance-journal.md, sixteenth step).
        .layer(
            CompressionLayer::new()
                .br(false)
                .quality(tower_http::CompressionLevel::Precise(1)),
        )
        // Inside the request's span: the answer's figures and, with JSON logs, its line.
        .layer(axum::middleware::from_fn(crate::telemetry::figures::record_answer))
        .layer(tower_http::request_id::PropagateRequestIdLayer::new(request_id.clone()))
        // The span names the route, never the address: ids, queries and tokens stay out of logs.
        .layer(TraceLayer::new_for_http().make_span_with(move |request: &axum::http::Request<_>| {
            let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
            let route = crate::telemetry::figures::route_of(request);
            tracing::info_span!("request", id = %id, method = %request.method(), route = %route, node = %node)
        }))
        .layer(tower_http::request_id::SetRequestIdLayer::new(request_id, tower_http::request_id::MakeRequestUuid))
        // Outside the request log: a load balancer asks every few seconds, and a 503 while
        // the process catches up is its answer, not a server error.
        .route("/ready", get(ready).with_state(state.clone()))
        // Outside the figures it gives: a scrape does not count itself.
        .merge(metrics.site_routes(state)))
}

async fn health() -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "code": "0",
        "message": "ok",
        "data": { "status": "up", "version": env!("CARGO_PKG_VERSION") }
    }))
}

/// Readiness, for a load balancer (`/health` is liveness): 200 once the migrations ran and
/// this process has applied the change log as it stood when the process started (its
/// search index and catalogue are current), while the database can be reached; 503
/// otherwise.
async fn ready(State(state): State<AppState>) -> Response {
    use std::sync::atomic::Ordering;
    let caught_up = state.node.caught_up.load(Ordering::SeqCst);
    let reached = state.reach.up();
    let ready = caught_up && reached;
    let message = if !reached {
        "the database cannot be reached"
    } else if !caught_up {
        "catching up with the change log"
    } else {
        "ready"
    };
    let body = Json(serde_json::json!({
        "code": if ready { "0" } else { "503" },
        "message": message,
        "data": {
            "ready": ready,
            "database": reached,
            "node": state.node.id,
            "applied": state.node.applied.load(Ordering::SeqCst),
            "cache": cache_figures(&state.catalog),
        }
    }));
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, body).into_response()
}

/// The kept answers' hits and misses by kind, and their entries and bytes: what an operator
/// (and the readers' benchmark) reads to see how well the cache serves.
fn cache_figures(catalog: &crate::catalog::Catalog) -> serde_json::Value {
    let kept = catalog.answers.cache_counts();
    let counts = |counts: &crate::answers::Counts| serde_json::json!({"hits": counts.hits(), "misses": counts.misses()});
    serde_json::json!({
        "pages": counts(kept.pages),
        "documents": counts(kept.documents),
        "details": counts(kept.details),
        "cards": counts(kept.cards),
        "entries": kept.entries,
        "bytes": kept.bytes,
    })
}

/// The addresses of the files under `ui_dir` but `index.html` and `assets/` (which has its own
/// route), `/favicon.svg` for `ui_dir/favicon.svg`.
fn files_of(ui_dir: &std::path::Path) -> HashSet<String> {
    fn walk(dir: &std::path::Path, address: &str, found: &mut HashSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                continue;
            };
            let path = format!("{address}/{name}");
            match entry.file_type() {
                Ok(kind) if kind.is_dir() && path != "/assets" => walk(&entry.path(), &path, found),
                Ok(kind)
                    if kind.is_file()
                        && path != "/index.html"
                        && !path.ends_with(".br")
                        && !path.ends_with(".gz") =>
                {
                    found.insert(path);
                }
                _ => {}
            }
        }
    }
    let mut found = HashSet::new();
    walk(ui_dir, "", &mut found);
    found
}

/// Every address the API and the assets do not answer: one of the UI's files from disk, any
/// other address as a page. The files are known from the start, so a page's address is not
/// looked for on disk first (that look-up ran on the blocking pool: a thread hand-off and a
/// `stat` for every page, kept or not).
async fn page_or_file(State(shell): State<Shell>, request: axum::extract::Request) -> Response {
    if shell.files.contains(request.uri().path()) {
        let files = shell.static_files.clone();
        return match tower::ServiceExt::oneshot(files, request).await {
            Ok(response) => response.into_response(),
            Err(never) => match never {},
        };
    }
    let (parts, _) = request.into_parts();
    page(State(shell), parts.uri, parts.headers).await
}

/// A page address: an unknown API address answers JSON; every other address is a page, its
/// answer (kept or made) from [`crate::pages::answer`].
async fn page(State(shell): State<Shell>, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if API_PREFIXES.iter().any(|prefix| path.starts_with(prefix)) {
        return ApiError::NotFound(format!("no such call: {path}")).into_response();
    }
    crate::pages::answer(&shell.state, shell.index_html.as_deref(), &uri, &headers).await
}
