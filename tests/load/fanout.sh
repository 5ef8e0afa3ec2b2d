#!/usr/bin/env bash
# The fan-out benchmark: a business with FOLLOWERS followers (every MAIL_EVERY-th chose a mail
# for each post, every PUSH_EVERY-th turned pushes on in a browser) publishes one post; the
# script measures how long until every follower has the notice under the bell, every chosen
# mail has reached the SMTP relay and every push the push service, at what rate, and with how
# much memory, then checks that nobody heard twice. Three cases:
#
#   sqlite        one node on the embedded SQLite file
#   sqlite-kill   the same, the node killed (kill -9) a third of the way through and started
#                 again
#   postgres-two  two nodes on one PostgreSQL database (the machine's, a database of its
#                 own) and one S3 bucket (moto's server), sharing one token secret and one
#                 VAPID key, one of them killed a third of the way through and left dead
#
# A notice is one row a (member, post): the check counts rows against distinct members. A mail
# is one line a delivery in the relay's file (tests/load/smtp_sink.py): each chosen follower
# must have received the post's mail, and a follower who got it twice is a failure unless both
# copies carry the same Message-ID (a mail handed to the relay just before the kill, whose SENT
# mark the dead process never wrote, goes again when its lease of two minutes ends, as the
# same message: mailbox providers show one). Pushes likewise: one a browser, or the same post's
# again (its `Topic` makes the push service replace the first, its tag the notification on
# screen). Such resends are counted and printed.
#
#   bash tests/load/fanout.sh
#   FOLLOWERS=20000 MAIL_EVERY=5 bash tests/load/fanout.sh
#   CASES=sqlite,postgres-two bash tests/load/fanout.sh
#   TIDEMARK_BIN=path bash tests/load/fanout.sh   # this server binary, not a fresh build
source "$(dirname "$0")/../../.ci/lib.sh"

FOLLOWERS="${FOLLOWERS:-100000}"
MAIL_EVERY="${MAIL_EVERY:-10}"
PUSH_EVERY="${PUSH_EVERY:-5}"
CASES="${CASES:-sqlite,sqlite-kill,postgres-two}"
HERE="$ROOT/tests/load"
PG_ADMIN="${TIDEMARK_TEST_PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}"
command -v node >/dev/null || fail "node is missing: the publishing client needs Node.js 20 or newer"
python3 -c "import aiosmtpd, moto.server" 2>/dev/null || fail "aiosmtpd and moto are missing (pip install aiosmtpd 'moto[server]')"

release_bin

WORK="$(mktemp -d)"
PIDS=()
PG_NAME=""
cleanup() {
  for pid in "${PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$PG_NAME" ]; then psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $PG_NAME WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

SMTP_PORT="$(free_port)"
python3 "$HERE/smtp_sink.py" "$SMTP_PORT" "$WORK/received" >"$WORK/smtp.log" 2>&1 &
PIDS+=($!)
wait_port "$SMTP_PORT" "the SMTP relay"
PUSH_PORT="$(free_port)"
node "$HERE/push-sink.mjs" "$PUSH_PORT" "$WORK/pushed" >"$WORK/push.log" 2>&1 &
PIDS+=($!)
wait_port "$PUSH_PORT" "the push service"
: >"$WORK/pushed"

# SQL against the case's database, one row a line, columns split by |.
query() { # sql
  if [ -z "$URL" ]; then
    python3 - "$WORK/$CASE/node-1/tidemark.db" "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=10)
for row in db.execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
PY
  else
    psql "$URL" -qAtc "$1"
  fi
}

