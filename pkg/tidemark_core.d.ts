/* tslint:disable */
/* eslint-disable */

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



/**
 * A count shortened the way readers see follower and view counts: `999`, `1k`, `1.2k`,
 * `3.4m`, `1.5b`; one decimal at most, no trailing `.0`, rounded half up, and a value that
 * rounds to 1000 of a unit moves to the next (`999950` → `"1m"`, never `"1000k"`).
 */
export function abbreviateCount(n: number): string;

/**
 * The links to the nine category lists, labelled in `lang` (`"ko"` or `"en"`, English when
 * absent). `href` adds `?sort=POPULAR&timestamp={nowMs}` (except for the notices, id 6):
 * `nowMs`, epoch milliseconds, makes each visit from the menu load a fresh list.
 */
export function breadcrumbs(nowMs: number, lang?: Lang | null): Breadcrumb[];

/**
 * The nine post categories, by id (1 to 9), with their key and Korean and English names.
 */
export function categories(): Category[];

/**
 * The name of category `id` in `lang` (`"ko"` or `"en"`, English when absent), or undefined
 * for an id that is no category.
 */
export function categoryName(id: number, lang?: Lang | null): string | undefined;

/**
 * Checks a nickname: once trimmed, 2 to 20 characters (Unicode code points) of those
 * `filterNickname` keeps. `nickname` in the answer is the trimmed nickname to save.
 */
export function checkNickname(text: string): NicknameCheck;

/**
 * Checks a password against the password rule: 8 to 64 characters (Unicode code points),
 * at least three of the four kinds `A`–`Z`, `a`–`z`, `0`–`9` and anything else (punctuation,
 * a space, Hangul…), and not containing the part of `email` before the `@` (compared
 * without case; one under three characters is not compared). `ok` is true when `problems`
 * is empty; every problem is listed at once.
 */
export function checkPassword(password: string, email?: string | null): PasswordCheck;

/**
 * One tag as it is kept: trimmed, leading `#`s dropped (`" #AI "` → `"AI"`); undefined when
 * nothing is left.
 */
export function cleanTag(raw: string): string | undefined;

/**
 * The tags as they are kept: each cleaned as `cleanTag` does, empty ones dropped, repeats
 * dropped keeping the first spelling (Latin letters compared without case). An empty array
 * when they break a limit (more than 10 distinct tags, or one over 30 characters):
 * `tagsProblem` says which.
 */
export function cleanTags(raw: string[]): string[];

/**
 * The body of a click record for the post `postSeq`: `{ postSeq, offset, tmsId,
 * accessToken }`, where `offset` is `offsetMinutes` (minutes east of UTC, 540 for Korea),
 * `tmsId` is `analysisId` (the day's `analysisid` cookie) and both strings are `""` when
 * absent.
 *
 * @throws {CoreError} `invalid_argument` when `postSeq` is not a positive whole number;
 * `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
 */
export function clickRecord(postSeq: number, offsetMinutes: number, analysisId?: string | null, accessToken?: string | null): ClickRecord;

/**
 * The cookie `name` (one of `cookiePolicy()`'s that is not HttpOnly) set to `value` at
 * `nowMs` (epoch milliseconds): its expiry, `Max-Age` in seconds, `Path=/`, `SameSite=Lax`,
 * `Secure` when `secure`, and `header`, the string to assign to `document.cookie` (the value
 * percent-encoded where a cookie may not hold a character). `offsetMinutes` (minutes east
 * of UTC, 540 for Korea) places the end of the day for `analysisid`, `agid` and `auid`.
 *
 * @throws {CoreError} `invalid_argument` for an unknown cookie, an HttpOnly one (`tma`,
 * `tmr`), or a `nowMs` that is not a finite time for an end-of-day cookie; `invalid_offset`
 * when `offsetMinutes` is not a whole number from -720 to 840.
 */
export function cookieFor(name: string, value: string, nowMs: number, offsetMinutes: number, secure: boolean): CookieSpec;

/**
 * The cookies Tidemark uses, each with its lifetime and whether it is HttpOnly (set by the
 * server only): `tma` and `tmr` (access and refresh tokens, HttpOnly, 30 days), `tml`
 * (stay signed in, 30 days), `tma_id` (guest id, 24 hours), and `analysisid`, `agid`,
 * `auid` (the day's analytics id and visit markers, until 23:59:59 local time).
 */
export function cookiePolicy(): CookieRule[];

