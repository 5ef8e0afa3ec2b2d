#!/usr/bin/env bash
# The first start as a new user meets it: a fresh clone of this repository's HEAD, with an
# empty Cargo home (no registry), an empty npm cache and no build output, runs `npm start`;
# the time until the demo site answers /ready is printed with npm start's own stage times.
# Takes about nine minutes on two cores; not part of `npm test` (docs/first-start.md).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WORK="$(mktemp -d)"
PORT="${PORT:-18080}"
trap 'pkill -f "$WORK/main/target/" 2>/dev/null || true; rm -rf "$WORK"' EXIT
git clone -q "$ROOT" "$WORK/main"
cd "$WORK/main"
export CARGO_HOME="$WORK/cargo-home" npm_config_cache="$WORK/npm-cache" PORT
export PATH="$HOME/.cargo/bin:$PATH"
unset CARGO_TARGET_DIR CI
started=$(date +%s)
npm start >"$WORK/start.log" 2>&1 &
server=$!
until curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null; do
  sleep 1
  kill -0 "$server" 2>/dev/null || { tail -20 "$WORK/start.log"; echo "npm start ended early" >&2; exit 1; }
done
ready=$(($(date +%s) - started))
grep -A12 "stage times" "$WORK/start.log" | grep -E "stage times|^ +[0-9]+s  "
echo "first start: the demo site answered /ready after ${ready} s ($((ready / 60)) min $((ready % 60)) s)"
