//! A page address's answer, and the page cache: a page every reader sees alike (the home
//! page, the lists, a post, a business profile) is made once, compressed once per encoding
//! and kept with its ETag among the kept answers ([`crate::answers`]) until what it shows
//! changes; any other page is made for its reader.

use super::{first_page, language_of, meta_of, render, shared_key, PageMeta};
use crate::http::error::ApiError;
use crate::state::AppState;
use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A page address's answer: the single-page app renders it, the status tells crawlers and
/// caches whether the page exists (the same route table the UI uses, from the core), and the
/// head and inline data come from this module. `<page>/_payload.json` answers the page's data
/// alone. `index_html` is the UI's shell, `None` when the server runs without its UI.
pub async fn answer(
    state: &AppState,
    index_html: Option<&str>,
    uri: &Uri,
    headers: &HeaderMap,
) -> Response {
    let path = uri.path();
    if let Some(page_path) = path.strip_suffix("/_payload.json") {
        let page_path = if page_path.is_empty() { "/" } else { page_path };
        let route = tidemark_core::route::match_route(page_path);
        let meta = match &route {
            Some(route) => meta_of(state, route).await,
            None => None,
        };
        return match meta {
            Some(PageMeta {
                data: Some(data), ..
            }) => (
                [(header::CACHE_CONTROL, "no-cache")],
                Json(serde_json::json!({"code": "0", "message": "success", "data": data})),
            )
                .into_response(),
            _ => ApiError::NotFound(format!("no payload for {page_path}")).into_response(),
        };
    }
    let Some(html) = index_html else {
        return api_only_page(path);
    };
    let route = tidemark_core::route::match_route(path);
    // A preview link's page shows what is not public yet: never indexed.
    let noindex = route
        .as_ref()
        .is_some_and(|route| route.name == tidemark_core::route::RouteName::Preview);
    let lang = language_of(headers);
    // A page every reader sees alike is made once and kept until what it shows changes.
    let catalog = &state.catalog;
    let shared = route
        .as_ref()
        .and_then(|route| shared_key(catalog, route, uri.query(), lang));
    if let Some(kept) = shared
        .as_ref()
        .and_then(|(key, _)| catalog.answers.cached_document(key))
    {
        return kept.respond(headers, "no-cache");
    }
    let generation = catalog.answers.generation();
    let meta = match &route {
        Some(route) => first_page(state, route, uri.query(), lang).await,
        None => None,
    };
    let (status, mut body) = match meta {
        Some(meta) => (
            StatusCode::OK,
            render(html, &meta, &state.settings.public_url),
        ),
        None => (StatusCode::NOT_FOUND, html.to_string()),
    };
    // The document speaks the reader's language from the first byte (the shell says ko).
    if lang == tidemark_core::i18n::Lang::En {
        body = body.replacen(r#"<html lang="ko">"#, r#"<html lang="en">"#, 1);
    }
    let body = Bytes::from(body);
    match (shared, status) {
        // Compressed once for the reader's encoding, and kept with it for the next reader.
        (Some((key, shows)), StatusCode::OK) => catalog
            .answers
            .keep_document(key, generation, shows, body)
            .respond(headers, "no-cache"),
        _ => html_answer(status, body, noindex),
    }
}

/// What a page address answers when the server runs without its web UI, as a backend
/// developer runs it: the API, its reference and the health check are all there, so `/` says
/// what runs and where to go (200); another page address has no page to show (404).
fn api_only_page(path: &str) -> Response {
    const PAGE: &str = r#"<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tidemark API</title></head>
<body>
<h1>Tidemark API</h1>
<p>이 서버는 API만 제공합니다. 웹 화면은 함께 빌드되지 않았습니다.</p>
<ul>
<li>API 문서: <a href="/api-docs/">/api-docs/</a> (OpenAPI: <a href="/api-docs/openapi.json">/api-docs/openapi.json</a>)</li>
<li>상태 확인: <a href="/health">/health</a></li>
<li>웹 화면까지 실행하려면 저장소에서 <code>npm start</code></li>
</ul>
<p lang="en">This server runs the API alone; the web UI was not built with it. The API reference is at <a href="/api-docs/">/api-docs/</a>, the health check at <a href="/health">/health</a>; <code>npm start</code> in the repository runs the site with its UI.</p>
</body>
</html>
"#;
    let status = if path == "/" {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    html_answer(status, Bytes::from_static(PAGE.as_bytes()), true)
}

/// A page's document with its headers: never cached by the browser without asking, in the
/// reader's language.
fn html_answer(status: StatusCode, body: Bytes, noindex: bool) -> Response {
    let mut response = (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            // The first view is in the reader's language.
            (header::VARY, "Accept-Language, Cookie"),
        ],
        body,
    )
        .into_response();
    if noindex {
        response.headers_mut().insert(
            header::HeaderName::from_static("x-robots-tag"),
            HeaderValue::from_static("noindex"),
        );
    }
    response
}
