// The stamp of the browser core's build: a SHA-256 over everything pkg/ is made from — the
// core's sources, the part of Cargo.lock the core depends on (so a server dependency changing
// does not make pkg/ stale), the workspace's Cargo.toml (profiles), the toolchain, the build
// script, the wasm-bindgen and wasm-pack versions and binaryen's (wasm-opt). pkg/ is committed
// with its stamp in pkg/SOURCE (docs/first-start.md).
//
//   node .ci/core-stamp.mjs           prints the stamp of the tree
//   node .ci/core-stamp.mjs --write   writes it into pkg/SOURCE (after a build)
//   node .ci/core-stamp.mjs --check   exits 0 when pkg/ is complete and built from this tree
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const read = (path) => readFileSync(join(root, path));

function files(dir) {
  return readdirSync(join(root, dir))
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(join(root, path)).isDirectory() ? files(path) : [path];
    });
}

/** The Cargo.lock packages the core depends on, directly or not (its dev-dependencies too). */
function lockClosure() {
  const blocks = read("Cargo.lock").toString().split(/\n(?=\[\[package\]\])/);
  const packages = new Map();
  for (const block of blocks) {
    const name = /^name = "(.+)"$/m.exec(block)?.[1];
    const version = /^version = "(.+)"$/m.exec(block)?.[1];
    if (!name) continue;
    const deps = [...(/^dependencies = \[([^\]]*)\]/m.exec(block)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    packages.set(`${name} ${version}`, { name, block, deps });
  }
  const byName = (spec) => {
    // A dependency is "name" or "name version" when several versions are locked.
    const [name, version] = spec.split(" ");
    return [...packages.keys()].filter((key) => key.startsWith(`${name} `) && (!version || key === `${name} ${version}`));
  };
  const seen = new Set();
  const stack = byName("tidemark-core");
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    for (const dep of packages.get(key).deps) stack.push(...byName(dep));
  }
  return [...seen].sort().map((key) => packages.get(key).block).join("\n");
}

export function stamp() {
  const hash = createHash("sha256");
  const add = (label, bytes) => hash.update(`${label}\0${bytes.length}\0`).update(bytes);
  for (const path of files("core-wasm")) add(path, read(path));
  for (const path of ["Cargo.toml", "rust-toolchain.toml", ".ci/build-core.sh", ".ci/core-stamp.mjs", ".ci/pkg-finish.mjs", "LICENSE"]) add(path, read(path));
  add("Cargo.lock (the core's part)", Buffer.from(lockClosure()));
  const binaryen = JSON.parse(read("package-lock.json")).packages["node_modules/binaryen"]?.version ?? "none";
  add("binaryen", Buffer.from(binaryen));
  const wasmPack = /WASM_PACK_VERSION="([^"]+)"/.exec(read(".ci/lib.sh").toString())?.[1] ?? "none";
  add("wasm-pack", Buffer.from(wasmPack));
  return hash.digest("hex");
}

/** The files a build writes into pkg/ (besides SOURCE). */
export const OUTPUTS = [
  "package.json",
  "README.md",
  "LICENSE",
  "CHANGELOG.md",
  ...["tidemark_core", "korean/tidemark_korean"].flatMap((entry) =>
    [".js", ".node.js", "_bg.js", "_bg.wasm", ".d.ts", "_bg.wasm.d.ts"].map((ending) => `${entry}${ending}`),
  ),
];

const mode = process.argv[2];
const source = join(root, "pkg", "SOURCE");
if (mode === "--write") {
  writeFileSync(source, `${stamp()}\n`);
} else if (mode === "--check") {
  const missing = OUTPUTS.filter((name) => !existsSync(join(root, "pkg", name)));
  const recorded = existsSync(source) ? readFileSync(source, "utf8").trim() : "";
  const current = stamp();
  if (missing.length) {
    console.log(`pkg/ lacks ${missing.join(", ")}`);
    process.exit(1);
  }
  if (recorded !== current) {
    console.log(`pkg/ was built from other sources than ${relative(process.cwd(), root) || "this tree"} holds`);
    process.exit(1);
  }
} else {
  console.log(stamp());
}