SECRET="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
VAPID="$(python3 -c 'import base64, secrets; print(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("="))')"
S3_PORT=""
start_node() { # n
  local port s3=()
  port="$(free_port)"
  # Several nodes keep media in one bucket.
  if [ -n "$S3_PORT" ]; then
    s3=(TIDEMARK_S3_BUCKET=fanout "TIDEMARK_S3_ENDPOINT=http://127.0.0.1:$S3_PORT" TIDEMARK_S3_REGION=us-east-1
      TIDEMARK_S3_ACCESS_KEY_ID=test TIDEMARK_S3_SECRET_ACCESS_KEY=test)
  fi
  PORT="$port" TIDEMARK_DATA_DIR="$WORK/$CASE/node-$1" DATABASE_URL="$URL" \
    TIDEMARK_RATE_LIMITS=off TIDEMARK_DEMO_CONTENT=off TIDEMARK_UI_DIR="$ROOT/ui/dist" \
    RUST_LOG=warn TIDEMARK_TOKEN_SECRET="$SECRET" TIDEMARK_SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" \
    TIDEMARK_PUSH_SERVICES="http://127.0.0.1:$PUSH_PORT" TIDEMARK_VAPID_PRIVATE_KEY="$VAPID" \
    env "${s3[@]}" "$BIN" >>"$WORK/$CASE/node-$1.log" 2>&1 &
  NODE_PID[$1]=$!
  NODE_URL[$1]="http://127.0.0.1:$port"
  PIDS+=($!)
  for _ in $(seq 1 600); do
    curl -sf "${NODE_URL[$1]}/ready" >/dev/null && return
    kill -0 "${NODE_PID[$1]}" 2>/dev/null || fail "$CASE: node $1 stopped: $(tail -5 "$WORK/$CASE/node-$1.log")"
    sleep 0.1
  done
  fail "$CASE: node $1 did not become ready: $(tail -5 "$WORK/$CASE/node-$1.log")"
}
# The most memory the node's process has held (VmHWM), in MB.
peak_mb() { awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status" 2>/dev/null || echo "?"; }
stop_node() { # n signal
  kill "-$2" "${NODE_PID[$1]}" 2>/dev/null || true
  wait "${NODE_PID[$1]}" 2>/dev/null || true
}

RESULTS="$WORK/results"
: >"$RESULTS"
run_case() { # case nodes kill(yes|no)
  CASE="$1"
  local nodes="$2" kill_one="$3" business post published killed_at="" n
  local notices=0 expected_notices expected_mails mails_before outcome="" done_notices="" done_mails=""
  local expected_pushes pushes_before pushes=0 done_pushes=""
  declare -ga NODE_PID=() NODE_URL=()
  local peaks=()
  mkdir -p "$WORK/$CASE"
  URL=""
  if [ "$CASE" = postgres-two ]; then
    psql "$PG_ADMIN" -qAtc "SELECT 1" >/dev/null 2>&1 || fail "PostgreSQL not reachable at $PG_ADMIN"
    PG_NAME="tidemark_fanout_$$"
    psql "$PG_ADMIN" -qc "CREATE DATABASE $PG_NAME" >/dev/null
    URL="${PG_ADMIN%/*}/$PG_NAME"
    S3_PORT="$(free_port)"
    start_s3 "$S3_PORT" fanout "$WORK/moto.log"
  fi

  say "$CASE: a fresh database, the demo business and $FOLLOWERS followers (every $MAIL_EVERY-th by mail, every $PUSH_EVERY-th by push)"
  start_node 1
  stop_node 1 TERM
  business="$(query "SELECT b.business_id FROM business_members b JOIN members m ON m.id = b.member_id \
    WHERE m.email = 'master@tidemark.test'")"
  [ -n "$business" ] || fail "$CASE: the demo business was not made"
  TIDEMARK_DATA_DIR="$WORK/$CASE/node-1" DATABASE_URL="$URL" TIDEMARK_DEMO_CONTENT=off RUST_LOG=error \
    "$BIN" generate-followers --business "$business" --count "$FOLLOWERS" --mail-every "$MAIL_EVERY" \
    --push-every "$PUSH_EVERY" --push-service "http://127.0.0.1:$PUSH_PORT" >"$WORK/$CASE/generate.log" 2>&1 || fail "$CASE: generate-followers: $(tail -3 "$WORK/$CASE/generate.log")"
  expected_notices="$(query "SELECT count(*) FROM follows f JOIN members m ON m.id = f.member_id \
    WHERE f.business_id = $business AND m.status = 'ACTIVE'")"
  expected_mails="$(query "SELECT count(*) FROM follows f JOIN members m ON m.id = f.member_id \
    WHERE f.business_id = $business AND m.status = 'ACTIVE' AND f.mail = 'EACH' \
    AND m.email_verified_at IS NOT NULL")"
  expected_pushes="$(query "SELECT count(*) FROM follows f JOIN members m ON m.id = f.member_id \
    JOIN push_subscriptions s ON s.member_id = m.id WHERE f.business_id = $business AND m.status = 'ACTIVE'")"
  for n in $(seq 1 "$nodes"); do start_node "$n"; done
  mails_before="$(wc -l <"$WORK/received")"
  pushes_before="$(wc -l <"$WORK/pushed")"

  say "$CASE: publishing on ${NODE_URL[1]} ($nodes node(s)$([ "$kill_one" = yes ] && echo ", node 1 killed a third of the way"))"
  read -r post published < <(BASE="${NODE_URL[1]}" node "$HERE/fanout-publish.mjs") \
    || fail "$CASE: the post was not published"
  local deadline=$((SECONDS + 600)) mails=0
  while [ "$SECONDS" -lt "$deadline" ]; do
    IFS='|' read -r notices outcome < <(query "SELECT notified, COALESCE(outcome, '') FROM post_announcements WHERE post_id = $post")
    notices="${notices:-0}"
    mails=$(($(wc -l <"$WORK/received") - mails_before))
    pushes=$(($(wc -l <"$WORK/pushed") - pushes_before))
    if [ "$kill_one" = yes ] && [ -z "$killed_at" ] && [ "$notices" -ge $((expected_notices / 3)) ]; then
      peaks+=("node 1 $(peak_mb "${NODE_PID[1]}") MB (killed)")
      stop_node 1 9
      killed_at="$notices"
      echo "  killed node 1 with $notices of $expected_notices notices written, $mails mails and $pushes pushes received"
      [ "$nodes" = 1 ] && start_node 1
    fi
    [ -z "$done_notices" ] && [ "$outcome" = SENT ] && done_notices=$(($(now_ms) - published))
    [ -z "$done_mails" ] && [ "$mails" -ge "$expected_mails" ] && done_mails=$(($(now_ms) - published))
    [ -z "$done_pushes" ] && [ "$pushes" -ge "$expected_pushes" ] && done_pushes=$(($(now_ms) - published))
    if [ -n "$done_notices" ] && [ -n "$done_mails" ] && [ -n "$done_pushes" ] &&
      [ -z "$(query "SELECT 1 FROM mail_outbox WHERE status IN ('PENDING', 'SENDING') \
        UNION ALL SELECT 1 FROM push_deliveries WHERE status IN ('PENDING', 'SENDING') LIMIT 1")" ]; then
      break
    fi
    sleep 0.1
  done
  for n in $(seq 1 "$nodes"); do
    if kill -0 "${NODE_PID[$n]}" 2>/dev/null; then
      peaks+=("node $n $(peak_mb "${NODE_PID[$n]}") MB")
      stop_node "$n" TERM
    fi
  done

  # The verdict: notices once a member, mails once a chosen follower (or resent as the same
  # message), nothing left waiting.
  local rows distinct outbox
  IFS='|' read -r rows distinct < <(query "SELECT count(*), count(DISTINCT member_id) FROM notifications WHERE post_id = $post")
  outbox="$(query "SELECT status || ' ' || count(*) FROM mail_outbox WHERE kind = 'new_post' GROUP BY status ORDER BY status" | paste -sd, -)"
  tail -n +"$((mails_before + 1))" "$WORK/received" >"$WORK/$CASE/received"
  tail -n +"$((pushes_before + 1))" "$WORK/pushed" >"$WORK/$CASE/pushed"
  outbox="$outbox; pushes $(query "SELECT status || ' ' || count(*) FROM push_deliveries GROUP BY status ORDER BY status" | paste -sd, -)"
  python3 - "$WORK/$CASE/received" "$CASE" "$FOLLOWERS" "$expected_notices" "$rows" "$distinct" \
    "$expected_mails" "${done_notices:-}" "${done_mails:-}" "$published" "${killed_at:-}" \
    "$(IFS=';'; echo "${peaks[*]}")" "$outbox" "$WORK/$CASE/pushed" "$expected_pushes" "${done_pushes:-}" >>"$RESULTS" <<'PY' || FAILED="$FAILED $CASE"
import json, sys
from collections import defaultdict
(path, case, followers, expected, rows, distinct, expected_mails, done_notices, done_mails,
 published, killed_at, peaks, outbox, push_path, expected_pushes, done_pushes) = sys.argv[1:]
expected, rows, distinct, expected_mails, published, expected_pushes = map(
    int, (expected, rows, distinct, expected_mails, published, expected_pushes))
copies = defaultdict(list)
times = []
for line in open(path, encoding="utf-8"):
    at, message_id, recipient = line.split()
    copies[recipient].append(message_id)
    times.append(int(at))
received = sum(len(ids) for ids in copies.values())
resent = sum(len(ids) - 1 for ids in copies.values() if len(set(ids)) == 1)
twice = [r for r, ids in copies.items() if len(set(ids)) > 1]
pushes = defaultdict(list)
push_times = []
for line in open(push_path, encoding="utf-8"):
    at, member, topic, _ = line.split()
    pushes[member].append(topic)
    push_times.append(int(at))
pushes_resent = sum(len(topics) - 1 for topics in pushes.values() if len(set(topics)) == 1)
pushes_twice = [m for m, topics in pushes.items() if len(set(topics)) > 1]
problems = []
if len(pushes) != expected_pushes:
    problems.append(f"pushes: {len(pushes)} browsers received the post's push, {expected_pushes} expected")
if pushes_twice:
    problems.append(f"pushes: {len(pushes_twice)} browsers received pushes of different topics")
if rows != expected or distinct != expected:
    problems.append(f"notices: {rows} rows for {distinct} members, {expected} expected")
if len(copies) != expected_mails:
    problems.append(f"mails: {len(copies)} followers received the post's mail, {expected_mails} expected")
if twice:
    problems.append(f"mails: {len(twice)} followers received two different messages")
if not done_notices or not done_mails or not done_pushes:
    problems.append("not finished within ten minutes")
if any(word in outbox for word in ("PENDING", "SENDING", "FAILED", "LIMITED")):
    problems.append(f"outbox left: {outbox}")
first_mail = (min(times) - published) if times else None
seconds = lambda ms: f"{int(ms) / 1000:.1f} s" if ms else "—"
rate = lambda n, ms: f"{n / (int(ms) / 1000):,.0f}/s" if ms and int(ms) > 0 else "—"
print(json.dumps({
    "case": case, "followers": expected, "notices": f"{rows:,} rows, {distinct:,} members",
    "allNotices": seconds(done_notices), "noticeRate": rate(expected, done_notices),
    "mails": f"{len(copies):,}/{expected_mails:,}", "firstMail": seconds(first_mail),
    "allMails": seconds(done_mails), "mailRate": rate(expected_mails, done_mails),
    "resentSameMessage": resent,
    "pushes": f"{len(pushes):,}/{expected_pushes:,}", "allPushes": seconds(done_pushes),
    "pushRate": rate(expected_pushes, done_pushes), "pushesResent": pushes_resent, "killedAt": killed_at or "—", "peakMemory": peaks,
    "outbox": outbox, "problems": problems,
}, ensure_ascii=False))
sys.exit(1 if problems else 0)
PY
  if [ -n "$PG_NAME" ]; then
    psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $PG_NAME WITH (FORCE)" >/dev/null 2>&1 || true
    PG_NAME=""
  fi
  S3_PORT=""
}

FAILED=""
IFS=',' read -ra WANTED <<<"$CASES"
for wanted in "${WANTED[@]}"; do
  case "$wanted" in
    sqlite) run_case sqlite 1 no ;;
    sqlite-kill) run_case sqlite-kill 1 yes ;;
    postgres-two) run_case postgres-two 2 yes ;;
    *) fail "unknown case: $wanted (sqlite, sqlite-kill, postgres-two)" ;;
  esac
