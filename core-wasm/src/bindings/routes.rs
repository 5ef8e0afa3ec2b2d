//! Addresses and what they lead to: sorting, the route table, guards, error screens,
//! categories, breadcrumbs and the language.

use super::input::{code_text, lang, throw, to_js, Input, LangTag};
use crate::{breadcrumbs, error_screen, i18n, route, sort, Fault};
use wasm_bindgen::prelude::*;

/// The sort code a value names: `"POPULAR"`, `"LATEST"` or `"INTEREST"` for the code itself
/// or a short one (`"PO"`, `"LA"`), in any letter case, surrounding blanks ignored
/// (`normalizeSort(" po ")` is `"POPULAR"`); undefined for anything else or no value.
#[wasm_bindgen(js_name = normalizeSort, unchecked_return_type = "SortCode | undefined")]
pub fn normalize_sort(value: Option<String>) -> JsValue {
    value
        .as_deref()
        .and_then(sort::normalize_sort)
        .map_or(JsValue::UNDEFINED, |s| s.code().into())
}

/// Whether the page at `path` (no query) is a list that needs a `sort` query value: the
/// category, interest, latest and popular post lists, `/search` and its tabs. A trailing slash
/// is ignored.
#[wasm_bindgen(js_name = requiresSort)]
pub fn requires_sort(path: &str) -> bool {
    sort::requires_sort(path)
}

/// Where to send a list page whose `sort` is missing or not exactly `POPULAR` or `LATEST`:
/// the same path and other query parameters, with `sort=POPULAR`. `search` is
/// `location.search` (`""` or starting with `?`). Undefined when nothing is to be done (the
/// sort is right, or the page needs none).
///
/// ```ts
/// sortRedirect("/post/category/list/3", "?page=2"); // "/post/category/list/3?page=2&sort=POPULAR"
/// ```
#[wasm_bindgen(js_name = sortRedirect)]
pub fn sort_redirect(path: &str, search: &str) -> Option<String> {
    sort::sort_redirect(path, search)
}

/// An id as addresses write it (plain decimal digits, no sign or leading zero, below 2^53), as
/// a number; undefined for anything else (`parseId("42")` is 42, `parseId("042")` undefined).
#[wasm_bindgen(js_name = parseId)]
pub fn parse_id(segment: &str) -> Option<f64> {
    route::parse_id(segment).map(|id| id as f64)
}

/// Whether `path` (no query) is a sign-in page: `/login`, a path ending in `/login`, or one
/// with a `/login/` segment (`/member/login`, `/member/login/email`).
#[wasm_bindgen(js_name = isLoginPath)]
pub fn is_login_path(path: &str) -> bool {
    route::is_login_path(path)
}

/// Whether `path` (no query) needs a signed-in visitor: `/mypage`, `/admin` and every path
/// under them.
#[wasm_bindgen(js_name = isProtectedPath)]
pub fn is_protected_path(path: &str) -> bool {
    route::is_protected_path(path)
}

/// The page of the route table at `path` (no query or hash; a trailing slash is ignored), or
/// undefined when there is none. A dynamic segment must be valid for the page to match: an
/// id (see `parseId`), a category id from 1 to 9, `email` or `phone`, or a preview token of 32
/// to 64 URL-safe base64 characters.
#[wasm_bindgen(js_name = matchRoute, unchecked_return_type = "RouteMatch | undefined")]
pub fn match_route(path: &str) -> Result<JsValue, JsValue> {
    route::match_route(path).map_or(Ok(JsValue::UNDEFINED), |m| to_js(&m))
}

