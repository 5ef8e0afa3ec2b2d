#!/usr/bin/env bash
# Builds core-wasm into pkg/, the npm package `tidemark-core`: wasm-pack (release profile for
# size) once per entry, binaryen's wasm-opt -Oz from npm, the package's own files from
# core-wasm/npm/ and its Node.js entries (.ci/pkg-finish.mjs), then the size report with its
# budget, and the stamp of the sources in pkg/SOURCE.
# pkg/ is committed: the same sources give the same bytes on any machine (paths into Cargo's
# registry are written without the home folder), and `npm test` checks it in CI.
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_tools
ensure_npm

say "building the core for the browser (wasm-pack): the main entry, then the Korean entry"
CARGO_HOME_DIR="${CARGO_HOME:-$HOME/.cargo}"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$CARGO_HOME_DIR=/cargo"
rm -rf pkg
wasm-pack --log-level warn build core-wasm --target bundler --out-dir ../pkg --out-name tidemark_core \
  --profile wasm-release --mode no-install --no-opt
wasm-pack --log-level warn build core-wasm --target bundler --out-dir ../pkg/korean --out-name tidemark_korean \
  --profile wasm-release --mode no-install --no-opt -- --no-default-features --features korean
# wasm-pack writes its own manifest and readme: the package's are in core-wasm/npm/.
rm -f pkg/.gitignore pkg/korean/.gitignore pkg/korean/package.json pkg/korean/README.md

say "optimising with wasm-opt -Oz"
for wasm in pkg/tidemark_core_bg.wasm pkg/korean/tidemark_korean_bg.wasm; do
  wasm-opt -Oz --converge --strip-debug --strip-producers \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    --enable-reference-types --enable-multivalue \
    "$wasm" -o "${wasm%.wasm}.opt.wasm"
  mv "${wasm%.wasm}.opt.wasm" "$wasm"
done

say "the package around the modules: manifest, readme, licence, changelog, Node.js entries"
node .ci/pkg-finish.mjs

node .ci/wasm-size.mjs pkg/tidemark_core_bg.wasm
node .ci/wasm-size.mjs pkg/korean/tidemark_korean_bg.wasm korean
node .ci/core-stamp.mjs --write
