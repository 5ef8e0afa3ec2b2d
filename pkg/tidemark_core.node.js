/* @ts-self-types="./tidemark_core.d.ts" */
// The Node.js entry: the module is read from disk and instantiated at once.
import { readFileSync } from "node:fs";
import * as glue from "./tidemark_core_bg.js";
const bytes = readFileSync(new URL("./tidemark_core_bg.wasm", import.meta.url));
const wasm = new WebAssembly.Instance(new WebAssembly.Module(bytes), { "./tidemark_core_bg.js": glue }).exports;
import { __wbg_set_wasm } from "./tidemark_core_bg.js";

__wbg_set_wasm(wasm);
wasm.__wbindgen_start();
export {
    abbreviateCount, breadcrumbs, categories, categoryName, checkNickname, checkPassword, cleanTag, cleanTags, clickRecord, cookieFor, cookiePolicy, countdown, dataLayerEvent, dataLayerUser, detectDevice, endOfDayMs, epochMsToKstLocal, errorCatalogue, errorScreen, filterEmail, filterInput, filterNickname, filterPhone, formatDate, formatNumber, inputModeFor, isEmpty, isLoginPath, isProtectedPath, isValidBusinessNumber, isValidEmail, kstLocalToEpochMs, loginHref, matchRoute, maySignIn, normalizeSort, parseId, parseOAuthCallback, pickLanguage, postLoginTarget, requestHeaders, requiresSort, resolveParticles, resolveRoute, routeGuard, safeLink, scrollTarget, signInBody, sortRedirect, stripScripts, tagsProblem, tokenCheckDue, validateCertification, visitDecision, visitRecord, withinReloadGuard, writingLimits
} from "./tidemark_core_bg.js";
