//! The TypeScript section of the typings: the hand-written types the exports' signatures name
//! (`unchecked_param_type`, `unchecked_return_type`), so no exported signature says `any`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A language: "ko" (Korean) or "en" (English). Where a function's `lang` is optional, it
 * answers in English when it is absent. */
export type Lang = "ko" | "en";
/** How a post list is sorted; list addresses carry it as their `sort` query value. */
export type SortCode = "POPULAR" | "LATEST" | "INTEREST";
/** The kind of device: "APP" is the Tidemark app's web view, "PC" any desktop. */
export type DeviceType = "TABLET" | "MOBILE" | "PC" | "APP";
/** An operating system: "MAC" is macOS, "AOS" Android, "IOS" iOS and iPadOS. */
export type DeviceOs = "WINDOWS" | "MAC" | "LINUX" | "AOS" | "IOS";
/** What a user agent string tells of the device (see `detectDevice`). */
export interface DeviceInfo {
  deviceType: DeviceType;
  /** null for an operating system outside the five (Chrome OS, Windows Phone, a TV...). */
  deviceOs: DeviceOs | null;
  /** The browser's name ("Chrome", "Safari", "Samsung Internet", "KakaoTalk", "Chrome
   * WebView"...), "" when unknown. */
  browser: string;
  /** The browser's version as the user agent writes it ("120.0.6099.230"), "" when unknown. */
  browserVer: string;
  /** The system's version as the user agent writes it ("17.1.2"; Windows 11 says "10"), ""
   * when unknown. */
  osVersion: string;
}
/** Which kinds of character a field accepts (see `filterInput`); every kind is off unless set. */
export interface FilterOptions {
  /** ASCII digits. */
  numbers?: boolean;
  /** Hangul syllables and the jamo shown while a syllable is being composed. */
  korean?: boolean;
  /** ASCII letters. */
  english?: boolean;
  /** true: any ASCII punctuation; a one-character string: only that character. */
  special?: boolean | string;
  /** The space character (U+0020). */
  space?: boolean;
}
/** A value for an input's `inputmode` attribute (see `inputModeFor`). */
export type InputMode = "numeric" | "tel" | "text";
/** The page frame a route is shown in: "default" for the search pages, "empty" for the others. */
export type Layout = "default" | "empty";
/** The name of each page address the route table knows, in the table's order. */
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
  | "mailUnsubscribe"
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
  | "notifications"
  | "notificationSettings"
  | "passwordChange"
  | "passwordCheck"
  | "mypageSecurity"
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
/** A page of the route table that an address matched (see `matchRoute`). */
export interface RouteMatch {
  name: RouteName;
  /** The path matched, without a trailing slash. */
  path: string;
  /** The dynamic segment's value (an id, a category id, "email" or "phone", a preview
   * token) as written in the path; null for a page without one. */
  param: string | null;
  layout: Layout;
  /** A signed-in visitor is needed (see `isProtectedPath`). */
  protected: boolean;
  /** It is a sign-in page (see `isLoginPath`). */
  loginPage: boolean;
  /** Stays mounted per full path (going back restores data and scroll). */
  keepAlive: boolean;
  /** A new query does not start the page again: it follows its query itself. */
  followsQuery: boolean;
  /** The data-layer event pushed when the page starts, with its screen (see
   * `dataLayerEvent`); null for pages that push none. */
  pageView: { event: string; screen: string | null } | null;
}
/** What an address leads to (see `resolveRoute`): a page, a redirect to `location`, or no
 * page, with the message to show. */
export type RouteResolution =
  | { kind: "page"; route: RouteMatch }
  | { kind: "redirect"; location: string }
  | { kind: "notFound"; message: string };
/** What is known of the visitor's session when navigating (see `routeGuard`). */
export interface SessionView {
  /** The last token check or sign-in found a valid session. Absent means false. */
  signedIn: boolean;
  /** The `redirectUrl` the sign-in page was given, if any. */
  savedRedirect?: string | null;
}
/** What to do before showing a page (see `routeGuard`): go on; go on and refresh the tokens
 * silently (clearing them if that fails); or go to `location`, first clearing the tokens when
 * `clearTokens`. */
