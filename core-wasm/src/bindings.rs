//! The JavaScript surface: every `#[wasm_bindgen]` item of the crate lives here.
//!
//! Decisions come back as plain objects (typed in the TypeScript section below); a caller that
//! breaks a contract gets a real `Error` with a `code` property. Names are camelCase.

use crate::{analytics, breadcrumbs, business, certify, cookies, device, empty, error_screen, filter, format};
use crate::{headers, i18n, korean, oauth, password, route, signin, sort, strip, throttle, Fault};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
export type Lang = "ko" | "en";
export type SortCode = "POPULAR" | "LATEST" | "INTEREST";
export type DeviceType = "TABLET" | "MOBILE" | "PC" | "APP";
export type DeviceOs = "WINDOWS" | "MAC" | "LINUX" | "AOS" | "IOS";
export interface DeviceInfo {
  deviceType: DeviceType;
  deviceOs: DeviceOs | null;
  browser: string;
  browserVer: string;
  osVersion: string;
}
export interface FilterOptions {
  numbers?: boolean;
  korean?: boolean;
  english?: boolean;
  /** true: any ASCII punctuation; a one-character string: only that character. */
  special?: boolean | string;
  space?: boolean;
}
export type InputMode = "numeric" | "tel" | "text";
export type Layout = "default" | "empty";
export interface RouteMatch {
  name: string;
  path: string;
  param: string | null;
  layout: Layout;
  protected: boolean;
  loginPage: boolean;
}
export type RouteResolution =
  | { kind: "page"; route: RouteMatch }
  | { kind: "redirect"; location: string }
  | { kind: "notFound"; message: string };
export interface SessionView {
  signedIn: boolean;
  savedRedirect?: string | null;
}
export type GuardDecision =
  | { kind: "proceed" }
  | { kind: "refresh" }
  | { kind: "redirect"; location: string; clearTokens: boolean };
export type ScrollTarget = { kind: "top"; smooth: boolean } | { kind: "anchor"; id: string };
export interface ErrorAction {
  label: string;
  /** Where to go after clearing the error; null reloads the current page. */
  to: string | null;
}
export interface ErrorScreen {
  status: number;
  message: string;
  description: string | null;
  retry: ErrorAction | null;
  home: ErrorAction;
}
export interface CatalogueEntry {
  code: string;
  meaning: string;
  httpStatus: number;
}
export interface Category {
  id: number;
  key: string;
  nameKo: string;
  nameEn: string;
}
export interface Breadcrumb {
  categoryId: number;
  label: string;
  path: string;
  href: string;
}
export type CookieLifetime = { kind: "maxAge"; seconds: number } | { kind: "endOfDay" };
export interface CookieRule {
  name: string;
  lifetime: CookieLifetime;
  httpOnly: boolean;
}
export interface CookieSpec {
  name: string;
  value: string;
  expiresMs: number;
  maxAgeSecs: number;
  path: string;
  sameSite: string;
  secure: boolean;
  /** The string to assign to document.cookie. */
  header: string;
}
export type VisitorKind = "guest" | "member";
export interface VisitDecision {
  record: boolean;
  cookie: CookieSpec | null;
}
export interface SessionTokens {
  accessToken?: string | null;
  refreshToken?: string | null;
  guestId?: string | null;
  includeGuest?: boolean;
}
export interface RequestHeaders {
  _off_set: string;
  _tma_token: string;
  _tmr_token: string;
  _tma_id?: string;
}
export type Credentials =
  | { kind: "email"; email: string; password: string; autoLogin?: boolean }
  | { kind: "social"; authToken: string; channel: string };
export interface DeviceContext {
  userAgent?: string;
  deviceId?: string;
  pushToken?: string;
}
export interface SignInBody extends Omit<DeviceInfo, never> {
  email?: string;
  password?: string;
  authToken?: string;
  channel?: string;
  autoLogin: "Y" | "N";
  browserAgent: string;
  deviceId: string;
  pushToken: string;
}
export interface CertificationReturn {
  impUid?: string | null;
  merchantUid?: string | null;
  requestId?: string | null;
  savedCertifyNo?: string | null;
  success?: boolean | null;
  errorCode?: string | null;
}
export type CertificationResult =
  | { result: "true"; certifyNo: string; certifyUid: string }
  | { result: "false"; code: string; reason: string };
