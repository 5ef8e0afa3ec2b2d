// The core's generated typings must be precise: no exported function or class member may
// take or return `any`. Prints what it checked; exits non-zero on the first offenders.
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? "pkg/tidemark_core.d.ts";
const source = readFileSync(file, "utf8");
const signatures = source
  .split("\n")
  .map((line, index) => ({ line: line.trim(), number: index + 1 }))
  .filter(({ line }) => /^export function |^(constructor|[a-zA-Z]+)\(.*\)(: .*)?;$|^(get|set) /.test(line));
const offenders = signatures.filter(({ line }) => /\bany\b/.test(line));
console.log(`typings: ${signatures.length} exported signatures checked in ${file}, ${offenders.length} with any`);
for (const { line, number } of offenders) console.error(`  ${file}:${number}: ${line}`);
if (offenders.length) process.exit(1);
