//! The JavaScript surface: every `#[wasm_bindgen]` item of the crate lives here.
//!
//! Decisions come back as plain objects (typed in the TypeScript section below); a caller that
//! breaks a contract gets a real `Error` with a `code` property. Names are camelCase.

use crate::{
    analytics, breadcrumbs, business, certify, cookies, device, empty, error_screen, filter, format,
};
use crate::{
    headers, i18n, korean, nickname, oauth, password, route, signin, sort, strip, throttle,
    writing, Fault,
};
use serde::Serialize;
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
/** The names of the route table (core-wasm/src/route.rs ROUTES), in its order; a unit test
 * there keeps this list equal to the table. */
export type RouteName =
  | "home"
  | "admin"
  | "adminAudit"
  | "adminBusinesses"
  | "adminCollections"
  | "adminMedia"
  | "adminPosts"
  | "adminSearch"
  | "b2b"
  | "businessProfile"
  | "followList"
  | "interest"
  | "interestBookmark"
  | "interestFollowing"
  | "managerInvite"
  | "managerInviteConfirm"
  | "managerInviteJoin"
  | "callbackCertify"
  | "callbackOauth"
  | "join"
  | "joinEmail"
  | "joinProfile"
  | "joinComplete"
  | "login"
  | "loginEmail"
  | "mobileCategory"
  | "mypage"
  | "mypageBusiness"
  | "mypageBusinessProfile"
  | "analyticsContents"
  | "analyticsOutline"
  | "contentRegister"
  | "mediaPublishRegister"
  | "passwordChange"
  | "passwordCheck"
  | "userEdit"
  | "userWithdraw"
  | "passwordFindOptions"
  | "passwordFindEmail"
  | "passwordFindPhone"
  | "passwordReset"
  | "categoryList"
  | "interestList"
  | "latestList"
  | "popularList"
  | "recommendList"
  | "reportList"
  | "postDetail"
  | "preview"
  | "search"
  | "searchBusiness"
  | "searchContents"
  | "sampleChart"
  | "sampleModal"
  | "samplePage1"
  | "samplePage2"
  | "samplePage4Error"
  | "sampleUnsplash";
export interface RouteMatch {
  name: RouteName;
  path: string;
  param: string | null;
  layout: Layout;
  protected: boolean;
  loginPage: boolean;
  /** Stays mounted per full path (going back restores data and scroll). */
  keepAlive: boolean;
  /** A new query does not start the page again: it follows its query itself. */
  followsQuery: boolean;
  /** The data-layer event pushed when the page starts, with its screen. */
  pageView: { event: string; screen: string | null } | null;
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
export interface PasswordKinds {
  upper: boolean;
  lower: boolean;
  digit: boolean;
  /** Anything else: punctuation, a space, Hangul and other scripts. */
  other: boolean;
}
export interface PasswordCheck {
  ok: boolean;
  problems: PasswordProblem[];
  /** The kinds of character present; three of the four are needed. */
  kinds: PasswordKinds;
}
export type NicknameProblem = "tooShort" | "tooLong" | "badCharacter";
export interface NicknameCheck {
  ok: boolean;
  problems: NicknameProblem[];
  /** The nickname as it is kept: trimmed. */
  nickname: string;
}
export type TagProblem = "tooLong" | "tooMany";
export interface Countdown {
  past: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}
export interface WritingLimits {
  titleMaxChars: number;
  summaryMaxChars: number;
  bodyMaxBytes: number;
  tagsMax: number;
  tagMaxChars: number;
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

/// An options object read field by field (serde's deserialisers would double the module).
/// Unknown fields and wrong types are faults naming the field; `null` and `undefined` read
/// as an empty object.
struct Input {
    object: JsValue,
    what: &'static str,
}

impl Input {
    fn new(value: JsValue, what: &'static str, fields: &[&str]) -> Result<Input, JsValue> {
        if value.is_null() || value.is_undefined() {
            return Ok(Input {
                object: js_sys::Object::new().into(),
                what,
            });
        }
        if !value.is_object() || js_sys::Array::is_array(&value) {
            return Err(throw(Fault::invalid_argument(format!(
                "{what} must be an object"
            ))));
        }
        for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !fields.contains(&key.as_str()) {
                return Err(throw(Fault::invalid_argument(format!(
                    "{what}: unknown field '{key}'"
                ))));
            }
        }
        Ok(Input {
            object: value,
            what,
        })
    }