/**
 * The time left from `nowMs` until `targetMs` (both epoch milliseconds) in whole days, hours
 * (0–23), minutes and seconds, fractions of a second dropped; `past` is true, and every
 * field 0, once `targetMs` is not after `nowMs`.
 */
export function countdown(targetMs: number, nowMs: number): Countdown;

/**
 * A `window.dataLayer` entry: `{ event, screen, ...user }`, the user's fields left out for a
 * guest (`user` null or undefined).
 *
 * `event` is one of `sign_up`, `Select_Content`, `View_Content`, `View_ContentList`,
 * `Follow_Content`, `Follow_ContentList`, `Follow_CorpProfile`, `Bookmark_Content`,
 * `Bookmark_ContentList`, `Upload_Content`, `TemporaryContent` (case matters); `screen`, when
 * given, one of `HOME`, `CATEGORY`, `POPULAR`, `LATEST`, `INTEREST`, `RECOMMEND`, `REPORT`,
 * `SEARCH`, `BOOKMARK`, `FOLLOWING`, `CORP_PROFILE`, `SHARE`, `UPLOAD`.
 *
 * @throws {CoreError} `invalid_argument` for an unknown `event` or `screen`, or a `user` that
 * is not a complete `DataLayerUser` (a field missing, unknown or of the wrong type).
 */
export function dataLayerEvent(event: string, screen: string | null | undefined, user: DataLayerUser | null | undefined): DataLayerEvent;

/**
 * The analytics user for `window.dataLayer`, from the token-profile answer
 * `{ code, data: { userAuthName, channel, birthday, identityId, gender } }`.
 *
 * `null` (no user: treat the visitor as a guest) unless `code` is `0` or `"0"` and `data` is
 * an object. `userType` is `"corporation"` for `userAuthName` `BUSINESS` or `BUSINESS_MASTER`,
 * else `"reader"`; `signupType` is `channel` lower-cased (`"email"` when absent); `birth` is
 * the year of `birthday` or `"none"`; `gender` is lower-cased or `"none"`. Never throws.
 */
export function dataLayerUser(profile: unknown): DataLayerUser | null;

/**
 * The device, operating system and browser a user agent string (`navigator.userAgent`)
 * describes.
 *
 * `deviceType` is `"APP"` for the Tidemark app's web view (its agent carries `TidemarkApp/`),
 * else `"TABLET"`, `"MOBILE"` or `"PC"`. `deviceOs` is null for systems other than Windows,
 * macOS, Linux, Android (`"AOS"`) and iOS. `browser`, `browserVer` and `osVersion` are `""`
 * when the string does not tell them; versions are as the string writes them (Windows 11
 * still says 10, and iPadOS Safari in desktop mode reads as a Mac). Never throws.
 */
export function detectDevice(userAgent: string): DeviceInfo;

/**
 * 23:59:59.000 of the day containing `nowMs`, at `offsetMinutes` east of UTC (540 for
 * Korea), as epoch milliseconds: `endOfDayMs(Date.now(), -new Date().getTimezoneOffset())`.
 *
 * @throws {CoreError} `invalid_argument` when `nowMs` is not a finite time (within ±8.64e15);
 * `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
 */
export function endOfDayMs(nowMs: number, offsetMinutes: number): number;

/**
 * Epoch milliseconds as the Korea Standard Time (UTC+9) a date-and-time field takes:
 * `yyyy-MM-ddTHH:mm`, seconds dropped (`epochMsToKstLocal(1795309200000)` is
 * `"2026-11-22T10:00"`).
 */
export function epochMsToKstLocal(epochMs: number): string;

/**
 * The API's answer code (`code` of `{ code, message, data }`, a string or a number) with its
 * meaning in `lang` (`"ko"` or `"en"`, English when absent) and the HTTP status it goes with;
 * undefined for a code the catalogue does not know. Known: `0` success, `999` default error,
 * `104` required parameter missing, `101` no data, `1003` token not equal, `2002` user does
 * not exist, `2007` account already exists, `3002` cart item already exists, `F0000` the
 * person cancelled identity verification.
 */
export function errorCatalogue(code: string | number, lang?: Lang | null): CatalogueEntry | undefined;

/**
 * The error screen for an HTTP `status` (or the API's code 101), in `lang` (`"ko"` or
 * `"en"`, English when absent). 404 reads "page not found" and 101 "content does not exist",
 * both without description or retry; 403 reads "no access" with a description and no
 * retry; any other status keeps `message` ("something went wrong" when absent or blank) and
 * `description`, and offers `retry`. `home` (to `/`) is always there.
 */
