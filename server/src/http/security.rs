//! Request guards and answer headers: the CSRF guard, security headers, the client address.

use crate::http::error::ApiError;
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};

/// Paths the CSRF guard lets through without `_off_set`: the analytics beacons
/// (`navigator.sendBeacon` cannot set headers, and they change nothing but counts) and the
/// built-in local providers, which stand in for outside services: their pages post plain
/// forms and their token endpoint is called server to server, as the real ones are; and the
/// one-click unsubscribe of a mail (RFC 8058), which a mail program posts without a session
/// (its token is the proof, and all it can do is stop mail); and the intake of feedback
/// reports, which the site's mail relay posts with the intake's token.
const CSRF_EXEMPT: [&str; 7] = [
    "/mail/v1/unsubscribe",
    "/mail/v1/feedback",
    "/visit/v1",
    "/click/v1",
    "/api/v1/events",
    "/certify/local",
    "/oauth/local/",
];

/// Calls that change state must carry `_off_set`: a custom header, which a cross-site form or
/// image cannot send, so a forged request from another site is refused.
pub async fn csrf_guard(request: Request, next: Next) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let path = request.uri().path();
    let exempt = CSRF_EXEMPT
        .iter()
        .any(|prefix| path == *prefix || path.starts_with(prefix));
    if !safe && !exempt {
        match request
            .headers()
            .get("_off_set")
            .and_then(|v| v.to_str().ok())
        {
            Some(value)
                if value
                    .trim()
                    .parse::<i32>()
                    .is_ok_and(|m| (-720..=840).contains(&m)) => {}
            Some(_) => {
                return ApiError::bad_request("_off_set must be the time-zone offset in minutes")
                    .into_response()
            }
            None => {
                return ApiError::Forbidden("the _off_set header is required on this call".into())
                    .into_response()
            }
        }
    }
    next.run(request).await
}

/// Whether a request is the web client calling the API, as SPEC has every call sent: with
/// the time-zone offset `_off_set` and the token headers `_tma_token` and `_tmr_token`
/// (empty when the page holds no tokens), and, when the browser says what the answer is for
/// (`Sec-Fetch-Dest`), for a script's fetch (`empty`), never an image, a page or a frame.
/// Read where a call counts something about people (the search log), so a search forced by
/// an `<img>` in a post or a link opened in a tab is not counted as someone searching.
pub fn sent_by_the_web_client(headers: &axum::http::HeaderMap) -> bool {
    let offset_ok = headers
        .get("_off_set")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i32>().ok())
        .is_some_and(|minutes| (-720..=840).contains(&minutes));
    let tokens_sent = headers.contains_key("_tma_token") && headers.contains_key("_tmr_token");
    let fetched_by_script = headers
        .get("sec-fetch-dest")
        .is_none_or(|dest| dest.as_bytes().eq_ignore_ascii_case(b"empty"));
    offset_ok && tokens_sent && fetched_by_script
}

/// An outside service's part of the page policy: the origins its browser script needs (its
/// own address, the windows it opens, the calls it makes) and the Trusted Types policy names
/// the client creates for it. Empty unless such a service is configured.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutsideSources {
    pub scripts: Vec<&'static str>,
    pub frames: Vec<&'static str>,
    pub connect: Vec<&'static str>,
    pub images: Vec<&'static str>,
    pub forms: Vec<&'static str>,
    pub trusted_types: Vec<&'static str>,
}

/// The policy of the site's HTML pages: only the site's own scripts (and WebAssembly
/// compilation for the core); images only from the site itself, which is all the body policy
/// keeps (`content::sanitize`: `/media/…` addresses); frames from the site and the video
/// players the body policy keeps; and Trusted Types, so the only ways
/// markup or a script address reach the DOM are the named policies of the web client (the
/// post body's shadow root, `ui/src/features/posts/detail/PostBody.tsx`, the start-up script
/// `ui/public/boot.js`, the console editor's inert parser, `ui/src/components/editor/markup.ts`,
/// and the service worker's address, `ui/src/features/notifications/push.ts`). A configured outside service (PortOne's certification
/// window) adds its own origins and policies, and only then.
pub fn page_csp(outside: &OutsideSources) -> String {
    let with = |base: &str, more: &[&str]| {
        more.iter()
            .fold(base.to_string(), |list, origin| format!("{list} {origin}"))
    };
    // The video players a body may hold (`tidemark_core::embed`), loaded when a reader
    // plays one, and an outside service's windows.
    let players: Vec<&str> = tidemark_core::embed::frame_origins()
        .chain(outside.frames.iter().copied())
        .collect();
    let frames = format!("frame-src {}; ", with("'self'", &players));
    format!(
        "default-src 'self'; script-src {scripts}; \
         style-src 'self' 'unsafe-inline'; img-src {images}; font-src 'self'; \
         connect-src {connect}; {frames}object-src 'none'; base-uri 'self'; form-action {forms}; \
         frame-ancestors 'none'; require-trusted-types-for 'script'; \
         trusted-types {trusted_types}",
        scripts = with("'self' 'wasm-unsafe-eval'", &outside.scripts),
        images = with("'self' data: blob:", &outside.images),
        connect = with("'self'", &outside.connect),
        forms = with("'self'", &outside.forms),
        trusted_types = with(
            "tidemark-post-body tidemark-boot tidemark-editor tidemark-push",
            &outside.trusted_types
        ),
    )
}

