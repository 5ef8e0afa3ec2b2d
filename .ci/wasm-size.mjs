// Size report of the browser core: raw, gzip -9 and brotli -11 bytes, checked against the
// budget of docs/performance.md. Exits non-zero when over budget.
import { readFileSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

// The main entry's budget; the Korean entry (`korean`) loads only where Korean text is
// filtered as it is typed.
const BUDGETS = { main: { gzip: 80_000, brotli: 62_000 }, korean: { gzip: 12_000, brotli: 10_000 } };
const file = process.argv[2] ?? "pkg/tidemark_core_bg.wasm";
const entry = process.argv[3] ?? "main";
const BUDGET = BUDGETS[entry];
const bytes = readFileSync(file);
const gzip = gzipSync(bytes, { level: 9 }).length;
const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log(`core wasm size (${entry} entry): raw ${kb(bytes.length)}, gzip ${kb(gzip)} (budget ${kb(BUDGET.gzip)}), brotli ${kb(brotli)} (budget ${kb(BUDGET.brotli)})`);
const over = [gzip > BUDGET.gzip && "gzip", brotli > BUDGET.brotli && "brotli"].filter(Boolean);
if (over.length) {
  console.error(`core wasm is over budget: ${over.join(", ")}`);
  process.exit(1);
}
