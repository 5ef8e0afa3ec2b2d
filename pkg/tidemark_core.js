/* @ts-self-types="./tidemark_core.d.ts" */
import * as wasm from "./tidemark_core_bg.wasm";
import { __wbg_set_wasm } from "./tidemark_core_bg.js";

__wbg_set_wasm(wasm);
wasm.__wbindgen_start();
export {
    abbreviateCount, breadcrumbs, categories, categoryName, checkNickname, checkPassword, cleanTag, cleanTags, clickRecord, cookieFor, cookiePolicy, countdown, dataLayerEvent, dataLayerUser, detectDevice, endOfDayMs, epochMsToKstLocal, errorCatalogue, errorScreen, filterEmail, filterInput, filterNickname, filterPhone, formatDate, formatNumber, inputModeFor, isEmpty, isLoginPath, isProtectedPath, isValidBusinessNumber, isValidEmail, kstLocalToEpochMs, loginHref, matchRoute, maySignIn, normalizeSort, parseId, parseOAuthCallback, pickLanguage, postLoginTarget, requestHeaders, requiresSort, resolveParticles, resolveRoute, routeGuard, safeLink, scrollTarget, signInBody, sortRedirect, stripScripts, tagsProblem, tokenCheckDue, validateCertification, visitDecision, visitRecord, withinReloadGuard, writingLimits
} from "./tidemark_core_bg.js";
