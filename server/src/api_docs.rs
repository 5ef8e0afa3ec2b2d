//! The API reference page (`/api-docs/`): our page and its setup (`server/api-docs/`) with the
//! Swagger UI files the `utoipa-swagger-ui` crate carries, all inside the binary, so the page
//! works when the server runs without the UI build, as backend developers run it. The
//! document itself is `/api-docs/openapi.json` ([`crate::web`]).

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::{Arc, LazyLock};

const PAGE: &str = include_str!("../api-docs/index.html");
const SETUP: &str = include_str!("../api-docs/init.js");

/// The Swagger UI files our page loads.
const SWAGGER_FILES: [&str; 2] = ["swagger-ui-bundle.js", "swagger-ui.css"];

/// The files change only with the binary: a day in the browser's cache.
const CACHE: &str = "public, max-age=86400";

static CONFIG: LazyLock<Arc<utoipa_swagger_ui::Config<'static>>> =
    LazyLock::new(|| Arc::new(utoipa_swagger_ui::Config::from("/api-docs/openapi.json")));

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/api-docs", get(page))
        .route("/api-docs/", get(page))
        .route("/api-docs/{file}", get(file))
}

async fn page() -> Response {
    answer("text/html; charset=utf-8", PAGE.as_bytes().to_vec())
}

async fn file(Path(name): Path<String>) -> Response {
    if name == "init.js" {
        return answer("text/javascript; charset=utf-8", SETUP.as_bytes().to_vec());
    }
    if !SWAGGER_FILES.contains(&name.as_str()) {
        return StatusCode::NOT_FOUND.into_response();
    }
    match utoipa_swagger_ui::serve(&name, CONFIG.clone()) {
        Ok(Some(file)) => answer(&file.content_type, file.bytes.into_owned()),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            tracing::error!(%error, file = name, "API reference file not served");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

fn answer(content_type: &str, body: Vec<u8>) -> Response {
    let content_type = HeaderValue::from_str(content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE)),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_swagger_files_our_page_loads_are_in_the_binary() {
        for name in SWAGGER_FILES {
            let file = utoipa_swagger_ui::serve(name, CONFIG.clone())
                .expect("served")
                .unwrap_or_else(|| panic!("{name} is carried"));
            assert!(
                file.bytes.len() > 10_000,
                "{name}: {} bytes",
                file.bytes.len()
            );
            assert!(
                PAGE.contains(&format!("/api-docs/{name}")),
                "the page loads {name}"
            );
        }
        assert!(PAGE.contains("/api-docs/init.js"));
        assert!(SETUP.contains("/api-docs/openapi.json"));
    }
}
