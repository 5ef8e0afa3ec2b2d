#!/usr/bin/env bash
# Fault test: the server is killed with SIGKILL at random moments (KILLS times, every 1 to
# 2.5 s) and restarted, while a client (tests/load/fault-client.mjs) writes in parallel:
# posts as the demo master, follows and bookmarks as the demo reader, batches of analytics
# events. The client logs every acknowledged write (2xx answer received). Afterwards the
# database must be intact (SQLite: PRAGMA integrity_check and foreign_key_check; PostgreSQL:
# every table readable, amcheck on the B-tree indexes when available), the counters must match
# their rows, and every acknowledged write must be there: each post with its title, each
# follow and bookmark, at least as many new analytics events as were acknowledged. Exits
# non-zero on any loss or integrity failure.
#
#   bash tests/load/fault.sh            # SQLite, then PostgreSQL (when reachable)
#   bash tests/load/fault.sh sqlite     # or: postgres, both (also DATABASES=...)
#   KILLS=5 bash tests/load/fault.sh    # fewer kills (default 20)
#
# Each database starts fresh with TIDEMARK_DEMO_CONTENT=off, plus a small generated set
# (1,000 businesses to follow, 200 posts to bookmark; `tidemark generate-large`).
source "$(dirname "$0")/../../.ci/lib.sh"

DATABASES="${1:-${DATABASES:-both}}"
case "$DATABASES" in sqlite | postgres | both) ;; *) fail "databases: sqlite, postgres or both, not $DATABASES" ;; esac
KILLS="${KILLS:-20}"
HERE="$ROOT/tests/load"
PG_ADMIN="${TIDEMARK_TEST_PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}"
command -v node >/dev/null || fail "node is missing: the fault client needs Node.js 20 or newer"
if [ "$DATABASES" != sqlite ] && ! command -v psql >/dev/null && is_root; then
  apt_install postgresql-client
fi

release_bin