export function errorScreen(status: number, message?: string | null, description?: string | null, lang?: Lang | null): ErrorScreen;

/**
 * `text` with only what an e-mail field takes: ASCII letters and digits and `@ . _ -`.
 */
export function filterEmail(text: string): string;

/**
 * `text` with only the characters `options` allows, every kind off unless set: `numbers`
 * (ASCII digits), `korean` (Hangul syllables and jamo), `english` (ASCII letters), `space`
 * (U+0020), `special` (`true`: any ASCII punctuation; a one-character string: only that
 * character). `filterInput("Tide 2026!", { numbers: true })` is `"2026"`; with no options
 * every character is dropped.
 *
 * @throws {CoreError} `invalid_argument` when `options` is not an object, has an unknown
 * field, or a field of the wrong type (`special` a string of more than one character).
 */
export function filterInput(text: string, options: FilterOptions): string;

/**
 * `text` with only what a nickname may hold: Hangul (syllables and jamo), ASCII letters and
 * digits, spaces, `_` and `-`.
 */
export function filterNickname(text: string): string;

/**
 * `text` with only what a phone field takes: ASCII digits and `-`.
 */
export function filterPhone(text: string): string;

/**
 * A date as text, in a pattern of tokens.
 *
 * `value` is epoch milliseconds, a `Date`, or a string: ISO 8601 with an offset
 * (`2026-11-22T09:30:00+09:00`, `…Z`, an instant), or without one (`2026-11-22 09:30`,
 * `2026-11-22`, a wall-clock time shown as written). An instant is shown at `offsetMinutes`
 * east of UTC (540 is Korea), or in the time zone of the browser or Node process when it is
 * absent.
 *
 * `pattern` (default `yyyy-MM-dd`) is made of these tokens; put other ASCII letters in
 * single quotes (`''` is a quote), other characters are copied:
 * `yyyy` `yy` year · `MM` `M` month · `dd` `d` day · `HH` `H` hour 0–23 · `hh` `h` hour
 * 1–12 · `mm` `m` minute · `ss` `s` second · `SSS` millisecond · `a` AM/PM (오전/오후 when
 * `lang` is `"ko"`). The doubled forms pad to two digits.
 *
 * ```ts
 * formatDate("2026-03-05T19:04:00Z", "yyyy년 M월 d일 a h:mm", 540, "ko"); // "2026년 3월 6일 오전 4:04"
 * ```
 *
 * @throws {CoreError} `invalid_date` when `value` is no date; `invalid_pattern` for a letter
 * that is no token (`YYYY`, `D`) or a quote left open; `invalid_offset` when `offsetMinutes`
 * is not a whole number from -720 to 840.
 */
export function formatDate(value: number | string | Date, pattern?: string | null, offsetMinutes?: number | null, lang?: Lang | null): string;

/**
 * A number as Korean pages write it: thousands grouped with commas, at most three decimals
 * (`1234567.891` → `"1,234,567.891"`), as `Intl.NumberFormat("ko-KR")` does by default.
 */
export function formatNumber(n: number): string;

/**
 * The `inputmode` attribute for a field filtered with `options` (see `filterInput`):
 * `"numeric"` when only digits are allowed, `"tel"` when only digits and `special: "-"`,
 * `"text"` otherwise.
 *
 * @throws {CoreError} `invalid_argument` when `options` is not a valid `FilterOptions`.
 */
export function inputModeFor(options: FilterOptions): InputMode;

/**
 * Whether a form value counts as empty: `null`, `undefined`, a string that is empty or only
 * white space, an empty array, or an object without own enumerable keys (`{}`). Numbers
 * (`0` and `NaN` included), booleans, bigints, `Date`s and functions are never empty.
 * (A `Map` or `Set` has no own keys, so it counts as empty whatever it holds.)
 */
export function isEmpty(value: unknown): boolean;

/**
 * Whether `path` (no query) is a sign-in page: `/login`, a path ending in `/login`, or one
 * with a `/login/` segment (`/member/login`, `/member/login/email`).
 */
export function isLoginPath(path: string): boolean;

/**
 * Whether `path` (no query) needs a signed-in visitor: `/mypage`, `/admin` and every path
 * under them.
 */
export function isProtectedPath(path: string): boolean;

/**
 * Whether `text` is a valid Korean business registration number (사업자등록번호): ten digits
 * whose last is the check digit of the other nine, written plain or with dashes in the usual
 * places (3-2-5); surrounding blanks are ignored, other separators are not accepted.
 * `isValidBusinessNumber("220-81-62517")` and `isValidBusinessNumber("2208162517")` are true;
 * `"220 81 62517"` and `"22-081-62517"` are false.
 */
