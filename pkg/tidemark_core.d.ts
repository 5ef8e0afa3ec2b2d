/* tslint:disable */
/* eslint-disable */

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



export class TokenCheckThrottle {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * `lastCheckMs` restores a throttle kept in session storage.
     */
    constructor(last_check_ms?: number | null);
    recordCheck(now_ms: number): void;
    shouldCheck(now_ms: number): boolean;
    /**
     * `true` (and recorded) when the server must be asked now.
     */
    tryAcquire(now_ms: number): boolean;
    readonly lastCheckMs: number | undefined;
}

export function abbreviateCount(n: number): string;

export function breadcrumbs(now_ms: number, lang_tag?: Lang | null): Breadcrumb[];

export function categories(): Category[];

/**
 * The category's name in the language, undefined for an id that is no category.
 */
export function categoryName(id: number, lang_tag?: Lang | null): string | undefined;

export function checkNickname(text: string): NicknameCheck;

export function checkPassword(password: string, email?: string | null): PasswordCheck;

/**
 * One tag as it is kept (trimmed, `#` dropped), or undefined when nothing is left.
 */
export function cleanTag(raw: string): string | undefined;

/**
 * The tags as they are kept (cleaned, repeats dropped); empty when they break a limit
 * (`tagsProblem` says which).
 */
export function cleanTags(raw: string[]): string[];

export function clickRecord(post_seq: number, offset_minutes: number, analysis_id?: string | null, access_token?: string | null): ClickRecord;

export function cookieFor(name: string, value: string, now_ms: number, offset_minutes: number, secure: boolean): CookieSpec;

export function cookiePolicy(): CookieRule[];

export function countdown(target_ms: number, now_ms: number): Countdown;

export function dataLayerEvent(event: string, screen: string | null | undefined, user: DataLayerUser | null | undefined): DataLayerEvent;

/**
 * SPEC §4: anything but a successful profile answer gives `null` (no user).
 */
export function dataLayerUser(profile: unknown): DataLayerUser | null;

export function detectDevice(user_agent: string): DeviceInfo;

export function endOfDayMs(now_ms: number, offset_minutes: number): number;

/**
 * Epoch milliseconds as the Korean wall-clock time a date-and-time field takes.
 */
export function epochMsToKstLocal(epoch_ms: number): string;

export function errorCatalogue(code: string | number, lang_tag?: Lang | null): CatalogueEntry | undefined;

export function errorScreen(status: number, message?: string | null, description?: string | null, lang_tag?: Lang | null): ErrorScreen;

export function filterEmail(text: string): string;

export function filterInput(text: string, options: FilterOptions): string;

export function filterNickname(text: string): string;

export function filterPhone(text: string): string;

/**
 * `value`: epoch milliseconds, a Date, or an ISO-8601 string. Instants are shown in the
 * browser's time zone unless `offsetMinutes` (east of UTC) is given.
 */
export function formatDate(value: number | string | Date, pattern?: string | null, offset_minutes?: number | null): string;

export function formatNumber(n: number): string;

export function inputModeFor(options: FilterOptions): InputMode;

export function isEmpty(value: unknown): boolean;

export function isLoginPath(path: string): boolean;

export function isProtectedPath(path: string): boolean;

export function isValidBusinessNumber(text: string): boolean;

export function isValidEmail(text: string): boolean;

/**
 * A Korean wall-clock time (`yyyy-MM-ddTHH:mm`) as epoch milliseconds, or undefined.
 */
export function kstLocalToEpochMs(value: string): number | undefined;

/**
 * The login page (`loginPath`, /member/login unless given) that brings the visitor back to
 * `returnTo` after signing in. `loginPath` must be a login page.
 */
export function loginHref(return_to?: string | null, login_path?: string | null): string;

export function matchRoute(path: string): RouteMatch | undefined;

export function maySignIn(account_status_code: string | number): boolean;

export function normalizeSort(value?: string | null): SortCode | undefined;

/**
 * An id as addresses write it (plain decimal, no sign or leading zero, below 2^53), or
 * undefined.
 */
export function parseId(segment: string): number | undefined;

export function parseOAuthCallback(url: string): OAuthCallback;

export function pickLanguage(saved: string | null | undefined, preferred: string[]): Lang;

export function postLoginTarget(saved_redirect?: string | null): string;

export function requestHeaders(session: SessionTokens, offset_minutes: number): RequestHeaders;

export function requiresSort(path: string): boolean;

/**
 * `text` with each written particle pair (`을(를)`, `(으)로`, …) in the form its word takes.
 */
export function resolveParticles(text: string): string;

export function resolveRoute(full_path: string, lang_tag?: Lang | null): RouteResolution;

export function routeGuard(full_path: string, session: SessionView): GuardDecision;

/**
 * A body link as the editor keeps it (http, https or mailto; a bare host gets https://),
 * or undefined when it may not be a link.
 */
export function safeLink(raw: string): string | undefined;

export function scrollTarget(hash: string): ScrollTarget;

export function signInBody(credentials: Credentials, device: DeviceContext): SignInBody;

export function sortRedirect(path: string, search: string): string | undefined;

export function start(): void;

export function stripScripts(text: string): string;

export function tagsProblem(raw: string[]): TagProblem | undefined;

export function validateCertification(input: CertificationReturn): CertificationResult;

export function visitDecision(kind: VisitorKind, already_marked: boolean, now_ms: number, offset_minutes: number, secure: boolean): VisitDecision;

export function visitRecord(offset_minutes: number, access_token: string | null | undefined, guest_id: string | null | undefined, user_agent: string): VisitRecord;

export function withinReloadGuard(last_ms: number | null | undefined, now_ms: number): boolean;

export function writingLimits(): WritingLimits;
