/* tslint:disable */
/* eslint-disable */
export const memory: WebAssembly.Memory;
export const chosung: (a: number, b: number) => [number, number];
export const compose: (a: number, b: number) => [number, number];
export const decompose: (a: number, b: number) => [number, number];
export const matchesKoreanPrefix: (a: number, b: number, c: number, d: number) => number;
export const __wbindgen_externrefs: WebAssembly.Table;
export const __wbindgen_malloc: (a: number, b: number) => number;
export const __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
export const __wbindgen_free: (a: number, b: number, c: number) => void;
export const __wbindgen_start: () => void;