export type AuthType = "signin" | "join" | "auth";
export interface OAuthCallback {
  type: AuthType;
  code: string | null;
  state: string | null;
  error: string | null;
  cleanedUrl: string;
}
export interface DataLayerUser {
  userType: "reader" | "corporation";
  signupType: string;
  identityId: string;
  birth: string;
  gender: string;
}
export interface DataLayerEvent extends Partial<DataLayerUser> {
  event: string;
  screen: string | null;
}
export interface VisitRecord extends DeviceInfo {
  offset: number;
  accessToken: string;
  tmaId: string;
}
export interface ClickRecord {
  postSeq: number;
  offset: number;
  tmsId: string;
  accessToken: string;
}
export type PasswordProblem = "tooShort" | "tooLong" | "tooFewKinds" | "containsEmail";
export interface PasswordCheck {
  ok: boolean;
  problems: PasswordProblem[];
}
/** What the core throws: a real Error with a machine-readable code. */
export interface CoreError extends Error {
  code: string;
}
"#;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn throw(fault: Fault) -> JsValue {
    let error = js_sys::Error::new(&fault.message);
    let _ = js_sys::Reflect::set(&error, &"code".into(), &fault.code.into());
    error.into()
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| throw(Fault::new("internal", error.to_string())))
}

fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|error| throw(Fault::invalid_argument(format!("{what}: {error}"))))
}

fn lang(value: Option<String>) -> i18n::Lang {
    value.as_deref().and_then(i18n::Lang::parse).unwrap_or(i18n::Lang::En)
}

/// Minutes east of UTC at an instant, from the browser's time zone.
fn local_offset_at(epoch_ms: f64) -> i32 {
    -(js_sys::Date::new(&JsValue::from_f64(epoch_ms)).get_timezone_offset() as i32)
}

// --- SPEC §5 validation -----------------------------------------------------------------

#[wasm_bindgen(js_name = isEmpty)]
pub fn is_empty(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> bool {
    if value.is_instance_of::<js_sys::Date>() || value.is_function() {
        return false;
    }
    serde_wasm_bindgen::from_value::<empty::Shape>(value).is_ok_and(|shape| empty::is_empty(&shape))
}

#[wasm_bindgen(js_name = stripScripts)]
pub fn strip_scripts(text: &str) -> String {
    strip::strip_scripts(text)
}

#[wasm_bindgen(js_name = filterInput)]
pub fn filter_input(text: &str, #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue) -> Result<String, JsValue> {
    let options: filter::FilterOptions = from_js(options, "options")?;
    Ok(filter::filter_input(text, &options))
}

#[wasm_bindgen(js_name = filterEmail)]
pub fn filter_email(text: &str) -> String {
    filter::filter_email(text)
}

#[wasm_bindgen(js_name = filterPhone)]
pub fn filter_phone(text: &str) -> String {
    filter::filter_phone(text)
}

#[wasm_bindgen(js_name = inputModeFor, unchecked_return_type = "InputMode")]
pub fn input_mode_for(#[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue) -> Result<JsValue, JsValue> {
    let options: filter::FilterOptions = from_js(options, "options")?;
    to_js(&filter::input_mode_for(&options))
}

#[wasm_bindgen(js_name = isValidEmail)]
pub fn is_valid_email(text: &str) -> bool {
    password::is_valid_email(text)
}

#[wasm_bindgen(js_name = checkPassword, unchecked_return_type = "PasswordCheck")]
pub fn check_password(password: &str, email: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&password::check_password(password, email.as_deref()))
}

#[wasm_bindgen(js_name = isValidBusinessNumber)]
pub fn is_valid_business_number(text: &str) -> bool {
    business::is_valid_business_number(text)
}

// --- formatting --------------------------------------------------------------------------

/// `value`: epoch milliseconds, a Date, or an ISO-8601 string. Instants are shown in the
/// browser's time zone unless `offsetMinutes` (east of UTC) is given.
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(
    #[wasm_bindgen(unchecked_param_type = "number | string | Date")] value: JsValue,
    pattern: Option<String>,
    offset_minutes: Option<i32>,
) -> Result<String, JsValue> {
    let value = if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        format::DateValue::Millis(date.get_time())
    } else if let Some(ms) = value.as_f64() {
        format::DateValue::Millis(ms)
    } else if let Some(text) = value.as_string() {
        format::DateValue::Text(text)
    } else {
        return Err(throw(Fault::new("invalid_date", "formatDate takes a number, a string or a Date")));
    };
    let offset = match (offset_minutes, format::parse_date(&value).map_err(throw)?) {
        (Some(offset), _) => offset,
        (None, format::ParsedDate::Instant { epoch_ms }) => local_offset_at(epoch_ms as f64),
        (None, format::ParsedDate::Wall(_)) => 0,
    };
    format::format_date(&value, pattern.as_deref(), offset).map_err(throw)
}

