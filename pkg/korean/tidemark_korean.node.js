/* @ts-self-types="./tidemark_korean.d.ts" */
// The Node.js entry: the module is read from disk and instantiated at once.
import { readFileSync } from "node:fs";
import * as glue from "./tidemark_korean_bg.js";
const bytes = readFileSync(new URL("./tidemark_korean_bg.wasm", import.meta.url));
const wasm = new WebAssembly.Instance(new WebAssembly.Module(bytes), { "./tidemark_korean_bg.js": glue }).exports;
import { __wbg_set_wasm } from "./tidemark_korean_bg.js";

__wbg_set_wasm(wasm);
wasm.__wbindgen_start();
export {
    chosung, compose, decompose, matchesKoreanPrefix
} from "./tidemark_korean_bg.js";
