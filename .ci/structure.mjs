// The shape of the code, checked and printed by the test command. It fails when a server
// module imports one of a higher layer, when the server's top-level modules form a cycle, and
// when a file that defines handlers runs database queries itself (SeaORM belongs in the
// domain's service and queries, below its routes). It prints handlers over 40 lines, source
// files over 600 lines and (where the `duplicates` command is installed) repeated runs of
// lines, so their growth is visible. docs/architecture.md has the layers and the figures.
// It also holds the docs to the code: the modules and arrows docs/architecture.md draws, the
// paths it names and the tables docs/data-model.md lists must exist, and every module and
// table must be there; the words the glossary rules out must not come back.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const serverSrc = join(root, "server", "src");

function files(dir, ending) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, ending);
    return path.endsWith(ending) ? [path] : [];
  });
}

/** The top-level module a server file belongs to (`auth` for auth/routes.rs), or null. */
function moduleOf(path) {
  const parts = relative(serverSrc, path).split(sep);
  const top = parts[0].replace(/\.rs$/, "");
  return top === "lib" || top === "main" ? null : top;
}

/**
 * The server's layers, top first. A module may import modules of its own layer or of a
 * lower one; within a layer the import graph must have no cycle.
 */
const LAYERS = [
  ["root", ["cli", "startup", "web", "api_docs", "monitoring", "backup", "demo", "seed", "jobs"]],
  ["domain", ["analytics", "auth", "business", "certify", "content", "embeds", "engagement", "feeds", "members", "notifications", "operator", "pages", "passkeys", "prerender", "publication", "search", "signin", "social", "two_step", "uploads"]],
  ["sync", ["sync"]],
  ["state", ["state"]],
  ["service", ["answers", "catalog", "event_sink", "fanout", "link_fetch", "oplog", "outbox", "push", "search_index", "storage", "tokens"]],
  ["http", ["http"]],
  ["foundation", ["entities", "db", "kernel", "settings", "telemetry"]],
];
const rank = new Map(LAYERS.flatMap(([, names], index) => names.map((name) => [name, index])));
const layerName = (module) => LAYERS[rank.get(module)][0];