done

python3 - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
print()
print(f"{'case':<13} {'followers':>9} {'all notices':>11} {'notices/s':>10} {'mails':>13} "
      f"{'first mail':>10} {'all mails':>10} {'mails/s':>8} {'resent':>6}  peak memory")
for r in rows:
    print(f"{r['case']:<13} {r['followers']:>9,} {r['allNotices']:>11} {r['noticeRate']:>10} "
          f"{r['mails']:>13} {r['firstMail']:>10} {r['allMails']:>10} {r['mailRate']:>8} "
          f"{r['resentSameMessage']:>6}  {'; '.join(r['peakMemory'].split(';'))}")
    print(f"{'':<13} pushes {r['pushes']}, all {r['allPushes']}, {r['pushRate']}, resent (same topic) {r['pushesResent']}")
    if r["killedAt"] != "—":
        print(f"{'':<13} killed with {int(r['killedAt']):,} notices written")
    print(f"{'':<13} mail outbox: {r['outbox']}")
    for problem in r["problems"]:
        print(f"{'':<13} FAILED: {problem}")
print("\ntimes from the publication's acknowledgement; one post, every follower of it (not a subset)")
PY
[ -z "$FAILED" ] || fail "fan-out:$FAILED"
say "fan-out: every follower heard once, by each channel they chose"
