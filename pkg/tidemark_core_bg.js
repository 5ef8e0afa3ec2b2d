/**
 * A count shortened the way readers see follower and view counts: `999`, `1k`, `1.2k`,
 * `3.4m`, `1.5b`; one decimal at most, no trailing `.0`, rounded half up, and a value that
 * rounds to 1000 of a unit moves to the next (`999950` → `"1m"`, never `"1000k"`).
 * @param {number} n
 * @returns {string}
 */
export function abbreviateCount(n) {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.abbreviateCount(n);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}

/**
 * The links to the nine category lists, labelled in `lang` (`"ko"` or `"en"`, English when
 * absent). `href` adds `?sort=POPULAR&timestamp={nowMs}` (except for the notices, id 6):
 * `nowMs`, epoch milliseconds, makes each visit from the menu load a fresh list.
 * @param {number} nowMs
 * @param {Lang | null} [lang]
 * @returns {Breadcrumb[]}
 */
export function breadcrumbs(nowMs, lang) {
    const val1 = +nowMs;
    const ret = wasm.breadcrumbs(val1, isLikeNone(lang) ? 0 : addToExternrefTable0(lang));
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The nine post categories, by id (1 to 9), with their key and Korean and English names.
 * @returns {Category[]}
 */
export function categories() {
    const ret = wasm.categories();
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The name of category `id` in `lang` (`"ko"` or `"en"`, English when absent), or undefined
 * for an id that is no category.
 * @param {number} id
 * @param {Lang | null} [lang]
 * @returns {string | undefined}
 */
export function categoryName(id, lang) {
    const val1 = +id;
    const ret = wasm.categoryName(val1, isLikeNone(lang) ? 0 : addToExternrefTable0(lang));
    let v2;
    if (ret[0] !== 0) {
        v2 = getStringFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
    }
    return v2;
}

/**
 * Checks a nickname: once trimmed, 2 to 20 characters (Unicode code points) of those
 * `filterNickname` keeps. `nickname` in the answer is the trimmed nickname to save.
 * @param {string} text
 * @returns {NicknameCheck}
 */
export function checkNickname(text) {
    const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.checkNickname(ptr0, len0);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Checks a password against the password rule: 8 to 64 characters (Unicode code points),
 * at least three of the four kinds `A`–`Z`, `a`–`z`, `0`–`9` and anything else (punctuation,
 * a space, Hangul…), and not containing the part of `email` before the `@` (compared
 * without case; one under three characters is not compared). `ok` is true when `problems`
 * is empty; every problem is listed at once.
 * @param {string} password
 * @param {string | null} [email]
 * @returns {PasswordCheck}
 */
export function checkPassword(password, email) {
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = passStringToWasm0(password, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = isLikeNone(email) ? 0 : passStringToWasm0(email, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.checkPassword(ptr0, len0, ptr1, len1);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * One tag as it is kept: trimmed, leading `#`s dropped (`" #AI "` → `"AI"`); undefined when
 * nothing is left.
 * @param {string} raw
 * @returns {string | undefined}
 */
export function cleanTag(raw) {
    const ptr0 = passStringToWasm0(raw, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.cleanTag(ptr0, len0);
    let v2;
    if (ret[0] !== 0) {
        v2 = getStringFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
    }
    return v2;
}

/**
 * The tags as they are kept: each cleaned as `cleanTag` does, empty ones dropped, repeats
 * dropped keeping the first spelling (Latin letters compared without case). An empty array
 * when they break a limit (more than 10 distinct tags, or one over 30 characters):
 * `tagsProblem` says which.
 * @param {string[]} raw
 * @returns {string[]}
 */
export function cleanTags(raw) {
    const ptr0 = passArrayJsValueToWasm0(raw, wasm.__wbindgen_malloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.cleanTags(ptr0, len0);
    var v2 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v2;
}

/**
 * The body of a click record for the post `postSeq`: `{ postSeq, offset, tmsId,
 * accessToken }`, where `offset` is `offsetMinutes` (minutes east of UTC, 540 for Korea),
 * `tmsId` is `analysisId` (the day's `analysisid` cookie) and both strings are `""` when
 * absent.
 *
 * @throws {CoreError} `invalid_argument` when `postSeq` is not a positive whole number;
 * `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
 * @param {number} postSeq
 * @param {number} offsetMinutes
 * @param {string | null} [analysisId]
 * @param {string | null} [accessToken]
 * @returns {ClickRecord}
 */
export function clickRecord(postSeq, offsetMinutes, analysisId, accessToken) {
    const val3 = +postSeq;
    const val4 = +offsetMinutes;
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = isLikeNone(analysisId) ? 0 : passStringToWasm0(analysisId, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = isLikeNone(accessToken) ? 0 : passStringToWasm0(accessToken, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.clickRecord(val3, val4, ptr0, len0, ptr1, len1);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

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
 * @param {string} name
 * @param {string} value
 * @param {number} nowMs
 * @param {number} offsetMinutes
 * @param {boolean} secure
 * @returns {CookieSpec}
 */
export function cookieFor(name, value, nowMs, offsetMinutes, secure) {
    const val3 = +nowMs;
    const val4 = +offsetMinutes;
    const val5 = +secure;
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = passStringToWasm0(name, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = passStringToWasm0(value, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.cookieFor(ptr0, len0, ptr1, len1, val3, val4, val5);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The cookies Tidemark uses, each with its lifetime and whether it is HttpOnly (set by the
 * server only): `tma` and `tmr` (access and refresh tokens, HttpOnly, 30 days), `tml`
 * (stay signed in, 30 days), `tma_id` (guest id, 24 hours), and `analysisid`, `agid`,
 * `auid` (the day's analytics id and visit markers, until 23:59:59 local time).
 * @returns {CookieRule[]}
 */
export function cookiePolicy() {
    const ret = wasm.cookiePolicy();
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The time left from `nowMs` until `targetMs` (both epoch milliseconds) in whole days, hours
 * (0–23), minutes and seconds, fractions of a second dropped; `past` is true, and every
 * field 0, once `targetMs` is not after `nowMs`.
 * @param {number} targetMs
 * @param {number} nowMs
 * @returns {Countdown}
 */
export function countdown(targetMs, nowMs) {
    const ret = wasm.countdown(targetMs, nowMs);
    return ret;
}

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
 * @param {string} event
 * @param {string | null | undefined} screen
 * @param {DataLayerUser | null | undefined} user
 * @returns {DataLayerEvent}
 */
export function dataLayerEvent(event, screen, user) {
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = passStringToWasm0(event, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = isLikeNone(screen) ? 0 : passStringToWasm0(screen, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.dataLayerEvent(ptr0, len0, ptr1, len1, user);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The analytics user for `window.dataLayer`, from the token-profile answer
 * `{ code, data: { userAuthName, channel, birthday, identityId, gender } }`.
 *
 * `null` (no user: treat the visitor as a guest) unless `code` is `0` or `"0"` and `data` is
 * an object. `userType` is `"corporation"` for `userAuthName` `BUSINESS` or `BUSINESS_MASTER`,
 * else `"reader"`; `signupType` is `channel` lower-cased (`"email"` when absent); `birth` is
 * the year of `birthday` or `"none"`; `gender` is lower-cased or `"none"`. Never throws.
 * @param {unknown} profile
 * @returns {DataLayerUser | null}
 */
export function dataLayerUser(profile) {
    const ret = wasm.dataLayerUser(profile);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The device, operating system and browser a user agent string (`navigator.userAgent`)
 * describes.
 *
 * `deviceType` is `"APP"` for the Tidemark app's web view (its agent carries `TidemarkApp/`),
 * else `"TABLET"`, `"MOBILE"` or `"PC"`. `deviceOs` is null for systems other than Windows,
 * macOS, Linux, Android (`"AOS"`) and iOS. `browser`, `browserVer` and `osVersion` are `""`
 * when the string does not tell them; versions are as the string writes them (Windows 11
 * still says 10, and iPadOS Safari in desktop mode reads as a Mac). Never throws.
 * @param {string} userAgent
 * @returns {DeviceInfo}
 */
export function detectDevice(userAgent) {
    const ptr0 = passStringToWasm0(userAgent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.detectDevice(ptr0, len0);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * 23:59:59.000 of the day containing `nowMs`, at `offsetMinutes` east of UTC (540 for
 * Korea), as epoch milliseconds: `endOfDayMs(Date.now(), -new Date().getTimezoneOffset())`.
 *
 * @throws {CoreError} `invalid_argument` when `nowMs` is not a finite time (within ±8.64e15);
 * `invalid_offset` when `offsetMinutes` is not a whole number from -720 to 840.
 * @param {number} nowMs
 * @param {number} offsetMinutes
 * @returns {number}
 */
export function endOfDayMs(nowMs, offsetMinutes) {
    const ret = wasm.endOfDayMs(nowMs, offsetMinutes);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return ret[0];
}

/**
 * Epoch milliseconds as the Korea Standard Time (UTC+9) a date-and-time field takes:
 * `yyyy-MM-ddTHH:mm`, seconds dropped (`epochMsToKstLocal(1795309200000)` is
 * `"2026-11-22T10:00"`).
 * @param {number} epochMs
 * @returns {string}
 */
export function epochMsToKstLocal(epochMs) {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.epochMsToKstLocal(epochMs);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}

/**
 * The API's answer code (`code` of `{ code, message, data }`, a string or a number) with its
 * meaning in `lang` (`"ko"` or `"en"`, English when absent) and the HTTP status it goes with;
 * undefined for a code the catalogue does not know. Known: `0` success, `999` default error,
 * `104` required parameter missing, `101` no data, `1003` token not equal, `2002` user does
 * not exist, `2007` account already exists, `3002` cart item already exists, `F0000` the
 * person cancelled identity verification.
 * @param {string | number} code
 * @param {Lang | null} [lang]
 * @returns {CatalogueEntry | undefined}
 */
export function errorCatalogue(code, lang) {
    const ret = wasm.errorCatalogue(code, isLikeNone(lang) ? 0 : addToExternrefTable0(lang));
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The error screen for an HTTP `status` (or the API's code 101), in `lang` (`"ko"` or
 * `"en"`, English when absent). 404 reads "page not found" and 101 "content does not exist",
 * both without description or retry; 403 reads "no access" with a description and no
 * retry; any other status keeps `message` ("something went wrong" when absent or blank) and
 * `description`, and offers `retry`. `home` (to `/`) is always there.
 * @param {number} status
 * @param {string | null} [message]
 * @param {string | null} [description]
 * @param {Lang | null} [lang]
 * @returns {ErrorScreen}
 */
export function errorScreen(status, message, description, lang) {
    const val3 = +status;
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = isLikeNone(message) ? 0 : passStringToWasm0(message, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = isLikeNone(description) ? 0 : passStringToWasm0(description, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.errorScreen(val3, ptr0, len0, ptr1, len1, isLikeNone(lang) ? 0 : addToExternrefTable0(lang));
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * `text` with only what an e-mail field takes: ASCII letters and digits and `@ . _ -`.
 * @param {string} text
 * @returns {string}
 */
export function filterEmail(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.filterEmail(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * `text` with only the characters `options` allows, every kind off unless set: `numbers`
 * (ASCII digits), `korean` (Hangul syllables and jamo), `english` (ASCII letters), `space`
 * (U+0020), `special` (`true`: any ASCII punctuation; a one-character string: only that
 * character). `filterInput("Tide 2026!", { numbers: true })` is `"2026"`; with no options
 * every character is dropped.
 *
 * @throws {CoreError} `invalid_argument` when `options` is not an object, has an unknown
 * field, or a field of the wrong type (`special` a string of more than one character).
 * @param {string} text
 * @param {FilterOptions} options
 * @returns {string}
 */
export function filterInput(text, options) {
    let deferred3_0;
    let deferred3_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.filterInput(ptr0, len0, options);
        var ptr2 = ret[0];
        var len2 = ret[1];
        if (ret[3]) {
            ptr2 = 0; len2 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred3_0 = ptr2;
        deferred3_1 = len2;
        return getStringFromWasm0(ptr2, len2);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}

/**
 * `text` with only what a nickname may hold: Hangul (syllables and jamo), ASCII letters and
 * digits, spaces, `_` and `-`.
 * @param {string} text
 * @returns {string}
 */
export function filterNickname(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.filterNickname(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * `text` with only what a phone field takes: ASCII digits and `-`.
 * @param {string} text
 * @returns {string}
 */
export function filterPhone(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.filterPhone(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

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
 * @param {number | string | Date} value
 * @param {string | null} [pattern]
 * @param {number | null} [offsetMinutes]
 * @param {Lang | null} [lang]
 * @returns {string}
 */
export function formatDate(value, pattern, offsetMinutes, lang) {
    let deferred4_0;
    let deferred4_1;
    try {
        const val2 = +(isLikeNone(offsetMinutes) ? 0 : offsetMinutes);
        var ptr0 = isLikeNone(pattern) ? 0 : passStringToWasm0(pattern, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        var len0 = WASM_VECTOR_LEN;
        const ret = wasm.formatDate(value, ptr0, len0, !isLikeNone(offsetMinutes), val2, isLikeNone(lang) ? 0 : addToExternrefTable0(lang));
        var ptr3 = ret[0];
        var len3 = ret[1];
        if (ret[3]) {
            ptr3 = 0; len3 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred4_0 = ptr3;
        deferred4_1 = len3;
        return getStringFromWasm0(ptr3, len3);
    } finally {
        wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
    }
}

/**
 * A number as Korean pages write it: thousands grouped with commas, at most three decimals
 * (`1234567.891` → `"1,234,567.891"`), as `Intl.NumberFormat("ko-KR")` does by default.
 * @param {number} n
 * @returns {string}
 */
export function formatNumber(n) {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.formatNumber(n);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}

/**
 * The `inputmode` attribute for a field filtered with `options` (see `filterInput`):
 * `"numeric"` when only digits are allowed, `"tel"` when only digits and `special: "-"`,
 * `"text"` otherwise.
 *
 * @throws {CoreError} `invalid_argument` when `options` is not a valid `FilterOptions`.
 * @param {FilterOptions} options
 * @returns {InputMode}
 */
export function inputModeFor(options) {
    const ret = wasm.inputModeFor(options);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Whether a form value counts as empty: `null`, `undefined`, a string that is empty or only
 * white space, an empty array, or an object without own enumerable keys (`{}`). Numbers
 * (`0` and `NaN` included), booleans, bigints, `Date`s and functions are never empty.
 * (A `Map` or `Set` has no own keys, so it counts as empty whatever it holds.)
 * @param {unknown} value
 * @returns {boolean}
 */
export function isEmpty(value) {
    const ret = wasm.isEmpty(value);
    return ret !== 0;
}

/**
 * Whether `path` (no query) is a sign-in page: `/login`, a path ending in `/login`, or one
 * with a `/login/` segment (`/member/login`, `/member/login/email`).
 * @param {string} path
 * @returns {boolean}
 */
export function isLoginPath(path) {
    const ptr0 = passStringToWasm0(path, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.isLoginPath(ptr0, len0);
    return ret !== 0;
}

/**
 * Whether `path` (no query) needs a signed-in visitor: `/mypage`, `/admin` and every path
 * under them.
 * @param {string} path
 * @returns {boolean}
 */
export function isProtectedPath(path) {
    const ptr0 = passStringToWasm0(path, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.isProtectedPath(ptr0, len0);
    return ret !== 0;
}

/**
 * Whether `text` is a valid Korean business registration number (사업자등록번호): ten digits
 * whose last is the check digit of the other nine, written plain or with dashes in the usual
 * places (3-2-5); surrounding blanks are ignored, other separators are not accepted.
 * `isValidBusinessNumber("220-81-62517")` and `isValidBusinessNumber("2208162517")` are true;
 * `"220 81 62517"` and `"22-081-62517"` are false.
 * @param {string} text
 * @returns {boolean}
 */
export function isValidBusinessNumber(text) {
    const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.isValidBusinessNumber(ptr0, len0);
    return ret !== 0;
}

/**
 * Whether `text` is an address a person can receive mail at: `local@domain.tld`, ASCII only,
 * at most 254 characters, a local part of at most 64 (letters, digits and `. _ % + - '`, no
 * leading, trailing or doubled dot), and a domain of letter-digit-hyphen labels ending in an
 * alphabetic top level of two letters or more. Not trimmed: surrounding spaces fail.
 * @param {string} text
 * @returns {boolean}
 */
export function isValidEmail(text) {
    const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.isValidEmail(ptr0, len0);
    return ret !== 0;
}

/**
 * A date-and-time field's value (`yyyy-MM-ddTHH:mm`, seconds `:ss` optional, a space
 * allowed for the `T`) read as Korea Standard Time (UTC+9), as epoch milliseconds;
 * undefined when it is no such time. `kstLocalToEpochMs("2026-11-22T10:00")` is
 * 1795309200000.
 * @param {string} value
 * @returns {number | undefined}
 */
export function kstLocalToEpochMs(value) {
    const ptr0 = passStringToWasm0(value, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.kstLocalToEpochMs(ptr0, len0);
    return ret[0] === 0 ? undefined : ret[1];
}

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
 * @param {string | null} [returnTo]
 * @param {string | null} [loginPath]
 * @returns {string}
 */
export function loginHref(returnTo, loginPath) {
    let deferred4_0;
    let deferred4_1;
    try {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = isLikeNone(returnTo) ? 0 : passStringToWasm0(returnTo, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = isLikeNone(loginPath) ? 0 : passStringToWasm0(loginPath, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.loginHref(ptr0, len0, ptr1, len1);
        var ptr3 = ret[0];
        var len3 = ret[1];
        if (ret[3]) {
            ptr3 = 0; len3 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred4_0 = ptr3;
        deferred4_1 = len3;
        return getStringFromWasm0(ptr3, len3);
    } finally {
        wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
    }
}

/**
 * The page of the route table at `path` (no query or hash; a trailing slash is ignored), or
 * undefined when there is none. A dynamic segment must be valid for the page to match: an
 * id (see `parseId`), a category id from 1 to 9, `email` or `phone`, or a preview token of 32
 * to 64 URL-safe base64 characters.
 * @param {string} path
 * @returns {RouteMatch | undefined}
 */
export function matchRoute(path) {
    const ptr0 = passStringToWasm0(path, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.matchRoute(ptr0, len0);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Whether to go on signing in after the account status request: only when its answer code
 * is `0` or `"0"` (surrounding blanks ignored).
 * @param {string | number} accountStatusCode
 * @returns {boolean}
 */
export function maySignIn(accountStatusCode) {
    const ret = wasm.maySignIn(accountStatusCode);
    return ret !== 0;
}

/**
 * The sort code a value names: `"POPULAR"`, `"LATEST"` or `"INTEREST"` for the code itself
 * or a short one (`"PO"`, `"LA"`), in any letter case, surrounding blanks ignored
 * (`normalizeSort(" po ")` is `"POPULAR"`); undefined for anything else or no value.
 * @param {string | null} [value]
 * @returns {SortCode | undefined}
 */
export function normalizeSort(value) {
    var ptr0 = isLikeNone(value) ? 0 : passStringToWasm0(value, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    var len0 = WASM_VECTOR_LEN;
    const ret = wasm.normalizeSort(ptr0, len0);
    return ret;
}

/**
 * An id as addresses write it (plain decimal digits, no sign or leading zero, below 2^53), as
 * a number; undefined for anything else (`parseId("42")` is 42, `parseId("042")` undefined).
 * @param {string} segment
 * @returns {number | undefined}
 */
export function parseId(segment) {
    const ptr0 = passStringToWasm0(segment, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.parseId(ptr0, len0);
    return ret[0] === 0 ? undefined : ret[1];
}

/**
 * Reads the social sign-in return address (`location.href`, or its path and query): `type`
 * (`"signin"`, `"join"` or `"auth"`) and the provider's `code`, `state` and `error`
 * (percent-decoded, null when absent or blank), with `cleanedUrl`, the same address without
 * its `type` parameter, to put in the address bar (`history.replaceState`).
 *
 * @throws {CoreError} `query_string_error` (message `query string error`) when `type` is
 * missing or not one of the three.
 * @param {string} url
 * @returns {OAuthCallback}
 */
export function parseOAuthCallback(url) {
    const ptr0 = passStringToWasm0(url, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.parseOAuthCallback(ptr0, len0);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The language to show: `saved` (the visitor's own choice) when it is Korean or English, else
 * the first of `preferred` (`navigator.languages`) that is, else `"ko"`. Region subtags and
 * letter case do not matter (`"en-US"` is `"en"`).
 * @param {string | null | undefined} saved
 * @param {string[]} preferred
 * @returns {Lang}
 */
export function pickLanguage(saved, preferred) {
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = isLikeNone(saved) ? 0 : passStringToWasm0(saved, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = passArrayJsValueToWasm0(preferred, wasm.__wbindgen_malloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__externref_drop_slice(ptr1, len1); wasm.__wbindgen_free(ptr1, len1 * 4, 4); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.pickLanguage(ptr0, len0, ptr1, len1);
    return ret;
}

/**
 * Where to go after signing in: `savedRedirect` (the `redirectUrl` the sign-in page was
 * given) when it is an address of this site (a path starting with a single `/`, not a
 * sign-in page), else `"/"`. Absolute and protocol-relative addresses, backslashes and
 * control characters give `"/"`, so a crafted link cannot redirect off the site.
 * @param {string | null} [savedRedirect]
 * @returns {string}
 */
export function postLoginTarget(savedRedirect) {
    let deferred2_0;
    let deferred2_1;
    try {
        var ptr0 = isLikeNone(savedRedirect) ? 0 : passStringToWasm0(savedRedirect, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        var len0 = WASM_VECTOR_LEN;
        const ret = wasm.postLoginTarget(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

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
 * @param {SessionTokens} session
 * @param {number} offsetMinutes
 * @returns {RequestHeaders}
 */
export function requestHeaders(session, offsetMinutes) {
    const ret = wasm.requestHeaders(session, offsetMinutes);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Whether the page at `path` (no query) is a list that needs a `sort` query value: the
 * category, interest, latest and popular post lists, `/search` and its tabs. A trailing slash
 * is ignored.
 * @param {string} path
 * @returns {boolean}
 */
export function requiresSort(path) {
    const ptr0 = passStringToWasm0(path, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.requiresSort(ptr0, len0);
    return ret !== 0;
}

/**
 * `text` with each Korean particle written as a pair (`을(를)`, `이(가)`, `은(는)`, `와(과)`,
 * `(으)로`, …) in the form the word before it takes: `"마케팅을(를)"` → `"마케팅을"`,
 * `"HR이(가)"` → `"HR이"` (read 에이치알), `"3을(를)"` → `"3을"` (read 삼). After a lowercase
 * Latin word the pair stays as written.
 * @param {string} text
 * @returns {string}
 */
export function resolveParticles(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.resolveParticles(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * What an address (`fullPath`: path, query and hash) leads to: `{ kind: "notFound",
 * message }` when no page matches (message `Page Not Found: {fullPath}` in `lang`), `{ kind:
 * "redirect", location }` when a list page needs its sort fixed (see `sortRedirect`; the
 * hash is kept), else `{ kind: "page", route }`. `lang` is `"ko"` or `"en"`, English when
 * absent.
 * @param {string} fullPath
 * @param {Lang | null} [lang]
 * @returns {RouteResolution}
 */
export function resolveRoute(fullPath, lang) {
    const ptr0 = passStringToWasm0(fullPath, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.resolveRoute(ptr0, len0, isLikeNone(lang) ? 0 : addToExternrefTable0(lang));
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

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
 * @param {string} fullPath
 * @param {SessionView} session
 * @returns {GuardDecision}
 */
export function routeGuard(fullPath, session) {
    const ptr0 = passStringToWasm0(fullPath, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.routeGuard(ptr0, len0, session);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * A link as a post's body may hold it, trimmed: `http:`, `https:` and `mailto:` links as
 * written; an e-mail address gets `mailto:`, and an address without a scheme that looks like
 * a host gets `https://` (`safeLink("example.com/a")` is `"https://example.com/a"`).
 * Undefined for any other scheme (`javascript:`, `data:`), white space or control characters
 * inside, or nothing at all.
 * @param {string} raw
 * @returns {string | undefined}
 */
export function safeLink(raw) {
    const ptr0 = passStringToWasm0(raw, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.safeLink(ptr0, len0);
    let v2;
    if (ret[0] !== 0) {
        v2 = getStringFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
    }
    return v2;
}

/**
 * Where to scroll after navigating: `{ kind: "anchor", id }` for the element a hash names
 * (`location.hash`, with or without `#`, percent-decoded), else `{ kind: "top", smooth: true }`.
 * @param {string} hash
 * @returns {ScrollTarget}
 */
export function scrollTarget(hash) {
    const ptr0 = passStringToWasm0(hash, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.scrollTarget(ptr0, len0);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

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
 * @param {Credentials} credentials
 * @param {DeviceContext} device
 * @returns {SignInBody}
 */
export function signInBody(credentials, device) {
    const ret = wasm.signInBody(credentials, device);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Where to send a list page whose `sort` is missing or not exactly `POPULAR` or `LATEST`:
 * the same path and other query parameters, with `sort=POPULAR`. `search` is
 * `location.search` (`""` or starting with `?`). Undefined when nothing is to be done (the
 * sort is right, or the page needs none).
 *
 * ```ts
 * sortRedirect("/post/category/list/3", "?page=2"); // "/post/category/list/3?page=2&sort=POPULAR"
 * ```
 * @param {string} path
 * @param {string} search
 * @returns {string | undefined}
 */
export function sortRedirect(path, search) {
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = passStringToWasm0(path, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = passStringToWasm0(search, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.sortRedirect(ptr0, len0, ptr1, len1);
    let v3;
    if (ret[0] !== 0) {
        v3 = getStringFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
    }
    return v3;
}

/**
 * `text` without `<script>` and `<iframe>` elements: each is removed with its content,
 * whatever its letter case or attributes; one never closed runs to the end of the text; stray
 * closing tags go too. Everything else stays as it was: this guards plain text fields and is
 * not an HTML sanitiser (event-handler attributes and `javascript:` links are kept).
 * @param {string} text
 * @returns {string}
 */
export function stripScripts(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.stripScripts(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Which limit the tags break, as `cleanTags` counts them: `"tooLong"` (a tag over 30
 * characters), `"tooMany"` (more than 10 distinct tags), or undefined when they keep both.
 * @param {string[]} raw
 * @returns {TagProblem | undefined}
 */
export function tagsProblem(raw) {
    const ptr0 = passArrayJsValueToWasm0(raw, wasm.__wbindgen_malloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.tagsProblem(ptr0, len0);
    return ret;
}

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
 * @param {number | null | undefined} lastCheckMs
 * @param {number} nowMs
 * @returns {boolean}
 */
export function tokenCheckDue(lastCheckMs, nowMs) {
    const ret = wasm.tokenCheckDue(!isLikeNone(lastCheckMs), isLikeNone(lastCheckMs) ? 0 : lastCheckMs, nowMs);
    return ret !== 0;
}

/**
 * Checks what the identity-certification provider sent back against the request the page
 * saved before leaving (`savedCertifyNo`). Checked in order, the first failure wins:
 * `errorCode` `F0000` (cancelled) → code `F0000`; `success` false → `999`; a blank `impUid`,
 * `merchantUid`, `requestId` or `savedCertifyNo` → `104`; `requestId` or `merchantUid` not
 * equal to `savedCertifyNo` (a return for another request) → `1003`. Otherwise `result:
 * "true"` with `certifyNo` (the saved number) and `certifyUid` (`impUid`), both trimmed.
 *
 * @throws {CoreError} `invalid_argument` when `input` has an unknown or mistyped field.
 * @param {CertificationReturn} input
 * @returns {CertificationResult}
 */
export function validateCertification(input) {
    const ret = wasm.validateCertification(input);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

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
 * @param {VisitorKind} kind
 * @param {boolean} alreadyMarked
 * @param {number} nowMs
 * @param {number} offsetMinutes
 * @param {boolean} secure
 * @returns {VisitDecision}
 */
export function visitDecision(kind, alreadyMarked, nowMs, offsetMinutes, secure) {
    const val2 = +alreadyMarked;
    const val3 = +nowMs;
    const val4 = +offsetMinutes;
    const val5 = +secure;
    const ptr0 = passStringToWasm0(kind, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len0 = WASM_VECTOR_LEN;
    const ret = wasm.visitDecision(ptr0, len0, val2, val3, val4, val5);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * The body of a visit record: `offset` (`offsetMinutes`, minutes east of UTC, 540 for
 * Korea), `accessToken` and `tmaId` (the guest id), each `""` when absent, and the
 * `detectDevice(userAgent)` fields.
 *
 * @throws {CoreError} `invalid_offset` when `offsetMinutes` is not a whole number from -720
 * to 840.
 * @param {number} offsetMinutes
 * @param {string | null | undefined} accessToken
 * @param {string | null | undefined} guestId
 * @param {string} userAgent
 * @returns {VisitRecord}
 */
export function visitRecord(offsetMinutes, accessToken, guestId, userAgent) {
    const val4 = +offsetMinutes;
    let ptr0, len0, ptr1, len1, ptr2, len2;
    try {
        ptr0 = isLikeNone(accessToken) ? 0 : passStringToWasm0(accessToken, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = isLikeNone(guestId) ? 0 : passStringToWasm0(guestId, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
        ptr2 = passStringToWasm0(userAgent, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len2 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.visitRecord(val4, ptr0, len0, ptr1, len1, ptr2, len2);
    if (ret[2]) {
        throw takeFromExternrefTable0(ret[1]);
    }
    return takeFromExternrefTable0(ret[0]);
}

/**
 * Whether an event for the same page at `nowMs` falls within 10 seconds after the last one
 * at `lastMs` (both epoch milliseconds), so it is a reload not to be counted again. `false`
 * when `lastMs` is absent or later than `nowMs`.
 * @param {number | null | undefined} lastMs
 * @param {number} nowMs
 * @returns {boolean}
 */
export function withinReloadGuard(lastMs, nowMs) {
    const ret = wasm.withinReloadGuard(!isLikeNone(lastMs), isLikeNone(lastMs) ? 0 : lastMs, nowMs);
    return ret !== 0;
}

/**
 * The limits of a post: `titleMaxChars` 100 and `summaryMaxChars` 300 characters (once
 * trimmed), `bodyMaxBytes` 512 000 (bytes of the body's HTML in UTF-8, not characters),
 * `tagsMax` 10 tags of `tagMaxChars` 30 characters each. Characters are Unicode code points
 * (`[...text].length`), not the UTF-16 units `text.length` counts.
 * @returns {WritingLimits}
 */
export function writingLimits() {
    const ret = wasm.writingLimits();
    return ret;
}
export function __wbg_Error_208446807d0d1e30(arg0, arg1) {
    const ret = Error(getStringFromWasm0(arg0, arg1));
    return ret;
}
export function __wbg_String_8564e559799eccda(arg0, arg1) {
    const ret = String(arg1);
    const ptr1 = passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    const len1 = WASM_VECTOR_LEN;
    getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 1, len1, true);
    getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, ptr1, true);
}
export function __wbg___wbindgen_boolean_get_4f1baf9a00be3c74(arg0) {
    const v = arg0;
    const ret = typeof(v) === 'boolean' ? v : undefined;
    return isLikeNone(ret) ? 0xFFFFFF : ret ? 1 : 0;
}
export function __wbg___wbindgen_is_bigint_5fa10641e039d3ef(arg0) {
    const ret = typeof(arg0) === 'bigint';
    return ret;
}
export function __wbg___wbindgen_is_function_741ff2bb612836f5(arg0) {
    const ret = typeof(arg0) === 'function';
    return ret;
}
export function __wbg___wbindgen_is_null_c22311b1cc228e3a(arg0) {
    const ret = arg0 === null;
    return ret;
}
export function __wbg___wbindgen_is_object_8b968c3ab8e96595(arg0) {
    const val = arg0;
    const ret = typeof(val) === 'object' && val !== null;
    return ret;
}
export function __wbg___wbindgen_is_string_fc456fee5d3317de(arg0) {
    const ret = typeof(arg0) === 'string';
    return ret;
}
export function __wbg___wbindgen_is_undefined_be5b34249ff1fc15(arg0) {
    const ret = arg0 === undefined;
    return ret;
}
export function __wbg___wbindgen_number_get_934b640d0889af78(arg0, arg1) {
    const obj = arg1;
    const ret = typeof(obj) === 'number' ? obj : undefined;
    getDataViewMemory0().setFloat64((arg0 >>> 0) + 8 * 1, isLikeNone(ret) ? 0 : ret, true);
    getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, !isLikeNone(ret), true);
}
export function __wbg___wbindgen_string_get_7ce8eee7fd327545(arg0, arg1) {
    const obj = arg1;
    const ret = typeof(obj) === 'string' ? obj : undefined;
    var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
    var len1 = WASM_VECTOR_LEN;
    getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 1, len1, true);
    getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, ptr1, true);
}
export function __wbg___wbindgen_throw_4c88d8bf264fd984(arg0, arg1) {
    throw new Error(getStringFromWasm0(arg0, arg1));
}
export function __wbg_from_eac91875c8a5ffa4(arg0) {
    const ret = Array.from(arg0);
    return ret;
}
export function __wbg_getTime_edc91481cbc4cd78(arg0) {
    const ret = arg0.getTime();
    return ret;
}
export function __wbg_getTimezoneOffset_87127d92c2c117e9(arg0) {
    const ret = arg0.getTimezoneOffset();
    return ret;
}
export function __wbg_get_2080c49015e35254() { return handleError(function (arg0, arg1) {
    const ret = Reflect.get(arg0, arg1);
    return ret;
}, arguments); }
export function __wbg_get_unchecked_e6325ad374eff861(arg0, arg1) {
    const ret = arg0[arg1 >>> 0];
    return ret;
}
export function __wbg_instanceof_Date_99b6a345bf39e8f4(arg0) {
    let result;
    try {
        result = arg0 instanceof Date;
    } catch (_) {
        result = false;
    }
    const ret = result;
    return ret;
}
export function __wbg_isArray_bcf1376d0d732d08(arg0) {
    const ret = Array.isArray(arg0);
    return ret;
}
export function __wbg_keys_105f5c0857898f84(arg0) {
    const ret = Object.keys(arg0);
    return ret;
}
export function __wbg_length_b03a0fabb109b1e9(arg0) {
    const ret = arg0.length;
    return ret;
}
export function __wbg_new_37eb45aaf5eeb820() {
    const ret = new Array();
    return ret;
}
export function __wbg_new_3e95cd7386bb9a6c(arg0) {
    const ret = new Date(arg0);
    return ret;
}
export function __wbg_new_7075786089b89c5e() {
    const ret = new Map();
    return ret;
}
export function __wbg_new_787b9fb330d55d78(arg0, arg1) {
    const ret = new Error(getStringFromWasm0(arg0, arg1));
    return ret;
}
export function __wbg_new_cd4348290afae586() {
    const ret = new Object();
    return ret;
}
export function __wbg_set_2793479888329cb6() { return handleError(function (arg0, arg1, arg2) {
    const ret = Reflect.set(arg0, arg1, arg2);
    return ret;
}, arguments); }
export function __wbg_set_8282f7e0d2d01336(arg0, arg1, arg2) {
    const ret = arg0.set(arg1, arg2);
    return ret;
}
export function __wbg_set_d2d33b52458e984a(arg0, arg1, arg2) {
    arg0[arg1 >>> 0] = arg2;
}
export function __wbg_set_e4b9a833d288759a(arg0, arg1, arg2) {
    arg0[arg1] = arg2;
}
export function __wbindgen_generic_0000000000000001(arg0) {
    // Cast intrinsic for `F64 -> Externref`.
    const ret = arg0;
    return ret;
}
export function __wbindgen_generic_0000000000000002(arg0) {
    // Cast intrinsic for `I64 -> Externref`.
    const ret = arg0;
    return ret;
}
export function __wbindgen_generic_0000000000000003(arg0, arg1) {
    // Cast intrinsic for `Ref(String) -> Externref`.
    const ret = getStringFromWasm0(arg0, arg1);
    return ret;
}
export function __wbindgen_generic_0000000000000004(arg0) {
    // Cast intrinsic for `U64 -> Externref`.
    const ret = BigInt.asUintN(64, arg0);
    return ret;
}
export function __wbindgen_init_externref_table() {
    const table = wasm.__wbindgen_externrefs;
    table.set(0, undefined);
    table.set(1024, undefined);
    table.set(1025, null);
    table.set(1026, true);
    table.set(1027, false);
}
function addToExternrefTable0(obj) {
    const idx = wasm.__externref_table_alloc();
    wasm.__wbindgen_externrefs.set(idx, obj);
    return idx;
}

function getArrayJsValueFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    const mem = getDataViewMemory0();
    const result = [];
    for (let i = ptr; i < ptr + 4 * len; i += 4) {
        result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
    }
    wasm.__externref_drop_slice(ptr, len);
    return result;
}

let cachedDataViewMemory0 = null;
function getDataViewMemory0() {
    if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || (cachedDataViewMemory0.buffer.detached === undefined && cachedDataViewMemory0.buffer !== wasm.memory.buffer)) {
        cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
    }
    return cachedDataViewMemory0;
}

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function handleError(f, args) {
    try {
        return f.apply(this, args);
    } catch (e) {
        const idx = addToExternrefTable0(e);
        wasm.__wbindgen_exn_store(idx);
    }
}

function isLikeNone(x) {
    return x === undefined || x === null;
}

function passArrayJsValueToWasm0(array, malloc) {
    const ptr = malloc(array.length * 4, 4) >>> 0;
    for (let i = 0; i < array.length; i++) {
        const add = addToExternrefTable0(array[i]);
        getDataViewMemory0().setUint32(ptr + 4 * i, add, true);
    }
    WASM_VECTOR_LEN = array.length;
    return ptr;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

function takeFromExternrefTable0(idx) {
    const value = wasm.__wbindgen_externrefs.get(idx);
    wasm.__externref_table_dealloc(idx);
    return value;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;


let wasm;
export function __wbg_set_wasm(val) {
    wasm = val;
}