export type GuardDecision =
  | { kind: "proceed" }
  | { kind: "refresh" }
  | { kind: "redirect"; location: string; clearTokens: boolean };
/** Where to scroll after navigating: the top (smoothly, once the page has rendered) or the
 * element with the id `id`. */
export type ScrollTarget = { kind: "top"; smooth: boolean } | { kind: "anchor"; id: string };
/** A button of the error screen. */
export interface ErrorAction {
  /** The button's text, in the language asked for. */
  label: string;
  /** Where to go after clearing the error; null reloads the current page. */
  to: string | null;
}
/** The error screen for a status (see `errorScreen`). */
export interface ErrorScreen {
  /** The status it was made for (0 when it was not a finite number). */
  status: number;
  message: string;
  /** A second line under the message; null when there is none. */
  description: string | null;
  /** "try again", reloading the page; null for 404, 101 and 403. */
  retry: ErrorAction | null;
  /** "go to home", to "/": always present. */
  home: ErrorAction;
}
/** An API answer code with its meaning (see `errorCatalogue`). */
export interface CatalogueEntry {
  /** The code as the API writes it ("0", "104", "F0000"...). */
  code: string;
  /** What it means, in the language asked for. */
  meaning: string;
  /** The HTTP status that goes with it. */
  httpStatus: number;
}
/** A post category. */
export interface Category {
  /** 1 to 9; the category list's address is /post/category/list/{id}. */
  id: number;
  /** A stable English key ("insights", "success-stories"...). */
  key: string;
  nameKo: string;
  nameEn: string;
}
/** A link to a category list (see `breadcrumbs`). */
export interface Breadcrumb {
  categoryId: number;
  /** The category's name in the language asked for. */
  label: string;
  /** The list's path, without a query. */
  path: string;
  /** `path` with its query, `?sort=POPULAR&timestamp={nowMs}` (none for the notices). */
  href: string;
}
/** How long a cookie lives: `seconds` from when it is set, or until 23:59:59 of that day,
 * local time. */
export type CookieLifetime = { kind: "maxAge"; seconds: number } | { kind: "endOfDay" };
/** One cookie Tidemark uses (see `cookiePolicy`). */
export interface CookieRule {
  name: string;
  lifetime: CookieLifetime;
  /** Set by the server only: a page cannot read or write it, and `cookieFor` refuses it. */
  httpOnly: boolean;
}
/** A cookie to write, fully decided (see `cookieFor`). */
export interface CookieSpec {
  name: string;
  /** The value as given; `header` carries it percent-encoded where needed. */
  value: string;
  /** When it expires, in epoch milliseconds. */
  expiresMs: number;
  /** Its `Max-Age`: whole seconds from `nowMs` to `expiresMs`. */
  maxAgeSecs: number;
  /** Always "/". */
  path: string;
  /** Always "Lax". */
  sameSite: string;
  secure: boolean;
  /** The string to assign to document.cookie. */
  header: string;
}
/** A visitor who is not signed in ("guest") or is ("member"). */
export type VisitorKind = "guest" | "member";
/** Whether to record a visit now (see `visitDecision`). */
export interface VisitDecision {
  /** Send the visit record now. */
  record: boolean;
  /** The day's marker cookie to write when recording; null when not recording. */
  cookie: CookieSpec | null;
}
/** The tokens and guest id a client holds (see `requestHeaders`); blank values count as
 * absent. */
export interface SessionTokens {
  accessToken?: string | null;
  refreshToken?: string | null;
  guestId?: string | null;
  /** Send the guest id even with an access token (sign-in and sign-out requests). */
  includeGuest?: boolean;
}
/** The headers every API request carries (see `requestHeaders`). */
export interface RequestHeaders {
  /** The time-zone offset in minutes east of UTC, as a decimal string ("540" in Korea). */
  _off_set: string;
  /** The access token, "" when there is none. */
  _tma_token: string;
  /** The refresh token, "" when there is none. */
  _tmr_token: string;
  /** The guest id: present when there is one and either no access token or `includeGuest`. */
  _tma_id?: string;
}
/** What a visitor signs in with (see `signInBody`): an e-mail address and password, the
 * token the server gave for a social sign-in with its provider `channel` ("kakao", "naver",
 * "google" or "local"), or a passkey (its answer goes beside the body, which then carries no
 * e-mail or password). `autoLogin` asks to stay signed in. */
