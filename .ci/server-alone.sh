#!/usr/bin/env bash
# The server as a backend developer runs it alone: the binary started from an empty folder,
# with no UI build and no Node.js on the PATH (a `node` or `npm` it called would fail loudly).
# It must serve the API, its reference and /health, and answer / with 200 and a page that says
# the API runs alone. The workspace has no build script, so building needs no Node.js either
# (checked below). BIN: the server binary (TIDEMARK_BIN, else this tree's debug build).
source "$(dirname "$0")/lib.sh"
BIN="${TIDEMARK_BIN:-$TARGET_DIR/debug/tidemark}"
[ -x "$BIN" ] || fail "no server binary at $BIN: cargo build -p tidemark-server --bin tidemark"
scripts="$(git ls-files | grep -E '(^|/)build\.rs$' || true)"
[ -z "$scripts" ] || fail "a build script would run when the server builds; check it needs no Node.js: $scripts"

WORK="$(mktemp -d)"
NO_NODE="$WORK/no-node"
mkdir -p "$NO_NODE" "$WORK/run"
for tool in node npm npx; do
  printf '#!/bin/sh\necho "%s was called: the server alone must not need Node.js" >&2\nexit 97\n' "$tool" >"$NO_NODE/$tool"
  chmod +x "$NO_NODE/$tool"
done
PORT="$(free_port)"
(cd "$WORK/run" && exec env -i HOME="$WORK" PATH="$NO_NODE:/usr/bin:/bin" PORT="$PORT" \
  TIDEMARK_DATA_DIR="$WORK/run/data" TIDEMARK_DEMO_CONTENT=off "$BIN") >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -rf "$WORK"' EXIT
wait_port "$PORT" "the server alone"

check() { # path status [text the answer must hold]
  local body status
  body="$(curl -s -o "$WORK/answer" -w '%{http_code}' "http://127.0.0.1:$PORT$1")"
  status="$body"
  [ "$status" = "$2" ] || { cat "$WORK/server.log"; fail "the server alone answered $1 with $status, not $2"; }
  if [ -n "${3:-}" ]; then grep -q "$3" "$WORK/answer" || fail "the server alone's answer to $1 lacks '$3'"; fi
  echo "  $1 → $status${3:+ (holds '$3')}"
}
check / 200 "/api-docs/"
check /api-docs/ 200
check /api-docs/openapi.json 200 '"openapi"'
check /health 200
check "/api/v1/search?q=%EB%A7%88%EC%BC%80%ED%8C%85" 200
check /post/1 404
grep -q "was called" "$WORK/server.log" && fail "the server alone called Node.js: $(grep 'was called' "$WORK/server.log")"
echo "the server alone, from an empty folder with no UI build and no Node.js: API, reference and / answer"
