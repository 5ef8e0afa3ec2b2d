#!/usr/bin/env bash
# Dependency faults: two release nodes on one PostgreSQL, one S3 bucket (moto's server) and
# one SMTP relay (aiosmtpd), while a small load of reads and writes runs
# (tests/load/outage-client.mjs). One fault at a time:
#
#   db-restart  PostgreSQL restarted (fast shutdown) under the nodes
#   db-gone     PostgreSQL stopped for 20 s (DB_GONE), then started again
#   s3-gone     the bucket unreachable for 10 s (its proxy refuses connections)
#   smtp-gone   the relay's process stopped for 10 s, then started again on its port
#
# Each fault prints the requests answered, the slowest answer, the 503s given, how held reads
# fared while the database was away, the slowest call that needed it, and each node's /ready
# (503 after the loss, 200 after the return). At the end every acknowledged write is looked
# for: each post with its title, at least as many analytics events as were acknowledged, each
# upload's file, each mail received exactly once. Exits non-zero when a request goes
# unanswered, a held read is refused, a node never turns ready again, an acknowledged write is
# lost, a mail arrives twice or an upload row points at a missing file; the timing targets
# are printed beside their figures (docs/operations.md, "Dependency faults", lists them).
#
# PostgreSQL is a cluster of its own (initdb, pg_ctl), so stopping it disturbs nothing else.
#
#   bash tests/load/outage.sh
#   DB_GONE=5 bash tests/load/outage.sh      # a shorter outage (default 20 s)
#   TIDEMARK_BIN=path bash tests/load/outage.sh   # this server binary, not a fresh build
source "$(dirname "$0")/../../.ci/lib.sh"

