//! The HTTP surface: `/health`, the built UI's files, and every page address answered with
//! the UI's index.html (404 status for addresses the core's route table does not know).

use crate::Settings;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

#[derive(Clone)]
struct Shell {
    /// The UI's index.html, read once at start; `None` when the UI has not been built.
    index_html: Option<Arc<str>>,
}

pub fn app(settings: &Settings) -> std::io::Result<Router> {
    let index_path = settings.ui_dir.join("index.html");
    let index_html = match std::fs::read_to_string(&index_path) {
        Ok(html) => Some(Arc::from(html)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            tracing::warn!(
                "no UI at {} (build it with `npm start`); pages answer 503",
                index_path.display()
            );
            None
        }
        Err(error) => return Err(error),
    };
    let shell = Shell { index_html };
    let assets = ServeDir::new(settings.ui_dir.join("assets"));
    // Directories (/) go to the page handler too, so every page gets the same headers.
    let static_files = ServeDir::new(&settings.ui_dir)
        .append_index_html_on_directories(false)
        .fallback(get(page).with_state(shell.clone()));

    Ok(Router::new()
        .route("/health", get(health))
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .service(assets),
        )
        .fallback_service(static_files)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http()))
}

async fn health() -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "code": "0",
        "message": "ok",
        "data": { "status": "up", "version": env!("CARGO_PKG_VERSION") }
    }))
}

/// A page address: the single-page app renders it, the status tells crawlers and caches
/// whether the page exists (the same route table the UI uses, from the core).
async fn page(State(shell): State<Shell>, uri: Uri) -> Response {
    let Some(html) = shell.index_html else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The UI has not been built yet: run `npm start`.",
        )
            .into_response();
    };
    let status = if tidemark_core::route::match_route(uri.path()).is_some() {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        html.to_string(),
    )
        .into_response()
}
