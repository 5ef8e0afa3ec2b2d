#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the UI and the server, runs the site at
# http://localhost:8080 (PORT overrides). The browser core comes built in pkg/ (committed with
# the stamp of its sources); only when core-wasm/ changed is it built again, with the
# Rust-to-Wasm tools. The server is built with the `start` profile, fast to compile;
# TIDEMARK_BUILD_PROFILE=release builds what benchmarks and production run
# (docs/first-start.md has the measured times).
export TIDEMARK_STAGES="${TIDEMARK_STAGES:-$(mktemp)}"
source "$(dirname "$0")/lib.sh"
PROFILE="${TIDEMARK_BUILD_PROFILE:-start}"
say "installing what is missing"
ensure_rust
ensure_npm
if node .ci/core-stamp.mjs --check >/dev/null; then
  say "the browser core: pkg/ is built from these sources (no Rust-to-Wasm tools needed)"
else
  say "the browser core: core-wasm/ changed since pkg/ was built; building it again"
  ensure_wasm_tools
  bash .ci/build-core.sh
fi
say "building the UI (vite)"
npx vite build --config ui/vite.config.ts --logLevel warn
say "building the server (cargo, profile $PROFILE; the first build takes a few minutes)"
cargo build --profile "$PROFILE" -p tidemark-server --bin tidemark
OUT="$PROFILE"
[ "$PROFILE" = "dev" ] && OUT="debug"
say "starting Tidemark at http://localhost:${PORT:-8080} (Ctrl-C stops it)"
stage_times
export TIDEMARK_UI_DIR="$ROOT/ui/dist"
exec "$TARGET_DIR/$OUT/tidemark"
