#!/usr/bin/env bash
# Property-based API tests: schemathesis generates requests from /api-docs/openapi.json and
# checks that no answer is a server error and every answer matches the documented schema.
source "$(dirname "$0")/lib.sh"
ensure_schemathesis
BIN="${TIDEMARK_BIN:-$TARGET_DIR/debug/tidemark}"
PORT="${TIDEMARK_FUZZ_PORT:-18090}"
DATA="$(mktemp -d)"
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -rf "$DATA"' EXIT
PORT="$PORT" TIDEMARK_DATA_DIR="$DATA" TIDEMARK_UI_DIR="$ROOT/ui/dist" RUST_LOG=error "$BIN" &
SERVER=$!
# The first start writes the demo content (about 15 s in a debug build).
for _ in $(seq 1 900); do curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null && break; sleep 0.1; done
# A signed-in demo reader, so the protected calls are explored past their 401.
TOKEN="$(curl -sf -H "_off_set: 540" -H "content-type: application/json" \
  -d '{"email":"reader@tidemark.test","password":"Demo-pass-2026"}' \
  "http://127.0.0.1:$PORT/membership/v1/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["accessToken"])')"
[ -n "$TOKEN" ] || fail "could not sign in the demo reader for schemathesis"
say "schemathesis against http://127.0.0.1:$PORT/api-docs/openapi.json"
schemathesis run "http://127.0.0.1:$PORT/api-docs/openapi.json" \
  --checks not_a_server_error,response_schema_conformance,content_type_conformance \
  --header "_off_set: 540" \
  --header "_tma_token: $TOKEN" \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-40}" \
  --seed 2026 \
  --no-color
