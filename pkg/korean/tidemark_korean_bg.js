/**
 * The initial consonant (초성) of each Hangul syllable, as a keyboard types it:
 * `chosung("마케팅")` → `"ㅁㅋㅌ"`. Other characters are kept as they are
 * (`"디지털 마케팅 2026!"` → `"ㄷㅈㅌ ㅁㅋㅌ 2026!"`), so the result has as many characters as
 * the text.
 * @param {string} text
 * @returns {string}
 */
export function chosung(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.chosung(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Keystroke jamo put together the way a Korean input method composes them:
 * `compose("ㅁㅏㅋㅔㅌㅣㅇ")` → `"마케팅"`, `compose("ㄷㅏㄹㄱㅇㅣ")` → `"닭이"`. The inverse of
 * [`decompose`] on syllable text; other characters are kept.
 * @param {string} jamo
 * @returns {string}
 */
export function compose(jamo) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(jamo, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.compose(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Hangul syllables spelled as the keystrokes of a Korean keyboard (두벌식):
 * `decompose("닭과")` → `"ㄷㅏㄹㄱㄱㅗㅏ"`. Compound jamo typed alone (ㄺ, ㅘ) are split too;
 * other characters are kept.
 * @param {string} text
 * @returns {string}
 */
export function decompose(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.decompose(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Whether `candidate` starts with what a person has typed so far (`query`), the way a Korean
 * suggestion box should match it:
 *
 * - initial consonants stand for their syllables: `"ㅁㅋㅌ"` and `"ㅁ케팅"` match `"마케팅"`;
 * - the last character may still be half-typed, its keystrokes spilling into the next
 *   syllable: `"맠"` matches `"마케팅"`, `"닭"` matches `"달걀"`;
 * - Latin letters match without regard to ASCII case.
 *
 * ```ts
 * import { matchesKoreanPrefix } from "tidemark-core/korean";
 * ["마케팅", "마감", "디자인"].filter((name) => matchesKoreanPrefix("ㅁㅋ", name)); // ["마케팅"]
 * ```
 * @param {string} query
 * @param {string} candidate
 * @returns {boolean}
 */
export function matchesKoreanPrefix(query, candidate) {
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = passStringToWasm0(query, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = passStringToWasm0(candidate, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    const ret = wasm.matchesKoreanPrefix(ptr0, len0, ptr1, len1);
    return ret !== 0;
}
export function __wbindgen_init_externref_table() {
    const table = wasm.__wbindgen_externrefs;
    table.set(0, undefined);
    table.set(1024, undefined);
    table.set(1025, null);
    table.set(1026, true);
    table.set(1027, false);
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