DB_GONE="${DB_GONE:-20}"
HERE="$ROOT/tests/load"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$PG_BIN/initdb" ] || fail "initdb not found under /usr/lib/postgresql/*/bin: install postgresql"
command -v node >/dev/null || fail "node is missing: the outage client needs Node.js 20 or newer"
command -v psql >/dev/null || fail "psql is missing: install postgresql-client"
python3 -c "import aiosmtpd, moto.server" 2>/dev/null || fail "aiosmtpd and moto are missing (pip install aiosmtpd 'moto[server]')"

release_bin

WORK="$(mktemp -d)"
PG_DIR="$(mktemp -d /tmp/tidemark-outage-pg.XXXXXX)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK" "$PG_DIR"
}
trap cleanup EXIT
# Ended by a signal (the test command ending early): exit, so the trap above cleans up.
trap 'exit 143' TERM INT

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
as_pg() {
  if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

# --- PostgreSQL, S3, SMTP ------------------------------------------------------------------
PG_PORT="$(free_port)"
is_root && chown postgres "$PG_DIR"
say "PostgreSQL: a cluster of its own on port $PG_PORT"
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres --no-sync >"$WORK/initdb.log" 2>&1 \
  || fail "initdb: $(tail -5 "$WORK/initdb.log")"
pg() { # pg_ctl command...
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -w -l "$PG_DIR/server.log" \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1" "$@" >/dev/null
}
pg start
URL="postgres://postgres@127.0.0.1:$PG_PORT/tidemark"
psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -qc "CREATE DATABASE tidemark" >/dev/null
query() { psql "$URL" -qAtc "$1"; }

S3_PORT="$(free_port)"
S3_PROXY_PORT="$(free_port)"
start_s3 "$S3_PORT" outage "$WORK/moto.log"
# The bucket is reached through a proxy the script can cut: moto keeps its objects in memory,
# so stopping its process would lose them.
node "$HERE/tcp-proxy.mjs" "$S3_PROXY_PORT" "$S3_PORT" >"$WORK/proxy.log" 2>&1 &
S3_PROXY=$!
PIDS+=("$S3_PROXY")
wait_port "$S3_PROXY_PORT" "the S3 proxy"

SMTP_PORT="$(free_port)"
MAILBOX="$WORK/mailbox"
start_smtp() {
  python3 -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" -c aiosmtpd.handlers.Mailbox "$MAILBOX" \
    >>"$WORK/smtp.log" 2>&1 &
  SMTP=$!
  PIDS+=("$SMTP")
  wait_port "$SMTP_PORT" "aiosmtpd"
}
start_smtp

# --- Two nodes -----------------------------------------------------------------------------
say "a fresh database with 1,000 businesses and 200 posts"
TIDEMARK_DATA_DIR="$WORK/node-1" DATABASE_URL="$URL" TIDEMARK_DEMO_CONTENT=off RUST_LOG=error \
  "$BIN" generate-large --posts 200 --events 0 >/dev/null
query "SELECT id FROM posts WHERE status = 'PUBLISHED' ORDER BY id" >"$WORK/posts"

# One secret for both nodes: a session or guest id one node signs, the other accepts.
SECRET="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
NODES=""
for n in 1 2; do
  port="$(free_port)"
  PORT="$port" TIDEMARK_DATA_DIR="$WORK/node-$n" DATABASE_URL="$URL" TIDEMARK_RATE_LIMITS=off \
    TIDEMARK_DEMO_CONTENT=off TIDEMARK_UI_DIR="$ROOT/ui/dist" RUST_LOG=warn TIDEMARK_TOKEN_SECRET="$SECRET" \
    TIDEMARK_SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" \
    TIDEMARK_S3_BUCKET=outage TIDEMARK_S3_ENDPOINT="http://127.0.0.1:$S3_PROXY_PORT" \
    TIDEMARK_S3_REGION=us-east-1 TIDEMARK_S3_ACCESS_KEY_ID=test TIDEMARK_S3_SECRET_ACCESS_KEY=test \
    "$BIN" >"$WORK/node-$n.log" 2>&1 &
  PIDS+=($!)
  NODES="$NODES${NODES:+,}http://127.0.0.1:$port"
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/ready" >/dev/null && break
    sleep 0.1
  done
  curl -sf "http://127.0.0.1:$port/ready" >/dev/null || fail "node $n did not become ready: $(tail -5 "$WORK/node-$n.log")"
done
say "two nodes ready: $NODES"

# --- The faults ----------------------------------------------------------------------------
: >"$WORK/acks"
run_fault() { # name description take-away bring-back hold-seconds
  local name="$1" marks="$WORK/marks-$1" stop="$WORK/stop-$1" client
  say "$name: $2"
  : >"$marks"
  NODES="$NODES" POSTS="$WORK/posts" ACKS="$WORK/acks" STOP="$stop" MARKS="$marks" FAULT="$name" \
    node "$HERE/outage-client.mjs" >"$WORK/summary-$name.json" 2>"$WORK/client-$name.log" &
  client=$!
  sleep 4 # the warm set is read, the load runs
  echo "lost $(now_ms)" >>"$marks"
  $3
  sleep "$5"
  $4
  echo "back $(now_ms)" >>"$marks"
  sleep 6 # /ready turns back, the held events are written
  touch "$stop"
  wait "$client" || fail "the outage client failed: $(tail -5 "$WORK/client-$name.log")"
}
db_restart() { pg restart -m fast; }
db_stop() { pg stop -m fast; }
db_start() { pg start; }
s3_cut() { kill -USR1 "$S3_PROXY"; }
s3_restore() { kill -USR2 "$S3_PROXY"; }
smtp_stop() { kill "$SMTP" && wait "$SMTP" 2>/dev/null || true; }
nothing() { :; }

run_fault db-restart "PostgreSQL restarted (fast shutdown) under the load" db_restart nothing 0
run_fault db-gone "PostgreSQL gone for $DB_GONE s" db_stop db_start "$DB_GONE"
run_fault s3-gone "the S3 bucket gone for 10 s" s3_cut s3_restore 10
run_fault smtp-gone "the SMTP relay gone for 10 s" smtp_stop start_smtp 10

# --- What was acknowledged is there -------------------------------------------------------
say "waiting for the outbox to empty (mail backs off up to 10 minutes; here, seconds)"
for _ in $(seq 1 120); do
  [ "$(query "SELECT count(*) FROM mail_outbox WHERE status IN ('PENDING', 'SENDING')")" = 0 ] && break
  sleep 1
done
query "SELECT id, title FROM posts" >"$WORK/db-posts"
query "SELECT count(*) FROM analytics_events" >"$WORK/db-events"
query "SELECT status, count(*) FROM mail_outbox GROUP BY status" >"$WORK/db-mail"
query "SELECT storage_key FROM uploads" >"$WORK/db-uploads"
FIRST_NODE="${NODES%%,*}"
while read -r key; do
  printf '%s %s\n' "$key" "$(curl -s -o /dev/null -w '%{http_code}' "$FIRST_NODE/media/$key")"
done <"$WORK/db-uploads" >"$WORK/stored"

python3 - "$WORK" $DB_GONE <<'PY'
import json, mailbox, os, sys
from collections import Counter
work, gone = sys.argv[1], int(sys.argv[2])
failures = []
targets = []
def target(what, figure, most, unit):
    """A timing target: printed beside its figure, not a failure (a busy machine can miss it)."""
    met = figure is not None and figure <= most
    targets.append(f"{'met   ' if met else 'MISSED'} {what}: {figure} {unit} (target ≤ {most} {unit})")
print()
print(f"{'fault':<11} {'requests':>8} {'answered':>8} {'503s':>5} {'slowest':>9}  "
      f"{'held reads (during)':<27} {'needing the database (during)':<32} /ready 503 after · 200 after")
for name in ("db-restart", "db-gone", "s3-gone", "smtp-gone"):
    s = json.load(open(f"{work}/summary-{name}.json"))
    held, need = s["held"], s["needingDuring"]
    held_text = f"{held['duringOk']}/{held['during']} ok, p99 {held['p99']} ms"
    need_text = f"{need['count']} calls, {need['unavailable']} 503, slowest {need['slowest']} ms"
    ready = " | ".join(
        f"{'—' if r['notReadyAfterMs'] is None else str(r['notReadyAfterMs']) + ' ms'} · "
        f"{'NEVER' if r['readyAgainAfterMs'] is None else str(r['readyAgainAfterMs']) + ' ms'}"
        for r in s["readiness"])
    print(f"{name:<11} {s['requests']:>8} {s['answered']:>8} {s['unavailable']:>5} "
          f"{s['slowest']:>6.0f} ms  {held_text:<27} {need_text:<32} {ready}")
    print(f"{'':<11} by kind: " + ", ".join(
        f"{k} {v['ok']}/{v['sent']}" + (f" ({v['unavailable']}×503)" if v['unavailable'] else "")
        + (f" ({v['other']} other)" if v['other'] else "")
        for k, v in sorted(s["byKind"].items())))
    for failure in s["heldFailures"]:
        print(f"{'':<11} held read not answered 200: {failure}")
    if s["answered"] != s["requests"]:
        failures.append(f"{name}: {s['requests'] - s['answered']} requests got no answer")
    if held["during"] == 0 or held["duringOk"] != held["during"]:
        failures.append(f"{name}: held reads answered {held['duringOk']}/{held['during']}")
    if name == "db-gone":
        target("db-gone: held reads p99", held["p99"], 50, "ms")
        target(f"db-gone: slowest call needing the database ({need['slowestKind']})",
               need["slowest"], 1000, "ms")
        for r in s["readiness"]:
            target(f"db-gone: {r['node']} /ready 503 after the loss", r["notReadyAfterMs"], 3000, "ms")
    for r in s["readiness"]:
        if r["readyAgainAfterMs"] is None:
            failures.append(f"{name}: {r['node']} /ready never answered 200 again")
        else:
            target(f"{name}: {r['node']} /ready 200 after the return", r["readyAgainAfterMs"], 5000, "ms")

posts = {}
for line in open(f"{work}/db-posts", encoding="utf-8"):
    seq, _, title = line.rstrip("\n").partition("|")
    posts[seq] = title
events_in_db = int(open(f"{work}/db-events").read())
stored = dict(line.split() for line in open(f"{work}/stored"))
acked = Counter()
lost = []
mails = []
for line in open(f"{work}/acks", encoding="utf-8"):
    kind, _, rest = line.rstrip("\n").partition(" ")
    if kind == "events":
        acked["events"] += int(rest)
        continue
    acked[kind] += 1
    if kind == "post":
        seq, _, title = rest.partition(" ")
        if posts.get(seq) != title:
            lost.append(line.strip())
    elif kind == "upload":
        key = rest.removeprefix("/media/")
        if stored.get(key) != "200":
            lost.append(f"{line.strip()} (stored: {stored.get(key)})")
    elif kind == "mail":
        mails.append(rest)
received = Counter()
for message in mailbox.Maildir(f"{work}/mailbox", create=False):
    received[message["To"]] += 1
missing = [m for m in mails if received[m] == 0]
# Only the load's own mails count: an account the load signs in may also hear of it (the
# new-device mail), and that is no duplicate.
twice = [m for m in set(mails) if received[m] > 1]
lost += [f"mail {m} (not received)" for m in missing]
orphans = [key for key, code in stored.items() if code != "200"]
print()
print(f"acknowledged: {acked['post']} posts, {acked['events']} events, {acked['upload']} uploads, "
      f"{acked['mail']} mails")
print(f"found:        {acked['post'] - sum(l.startswith('post ') for l in lost)} posts, "
      f"{events_in_db} event rows ({'≥' if events_in_db >= acked['events'] else '<'} acknowledged), "
      f"{len(stored) - len(orphans)}/{len(stored)} upload rows with their file, "
      f"{sum(1 for m in mails if received[m] == 1)} mails received once, {len(twice)} twice or more")
print(f"outbox:       {open(f'{work}/db-mail').read().split() }")
print(f"acknowledged writes lost: {len(lost) + max(0, acked['events'] - events_in_db)}")
for line in lost[:10]:
    print(f"  LOST: {line}")
if lost:
    failures.append(f"{len(lost)} acknowledged writes lost")
if events_in_db < acked["events"]:
    failures.append(f"{acked['events'] - events_in_db} acknowledged events missing")
if twice:
    failures.append(f"{len(twice)} mails received more than once")
if orphans:
    failures.append(f"{len(orphans)} upload rows point at a missing file")
for name in ("post", "mail", "upload"):
    if acked[name] == 0:
        failures.append(f"no {name} was acknowledged: the load did not run")
print()
print("timing targets (figures from a small load on this machine, not speed claims):")
for line in targets:
    print(f"  {line}")
print()
for failure in failures:
    print(f"FAILED: {failure}")
sys.exit(1 if failures else 0)
PY
say "dependency faults: no write lost, no mail twice, every held read answered"