/// What an address (`fullPath`: path, query and hash) leads to: `{ kind: "notFound",
/// message }` when no page matches (message `Page Not Found: {fullPath}` in `lang`), `{ kind:
/// "redirect", location }` when a list page needs its sort fixed (see `sortRedirect`; the
/// hash is kept), else `{ kind: "page", route }`. `lang` is `"ko"` or `"en"`, English when
/// absent.
#[wasm_bindgen(js_name = resolveRoute, unchecked_return_type = "RouteResolution")]
pub fn resolve_route(
    #[wasm_bindgen(js_name = fullPath)] full_path: &str,
    #[wasm_bindgen(js_name = lang)] lang_tag: Option<LangTag>,
) -> Result<JsValue, JsValue> {
    to_js(&route::resolve_route(full_path, lang(lang_tag)))
}

/// What to do when navigating to `fullPath` (path, query and hash), given what is known of
/// the session: a protected page without a session redirects to the sign-in page with
/// `redirectUrl` set to `fullPath` and `clearTokens: true`; a signed-in visitor on a sign-in
/// page redirects to `postLoginTarget(savedRedirect)`; a signed-in visitor on any other page
/// that is not protected gets `refresh` (refresh the tokens silently, clear them if that
/// fails); otherwise `proceed`.
///
/// @throws {CoreError} `invalid_argument` when `session` has an unknown field or a field of
/// the wrong type.
#[wasm_bindgen(js_name = routeGuard, unchecked_return_type = "GuardDecision")]
pub fn route_guard(
    #[wasm_bindgen(js_name = fullPath)] full_path: &str,
    #[wasm_bindgen(unchecked_param_type = "SessionView")] session: JsValue,
) -> Result<JsValue, JsValue> {
    let input = Input::new(session, "session", &["signedIn", "savedRedirect"])?;
    let session = route::SessionView {
        signed_in: input.flag("signedIn")?,
        saved_redirect: input.string("savedRedirect")?,
    };
    to_js(&route::route_guard(full_path, &session))
}

/// The sign-in page (`loginPath`, `/member/login` unless given) that brings the visitor back
/// to `returnTo` (a path with its query) after signing in, as its `redirectUrl` parameter;
/// the sign-in page alone when `returnTo` is absent or empty.
///
/// ```ts
/// loginHref("/post/7?from=home"); // "/member/login?redirectUrl=%2Fpost%2F7%3Ffrom%3Dhome"
/// ```
///
/// @throws {CoreError} `invalid_argument` when `loginPath` is not a sign-in page starting with
/// `/` (see `isLoginPath`).
#[wasm_bindgen(js_name = loginHref)]
pub fn login_href(
    #[wasm_bindgen(js_name = returnTo)] return_to: Option<String>,
    #[wasm_bindgen(js_name = loginPath)] login_path: Option<String>,
) -> Result<String, JsValue> {
    let login_path = login_path.as_deref().unwrap_or(route::LOGIN_PATH);
    if !login_path.starts_with('/') || !route::is_login_path(login_path) {
        return Err(throw(Fault::invalid_argument(format!(
            "not a login page: '{login_path}'"
        ))));
    }
    Ok(route::login_location(login_path, return_to.as_deref()))
}

/// Where to go after signing in: `savedRedirect` (the `redirectUrl` the sign-in page was
/// given) when it is an address of this site (a path starting with a single `/`, not a
/// sign-in page), else `"/"`. Absolute and protocol-relative addresses, backslashes and
/// control characters give `"/"`, so a crafted link cannot redirect off the site.
#[wasm_bindgen(js_name = postLoginTarget)]
pub fn post_login_target(
    #[wasm_bindgen(js_name = savedRedirect)] saved_redirect: Option<String>,
) -> String {
    route::post_login_target(saved_redirect.as_deref())
}

/// Where to scroll after navigating: `{ kind: "anchor", id }` for the element a hash names
/// (`location.hash`, with or without `#`, percent-decoded), else `{ kind: "top", smooth: true }`.
#[wasm_bindgen(js_name = scrollTarget, unchecked_return_type = "ScrollTarget")]
pub fn scroll_target(hash: &str) -> Result<JsValue, JsValue> {
    to_js(&route::scroll_target(hash))
}