export type Credentials =
  | { kind: "email"; email: string; password: string; autoLogin?: boolean }
  | { kind: "social"; authToken: string; channel: string }
  | { kind: "passkey"; autoLogin?: boolean };
/** What the device adds to a sign-in request (see `signInBody`); each "" when absent. */
export interface DeviceContext {
  /** `navigator.userAgent`. */
  userAgent?: string;
  /** The app's device id, if any. */
  deviceId?: string;
  /** The app's push-notification token, if any. */
  pushToken?: string;
}
/** The body of a sign-in request (see `signInBody`): the credentials' fields that apply and
 * the device's. */
export interface SignInBody extends Omit<DeviceInfo, never> {
  email?: string;
  password?: string;
  authToken?: string;
  channel?: string;
  /** "Y" to stay signed in; always "N" for a social sign-in. */
  autoLogin: "Y" | "N";
  /** The user agent string itself. */
  browserAgent: string;
  deviceId: string;
  pushToken: string;
}
/** What the identity-certification return page has in hand (see `validateCertification`). */
export interface CertificationReturn {
  /** The provider's certification id (its `imp_uid`). */
  impUid?: string | null;
  /** The request id given to the provider (its `merchant_uid`). */
  merchantUid?: string | null;
  /** The request id the return page was called for (its `certifyNo` parameter). */
  requestId?: string | null;
  /** The request id saved (in sessionStorage, say) before leaving for the provider. */
  savedCertifyNo?: string | null;
  /** The provider's `success` flag, when it sends one. */
  success?: boolean | null;
  /** The provider's `error_code`; "F0000" when the person cancelled. */
  errorCode?: string | null;
}
/** The verdict on a certification return: "true" with the body to complete it with, or
 * "false" with an API code and a reason: "cancelled" (F0000), "provider_failed" (999),
 * "missing_imp_uid", "missing_merchant_uid", "missing_request_id", "missing_saved_certify_no"
 * (104) or "request_mismatch" (1003). */
export type CertificationResult =
  | { result: "true"; certifyNo: string; certifyUid: string }
  | { result: "false"; code: string; reason: string };
/** The flow a social sign-in return continues: "signin" signs in, "join" goes on joining,
 * "auth" only hands the provider's answer back (re-authentication). */
export type AuthType = "signin" | "join" | "auth";
/** The social sign-in return address, read (see `parseOAuthCallback`). */
export interface OAuthCallback {
  type: AuthType;
  /** The provider's authorization code; null when absent or blank. */
  code: string | null;
  state: string | null;
  /** The provider's error (such as "access_denied" when the person declined); null when none. */
  error: string | null;
  /** The same address without its `type` parameter, for the address bar. */
  cleanedUrl: string;
}
/** The signed-in user as analytics sees it (see `dataLayerUser`). */
export interface DataLayerUser {
  /** "corporation" for a business's people, "reader" for everyone else. */
  userType: "reader" | "corporation";
  /** How the member joined, lower-case: "email", "kakao", "naver", "google"... */
  signupType: string;
  identityId: string;
  /** The birth year ("1990"), or "none". */
  birth: string;
  /** Lower-case, or "none". */
  gender: string;
}
/** A `window.dataLayer` entry (see `dataLayerEvent`); the user's fields are absent for a guest. */
export interface DataLayerEvent extends Partial<DataLayerUser> {
  event: string;
  screen: string | null;
}
/** The body of a visit record (see `visitRecord`). */
export interface VisitRecord extends DeviceInfo {
  /** Minutes east of UTC (540 in Korea). */
  offset: number;
  /** "" for a guest. */
  accessToken: string;
  /** The guest id, "" when there is none. */
  tmaId: string;
}
/** The body of a click record (see `clickRecord`). */
export interface ClickRecord {
  /** The post's id. */
  postSeq: number;
  /** Minutes east of UTC (540 in Korea). */
  offset: number;
  /** The day's analytics id (the `analysisid` cookie), "" when there is none. */
  tmsId: string;
  /** "" for a guest. */
  accessToken: string;
}
/** A broken part of the password rule: fewer than 8 or more than 64 characters, fewer than
 * three kinds of character, or the e-mail address's local part inside. */