export function isValidBusinessNumber(text: string): boolean;

/**
 * Whether `text` is an address a person can receive mail at: `local@domain.tld`, ASCII only,
 * at most 254 characters, a local part of at most 64 (letters, digits and `. _ % + - '`, no
 * leading, trailing or doubled dot), and a domain of letter-digit-hyphen labels ending in an
 * alphabetic top level of two letters or more. Not trimmed: surrounding spaces fail.
 */
export function isValidEmail(text: string): boolean;

/**
 * A date-and-time field's value (`yyyy-MM-ddTHH:mm`, seconds `:ss` optional, a space
 * allowed for the `T`) read as Korea Standard Time (UTC+9), as epoch milliseconds;
 * undefined when it is no such time. `kstLocalToEpochMs("2026-11-22T10:00")` is
 * 1795309200000.
 */
export function kstLocalToEpochMs(value: string): number | undefined;

/**
 * The sign-in page (`loginPath`, `/member/login` unless given) that brings the visitor back
 * to `returnTo` (a path with its query) after signing in, as its `redirectUrl` parameter;
 * the sign-in page alone when `returnTo` is absent or empty.
 *
 * ```ts
 * loginHref("/post/7?from=home"); // "/member/login?redirectUrl=%2Fpost%2F7%3Ffrom%3Dhome"
 * ```
 *
 * @throws {CoreError} `invalid_argument` when `loginPath` is not a sign-in page starting with
 * `/` (see `isLoginPath`).
 */
export function loginHref(returnTo?: string | null, loginPath?: string | null): string;

/**
 * The page of the route table at `path` (no query or hash; a trailing slash is ignored), or
 * undefined when there is none. A dynamic segment must be valid for the page to match: an
 * id (see `parseId`), a category id from 1 to 9, `email` or `phone`, or a preview token of 32
 * to 64 URL-safe base64 characters.
 */
export function matchRoute(path: string): RouteMatch | undefined;

/**
 * Whether to go on signing in after the account status request: only when its answer code
 * is `0` or `"0"` (surrounding blanks ignored).
 */
export function maySignIn(accountStatusCode: string | number): boolean;

/**
 * The sort code a value names: `"POPULAR"`, `"LATEST"` or `"INTEREST"` for the code itself
 * or a short one (`"PO"`, `"LA"`), in any letter case, surrounding blanks ignored
 * (`normalizeSort(" po ")` is `"POPULAR"`); undefined for anything else or no value.
 */
export function normalizeSort(value?: string | null): SortCode | undefined;

/**
 * An id as addresses write it (plain decimal digits, no sign or leading zero, below 2^53), as
 * a number; undefined for anything else (`parseId("42")` is 42, `parseId("042")` undefined).
 */
export function parseId(segment: string): number | undefined;

/**
 * Reads the social sign-in return address (`location.href`, or its path and query): `type`
 * (`"signin"`, `"join"` or `"auth"`) and the provider's `code`, `state` and `error`
 * (percent-decoded, null when absent or blank), with `cleanedUrl`, the same address without
 * its `type` parameter, to put in the address bar (`history.replaceState`).
 *
 * @throws {CoreError} `query_string_error` (message `query string error`) when `type` is
 * missing or not one of the three.
 */
export function parseOAuthCallback(url: string): OAuthCallback;

/**
 * The language to show: `saved` (the visitor's own choice) when it is Korean or English, else
 * the first of `preferred` (`navigator.languages`) that is, else `"ko"`. Region subtags and
 * letter case do not matter (`"en-US"` is `"en"`).
 */
export function pickLanguage(saved: string | null | undefined, preferred: string[]): Lang;

/**
 * Where to go after signing in: `savedRedirect` (the `redirectUrl` the sign-in page was
 * given) when it is an address of this site (a path starting with a single `/`, not a
 * sign-in page), else `"/"`. Absolute and protocol-relative addresses, backslashes and
 * control characters give `"/"`, so a crafted link cannot redirect off the site.
 */
export function postLoginTarget(savedRedirect?: string | null): string;

