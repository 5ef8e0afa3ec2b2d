#!/usr/bin/env bash
# Builds core-wasm into pkg/: wasm-pack (release profile for size), binaryen's wasm-opt -Oz
# from npm, then the size report with its budget, and the stamp of the sources in pkg/SOURCE.
# pkg/ is committed: the same sources give the same bytes on any machine (paths into Cargo's
# registry are written without the home folder), and `npm test` checks it in CI.
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_tools
ensure_npm

say "building the core for the browser (wasm-pack)"
CARGO_HOME_DIR="${CARGO_HOME:-$HOME/.cargo}"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$CARGO_HOME_DIR=/cargo"
wasm-pack --log-level warn build core-wasm --target bundler --out-dir ../pkg --out-name tidemark_core \
  --profile wasm-release --mode no-install --no-opt
rm -f pkg/.gitignore pkg/package.json.bak

say "optimising with wasm-opt -Oz"
wasm-opt -Oz --converge --strip-debug --strip-producers \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  --enable-reference-types --enable-multivalue \
  pkg/tidemark_core_bg.wasm -o pkg/tidemark_core_bg.opt.wasm
mv pkg/tidemark_core_bg.opt.wasm pkg/tidemark_core_bg.wasm

node .ci/wasm-size.mjs pkg/tidemark_core_bg.wasm
node .ci/core-stamp.mjs --write