    fn get(&self, field: &str) -> JsValue {
        js_sys::Reflect::get(&self.object, &JsValue::from_str(field)).unwrap_or(JsValue::UNDEFINED)
    }

    fn wrong(&self, field: &str, kind: &str) -> JsValue {
        throw(Fault::invalid_argument(format!(
            "{}.{field} must be {kind}",
            self.what
        )))
    }

    fn string(&self, field: &str) -> Result<Option<String>, JsValue> {
        let value = self.get(field);
        if value.is_null() || value.is_undefined() {
            return Ok(None);
        }
        value
            .as_string()
            .map(Some)
            .ok_or_else(|| self.wrong(field, "a string"))
    }

    fn required_string(&self, field: &str) -> Result<String, JsValue> {
        self.string(field)?
            .ok_or_else(|| self.wrong(field, "a string"))
    }

    fn boolean(&self, field: &str) -> Result<Option<bool>, JsValue> {
        let value = self.get(field);
        if value.is_null() || value.is_undefined() {
            return Ok(None);
        }
        value
            .as_bool()
            .map(Some)
            .ok_or_else(|| self.wrong(field, "a boolean"))
    }

    fn flag(&self, field: &str) -> Result<bool, JsValue> {
        Ok(self.boolean(field)?.unwrap_or(false))
    }
}

fn filter_options(value: JsValue) -> Result<filter::FilterOptions, JsValue> {
    let input = Input::new(
        value,
        "options",
        &["numbers", "korean", "english", "special", "space"],
    )?;
    let raw = input.get("special");
    let special = if raw.is_null() || raw.is_undefined() {
        filter::Special::None
    } else if let Some(all) = raw.as_bool() {
        filter::Special::All(all)
    } else {
        let text = raw.as_string().unwrap_or_default();
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(only), None) => filter::Special::One(only),
            _ => return Err(input.wrong("special", "true, false or one character")),
        }
    };
    Ok(filter::FilterOptions {
        numbers: input.flag("numbers")?,
        korean: input.flag("korean")?,
        english: input.flag("english")?,
        special,
        space: input.flag("space")?,
    })
}

fn code_text(code: &JsValue) -> Option<String> {
    code.as_string().or_else(|| {
        code.as_f64()
            .filter(|n| n.fract() == 0.0 && n.abs() < 1e15)
            .map(|n| (n as i64).to_string())
    })
}

#[wasm_bindgen]
extern "C" {
    /// A `Lang` ("ko" | "en") argument: optional in TypeScript, English when absent.
    #[wasm_bindgen(typescript_type = "Lang")]
    pub type LangTag;
}

fn lang(value: Option<LangTag>) -> i18n::Lang {
    value
        .and_then(|tag| JsValue::from(tag).as_string())
        .as_deref()
        .and_then(i18n::Lang::parse)
        .unwrap_or(i18n::Lang::En)
}

/// Minutes east of UTC at an instant, from the browser's time zone.
fn local_offset_at(epoch_ms: f64) -> i32 {
    -(js_sys::Date::new(&JsValue::from_f64(epoch_ms)).get_timezone_offset() as i32)
}

// --- SPEC §5 validation -----------------------------------------------------------------