/// The error screen for an HTTP `status` (or the API's code 101), in `lang` (`"ko"` or
/// `"en"`, English when absent). 404 reads "page not found" and 101 "content does not exist",
/// both without description or retry; 403 reads "no access" with a description and no
/// retry; any other status keeps `message` ("something went wrong" when absent or blank) and
/// `description`, and offers `retry`. `home` (to `/`) is always there.
#[wasm_bindgen(js_name = errorScreen, unchecked_return_type = "ErrorScreen")]
pub fn error_screen(
    status: f64,
    message: Option<String>,
    description: Option<String>,
    #[wasm_bindgen(js_name = lang)] lang_tag: Option<LangTag>,
) -> Result<JsValue, JsValue> {
    let status = if status.is_finite() { status as i64 } else { 0 };
    to_js(&error_screen::error_screen(
        status,
        message.as_deref(),
        description.as_deref(),
        lang(lang_tag),
    ))
}

/// The API's answer code (`code` of `{ code, message, data }`, a string or a number) with its
/// meaning in `lang` (`"ko"` or `"en"`, English when absent) and the HTTP status it goes with;
/// undefined for a code the catalogue does not know. Known: `0` success, `999` default error,
/// `104` required parameter missing, `101` no data, `1003` token not equal, `2002` user does
/// not exist, `2007` account already exists, `3002` cart item already exists, `F0000` the
/// person cancelled identity verification.
#[wasm_bindgen(js_name = errorCatalogue, unchecked_return_type = "CatalogueEntry | undefined")]
pub fn error_catalogue(
    #[wasm_bindgen(unchecked_param_type = "string | number")] code: JsValue,
    #[wasm_bindgen(js_name = lang)] lang_tag: Option<LangTag>,
) -> Result<JsValue, JsValue> {
    let code = code_text(&code).unwrap_or_default();
    error_screen::error_catalogue(&code, lang(lang_tag))
        .map_or(Ok(JsValue::UNDEFINED), |entry| to_js(&entry))
}

/// The nine post categories, by id (1 to 9), with their key and Korean and English names.
#[wasm_bindgen(unchecked_return_type = "Category[]")]
pub fn categories() -> Result<JsValue, JsValue> {
    to_js(&breadcrumbs::CATEGORIES[..])
}

/// The name of category `id` in `lang` (`"ko"` or `"en"`, English when absent), or undefined
/// for an id that is no category.
#[wasm_bindgen(js_name = categoryName)]
pub fn category_name(
    id: f64,
    #[wasm_bindgen(js_name = lang)] lang_tag: Option<LangTag>,
) -> Option<String> {
    if !(id.fract() == 0.0 && (1.0..=f64::from(u8::MAX)).contains(&id)) {
        return None;
    }
    breadcrumbs::category(id as u8).map(|category| category.name(lang(lang_tag)).to_string())
}

/// The links to the nine category lists, labelled in `lang` (`"ko"` or `"en"`, English when
/// absent). `href` adds `?sort=POPULAR&timestamp={nowMs}` (except for the notices, id 6):
/// `nowMs`, epoch milliseconds, makes each visit from the menu load a fresh list.
#[wasm_bindgen(unchecked_return_type = "Breadcrumb[]")]
pub fn breadcrumbs(
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = lang)] lang_tag: Option<LangTag>,
) -> Result<JsValue, JsValue> {
    to_js(&breadcrumbs::breadcrumbs(now_ms as i64, lang(lang_tag)))
}

/// The language to show: `saved` (the visitor's own choice) when it is Korean or English, else
/// the first of `preferred` (`navigator.languages`) that is, else `"ko"`. Region subtags and
/// letter case do not matter (`"en-US"` is `"en"`).
#[wasm_bindgen(js_name = pickLanguage, unchecked_return_type = "Lang")]
pub fn pick_language(saved: Option<String>, preferred: Vec<String>) -> JsValue {
    i18n::pick_language(saved.as_deref(), &preferred)
        .as_str()
        .into()
}
