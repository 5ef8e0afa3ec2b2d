// The core's generated typings must be precise and read as JavaScript: no exported function
// may take or return `any`, and no parameter may be named in snake_case. Prints what it
// checked; exits non-zero with the offenders.
import { readFileSync } from "node:fs";

const files = process.argv.length > 2 ? process.argv.slice(2) : ["pkg/tidemark_core.d.ts"];
let failed = false;
for (const file of files) {
  const source = readFileSync(file, "utf8");
  const signatures = source
    .split("\n")
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => /^export function |^(constructor|[a-zA-Z]+)\(.*\)(: .*)?;$|^(get|set) /.test(line));
  const withAny = signatures.filter(({ line }) => /\bany\b/.test(line));
  const snakeCase = signatures.filter(({ line }) => {
    const params = /\((.*)\)/.exec(line)?.[1] ?? "";
    return params.split(",").some((param) => /^\s*\w*_\w*\??:/.test(param));
  });
  console.log(`typings: ${signatures.length} exported signatures checked in ${file}, ${withAny.length} with any, ${snakeCase.length} with a snake_case parameter`);
  for (const { line, number } of [...withAny, ...snakeCase]) console.error(`  ${file}:${number}: ${line}`);
  if (withAny.length || snakeCase.length) failed = true;
}
if (failed) process.exit(1);
