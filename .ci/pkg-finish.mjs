// Finishes pkg/, the npm package `tidemark-core`, after wasm-pack has built its two modules:
// - the manifest, readme (with its size table filled in) and changelog from core-wasm/npm/, the licence from the repository's
//   root; the manifest's version must equal the crate's;
// - a Node.js entry beside each bundler entry (`*.node.js`): the same glue and module, the
//   module read from disk and instantiated synchronously, so `import` works in Node.js and in
//   Vitest's node environment with no flag (Node.js cannot import a .wasm file by itself).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const pkg = join(root, "pkg");

const manifest = JSON.parse(readFileSync(join(root, "core-wasm/npm/package.json"), "utf8"));
const crateVersion = /^version = "(.+)"$/m.exec(readFileSync(join(root, "core-wasm/Cargo.toml"), "utf8"))?.[1];
if (manifest.version !== crateVersion) {
  console.error(`core-wasm/npm/package.json says version ${manifest.version}, core-wasm/Cargo.toml ${crateVersion}: make them equal`);
  process.exit(1);
}
writeFileSync(join(pkg, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
// The readme's size table: brotli, as browsers are sent the files.
const brotli = (path) => {
  const bytes = readFileSync(join(pkg, path));
  const packed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return `${(bytes.length / 1000).toFixed(1)} KB, brotli ${(packed / 1000).toFixed(1)} KB`;
};
const readme = readFileSync(join(root, "core-wasm/npm/README.md"), "utf8")
  .replace("SIZE_MAIN_WASM", brotli("tidemark_core_bg.wasm"))
  .replace("SIZE_MAIN_GLUE", brotli("tidemark_core_bg.js"))
  .replace("SIZE_KOREAN_WASM", brotli("korean/tidemark_korean_bg.wasm"))
  .replace("SIZE_KOREAN_GLUE", brotli("korean/tidemark_korean_bg.js"));
writeFileSync(join(pkg, "README.md"), readme);
copyFileSync(join(root, "core-wasm/npm/CHANGELOG.md"), join(pkg, "CHANGELOG.md"));
copyFileSync(join(root, "LICENSE"), join(pkg, "LICENSE"));

for (const entry of ["tidemark_core", "korean/tidemark_korean"]) {
  const name = entry.split("/").pop();
  const bundler = readFileSync(join(pkg, `${entry}.js`), "utf8");
  const wasmImport = `import * as wasm from "./${name}_bg.wasm";\n`;
  if (!bundler.includes(wasmImport)) {
    console.error(`pkg/${entry}.js does not import its module as wasm-bindgen's bundler glue did: look at it before writing the Node.js entry`);
    process.exit(1);
  }
  const node = bundler.replace(
    wasmImport,
    [
      `// The Node.js entry: the module is read from disk and instantiated at once.`,
      `import { readFileSync } from "node:fs";`,
      `import * as glue from "./${name}_bg.js";`,
      `const bytes = readFileSync(new URL("./${name}_bg.wasm", import.meta.url));`,
      `const wasm = new WebAssembly.Instance(new WebAssembly.Module(bytes), { "./${name}_bg.js": glue }).exports;`,
      "",
    ].join("\n"),
  );
  writeFileSync(join(pkg, `${entry}.node.js`), node);
}
