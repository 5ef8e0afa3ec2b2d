//! Addresses and what they lead to: sorting, the route table, guards, error screens,
//! categories, breadcrumbs and the language.

use super::input::{code_text, lang, throw, to_js, Input, LangTag};
use crate::{breadcrumbs, error_screen, i18n, route, sort, Fault};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_name = normalizeSort, unchecked_return_type = "SortCode | undefined")]
pub fn normalize_sort(value: Option<String>) -> JsValue {
    value
        .as_deref()
        .and_then(sort::normalize_sort)
        .map_or(JsValue::UNDEFINED, |s| s.code().into())
}

#[wasm_bindgen(js_name = requiresSort)]
pub fn requires_sort(path: &str) -> bool {
    sort::requires_sort(path)
}

#[wasm_bindgen(js_name = sortRedirect)]
pub fn sort_redirect(path: &str, search: &str) -> Option<String> {
    sort::sort_redirect(path, search)
}

/// An id as addresses write it (plain decimal, no sign or leading zero, below 2^53), or
/// undefined.
#[wasm_bindgen(js_name = parseId)]
pub fn parse_id(segment: &str) -> Option<f64> {
    route::parse_id(segment).map(|id| id as f64)
}

#[wasm_bindgen(js_name = isLoginPath)]
pub fn is_login_path(path: &str) -> bool {
    route::is_login_path(path)
}

#[wasm_bindgen(js_name = isProtectedPath)]
pub fn is_protected_path(path: &str) -> bool {
    route::is_protected_path(path)
}

#[wasm_bindgen(js_name = matchRoute, unchecked_return_type = "RouteMatch | undefined")]
pub fn match_route(path: &str) -> Result<JsValue, JsValue> {
    route::match_route(path).map_or(Ok(JsValue::UNDEFINED), |m| to_js(&m))
}

#[wasm_bindgen(js_name = resolveRoute, unchecked_return_type = "RouteResolution")]
pub fn resolve_route(full_path: &str, lang_tag: Option<LangTag>) -> Result<JsValue, JsValue> {
    to_js(&route::resolve_route(full_path, lang(lang_tag)))
}

#[wasm_bindgen(js_name = routeGuard, unchecked_return_type = "GuardDecision")]
pub fn route_guard(
    full_path: &str,
    #[wasm_bindgen(unchecked_param_type = "SessionView")] session: JsValue,
) -> Result<JsValue, JsValue> {
    let input = Input::new(session, "session", &["signedIn", "savedRedirect"])?;
    let session = route::SessionView {
        signed_in: input.flag("signedIn")?,
        saved_redirect: input.string("savedRedirect")?,
    };
    to_js(&route::route_guard(full_path, &session))
}

/// The login page (`loginPath`, /member/login unless given) that brings the visitor back to
/// `returnTo` after signing in. `loginPath` must be a login page.
#[wasm_bindgen(js_name = loginHref)]
pub fn login_href(
    return_to: Option<String>,
    login_path: Option<String>,
) -> Result<String, JsValue> {
    let login_path = login_path.as_deref().unwrap_or(route::LOGIN_PATH);
    if !login_path.starts_with('/') || !route::is_login_path(login_path) {
        return Err(throw(Fault::invalid_argument(format!(
            "not a login page: '{login_path}'"
        ))));
    }
    Ok(route::login_location(login_path, return_to.as_deref()))
}

#[wasm_bindgen(js_name = postLoginTarget)]
pub fn post_login_target(saved_redirect: Option<String>) -> String {
    route::post_login_target(saved_redirect.as_deref())
}

#[wasm_bindgen(js_name = scrollTarget, unchecked_return_type = "ScrollTarget")]
pub fn scroll_target(hash: &str) -> Result<JsValue, JsValue> {
    to_js(&route::scroll_target(hash))
}

#[wasm_bindgen(js_name = errorScreen, unchecked_return_type = "ErrorScreen")]
pub fn error_screen(
    status: f64,
    message: Option<String>,
    description: Option<String>,
    lang_tag: Option<LangTag>,
) -> Result<JsValue, JsValue> {
    let status = if status.is_finite() { status as i64 } else { 0 };
    to_js(&error_screen::error_screen(
        status,
        message.as_deref(),
        description.as_deref(),
        lang(lang_tag),
    ))
}

#[wasm_bindgen(js_name = errorCatalogue, unchecked_return_type = "CatalogueEntry | undefined")]
pub fn error_catalogue(
    #[wasm_bindgen(unchecked_param_type = "string | number")] code: JsValue,
    lang_tag: Option<LangTag>,
) -> Result<JsValue, JsValue> {
    let code = code_text(&code).unwrap_or_default();
    error_screen::error_catalogue(&code, lang(lang_tag))
        .map_or(Ok(JsValue::UNDEFINED), |entry| to_js(&entry))
}

#[wasm_bindgen(unchecked_return_type = "Category[]")]
pub fn categories() -> Result<JsValue, JsValue> {
    to_js(&breadcrumbs::CATEGORIES[..])
}

/// The category's name in the language, undefined for an id that is no category.
#[wasm_bindgen(js_name = categoryName)]
pub fn category_name(id: f64, lang_tag: Option<LangTag>) -> Option<String> {
    if !(id.fract() == 0.0 && (1.0..=f64::from(u8::MAX)).contains(&id)) {
        return None;
    }
    breadcrumbs::category(id as u8).map(|category| category.name(lang(lang_tag)).to_string())
}

#[wasm_bindgen(unchecked_return_type = "Breadcrumb[]")]
pub fn breadcrumbs(now_ms: f64, lang_tag: Option<LangTag>) -> Result<JsValue, JsValue> {
    to_js(&breadcrumbs::breadcrumbs(now_ms as i64, lang(lang_tag)))
}

#[wasm_bindgen(js_name = pickLanguage, unchecked_return_type = "Lang")]
pub fn pick_language(saved: Option<String>, preferred: Vec<String>) -> JsValue {
    i18n::pick_language(saved.as_deref(), &preferred)
        .as_str()
        .into()
}