export type PasswordProblem = "tooShort" | "tooLong" | "tooFewKinds" | "containsEmail";
/** Which kinds of character a password holds. */
export interface PasswordKinds {
  /** A to Z. */
  upper: boolean;
  /** a to z. */
  lower: boolean;
  /** 0 to 9. */
  digit: boolean;
  /** Anything else: punctuation, a space, Hangul and other scripts. */
  other: boolean;
}
/** A password checked against the rule (see `checkPassword`). */
export interface PasswordCheck {
  /** No problems. */
  ok: boolean;
  problems: PasswordProblem[];
  /** The kinds of character present; three of the four are needed. */
  kinds: PasswordKinds;
}
/** A broken part of the nickname rule: fewer than 2 or more than 20 characters once
 * trimmed, or a character other than Hangul, ASCII letters and digits, space, "_" and "-". */
export type NicknameProblem = "tooShort" | "tooLong" | "badCharacter";
/** A nickname checked against the rule (see `checkNickname`). */
export interface NicknameCheck {
  /** No problems. */
  ok: boolean;
  problems: NicknameProblem[];
  /** The nickname as it is kept: trimmed. */
  nickname: string;
}
/** A limit a list of tags breaks: a tag over 30 characters, or more than 10 distinct tags. */
export type TagProblem = "tooLong" | "tooMany";
/** The time left until a moment, in whole units (see `countdown`). */
export interface Countdown {
  /** The moment has come; every other field is then 0. */
  past: boolean;
  days: number;
  /** 0 to 23. */
  hours: number;
  /** 0 to 59. */
  minutes: number;
  /** 0 to 59. */
  seconds: number;
}
/** The limits of a post (see `writingLimits`). Characters are Unicode code points
 * (`[...text].length`), not the UTF-16 units `text.length` counts. */
export interface WritingLimits {
  /** Characters. */
  titleMaxChars: number;
  /** Characters. */
  summaryMaxChars: number;
  /** Bytes of the body's HTML in UTF-8, not characters. */
  bodyMaxBytes: number;
  /** Distinct tags. */
  tagsMax: number;
  /** Characters of one tag. */
  tagMaxChars: number;
}
/** The `code` of a thrown `CoreError`:
 * - "invalid_argument": an argument broke the function's contract (wrong type, unknown
 *   field, a value that is not allowed);
 * - "invalid_date": not a date `formatDate` can read;
 * - "invalid_offset": an offset that is not a whole number of minutes from -720 to 840;
 * - "invalid_pattern": a `formatDate` pattern letter that is no token (such as `YYYY`), or a
 *   quote left open;
 * - "query_string_error": `parseOAuthCallback` got an address whose `type` query value is
 *   missing or unknown;
 * - "104": a sign-in body with a blank e-mail address or an empty password, or an unknown
 *   social channel;
 * - "999": a social sign-in without a token;
 * - "internal": a bug in this package; please report it. */
export type CoreErrorCode =
  | "invalid_argument"
  | "invalid_date"
  | "invalid_offset"
  | "invalid_pattern"
  | "query_string_error"
  | "104"
  | "999"
  | "internal";
/** What every function of this package that throws throws: a real `Error` (with a stack and
 * an English `message` for developers) carrying a machine-readable `code`. Test for it with
 * `if (e instanceof Error && "code" in e)`, then read `(e as CoreError).code`. */
export interface CoreError extends Error {
  code: CoreErrorCode;
}
"#;