#[wasm_bindgen(js_name = isEmpty)]
pub fn is_empty(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> bool {
    let shape = if value.is_null() || value.is_undefined() {
        empty::Shape::Absent
    } else if let Some(text) = value.as_string() {
        empty::Shape::Text(text)
    } else if value.as_bool().is_some() {
        empty::Shape::Bool
    } else if value.as_f64().is_some() || value.is_bigint() {
        empty::Shape::Number
    } else if js_sys::Array::is_array(&value) {
        empty::Shape::Sequence(js_sys::Array::from(&value).length() as usize)
    } else if value.is_object() && !value.is_instance_of::<js_sys::Date>() && !value.is_function() {
        empty::Shape::Map(
            js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).length() as usize,
        )
    } else {
        // Dates, functions, symbols: values, never empty.
        empty::Shape::Number
    };
    empty::is_empty(&shape)
}

#[wasm_bindgen(js_name = stripScripts)]
pub fn strip_scripts(text: &str) -> String {
    strip::strip_scripts(text)
}

#[wasm_bindgen(js_name = filterInput)]
pub fn filter_input(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue,
) -> Result<String, JsValue> {
    Ok(filter::filter_input(text, &filter_options(options)?))
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
pub fn input_mode_for(
    #[wasm_bindgen(unchecked_param_type = "FilterOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&filter::input_mode_for(&filter_options(options)?))
}

#[wasm_bindgen(js_name = isValidEmail)]
pub fn is_valid_email(text: &str) -> bool {
    password::is_valid_email(text)
}

#[wasm_bindgen(js_name = checkPassword, unchecked_return_type = "PasswordCheck")]
pub fn check_password(password: &str, email: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&password::check_password(password, email.as_deref()))
}

#[wasm_bindgen(js_name = filterNickname)]
pub fn filter_nickname(text: &str) -> String {
    nickname::filter_nickname(text)
}

#[wasm_bindgen(js_name = checkNickname, unchecked_return_type = "NicknameCheck")]
pub fn check_nickname(text: &str) -> Result<JsValue, JsValue> {
    to_js(&nickname::check_nickname(text))
}

// --- writing -----------------------------------------------------------------------------

/// A plain object of numbers, built without serde (smaller in the browser build).
fn numbers(fields: &[(&str, f64)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&object, &(*name).into(), &(*value).into());
    }
    object.into()
}

#[wasm_bindgen(js_name = writingLimits, unchecked_return_type = "WritingLimits")]
pub fn writing_limits() -> JsValue {
    numbers(&[
        ("titleMaxChars", writing::TITLE_MAX_CHARS as f64),
        ("summaryMaxChars", writing::SUMMARY_MAX_CHARS as f64),
        ("bodyMaxBytes", writing::BODY_MAX_BYTES as f64),
        ("tagsMax", writing::TAGS_MAX as f64),
        ("tagMaxChars", writing::TAG_MAX_CHARS as f64),
    ])
}

/// One tag as it is kept (trimmed, `#` dropped), or undefined when nothing is left.
#[wasm_bindgen(js_name = cleanTag)]
pub fn clean_tag(raw: &str) -> Option<String> {
    writing::clean_tag(raw).map(str::to_string)
}

/// The tags as they are kept (cleaned, repeats dropped); empty when they break a limit
/// (`tagsProblem` says which).
#[wasm_bindgen(js_name = cleanTags)]
pub fn clean_tags(raw: Vec<String>) -> Vec<String> {
    writing::clean_tags(&raw).unwrap_or_default()
}

#[wasm_bindgen(js_name = tagsProblem, unchecked_return_type = "TagProblem | undefined")]
pub fn tags_problem(raw: Vec<String>) -> JsValue {
    match writing::clean_tags(&raw) {
        Ok(_) => JsValue::UNDEFINED,
        Err(writing::TagProblem::TooLong) => "tooLong".into(),
        Err(writing::TagProblem::TooMany) => "tooMany".into(),
    }
}