const rustFiles = files(serverSrc, ".rs");
const sources = new Map(rustFiles.map((path) => [path, readFileSync(path, "utf8")]));
/** The code without comments and without `#[cfg(test)]` modules at the end of a file. */
const code = (text) => text.split(/\n#\[cfg\(test\)\]\nmod tests/)[0].replace(/^\s*\/\/.*$/gm, "");

/**
 * Every `use` tree and path of a text, written out whole, with where it stands: `use
 * crate::{db, outbox::Outbox}` is `crate::db` and `crate::outbox::Outbox` (nested groups too), and
 * every `crate::a::b`, `super::b` or `self::b` in the code is one more.
 */
function referencesOf(text) {
  const out = [];
  const walk = (prefix, tree, at) => {
    const brace = tree.indexOf("{");
    if (brace < 0) { for (const item of tree.split(",")) if (item) out.push([prefix + item.replace(/\bas\b.*$/, ""), at]); return; }
    const head = tree.slice(0, brace);
    let depth = 0, item = "";
    for (const ch of tree.slice(brace + 1, tree.lastIndexOf("}")) + ",") {
      if (ch === "{") depth += 1;
      if (ch === "}") depth -= 1;
      if (ch === "," && depth === 0) { if (item) walk(prefix + head, item, at); item = ""; }
      else item += ch;
    }
  };
  for (const m of text.matchAll(/\buse\s+([^;]+);/g)) walk("", m[1].replace(/\s+/g, ""), m.index);
  return [...out, ...[...text.matchAll(/\b(?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+/g)].map((m) => [m[0], m.index])];
}

/** The inline modules of a text (`mod prelude { … }`), each with where it starts and ends. */
function inlineModules(text) {
  const ranges = [], open = [];
  let depth = 0;
  for (const m of text.matchAll(/\bmod\s+([a-z_0-9]+)\s*\{|[{}]/g)) {
    if (m[1]) { open.push({ name: m[1], depth, start: m.index }); depth += 1; }
    else if (m[0] === "{") depth += 1;
    else {
      depth -= 1;
      if (open.at(-1)?.depth === depth) ranges.push({ ...open.pop(), end: m.index });
    }
  }
  return ranges;
}

// What the crate's root offers under other modules' names: lib.rs's `pub use x::{A, B}` and
// the `#[macro_export]` macros (`crate::named_words!` is the kernel's). An import through the
// root is an import of the module behind it.
const rootNames = new Map();
for (const [reference] of referencesOf(code(readFileSync(join(serverSrc, "lib.rs"), "utf8")))) {
  const parts = reference.split("::");
  if (parts.length >= 2 && !["crate", "self", "super"].includes(parts[0])) rootNames.set(parts.at(-1), parts[0]);
}
for (const [path, text] of sources) {
  for (const [, name] of text.matchAll(/#\[macro_export\]\s*macro_rules!\s*([a-z_]+)/g)) rootNames.set(name, moduleOf(path));
}

/** The top-level modules a server file imports, in any form. */
function importsOf(path, text) {
  const file = relative(serverSrc, path).replace(/\.rs$/, "").split(sep);
  if (["mod", "lib", "main"].includes(file.at(-1))) file.pop();
  const body = code(text);
  const inline = inlineModules(body);
  const found = new Set();
  for (const [reference, at] of referencesOf(body)) {
    let parts = reference.split("::").filter(Boolean);
    const within = inline.filter((range) => range.start <= at && at <= range.end).sort((a, b) => a.start - b.start).map((range) => range.name);
    let base = [...file, ...within];
    if (parts[0] === "crate" || parts[0] === "tidemark_server") { base = []; parts = parts.slice(1); }
    else if (parts[0] === "self") parts = parts.slice(1);
    else if (parts[0] === "super") {
      base = base.slice(0, -1); parts = parts.slice(1);
      while (parts[0] === "super") { base = base.slice(0, -1); parts = parts.slice(1); }
    } else continue;
    const top = [...base, ...parts][0];
    if (!top) continue;
    found.add(rootNames.get(top) ?? top);
  }
  return found;
}

// Cycles: strongly connected components of two or more modules in the import graph.
const modules = new Set(rustFiles.map(moduleOf).filter(Boolean));
const edges = new Map([...modules].map((m) => [m, new Set()]));
for (const [path, text] of sources) {
  const from = moduleOf(path);
  if (!from) continue;
  for (const to of importsOf(path, text)) {
    if (to !== from && modules.has(to)) edges.get(from).add(to);
  }
}
const cycles = cyclesOf(edges);

const problems = [];
for (const m of modules) {
  if (!rank.has(m)) problems.push(`server/src/${m}: a module of no layer (add it to LAYERS in .ci/structure.mjs and to docs/architecture.md)`);
}
for (const [path, text] of sources) {
  const from = moduleOf(path);
  if (!from || !rank.has(from)) continue;
  for (const to of importsOf(path, text)) {
    if (to !== from && rank.has(to) && rank.get(to) < rank.get(from)) {
      problems.push(`${relative(root, path)}: ${from} (${layerName(from)}) imports ${to} (${layerName(to)}), a higher layer`);
    }
  }
}
for (const cycle of cycles) problems.push(`server modules in a cycle: ${cycle.join(" <-> ")}`);

// Handlers: the function after each `#[utoipa::path(...)]`, up to its closing brace.
const query = /Entity::(find|insert|update|delete)|\.exec\(|\.one\(&|\.all\(&|\.insert\(&|\.update\(&|\.begin\(\)|query_all|execute_unprepared/;
const handlerFiles = [];
const longHandlers = [];
let handlerCount = 0;
for (const [path, text] of sources) {
  const body = code(text);
  if (!body.includes("#[utoipa::path")) continue;
  if (query.test(body)) handlerFiles.push(relative(root, path));
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i].startsWith("#[utoipa::path")) continue;
    let start = i;
    while (start < lines.length && !/^(pub(\([a-z]+\))? )?async fn /.test(lines[start])) start += 1;
    let end = start;
    while (end < lines.length && lines[end] !== "}") end += 1;
    handlerCount += 1;
    const length = end - start + 1;
    const name = (lines[start] ?? "").match(/fn ([a-z_0-9]+)/)?.[1] ?? "?";
    if (length > 40) longHandlers.push(`${relative(root, path)}:${start + 1} ${name} (${length})`);
    i = end;
  }
}

// Long files: every file of code — the server, the core, the UI, the tests and the scripts —
// at most 600 lines, a Rust file's unit-test tail (`#[cfg(test)] mod tests` at its end) aside.
// The entities are generated (sea-orm-cli) and left out, as is the API contract's types
// (ui/src/lib/apiSchema.ts, generated from the OpenAPI document by .ci/api-types.sh).
const MAX_LINES = 600;
const codeFiles = [
  ...["server/src", "server/tests", "server/examples", "core-wasm/src", "core-wasm/tests"].flatMap((dir) => files(join(root, dir), ".rs")),
  ...["ui/src", "tests"].flatMap((dir) => [".ts", ".tsx", ".mjs"].flatMap((ending) => files(join(root, dir), ending))),
  ...files(join(root, ".ci"), ".mjs"),
].filter((path) => !/[/\\]entities[/\\]/.test(path) && !/[/\\]node_modules[/\\]/.test(path) && !path.endsWith("ui/src/lib/apiSchema.ts"));
const countedLines = (path) => {
  const text = readFileSync(path, "utf8");
  const body = path.endsWith(".rs") ? text.split(/\n#\[cfg\(test\)\]\nmod tests/)[0] : text;
  return body.split("\n").length;
};
const longFiles = codeFiles
  .map((path) => [relative(root, path), countedLines(path)])
  .filter(([, count]) => count > MAX_LINES)
  .sort((a, b) => b[1] - a[1]);

// Handler and page code does not query: a file that defines handlers (`#[utoipa::path]`, or a
// function taking axum's `State` extractor) or makes pages (pages/, prerender/) calls the
// domain's service, which holds the SQL.
const isPageCode = (path) => /^server\/src\/(pages|prerender)\//.test(relative(root, path));
const isHandlerCode = (text) => text.includes("#[utoipa::path") || /\bState\([a-z_]+\):\s*(axum::extract::)?State</.test(text);
const queryingFiles = [...sources]
  .filter(([path, text]) => (isHandlerCode(code(text)) || isPageCode(path)) && (query.test(code(text)) || /\bEntity::find/.test(code(text))))
  .map(([path]) => relative(root, path));

// File-level cycles: within the server and within the core, no two files import each other,
// directly or round a loop. A path (`crate::a::b`, `super::b`, `self::b`, grouped `use` trees
// expanded by `referencesOf`) names the file of its longest known module prefix; a module's
// mod.rs (its face, which declares and re-exports its files) is left out, and so are the
// entities (SeaORM's relations name each other both ways by design).
function fileGraph(srcDir, crate) {
  const paths = files(join(root, srcDir), ".rs").filter((path) => !/[/\\]entities[/\\]/.test(path));
  const moduleOfFile = (path) => {
    const parts = relative(join(root, srcDir), path).replace(/\.rs$/, "").split(sep);
    if (parts.at(-1) === "mod" || parts.at(-1) === "lib" || parts.at(-1) === "main") parts.pop();
    return parts;
  };
  const byModule = new Map(paths.map((path) => [moduleOfFile(path).join("::"), path]));
  const isFace = (path) => /(^|[/\\])(mod|lib|main)\.rs$/.test(path);
  const edges = new Map(paths.map((path) => [path, new Set()]));
  for (const path of paths) {
    if (isFace(path)) continue;
    const here = moduleOfFile(path);
    for (const [reference] of referencesOf(code(readFileSync(path, "utf8")))) {
      let parts = reference.split("::").filter(Boolean);
      let base = [...here];
      if (parts[0] === "crate" || parts[0] === crate) { base = []; parts = parts.slice(1); }
      else if (parts[0] === "self") parts = parts.slice(1);
      else if (parts[0] === "super") {
        base = base.slice(0, -1); parts = parts.slice(1);
        while (parts[0] === "super") { base = base.slice(0, -1); parts = parts.slice(1); }
      } else continue;
      const full = [...base, ...parts];
      for (let length = full.length; length > 0; length -= 1) {
        const target = byModule.get(full.slice(0, length).join("::"));
        if (target) { if (target !== path && !isFace(target)) edges.get(path).add(target); break; }
      }
    }
  }
  return edges;
}
/** Strongly connected components of two or more nodes (Tarjan), each named by `name` and sorted. */
function cyclesOf(graph, name = (node) => node) {
  let index = 0;
  const order = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
  const visit = (v) => {
    order.set(v, index); low.set(v, index); index += 1;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v)) {
      if (!order.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
    }
    if (low.get(v) === order.get(v)) {
      const part = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); part.push(w); } while (w !== v);
      if (part.length > 1) found.push(part.map(name).sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}
const byPath = (path) => relative(root, path);
const fileCycles = [...cyclesOf(fileGraph("server/src", "tidemark_server"), byPath), ...cyclesOf(fileGraph("core-wasm/src", "tidemark_core"), byPath)];

for (const [path, count] of longFiles) {
  problems.push(`${path}: ${count} lines of code (at most ${MAX_LINES}); split it by what its parts do`);
}
for (const path of queryingFiles) {
  problems.push(`${path}: handler or page code runs database queries; move them to the domain's service or queries`);
}
for (const cycle of fileCycles) {
  problems.push(`files that import each other: ${cycle.join(" <-> ")}; move what both need into one lower file`);
}
// One domain shape: a domain's handlers and rules are files (`routes.rs`, `service.rs`) or
// folders of areas (`routes/`, `service/`, each with its `mod.rs`), never modules written inline.
for (const [path, text] of sources) {
  const inline = text.match(/^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(routes|service)\s*\{/m);
  if (inline) problems.push(`${relative(root, path)}: mod ${inline[1]} is written inline; make it ${inline[1]}.rs or ${inline[1]}/mod.rs`);
}

// The docs that name the code: docs/architecture.md's layers name every server module and
// nothing that is not one (its http row names http's files), its arrows between domains name
// modules; docs/data-model.md names every table of the entities.
const architecture = readFileSync(join(root, "docs", "architecture.md"), "utf8");
const layerBlock = architecture.split("## The server")[1]?.split("```")[1] ?? "";
const httpFiles = new Set(files(join(serverSrc, "http"), ".rs").map((path) => relative(join(serverSrc, "http"), path).replace(/\.rs$/, "")));
const LAYER_WORDS = new Set(["root", "domains", "sync", "state", "services", "http", "foundation"]);
for (const module of modules) {
  if (!new RegExp(`(^|[\\s·(])${module}\\b`, "m").test(layerBlock)) problems.push(`docs/architecture.md: the server's layers do not name the module ${module}`);
}
let row = "";
for (const line of layerBlock.replace(/\([^()]*\)/gs, "").split("\n")) {
  const words = line.replace(/[│·,+]/g, " ").split(/\s+/).filter(Boolean);
  if (/^[a-z]/.test(line) && LAYER_WORDS.has(words[0])) row = words.shift();
  for (const word of words) {
    const known = modules.has(word) || ["main.rs", "lib.rs"].includes(word) || (row === "http" && httpFiles.has(word));
    if (!known) problems.push(`docs/architecture.md: the server's layers name ${word} (${row} row), which is no module`);
  }
}
const arrows = architecture.match(/Within the domains, arrows[^]*?\n\n/)?.[0] ?? "";
for (const [, chain] of arrows.matchAll(/`([a-z_ ,]+→[a-z_ →,]+)`/g)) {
  const steps = chain.split("→").map((step) => step.split(",").map((word) => word.trim()).filter(Boolean));
  for (const word of steps.flat()) {
    if (!modules.has(word)) problems.push(`docs/architecture.md: an arrow between domains names ${word}, which is no module`);
  }
  for (let i = 0; i + 1 < steps.length; i += 1) {
    for (const from of steps[i]) for (const to of steps[i + 1]) {
      if (modules.has(from) && modules.has(to) && !edges.get(from).has(to)) problems.push(`docs/architecture.md: the arrow ${from} → ${to} is drawn, but ${from} does not import ${to}`);
    }
  }
}
for (const [, path] of architecture.matchAll(/`((?:server|ui|core-wasm|\.ci|tests)\/[A-Za-z0-9_./-]+)`/g)) {
  try { statSync(join(root, path)); } catch { problems.push(`docs/architecture.md: names ${path}, which does not exist`); }
}
// docs/performance.md is the reference (today's figures, budgets, how to run): it stays short;
// the history of the steps grows in docs/performance-journal.md.
const performanceLines = readFileSync(join(root, "docs", "performance.md"), "utf8").split("\n").length;
if (performanceLines > 400) problems.push(`docs/performance.md: ${performanceLines} lines (at most 400): move the history to docs/performance-journal.md`);
const dataModel = readFileSync(join(root, "docs", "data-model.md"), "utf8");
for (const path of files(join(serverSrc, "entities"), ".rs")) {
  const table = readFileSync(path, "utf8").match(/table_name\s*=\s*"([a-z_0-9]+)"/)?.[1];
  if (table && !new RegExp(`\\b${table}\\b`).test(dataModel)) problems.push(`docs/data-model.md: the table ${table} (${relative(root, path)}) is not there`);
}

// Words the glossary (docs/architecture.md) rules out, in the code's comments and in the docs:
// a reader's word that something is wrong with a post is a *flag*, never a report (the Report
// category is another thing). A line that names the flag is the glossary's own mapping and
// passes; the pages' own texts (texts.ts) and the generated API types are not comments.
const RULED_OUT = /\b(reports? of a problem|readers' reports|reader's report)\b/i;
const commentLine = (line) => /^\s*(\/\/|\/\*|\*)/.test(line);
const ruledOutFiles = [
  ...["server/src", "core-wasm/src"].flatMap((dir) => files(join(root, dir), ".rs")),
  ...[".ts", ".tsx"].flatMap((ending) => files(join(root, "ui", "src"), ending)).filter((path) => !/(texts\.ts|apiSchema\.ts)$/.test(path)),
  ...files(join(root, "docs"), ".md"),
];
for (const path of ruledOutFiles) {
  readFileSync(path, "utf8").split("\n").forEach((line, index) => {
    const checked = path.endsWith(".md") || commentLine(line);
    if (checked && RULED_OUT.test(line) && !/flag/i.test(line)) problems.push(`${relative(root, path)}:${index + 1}: "${line.match(RULED_OUT)[0]}" is ruled out by the glossary: say flag`);
  });
}

function duplicatePairs(dir) {
  try {
    const out = execFileSync("duplicates", ["--repo", join(root, dir), "--most", "1"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const first = out.split("\n")[0];
    return first.startsWith("no duplicates") ? "0" : (first.match(/^(\d+) pairs/)?.[1] ?? "?");
  } catch {
    return "not measured (the duplicates command is not installed)";
  }
}

console.log(`server module cycles: ${cycles.length}${cycles.map((c) => `\n  ${c.join(" <-> ")}`).join("")}`);
console.log(`handler files that query the database themselves: ${handlerFiles.length} of ${new Set([...sources].filter(([, t]) => t.includes("#[utoipa::path")).map(([p]) => p)).size}`);
console.log(`handlers over 40 lines: ${longHandlers.length} of ${handlerCount}${longHandlers.map((h) => `\n  ${h}`).join("")}`);
console.log(`handler and page files that query the database: ${queryingFiles.length}${queryingFiles.map((p) => `\n  ${p}`).join("")}`);
console.log(`file-level import cycles: ${fileCycles.length}${fileCycles.map((c) => `\n  ${c.join(" <-> ")}`).join("")}`);
console.log(`files of code over ${MAX_LINES} lines (entities aside, unit-test tails not counted): ${longFiles.length}${longFiles.map(([p, n]) => `\n  ${p} (${n})`).join("")}`);
console.log(`duplicates pairs: server/src ${duplicatePairs("server/src")}, ui/src ${duplicatePairs("ui/src")}`);
if (problems.length > 0) {
  console.error(`\nthe layering is broken:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("layers: every server module imports only its own layer or lower ones, with no cycle");