#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(n: f64) -> String {
    format::format_number(n)
}

#[wasm_bindgen(js_name = abbreviateCount)]
pub fn abbreviate_count(n: f64) -> String {
    format::abbreviate_count(n)
}

// --- sorting and routes ------------------------------------------------------------------

#[wasm_bindgen(js_name = normalizeSort, unchecked_return_type = "SortCode | undefined")]
pub fn normalize_sort(value: Option<String>) -> JsValue {
    value.as_deref().and_then(sort::normalize_sort).map_or(JsValue::UNDEFINED, |s| s.code().into())
}

#[wasm_bindgen(js_name = requiresSort)]
pub fn requires_sort(path: &str) -> bool {
    sort::requires_sort(path)
}

#[wasm_bindgen(js_name = sortRedirect)]
pub fn sort_redirect(path: &str, search: &str) -> Option<String> {
    sort::sort_redirect(path, search)
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
pub fn resolve_route(full_path: &str, #[wasm_bindgen(unchecked_param_type = "Lang")] lang_tag: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&route::resolve_route(full_path, lang(lang_tag)))
}

#[wasm_bindgen(js_name = routeGuard, unchecked_return_type = "GuardDecision")]
pub fn route_guard(full_path: &str, #[wasm_bindgen(unchecked_param_type = "SessionView")] session: JsValue) -> Result<JsValue, JsValue> {
    let session: route::SessionView = from_js(session, "session")?;
    to_js(&route::route_guard(full_path, &session))
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
    #[wasm_bindgen(unchecked_param_type = "Lang")] lang_tag: Option<String>,
) -> Result<JsValue, JsValue> {
    let status = if status.is_finite() { status as i64 } else { 0 };
    to_js(&error_screen::error_screen(status, message.as_deref(), description.as_deref(), lang(lang_tag)))
}

#[wasm_bindgen(js_name = errorCatalogue, unchecked_return_type = "CatalogueEntry | undefined")]
pub fn error_catalogue(
    #[wasm_bindgen(unchecked_param_type = "string | number")] code: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Lang")] lang_tag: Option<String>,
) -> Result<JsValue, JsValue> {
    let code = code.as_string().or_else(|| code.as_f64().map(|n| n.to_string())).unwrap_or_default();
    error_screen::error_catalogue(&code, lang(lang_tag)).map_or(Ok(JsValue::UNDEFINED), |entry| to_js(&entry))
}

#[wasm_bindgen(unchecked_return_type = "Category[]")]
pub fn categories() -> Result<JsValue, JsValue> {
    to_js(&breadcrumbs::CATEGORIES[..])
}

#[wasm_bindgen(unchecked_return_type = "Breadcrumb[]")]
pub fn breadcrumbs(now_ms: f64, #[wasm_bindgen(unchecked_param_type = "Lang")] lang_tag: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&breadcrumbs::breadcrumbs(now_ms as i64, lang(lang_tag)))
}

#[wasm_bindgen(js_name = pickLanguage, unchecked_return_type = "Lang")]
pub fn pick_language(saved: Option<String>, preferred: Vec<String>) -> JsValue {
    i18n::pick_language(saved.as_deref(), &preferred).as_str().into()
}

// --- device, session, cookies, headers ---------------------------------------------------

#[wasm_bindgen(js_name = detectDevice, unchecked_return_type = "DeviceInfo")]
pub fn detect_device(user_agent: &str) -> Result<JsValue, JsValue> {
    to_js(&device::detect_device(user_agent))
}

#[wasm_bindgen(js_name = TokenCheckThrottle)]
pub struct TokenCheckThrottle {
    inner: throttle::TokenCheckThrottle,
}

#[wasm_bindgen(js_class = TokenCheckThrottle)]
impl TokenCheckThrottle {
    /// `lastCheckMs` restores a throttle kept in session storage.
    #[wasm_bindgen(constructor)]
    pub fn new(last_check_ms: Option<f64>) -> TokenCheckThrottle {
        TokenCheckThrottle { inner: throttle::TokenCheckThrottle::new(last_check_ms) }
    }

    #[wasm_bindgen(js_name = shouldCheck)]
    pub fn should_check(&self, now_ms: f64) -> bool {
        self.inner.should_check(now_ms)
    }

    #[wasm_bindgen(js_name = recordCheck)]
    pub fn record_check(&mut self, now_ms: f64) {
        self.inner.record_check(now_ms);
    }

    /// `true` (and recorded) when the server must be asked now.
    #[wasm_bindgen(js_name = tryAcquire)]
    pub fn try_acquire(&mut self, now_ms: f64) -> bool {
        self.inner.try_acquire(now_ms)
    }

    #[wasm_bindgen(getter, js_name = lastCheckMs)]
    pub fn last_check_ms(&self) -> Option<f64> {
        self.inner.last_check_ms()
    }
}

#[derive(Serialize)]
struct CookieOut<'a> {
    #[serde(flatten)]
    spec: &'a cookies::CookieSpec,
    header: String,
}