/// What [`security_headers`] needs: whether the public address is https, and the page policy
/// built once from the settings.
#[derive(Debug, Clone)]
pub struct HeaderPolicy {
    pub https: bool,
    page_csp: HeaderValue,
}

impl HeaderPolicy {
    pub fn new(https: bool, outside: &OutsideSources) -> HeaderPolicy {
        let page_csp = HeaderValue::from_str(&page_csp(outside))
            .expect("the page policy is a valid header value");
        HeaderPolicy { https, page_csp }
    }
}

/// The same without Trusted Types, for the API reference (`/api-docs`): Swagger UI writes
/// markup through React's `dangerouslySetInnerHTML`, and the page shows no stored content.
const API_DOCS_CSP: &str =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Every other answer (JSON, feeds, media) is data, never a document.
const DATA_CSP: &str = "default-src 'none'; frame-ancestors 'none'; sandbox";

/// HSTS, sent only when the site's public address is https: two years, subdomains too.
pub const HSTS: &str = "max-age=63072000; includeSubDomains";

/// Headers on every answer; HTML pages get the page policy ([`page_csp`]). When the public
/// address is https (`Settings::secure_cookies`), browsers are told to use https only.
pub async fn security_headers(
    axum::extract::State(policy): axum::extract::State<std::sync::Arc<HeaderPolicy>>,
    request: Request,
    next: Next,
) -> Response {
    let api_docs = request.uri().path().starts_with("/api-docs");
    let mut response = next.run(request).await;
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let headers = response.headers_mut();
    let csp = match (html, api_docs) {
        (true, false) => policy.page_csp.clone(),
        (true, true) => HeaderValue::from_static(API_DOCS_CSP),
        (false, _) => HeaderValue::from_static(DATA_CSP),
    };
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    let defaults: [(header::HeaderName, &str); 4] = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            header::HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), interest-cohort=()",
        ),
    ];
    for (name, value) in defaults {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    if policy.https {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}

/// The client's address: the socket's, or the first `X-Forwarded-For` hop when the server is
/// told it sits behind a proxy (`TIDEMARK_TRUST_FORWARDED_FOR`).
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    std::sync::Arc<crate::settings::Settings>: axum::extract::FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let settings =
            <std::sync::Arc<crate::settings::Settings> as axum::extract::FromRef<S>>::from_ref(
                state,
            );
        if settings.trust_forwarded_for {
            if let Some(ip) = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .and_then(|v| v.trim().parse::<IpAddr>().ok())
            {
                return Ok(ClientIp(ip.to_string()));
            }
        }
        let socket = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0.ip().to_string());
        Ok(ClientIp(socket.unwrap_or_else(|| "local".into())))
    }
}

/// Answers of the API are personal unless their handler says otherwise: one without its own
/// `Cache-Control` (sign-in, token check, profile, team, invitations, analytics, a viewer's
/// post detail…) gets `no-store`, and so does every answer that sets a cookie, whatever its
/// handler said. Public answers (lists, a guest's post detail) set their own.
pub async fn private_by_default(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CACHE_CONTROL) || headers.contains_key(header::SET_COOKIE) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_page_policy_names_an_outside_service_only_when_there_is_one() {
        let plain = page_csp(&OutsideSources::default());
        assert_eq!(
            plain,
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; \
             connect-src 'self'; frame-src 'self' https://www.youtube-nocookie.com \
             https://player.vimeo.com https://tv.naver.com; object-src 'none'; base-uri 'self'; form-action 'self'; \
             frame-ancestors 'none'; require-trusted-types-for 'script'; \
             trusted-types tidemark-post-body tidemark-boot tidemark-editor tidemark-push"
        );
        let outside = OutsideSources {
            scripts: vec!["https://cdn.example"],
            frames: vec!["https://window.example"],
            connect: vec!["https://api.example"],
            images: vec![],
            forms: vec!["https://window.example"],
            trusted_types: vec!["tidemark-example"],
        };
        let policy = page_csp(&outside);
        for part in [
            "script-src 'self' 'wasm-unsafe-eval' https://cdn.example;",
            "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://tv.naver.com https://window.example;",
            "connect-src 'self' https://api.example;",
            "form-action 'self' https://window.example;",
            "img-src 'self' data: blob:;",
            "require-trusted-types-for 'script';",
            "trusted-types tidemark-post-body tidemark-boot tidemark-editor tidemark-push tidemark-example",
        ] {
            assert!(policy.contains(part), "{part} in {policy}");
        }
        assert!(HeaderValue::from_str(&policy).is_ok());
    }

    #[test]
    fn only_the_web_clients_calls_count_as_people() {
        let spec = [("_off_set", "540"), ("_tma_token", ""), ("_tmr_token", "")];
        assert!(sent_by_the_web_client(&headers(&spec)));
        let mut fetched = spec.to_vec();
        fetched.push(("sec-fetch-dest", "empty"));
        assert!(sent_by_the_web_client(&headers(&fetched)));
        for dest in ["image", "document", "iframe", "script"] {
            let mut other = spec.to_vec();
            other.push(("sec-fetch-dest", dest));
            assert!(!sent_by_the_web_client(&headers(&other)), "{dest}");
        }
        assert!(!sent_by_the_web_client(&headers(&spec[1..])));
        assert!(!sent_by_the_web_client(&headers(&spec[..2])));
        assert!(!sent_by_the_web_client(&headers(&[
            ("_off_set", "x"),
            ("_tma_token", ""),
            ("_tmr_token", "")
        ])));
        assert!(!sent_by_the_web_client(&HeaderMap::new()));
    }
}
