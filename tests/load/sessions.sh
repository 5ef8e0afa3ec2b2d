#!/usr/bin/env bash
# Load benchmark of the session calls: req/s and p50/p99 latency of token check and token
# profile at 1, 16 and 64 connections, and sign-in throughput (argon2id-bound), on SQLite and
# on PostgreSQL (when reachable). wrk (Debian) on loopback only; every run is bounded.
#
#   bash tests/load/sessions.sh            # 10 s per run
#   DURATION=3 bash tests/load/sessions.sh # shorter, as CI runs it
source "$(dirname "$0")/../../.ci/lib.sh"
command -v wrk >/dev/null || apt_install wrk
DURATION="${DURATION:-10}"
PORT="${TIDEMARK_BENCH_PORT:-18100}"
HERE="$ROOT/tests/load"
release_bin

run_wrk() { # connections script url -> "req/s p50 p99"
  local out
  out="$(wrk -t "$(( $1 < 2 ? 1 : 2 ))" -c "$1" -d "${DURATION}s" --latency -s "$2" "$3")"
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} END {printf "%10s %10s %10s", rps, p50, p99}' <<<"$out"
}

bench_database() { # name database_url
  local data server token
  data="$(mktemp -d)"
  PORT="$PORT" TIDEMARK_DATA_DIR="$data" DATABASE_URL="$2" TIDEMARK_RATE_LIMITS=off \
    TIDEMARK_UI_DIR="$ROOT/ui/dist" RUST_LOG=error "$BIN" &
  server=$!
  for _ in $(seq 1 200); do curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null && break; sleep 0.1; done
  local login='{"email":"reader@tidemark.test","password":"Demo-pass-2026"}'
  token="$(curl -sf -H "_off_set: 540" -H "content-type: application/json" -d "$login" \
    "http://127.0.0.1:$PORT/membership/v1/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["accessToken"])')"
  printf '\n%s (%s s per run)\n%-26s %10s %10s %10s\n' "$1" "$DURATION" "call @ connections" "req/s" "p50" "p99"
  for connections in 1 16 64; do
    printf '%-26s %s\n' "token check @ $connections" \
      "$(TOKEN="$token" run_wrk "$connections" "$HERE/post.lua" "http://127.0.0.1:$PORT/oauth/v1/token/check")"
    printf '%-26s %s\n' "token profile @ $connections" \
      "$(TOKEN="$token" run_wrk "$connections" "$HERE/get.lua" "http://127.0.0.1:$PORT/oauth/v1/token/profile")"
  done
  printf '%-26s %s\n' "login @ 16" \
    "$(BODY="$login" run_wrk 16 "$HERE/post.lua" "http://127.0.0.1:$PORT/membership/v1/login")"
  kill "$server"; wait "$server" 2>/dev/null || true
  rm -rf "$data"
}

bench_database "SQLite (embedded file)" ""
PG_ADMIN="${TIDEMARK_TEST_PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}"
NAME="tidemark_bench_$$"
if psql "$PG_ADMIN" -qc "CREATE DATABASE $NAME" 2>/dev/null; then
  bench_database "PostgreSQL" "${PG_ADMIN%/*}/$NAME"
  psql "$PG_ADMIN" -qc "DROP DATABASE $NAME WITH (FORCE)" >/dev/null
else
  say "PostgreSQL not reachable at $PG_ADMIN: skipped"
fi
