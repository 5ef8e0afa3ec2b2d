/* @ts-self-types="./tidemark_korean.d.ts" */
import * as wasm from "./tidemark_korean_bg.wasm";
import { __wbg_set_wasm } from "./tidemark_korean_bg.js";

__wbg_set_wasm(wasm);
wasm.__wbindgen_start();
export {
    chosung, compose, decompose, matchesKoreanPrefix
} from "./tidemark_korean_bg.js";
