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

# The access token of a demo account. The demo operator has two-step sign-in on: its second
# step is the code an authenticator app with the published demo key shows (RFC 6238).
sign_in() { # email
  EMAIL="$1" BASE="http://127.0.0.1:$PORT" python3 - <<'PY'
import base64, hashlib, hmac, json, os, struct, time, urllib.error, urllib.request

def post(path, body):
    request = urllib.request.Request(os.environ["BASE"] + path, json.dumps(body).encode(),
                                     {"content-type": "application/json", "_off_set": "540"})
    try:
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as refused:
        return json.load(refused)

def code(key):
    mac = hmac.new(base64.b32decode(key), struct.pack(">Q", int(time.time()) // 30), hashlib.sha1).digest()
    offset = mac[-1] & 15
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1000000)

answer = post("/membership/v1/login", {"email": os.environ["EMAIL"], "password": "Demo-pass-2026"})
if answer.get("code") == "2010":
    answer = post("/membership/v1/login/second-step",
                  {"ticket": answer["data"]["ticket"], "code": code("TIDEMARKDEMOTOTPSECRETFORADMIN22")})
print(answer["data"]["accessToken"])
PY
}

pass() { # who email filter...
  local who="$1" email="$2"
  shift 2
  say "schemathesis as $who ($email) against http://127.0.0.1:$PORT/api-docs/openapi.json"
  local token
  token="$(sign_in "$email")" && [ -n "$token" ] || fail "could not sign in the demo account $email for schemathesis"
  schemathesis run "http://127.0.0.1:$PORT/api-docs/openapi.json" \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance \
    --header "_off_set: 540" \
    --header "_tma_token: $token" \
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
