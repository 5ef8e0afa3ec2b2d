#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the core and the UI, runs the site at
# http://localhost:8080 (PORT overrides).
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_wasm_tools
ensure_npm
bash .ci/build-core.sh
say "building the UI (vite)"
npx vite build --config ui/vite.config.ts --logLevel warn
say "building the server (release; the first build takes a few minutes)"
cargo build --release -p tidemark-server --bin tidemark
say "starting Tidemark at http://localhost:${PORT:-8080} (Ctrl-C stops it)"
export TIDEMARK_UI_DIR="$ROOT/ui/dist"
exec "$TARGET_DIR/release/tidemark"