/// An id as addresses write it (plain decimal, no sign or leading zero, below 2^53), or
/// undefined.
#[wasm_bindgen(js_name = parseId)]
pub fn parse_id(segment: &str) -> Option<f64> {
    route::parse_id(segment).map(|id| id as f64)
}

/// A Korean wall-clock time (`yyyy-MM-ddTHH:mm`) as epoch milliseconds, or undefined.
#[wasm_bindgen(js_name = kstLocalToEpochMs)]
pub fn kst_local_to_epoch_ms(value: &str) -> Option<f64> {
    writing::kst_local_to_epoch_ms(value).map(|ms| ms as f64)
}

/// Epoch milliseconds as the Korean wall-clock time a date-and-time field takes.
#[wasm_bindgen(js_name = epochMsToKstLocal)]
pub fn epoch_ms_to_kst_local(epoch_ms: f64) -> String {
    writing::epoch_ms_to_kst_local(epoch_ms as i64)
}

#[wasm_bindgen(unchecked_return_type = "Countdown")]
pub fn countdown(target_ms: f64, now_ms: f64) -> JsValue {
    let left = writing::countdown(target_ms as i64, now_ms as i64);
    let object = numbers(&[
        ("days", left.days as f64),
        ("hours", left.hours as f64),
        ("minutes", left.minutes as f64),
        ("seconds", left.seconds as f64),
    ]);
    let _ = js_sys::Reflect::set(&object, &"past".into(), &left.past.into());
    object
}

/// A body link as the editor keeps it (http, https or mailto; a bare host gets https://),
/// or undefined when it may not be a link.
#[wasm_bindgen(js_name = safeLink)]
pub fn safe_link(raw: &str) -> Option<String> {
    writing::safe_link(raw)
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
        return Err(throw(Fault::new(
            "invalid_date",
            "formatDate takes a number, a string or a Date",
        )));
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
        TokenCheckThrottle {
            inner: throttle::TokenCheckThrottle::new(last_check_ms),
        }
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
    CookieOut {
        spec,
        header: spec.header_value(),
    }
}

#[wasm_bindgen(js_name = cookiePolicy, unchecked_return_type = "CookieRule[]")]
pub fn cookie_policy() -> Result<JsValue, JsValue> {
    to_js(&cookies::COOKIE_RULES[..])
}

#[wasm_bindgen(js_name = cookieFor, unchecked_return_type = "CookieSpec")]
pub fn cookie_for(
    name: &str,
    value: &str,
    now_ms: f64,
    offset_minutes: i32,
    secure: bool,
) -> Result<JsValue, JsValue> {
    let spec = cookies::cookie_for(name, value, now_ms, offset_minutes, secure).map_err(throw)?;
    to_js(&cookie_out(&spec))
}

#[wasm_bindgen(js_name = endOfDayMs)]
pub fn end_of_day_ms(now_ms: f64, offset_minutes: i32) -> Result<f64, JsValue> {
    cookies::end_of_day_ms(now_ms, offset_minutes).map_err(throw)
}

#[wasm_bindgen(js_name = visitDecision, unchecked_return_type = "VisitDecision")]
pub fn visit_decision(
    #[wasm_bindgen(unchecked_param_type = "VisitorKind")] kind: &str,
    already_marked: bool,
    now_ms: f64,
    offset_minutes: i32,
    secure: bool,
) -> Result<JsValue, JsValue> {
    let kind = match kind {
        "guest" => cookies::VisitorKind::Guest,
        "member" => cookies::VisitorKind::Member,
        other => {
            return Err(throw(Fault::invalid_argument(format!(
                "unknown visitor kind: '{other}'"
            ))))
        }
    };
    let decision = cookies::visit_decision(kind, already_marked, now_ms, offset_minutes, secure)
        .map_err(throw)?;
    #[derive(Serialize)]
    struct Out<'a> {
        record: bool,
        cookie: Option<CookieOut<'a>>,
    }
    to_js(&Out {
        record: decision.record,
        cookie: decision.cookie.as_ref().map(cookie_out),
    })
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
    let input = Input::new(
        session,
        "session",
        &["accessToken", "refreshToken", "guestId", "includeGuest"],
    )?;
    let session = headers::SessionTokens {
        access_token: input.string("accessToken")?,
        refresh_token: input.string("refreshToken")?,
        guest_id: input.string("guestId")?,
        include_guest: input.flag("includeGuest")?,
    };
    let object = js_sys::Object::new();
    for header in headers::request_headers(&session, offset_minutes) {
        let _ = js_sys::Reflect::set(&object, &header.name.into(), &header.value.into());
    }
    Ok(object.into())
}

