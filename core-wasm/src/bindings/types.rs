//! The TypeScript section of the typings: the hand-written types the exports' signatures name
//! (`unchecked_param_type`, `unchecked_return_type`), so no exported signature says `any`.

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