fn cookie_out(spec: &cookies::CookieSpec) -> CookieOut<'_> {
    CookieOut { spec, header: spec.header_value() }
}

#[wasm_bindgen(js_name = cookiePolicy, unchecked_return_type = "CookieRule[]")]
pub fn cookie_policy() -> Result<JsValue, JsValue> {
    to_js(&cookies::COOKIE_RULES[..])
}

#[wasm_bindgen(js_name = cookieFor, unchecked_return_type = "CookieSpec")]
pub fn cookie_for(name: &str, value: &str, now_ms: f64, offset_minutes: i32, secure: bool) -> Result<JsValue, JsValue> {
    let spec = cookies::cookie_for(name, value, now_ms, offset_minutes, secure).map_err(throw)?;
    to_js(&cookie_out(&spec))
}

#[wasm_bindgen(js_name = endOfDayMs)]
pub fn end_of_day_ms(now_ms: f64, offset_minutes: i32) -> Result<f64, JsValue> {
    cookies::end_of_day_ms(now_ms, offset_minutes).map_err(throw)
}

#[wasm_bindgen(js_name = visitDecision, unchecked_return_type = "VisitDecision")]
pub fn visit_decision(
    #[wasm_bindgen(unchecked_param_type = "VisitorKind")] kind: JsValue,
    already_marked: bool,
    now_ms: f64,
    offset_minutes: i32,
    secure: bool,
) -> Result<JsValue, JsValue> {
    let kind: cookies::VisitorKind = from_js(kind, "kind")?;
    let decision = cookies::visit_decision(kind, already_marked, now_ms, offset_minutes, secure).map_err(throw)?;
    #[derive(Serialize)]
    struct Out<'a> {
        record: bool,
        cookie: Option<CookieOut<'a>>,
    }
    to_js(&Out { record: decision.record, cookie: decision.cookie.as_ref().map(cookie_out) })
}

#[wasm_bindgen(js_name = withinReloadGuard)]
pub fn within_reload_guard(last_ms: Option<f64>, now_ms: f64) -> bool {
    cookies::within_reload_guard(last_ms, now_ms)
}

#[wasm_bindgen(js_name = requestHeaders, unchecked_return_type = "RequestHeaders")]
pub fn request_headers(
    #[wasm_bindgen(unchecked_param_type = "SessionTokens")] session: JsValue,
    offset_minutes: i32,
) -> Result<JsValue, JsValue> {
    let session: headers::SessionTokens = from_js(session, "session")?;
    let map: BTreeMap<&str, String> =
        headers::request_headers(&session, offset_minutes).into_iter().map(|h| (h.name, h.value)).collect();
    to_js(&map)
}

#[wasm_bindgen(js_name = signInBody, unchecked_return_type = "SignInBody")]
pub fn sign_in_body(
    #[wasm_bindgen(unchecked_param_type = "Credentials")] credentials: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DeviceContext")] device: JsValue,
) -> Result<JsValue, JsValue> {
    let credentials: signin::Credentials = from_js(credentials, "credentials")?;
    let device: signin::DeviceContext = from_js(device, "device")?;
    to_js(&signin::sign_in_body(&credentials, &device).map_err(throw)?)
}

#[wasm_bindgen(js_name = maySignIn)]
pub fn may_sign_in(#[wasm_bindgen(unchecked_param_type = "string | number")] account_status_code: JsValue) -> bool {
    let code = account_status_code.as_string().or_else(|| account_status_code.as_f64().map(|n| n.to_string()));
    code.is_some_and(|code| signin::may_sign_in(&code))
}