/**
 * The headers every API request carries: `_off_set` (`offsetMinutes`, minutes east of UTC,
 * as a string), `_tma_token` and `_tmr_token` (the access and refresh tokens, `""` when
 * absent or blank), and `_tma_id` (the guest id) when there is no access token or
 * `includeGuest` is true.
 *
 * ```ts
 * requestHeaders({ guestId: "g-1" }, 540);
 * // { _off_set: "540", _tma_token: "", _tmr_token: "", _tma_id: "g-1" }
 * ```
 *
 * @throws {CoreError} `invalid_argument` when `session` has an unknown field or a field of
 * the wrong type; `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
 */
export function requestHeaders(session: SessionTokens, offsetMinutes: number): RequestHeaders;

/**
 * Whether the page at `path` (no query) is a list that needs a `sort` query value: the
 * category, interest, latest and popular post lists, `/search` and its tabs. A trailing slash
 * is ignored.
 */
export function requiresSort(path: string): boolean;

/**
 * `text` with each Korean particle written as a pair (`을(를)`, `이(가)`, `은(는)`, `와(과)`,
 * `(으)로`, …) in the form the word before it takes: `"마케팅을(를)"` → `"마케팅을"`,
 * `"HR이(가)"` → `"HR이"` (read 에이치알), `"3을(를)"` → `"3을"` (read 삼). After a lowercase
 * Latin word the pair stays as written.
 */
export function resolveParticles(text: string): string;

/**
 * What an address (`fullPath`: path, query and hash) leads to: `{ kind: "notFound",
 * message }` when no page matches (message `Page Not Found: {fullPath}` in `lang`), `{ kind:
 * "redirect", location }` when a list page needs its sort fixed (see `sortRedirect`; the
 * hash is kept), else `{ kind: "page", route }`. `lang` is `"ko"` or `"en"`, English when
 * absent.
 */
export function resolveRoute(fullPath: string, lang?: Lang | null): RouteResolution;

/**
 * What to do when navigating to `fullPath` (path, query and hash), given what is known of
 * the session: a protected page without a session redirects to the sign-in page with
 * `redirectUrl` set to `fullPath` and `clearTokens: true`; a signed-in visitor on a sign-in
 * page redirects to `postLoginTarget(savedRedirect)`; a signed-in visitor on any other page
 * that is not protected gets `refresh` (refresh the tokens silently, clear them if that
 * fails); otherwise `proceed`.
 *
 * @throws {CoreError} `invalid_argument` when `session` has an unknown field or a field of
 * the wrong type.
 */
export function routeGuard(fullPath: string, session: SessionView): GuardDecision;

/**
 * A link as a post's body may hold it, trimmed: `http:`, `https:` and `mailto:` links as
 * written; an e-mail address gets `mailto:`, and an address without a scheme that looks like
 * a host gets `https://` (`safeLink("example.com/a")` is `"https://example.com/a"`).
 * Undefined for any other scheme (`javascript:`, `data:`), white space or control characters
 * inside, or nothing at all.
 */
export function safeLink(raw: string): string | undefined;

/**
 * Where to scroll after navigating: `{ kind: "anchor", id }` for the element a hash names
 * (`location.hash`, with or without `#`, percent-decoded), else `{ kind: "top", smooth: true }`.
 */
export function scrollTarget(hash: string): ScrollTarget;

/**
 * The body of a sign-in request: the credentials with what `detectDevice(device.userAgent)`
 * reads, `browserAgent` (the user agent itself), `deviceId` and `pushToken` (`""` when
 * absent). E-mail sign-in: `email` trimmed, `autoLogin` `"Y"` or `"N"`. Social sign-in:
 * `channel` lower-cased (`kakao`, `naver`, `google` or `local`), `autoLogin` always `"N"`.
 * Passkey sign-in: no `email`, `password` or `authToken` (the browser's answer is sent
 * beside the body), `autoLogin` `"Y"` or `"N"`.
 *
 * @throws {CoreError} `invalid_argument` when `credentials` or `device` has an unknown or
 * mistyped field, a `kind` other than `"email"`, `"social"` or `"passkey"`, or no `email`, `password` or
 * `channel` string; `"104"` when `email` is blank, `password` empty or `channel` unknown;
 * `"999"` for a social sign-in without an `authToken`.
 */
export function signInBody(credentials: Credentials, device: DeviceContext): SignInBody;

/**
 * Where to send a list page whose `sort` is missing or not exactly `POPULAR` or `LATEST`:
 * the same path and other query parameters, with `sort=POPULAR`. `search` is
 * `location.search` (`""` or starting with `?`). Undefined when nothing is to be done (the
 * sort is right, or the page needs none).
 *
 * ```ts
 * sortRedirect("/post/category/list/3", "?page=2"); // "/post/category/list/3?page=2&sort=POPULAR"
 * ```
 */
