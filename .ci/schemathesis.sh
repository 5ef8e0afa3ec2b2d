#!/usr/bin/env bash
# Property-based API tests: schemathesis generates requests from /api-docs/openapi.json and
# checks that no answer is a server error and every answer matches the documented schema.
# It runs signed in as each kind of account, each on the operations that account may call,
# so every operation's accepted path is explored, not only its refusal: a reader (the reader's
# calls), a business master (the business's, its posts', analytics' and media calls) and an
# operator (the operators' console).
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

sign_in() { # email
  local token
  token="$(curl -sf -H "_off_set: 540" -H "content-type: application/json" \
    -d "{\"email\":\"$1\",\"password\":\"Demo-pass-2026\"}" \
    "http://127.0.0.1:$PORT/membership/v1/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["accessToken"])')"
  [ -n "$token" ] || fail "could not sign in the demo account $1 for schemathesis"
  echo "$token"
}

pass() { # who email filter...
  local who="$1" email="$2"
  shift 2
  say "schemathesis as $who ($email) against http://127.0.0.1:$PORT/api-docs/openapi.json"
  schemathesis run "http://127.0.0.1:$PORT/api-docs/openapi.json" \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance \
    --header "_off_set: 540" \
    --header "_tma_token: $(sign_in "$email")" \
    --max-examples "${SCHEMATHESIS_EXAMPLES:-40}" \
    --seed 2026 \
    --no-color \
    "$@"
}

BUSINESS_TAGS='^(businesses|posts|analytics|media|media publication)$'
OPERATOR_TAGS='^(operators|operations)$'
# Signing out ends the session every later request would carry: it runs last, alone.
LOGOUT=/membership/v1/logout
# The local sign-in provider's userinfo takes the provider's own token, which only a sign-in
# through the provider gives (server/tests/api/social walks it).
USERINFO=/oauth/local/userinfo
pass "a reader" reader@tidemark.test --exclude-tag-regex "$BUSINESS_TAGS|$OPERATOR_TAGS" --exclude-path "$LOGOUT" --exclude-path "$USERINFO"
pass "a business master" master@tidemark.test --include-tag-regex "$BUSINESS_TAGS"
pass "an operator" admin@tidemark.test --include-tag-regex "$OPERATOR_TAGS"
pass "a reader signing out" reader@tidemark.test --include-path "$LOGOUT"