#[wasm_bindgen(js_name = validateCertification, unchecked_return_type = "CertificationResult")]
pub fn validate_certification(
    #[wasm_bindgen(unchecked_param_type = "CertificationReturn")] input: JsValue,
) -> Result<JsValue, JsValue> {
    let input: certify::CertificationReturn = from_js(input, "certification")?;
    to_js(&certify::validate_certification(&input))
}

#[wasm_bindgen(js_name = parseOAuthCallback, unchecked_return_type = "OAuthCallback")]
pub fn parse_oauth_callback(url: &str) -> Result<JsValue, JsValue> {
    to_js(&oauth::parse_oauth_callback(url).map_err(throw)?)
}

// --- analytics ---------------------------------------------------------------------------

/// SPEC §4: anything but a successful profile answer gives `null` (no user).
#[wasm_bindgen(js_name = dataLayerUser, unchecked_return_type = "DataLayerUser | null")]
pub fn data_layer_user(#[wasm_bindgen(unchecked_param_type = "unknown")] profile: JsValue) -> Result<JsValue, JsValue> {
    let profile: analytics::ProfileAnswer = serde_wasm_bindgen::from_value(profile).unwrap_or_default();
    analytics::data_layer_user(&profile).map_or(Ok(JsValue::NULL), |user| to_js(&user))
}

#[wasm_bindgen(js_name = dataLayerEvent, unchecked_return_type = "DataLayerEvent")]
pub fn data_layer_event(
    event: &str,
    screen: Option<String>,
    #[wasm_bindgen(unchecked_param_type = "DataLayerUser | null | undefined")] user: JsValue,
) -> Result<JsValue, JsValue> {
    let user: Option<UserIn> = if user.is_null() || user.is_undefined() { None } else { Some(from_js(user, "user")?) };
    let user = user.map(UserIn::into_user).transpose().map_err(throw)?;
    to_js(&analytics::data_layer_event(event, screen.as_deref(), user).map_err(throw)?)
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct UserIn {
    user_type: String,
    signup_type: String,
    identity_id: String,
    birth: String,
    gender: String,
}

impl UserIn {
    fn into_user(self) -> Result<analytics::DataLayerUser, Fault> {
        let user_type = match self.user_type.as_str() {
            "reader" => "reader",
            "corporation" => "corporation",
            other => return Err(Fault::invalid_argument(format!("unknown user type: {other}"))),
        };
        Ok(analytics::DataLayerUser {
            user_type,
            signup_type: self.signup_type,
            identity_id: self.identity_id,
            birth: self.birth,
            gender: self.gender,
        })
    }
}

#[wasm_bindgen(js_name = visitRecord, unchecked_return_type = "VisitRecord")]
pub fn visit_record(offset_minutes: i32, access_token: Option<String>, guest_id: Option<String>, user_agent: &str) -> Result<JsValue, JsValue> {
    let device = device::detect_device(user_agent);
    to_js(&analytics::visit_record(offset_minutes, access_token.as_deref(), guest_id.as_deref(), device))
}

#[wasm_bindgen(js_name = clickRecord, unchecked_return_type = "ClickRecord")]
pub fn click_record(post_seq: f64, offset_minutes: i32, analysis_id: Option<String>, access_token: Option<String>) -> Result<JsValue, JsValue> {
    if !(post_seq.is_finite() && post_seq.fract() == 0.0 && post_seq > 0.0) {
        return Err(throw(Fault::invalid_argument("postSeq must be a positive integer")));
    }
    to_js(&analytics::click_record(post_seq as u64, offset_minutes, analysis_id.as_deref(), access_token.as_deref()).map_err(throw)?)
}

// --- Korean ------------------------------------------------------------------------------

#[wasm_bindgen]
pub fn chosung(text: &str) -> String {
    korean::chosung(text)
}

#[wasm_bindgen]
pub fn decompose(text: &str) -> String {
    korean::decompose(text)
}

#[wasm_bindgen]
pub fn compose(jamo: &str) -> String {
    korean::compose(jamo)
}

#[wasm_bindgen(js_name = matchesKoreanPrefix)]
pub fn matches_korean_prefix(query: &str, candidate: &str) -> bool {
    korean::matches_korean_prefix(query, candidate)
}
