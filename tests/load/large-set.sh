# The large data set and a server on a copy of it, shared by content.sh and readers.sh:
# `prepare` makes the set once (kept in $HOME/.cache/tidemark), `copy_set` gives a run its own
# copy, `start_server` runs the release build on it, `query` reads ids from it.
# Expects .ci/lib.sh sourced, and POSTS, EVENTS, FORCE set.
HERE="$ROOT/tests/load"
CACHE="$HOME/.cache/tidemark"
PG_ADMIN="${TIDEMARK_TEST_PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}"
SUFFIX=""
if [ "$POSTS" != 100000 ] || [ "$EVENTS" != 1000000 ]; then SUFFIX="-$POSTS-$EVENTS"; fi
PG_NAME="tidemark_large${SUFFIX//-/_}"

# Cargo builds when the sources changed and does nothing otherwise, so the binary measured is
# the one of this tree; TIDEMARK_BIN measures another build instead (an earlier commit's, for a
# before-and-after on the same machine, or the one the test command just built).
release_bin
# Pages are made from the UI's built shell: without it the server answers them 503.
if [ ! -f "$ROOT/ui/dist/index.html" ]; then
  say "building the core and the UI (pages are made from the UI's shell)"
  ensure_wasm_tools
  ensure_npm
  bash "$ROOT/.ci/build-core.sh"
  (cd "$ROOT" && npx vite build --config ui/vite.config.ts --logLevel warn)
fi

WORK="$(mktemp -d)"
# nginx's workers read the saved answers under it.
chmod 755 "$WORK"
SERVER=""
RUN_DB=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [ -n "$RUN_DB" ]; then psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $RUN_DB WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The data set of one database: made when missing (or FORCE=1), else reused.
prepare() { # kind data_dir database_url
  local marker="$2/large-set" want="posts=$POSTS events=$EVENTS"
  if [ "$FORCE" != 1 ] && [ -f "$marker" ] && [ "$(cat "$marker")" = "$want" ]; then
    if [ "$1" = sqlite ] || [ "$(psql "$PG_ADMIN" -qAtc "SELECT 1 FROM pg_database WHERE datname = '$PG_NAME'")" = 1 ]; then
      say "$1: reusing the data set in $2 ($want)"
      return
    fi
  fi
  say "$1: generating the data set ($want; a few minutes, once)"
  rm -rf "$2"
  mkdir -p "$2"
  if [ "$1" = postgres ]; then
    psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $PG_NAME WITH (FORCE)" >/dev/null
    psql "$PG_ADMIN" -qc "CREATE DATABASE $PG_NAME" >/dev/null
  fi
  TIDEMARK_DATA_DIR="$2" DATABASE_URL="$3" TIDEMARK_DEMO_CONTENT=off RUST_LOG=warn \
    "$BIN" generate-large --posts "$POSTS" --events "$EVENTS"
  echo "$want" >"$marker"
}

# SQL against the data set (ids to rotate over), one value a line.
query() { # kind data_dir database_url sql
  if [ "$1" = sqlite ]; then
    python3 - "$2/tidemark.db" "$4" <<'PY'
import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print(row[0])
PY
  else
    psql "$3" -qAtc "$4"
  fi
}


# A run's own copy of the kept set of `kind`: the events and searches a run writes never pile
# up in the kept set, and every run starts from the same data. Sets RUN_DATA and RUN_URL.
copy_set() { # kind data_dir database_url
  cp -a "$2" "$WORK/data-$1"
  RUN_DATA="$WORK/data-$1"
  RUN_URL="$3"
  if [ "$1" = postgres ]; then
    RUN_DB="tidemark_bench_$$"
    psql "$PG_ADMIN" -qc "CREATE DATABASE $RUN_DB TEMPLATE $PG_NAME" >/dev/null
    RUN_URL="${PG_ADMIN%/*}/$RUN_DB"
  fi
}

# The release server on RUN_DATA / RUN_URL at a free port, once /ready answers; sets SERVER
# and BASE. Extra settings as NAME=value arguments.
start_server() { # log [NAME=value...]
  local log="$1" port
  shift
  port="$(free_port)"
  BASE="http://127.0.0.1:$port"
  env PORT="$port" TIDEMARK_DATA_DIR="$RUN_DATA" DATABASE_URL="$RUN_URL" TIDEMARK_RATE_LIMITS=off \
    TIDEMARK_DEMO_CONTENT=off TIDEMARK_UI_DIR="$ROOT/ui/dist" RUST_LOG=error "$@" \
    "$BIN" >"$log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 900); do
    curl -sf "$BASE/ready" >/dev/null && return
    kill -0 "$SERVER" 2>/dev/null || fail "the server stopped: $(tail -5 "$log")"
    sleep 0.2
  done
  fail "the server was not ready within 3 minutes"
}

stop_server() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  SERVER=""
}

# Drops the run's copy.
drop_copy() { # kind
  rm -rf "$WORK/data-$1"
  if [ "$1" = postgres ] && [ -n "$RUN_DB" ]; then
    psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $RUN_DB WITH (FORCE)" >/dev/null
    RUN_DB=""
  fi
}

urlencode() { python3 -c 'import sys, urllib.parse; [print(urllib.parse.quote(l.strip())) for l in sys.stdin if l.strip()]'; }

# What readers search for (content.sh and readers.sh).
QUERIES="마케팅
디지털 마케팅
데이터 분석
인공지능
생성형 AI
클라우드 전환
물류
핀테크
이커머스
인재 채용
스타트업 투자
ESG 경영
공급망
고객 경험
반도체
헬스케어
사이버 보안
구독 경제
플랫폼
마케팅 전략
2026 전략
중소기업
리더십
조직 문화
에너지 전환
수출 지원
라이브 커머스
가격 전략
개인정보 보호
특허 전략"