#[wasm_bindgen(js_name = signInBody, unchecked_return_type = "SignInBody")]
pub fn sign_in_body(
    #[wasm_bindgen(unchecked_param_type = "Credentials")] credentials: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DeviceContext")] device: JsValue,
) -> Result<JsValue, JsValue> {
    let kind = Input::new(
        credentials.clone(),
        "credentials",
        &[
            "kind",
            "email",
            "password",
            "autoLogin",
            "authToken",
            "channel",
        ],
    )?
    .required_string("kind")?;
    let credentials = match kind.as_str() {
        "email" => {
            let input = Input::new(
                credentials,
                "credentials",
                &["kind", "email", "password", "autoLogin"],
            )?;
            signin::Credentials::Email {
                email: input.required_string("email")?,
                password: input.required_string("password")?,
                auto_login: input.flag("autoLogin")?,
            }
        }
        "social" => {
            let input = Input::new(
                credentials,
                "credentials",
                &["kind", "authToken", "channel"],
            )?;
            signin::Credentials::Social {
                auth_token: input.string("authToken")?.unwrap_or_default(),
                channel: input.required_string("channel")?,
            }
        }
        other => {
            return Err(throw(Fault::invalid_argument(format!(
                "credentials.kind must be 'email' or 'social', not '{other}'"
            ))))
        }
    };
    let input = Input::new(device, "device", &["userAgent", "deviceId", "pushToken"])?;
    let device = signin::DeviceContext {
        user_agent: input.string("userAgent")?.unwrap_or_default(),
        device_id: input.string("deviceId")?.unwrap_or_default(),
        push_token: input.string("pushToken")?.unwrap_or_default(),
    };
    to_js(&signin::sign_in_body(&credentials, &device).map_err(throw)?)
}

#[wasm_bindgen(js_name = maySignIn)]
pub fn may_sign_in(
    #[wasm_bindgen(unchecked_param_type = "string | number")] account_status_code: JsValue,
) -> bool {
    code_text(&account_status_code).is_some_and(|code| signin::may_sign_in(&code))
}

#[wasm_bindgen(js_name = validateCertification, unchecked_return_type = "CertificationResult")]
pub fn validate_certification(
    #[wasm_bindgen(unchecked_param_type = "CertificationReturn")] input: JsValue,
) -> Result<JsValue, JsValue> {
    let input = Input::new(
        input,
        "certification",
        &[
            "impUid",
            "merchantUid",
            "requestId",
            "savedCertifyNo",
            "success",
            "errorCode",
        ],
    )?;
    let certification = certify::CertificationReturn {
        imp_uid: input.string("impUid")?,
        merchant_uid: input.string("merchantUid")?,
        request_id: input.string("requestId")?,
        saved_certify_no: input.string("savedCertifyNo")?,
        success: input.boolean("success")?,
        error_code: input.string("errorCode")?,
    };
    to_js(&certify::validate_certification(&certification))
}

#[wasm_bindgen(js_name = parseOAuthCallback, unchecked_return_type = "OAuthCallback")]
pub fn parse_oauth_callback(url: &str) -> Result<JsValue, JsValue> {
    to_js(&oauth::parse_oauth_callback(url).map_err(throw)?)
}

// --- analytics ---------------------------------------------------------------------------