export function sortRedirect(path: string, search: string): string | undefined;

/**
 * `text` without `<script>` and `<iframe>` elements: each is removed with its content,
 * whatever its letter case or attributes; one never closed runs to the end of the text; stray
 * closing tags go too. Everything else stays as it was: this guards plain text fields and is
 * not an HTML sanitiser (event-handler attributes and `javascript:` links are kept).
 */
export function stripScripts(text: string): string;

/**
 * Which limit the tags break, as `cleanTags` counts them: `"tooLong"` (a tag over 30
 * characters), `"tooMany"` (more than 10 distinct tags), or undefined when they keep both.
 */
export function tagsProblem(raw: string[]): TagProblem | undefined;

/**
 * Whether the session's token check is due at `nowMs` (epoch milliseconds): `true` when it
 * was never checked (`lastCheckMs` absent, null or not a finite number), when the clock went
 * backwards (`nowMs` before `lastCheckMs`), or when at least 10 minutes (600 000 ms) have
 * passed since `lastCheckMs`. When it says `true`, make the check and store `nowMs` as the
 * new `lastCheckMs` (in `localStorage`, say).
 *
 * ```ts
 * const now = Date.now();
 * if (tokenCheckDue(lastCheckMs, now)) { lastCheckMs = now; await checkToken(); }
 * ```
 */
export function tokenCheckDue(lastCheckMs: number | null | undefined, nowMs: number): boolean;

/**
 * Checks what the identity-certification provider sent back against the request the page
 * saved before leaving (`savedCertifyNo`). Checked in order, the first failure wins:
 * `errorCode` `F0000` (cancelled) → code `F0000`; `success` false → `999`; a blank `impUid`,
 * `merchantUid`, `requestId` or `savedCertifyNo` → `104`; `requestId` or `merchantUid` not
 * equal to `savedCertifyNo` (a return for another request) → `1003`. Otherwise `result:
 * "true"` with `certifyNo` (the saved number) and `certifyUid` (`impUid`), both trimmed.
 *
 * @throws {CoreError} `invalid_argument` when `input` has an unknown or mistyped field.
 */
export function validateCertification(input: CertificationReturn): CertificationResult;

/**
 * Whether to record a visit now: once a day per kind of visitor, so a guest who signs in the
 * same day is recorded again as a member. `alreadyMarked` is whether the kind's marker
 * cookie (`agid` for a guest, `auid` for a member) exists. When it does: `{ record: false,
 * cookie: null }`; otherwise `record` is true and `cookie` is the marker to write, expiring at
 * the end of the local day (see `cookieFor` for `nowMs`, `offsetMinutes` and `secure`).
 *
 * @throws {CoreError} `invalid_argument` for a `kind` other than `"guest"` or `"member"`, or
 * (when not `alreadyMarked`) a `nowMs` that is not a finite time; `invalid_offset` when
 * `offsetMinutes` is not a whole number from -720 to 840.
 */
export function visitDecision(kind: VisitorKind, alreadyMarked: boolean, nowMs: number, offsetMinutes: number, secure: boolean): VisitDecision;

/**
 * The body of a visit record: `offset` (`offsetMinutes`, minutes east of UTC, 540 for
 * Korea), `accessToken` and `tmaId` (the guest id), each `""` when absent, and the
 * `detectDevice(userAgent)` fields.
 *
 * @throws {CoreError} `invalid_offset` when `offsetMinutes` is not a whole number from -720
 * to 840.
 */
export function visitRecord(offsetMinutes: number, accessToken: string | null | undefined, guestId: string | null | undefined, userAgent: string): VisitRecord;

/**
 * Whether an event for the same page at `nowMs` falls within 10 seconds after the last one
 * at `lastMs` (both epoch milliseconds), so it is a reload not to be counted again. `false`
 * when `lastMs` is absent or later than `nowMs`.
 */
export function withinReloadGuard(lastMs: number | null | undefined, nowMs: number): boolean;

/**
 * The limits of a post: `titleMaxChars` 100 and `summaryMaxChars` 300 characters (once
 * trimmed), `bodyMaxBytes` 512 000 (bytes of the body's HTML in UTF-8, not characters),
 * `tagsMax` 10 tags of `tagMaxChars` 30 characters each. Characters are Unicode code points
 * (`[...text].length`), not the UTF-16 units `text.length` counts.
 */
export function writingLimits(): WritingLimits;