WORK="$(mktemp -d)"
SERVER=""
CLIENT=""
PG_NAME=""
cleanup() {
  if [ -n "$CLIENT" ]; then kill "$CLIENT" 2>/dev/null || true; fi
  if [ -n "$SERVER" ]; then kill -9 "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [ -n "$PG_NAME" ]; then psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $PG_NAME WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
# Ended by a signal (the test command ending early): exit, so the trap above cleans up.
trap 'exit 143' TERM INT

# SQL against the database under test, one value a line.
query() { # sql
  if [ "$KIND" = sqlite ]; then
    python3 - "$DATA/tidemark.db" "$1" <<'PY'
import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
PY
  else
    psql "$URL" -qAtc "$1"
  fi
}

start_server() {
  PORT="$PORT" TIDEMARK_DATA_DIR="$DATA" DATABASE_URL="$URL" TIDEMARK_RATE_LIMITS=off \
    TIDEMARK_DEMO_CONTENT=off TIDEMARK_UI_DIR="$ROOT/ui/dist" RUST_LOG=error \
    "$BIN" >>"$WORK/server-$KIND.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$PORT/ready" >/dev/null && return
    kill -0 "$SERVER" 2>/dev/null || fail "the server stopped: $(tail -5 "$WORK/server-$KIND.log")"
    sleep 0.05
  done
  fail "the server did not start within 15 s"
}

fault_test() { # kind label
  KIND="$1"
  local label="$2" log="$WORK/acks-$1.log" stop="$WORK/stop-$1" kills=0 started
  DATA="$WORK/data-$1"
  PORT="$(free_port)"
  started=$SECONDS
  say "$label: a fresh database with 1,000 businesses and 200 posts"
  TIDEMARK_DATA_DIR="$DATA" DATABASE_URL="$URL" TIDEMARK_DEMO_CONTENT=off RUST_LOG=error \
    "$BIN" generate-large --posts 200 --events 0 >/dev/null
  query "SELECT id FROM businesses WHERE registration_number LIKE '6%'" >"$WORK/businesses"
  query "SELECT id FROM posts" >"$WORK/posts"
  start_server
  local reader events_before
  reader="$(query "SELECT id FROM members WHERE email = 'reader@tidemark.test'")"
  events_before="$(query "SELECT count(*) FROM analytics_events")"

  say "$label: writing while the server is killed $KILLS times"
  : >"$log"
  BASE="http://127.0.0.1:$PORT" LOG="$log" STOP="$stop" BUSINESSES="$WORK/businesses" \
    POSTS="$WORK/posts" node "$HERE/fault-client.mjs" >"$WORK/client-$1.json" &
  CLIENT=$!
  while [ "$kills" -lt "$KILLS" ]; do
    sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 1 + 1.5 * r / 32767 }')"
    kill -9 "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    kills=$((kills + 1))
    start_server
  done
  sleep 1 # the client writes to a live server once more
  touch "$stop"
  wait "$CLIENT" || fail "the fault client failed"
  CLIENT=""
  kill -9 "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=""

  say "$label: checking the database"
  local problems=0 integrity
  if [ "$KIND" = sqlite ]; then
    integrity="$(query "PRAGMA integrity_check" | tr '\n' ' ')"
    [ "$integrity" = "ok " ] || { echo "  integrity_check: $integrity"; problems=$((problems + 1)); }
    local dangling
    dangling="$(query "PRAGMA foreign_key_check" | wc -l)"
    [ "$dangling" = 0 ] || { echo "  foreign_key_check: $dangling rows"; problems=$((problems + 1)); }
    integrity="integrity_check ${integrity% }, foreign_key_check $dangling rows"
  else
    local tables unreadable=0 amcheck
    tables="$(query "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")"
    for table in $tables; do
      query "SELECT count(*) FROM \"$table\"" >/dev/null 2>&1 || { echo "  unreadable: $table"; unreadable=$((unreadable + 1)); }
    done
    problems=$((problems + unreadable))
    if psql "$URL" -qc "CREATE EXTENSION IF NOT EXISTS amcheck" >/dev/null 2>&1; then
      if psql "$URL" -qAt -v ON_ERROR_STOP=1 -c "SELECT count(bt_index_check(c.oid, true)) FROM pg_index i \
          JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam \
          WHERE a.amname = 'btree' AND c.relnamespace = 'public'::regnamespace" >"$WORK/amcheck" 2>&1; then
        amcheck="amcheck: $(cat "$WORK/amcheck") B-tree indexes checked, heap included"
      else
        amcheck="amcheck FAILED: $(cat "$WORK/amcheck")"
        problems=$((problems + 1))
      fi
    else
      amcheck="amcheck not available"
    fi
    integrity="$(wc -w <<<"$tables") tables readable ($unreadable not), $amcheck"
  fi
  local counters
  counters="$(query "SELECT (SELECT count(*) FROM businesses b WHERE follower_count <> \
    (SELECT count(*) FROM follows f WHERE f.business_id = b.id)) + (SELECT count(*) FROM posts p \
    WHERE bookmark_count <> (SELECT count(*) FROM bookmarks k WHERE k.post_id = p.id))")"
  [ "$counters" = 0 ] || { echo "  counters differing from their rows: $counters"; problems=$((problems + 1)); }

  query "SELECT id, title FROM posts" >"$WORK/db-posts"
  query "SELECT business_id FROM follows WHERE member_id = $reader" >"$WORK/db-follows"
  query "SELECT post_id FROM bookmarks WHERE member_id = $reader" >"$WORK/db-bookmarks"
  local events_after
  events_after="$(query "SELECT count(*) FROM analytics_events")"
  local verdict
  verdict="$(python3 - "$log" "$WORK" "$((events_after - events_before))" <<'PY'
import sys
log, work, new_events = sys.argv[1], sys.argv[2], int(sys.argv[3])
posts = {}
for line in open(f"{work}/db-posts", encoding="utf-8"):
    seq, _, title = line.rstrip("\n").partition("|")
    posts[seq] = title
follows = set(open(f"{work}/db-follows").read().split())
bookmarks = set(open(f"{work}/db-bookmarks").read().split())
acked = {"post": 0, "follow": 0, "bookmark": 0, "events": 0}
found = {"post": 0, "follow": 0, "bookmark": 0}
lost = []
for line in open(log, encoding="utf-8"):
    kind, _, rest = line.rstrip("\n").partition(" ")
    if kind == "events":
        acked["events"] += int(rest)
        continue
    acked[kind] += 1
    if kind == "post":
        seq, _, title = rest.partition(" ")
        ok = posts.get(seq) == title
    else:
        ok = rest in (follows if kind == "follow" else bookmarks)
    if ok:
        found[kind] += 1
    else:
        lost.append(line.strip())
print(f"  acknowledged: {acked['post']} posts, {acked['follow']} follows, "
      f"{acked['bookmark']} bookmarks, {acked['events']} events")
distinct = {kind: len({l.split()[1] for l in open(log) if l.startswith(kind + " ")})
            for kind in ("follow", "bookmark")}
print(f"  found:        {found['post']} posts, {found['follow']} follows "
      f"({distinct['follow']} distinct), {found['bookmark']} bookmarks "
      f"({distinct['bookmark']} distinct), {new_events} new event rows "
      f"({'>=' if new_events >= acked['events'] else '<'} acknowledged)")
for line in lost[:10]:
    print(f"  LOST: {line}")
bad = len(lost) + (new_events < acked["events"]) + (acked["post"] == 0)
print(f"VERDICT {bad}")
PY
)"
  printf '%s (%d kills in %d s)\n' "$label" "$kills" "$((SECONDS - started))"
  grep -v '^VERDICT' <<<"$verdict"
  echo "  integrity:    $integrity; counters match their rows: $([ "$counters" = 0 ] && echo yes || echo NO)"
  echo "  client:       $(cat "$WORK/client-$1.json")"
  problems=$((problems + $(awk '/^VERDICT/ { print $2 }' <<<"$verdict")))
  if [ "$problems" -gt 0 ]; then
    FAILURES="$FAILURES $label"
  fi
}

FAILURES=""
if [ "$DATABASES" != postgres ]; then
  URL=""
  fault_test sqlite "SQLite (embedded file)"
fi
if [ "$DATABASES" != sqlite ]; then
  if command -v psql >/dev/null && psql "$PG_ADMIN" -qAtc "SELECT 1" >/dev/null 2>&1; then
    PG_NAME="tidemark_fault_$$"
    psql "$PG_ADMIN" -qc "CREATE DATABASE $PG_NAME" >/dev/null
    URL="${PG_ADMIN%/*}/$PG_NAME"
    fault_test postgres "PostgreSQL"
  elif [ "$DATABASES" = postgres ]; then
    fail "PostgreSQL not reachable at $PG_ADMIN"
  else
    say "PostgreSQL not reachable at $PG_ADMIN: skipped"
  fi
fi
[ -z "$FAILURES" ] || fail "acknowledged writes lost or database damaged:$FAILURES"
say "fault test passed: every acknowledged write survived"