/// SPEC §4: anything but a successful profile answer gives `null` (no user).
#[wasm_bindgen(js_name = dataLayerUser, unchecked_return_type = "DataLayerUser | null")]
pub fn data_layer_user(
    #[wasm_bindgen(unchecked_param_type = "unknown")] profile: JsValue,
) -> Result<JsValue, JsValue> {
    let field = |object: &JsValue, name: &str| {
        js_sys::Reflect::get(object, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_string())
    };
    let profile = if profile.is_object() {
        let data = js_sys::Reflect::get(&profile, &"data".into()).unwrap_or(JsValue::UNDEFINED);
        analytics::ProfileAnswer {
            code: js_sys::Reflect::get(&profile, &"code".into())
                .ok()
                .as_ref()
                .and_then(code_text)
                .map(analytics::serde_code::Code::Text),
            data: data.is_object().then(|| analytics::ProfileData {
                user_auth_name: field(&data, "userAuthName"),
                channel: field(&data, "channel"),
                birthday: field(&data, "birthday"),
                identity_id: field(&data, "identityId"),
                gender: field(&data, "gender"),
            }),
        }
    } else {
        analytics::ProfileAnswer::default()
    };
    analytics::data_layer_user(&profile).map_or(Ok(JsValue::NULL), |user| to_js(&user))
}

#[wasm_bindgen(js_name = dataLayerEvent, unchecked_return_type = "DataLayerEvent")]
pub fn data_layer_event(
    event: &str,
    screen: Option<String>,
    #[wasm_bindgen(unchecked_param_type = "DataLayerUser | null | undefined")] user: JsValue,
) -> Result<JsValue, JsValue> {
    let user = if user.is_null() || user.is_undefined() {
        None
    } else {
        let input = Input::new(
            user,
            "user",
            &["userType", "signupType", "identityId", "birth", "gender"],
        )?;
        let user_type = match input.required_string("userType")?.as_str() {
            "reader" => "reader",
            "corporation" => "corporation",
            _ => return Err(input.wrong("userType", "'reader' or 'corporation'")),
        };
        Some(analytics::DataLayerUser {
            user_type,
            signup_type: input.required_string("signupType")?,
            identity_id: input.required_string("identityId")?,
            birth: input.required_string("birth")?,
            gender: input.required_string("gender")?,
        })
    };
    to_js(&analytics::data_layer_event(event, screen.as_deref(), user).map_err(throw)?)
}

#[wasm_bindgen(js_name = visitRecord, unchecked_return_type = "VisitRecord")]
pub fn visit_record(
    offset_minutes: i32,
    access_token: Option<String>,
    guest_id: Option<String>,
    user_agent: &str,
) -> Result<JsValue, JsValue> {
    let device = device::detect_device(user_agent);
    to_js(&analytics::visit_record(
        offset_minutes,
        access_token.as_deref(),
        guest_id.as_deref(),
        device,
    ))
}

#[wasm_bindgen(js_name = clickRecord, unchecked_return_type = "ClickRecord")]
pub fn click_record(
    post_seq: f64,
    offset_minutes: i32,
    analysis_id: Option<String>,
    access_token: Option<String>,
) -> Result<JsValue, JsValue> {
    if !(post_seq.is_finite() && post_seq.fract() == 0.0 && post_seq > 0.0) {
        return Err(throw(Fault::invalid_argument(
            "postSeq must be a positive integer",
        )));
    }
    to_js(
        &analytics::click_record(
            post_seq as u64,
            offset_minutes,
            analysis_id.as_deref(),
            access_token.as_deref(),
        )
        .map_err(throw)?,
    )
}

// --- Korean ------------------------------------------------------------------------------

/// `text` with each written particle pair (`을(를)`, `(으)로`, …) in the form its word takes.
#[wasm_bindgen(js_name = resolveParticles)]
pub fn resolve_particles(text: &str) -> String {
    korean::resolve_particles(text)
}
