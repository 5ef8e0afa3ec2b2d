#!/usr/bin/env bash
# The pages as readers read them, on the large data set (`tidemark generate-large`): every
# request accepts compression (`Accept-Encoding: gzip, deflate, br`), posts are drawn by a
# Zipf law (exponent 1.0) over the whole catalogue, the most read first, and a crawler walks
# every post in order at the same time. For the post page, the business page, the home page,
# the post JSON and the lists' JSON it prints req/s, p50/p99, bytes per answer, the kept
# answers' hit ratio and the server's resident memory, beside nginx serving the very same
# answers from files precompressed at gzip -9 (`gzip_static`) under the same load in the same
# run. Then the hot case, labelled as such: one post page again and again, and 2,000 posts
# without compression (what tests/load/content.sh measures).
#
#   bash tests/load/readers.sh                 # SQLite, 100,000 posts, 10 s a run
#   bash tests/load/readers.sh postgres        # or: both (also DATABASES=...)
#   DURATION=3 POSTS=2000 EVENTS=20000 bash tests/load/readers.sh   # a small set
#   PRIME=0 bash tests/load/readers.sh         # measure from a cold start (30 s of readers first
#                                              # by default, reported apart as "cold")
#   WITH_NGINX=no POSTS=1000000 EVENTS=2000000 bash tests/load/readers.sh
#                                              # no nginx beside it (saving a million posts'
#                                              # answers for it would take an hour)
#
# wrk (Debian) on loopback, release build, rate limits off for the measurement only, 16
# connections for the readers and 2 for the crawler. A measurement: nothing is failed for a
# missed target, but any non-2xx answer fails the run.
#
# The crawler walks at a steady CRAWL_RATE pages a second (1,000 unless set: the whole
# catalogue of 100,000 posts in 100 s), the same in the server's run and in nginx's, so both
# answer the same load. Unpaced, a crawler on two connections takes whatever its server
# leaves, and nginx, whose answers cost it least, would carry several times the crawler's
# traffic the server carries. The post page and the post JSON are also measured once more
# with the crawler unpaced (CRAWL_RATE=0 measures every page so), labelled "crawler unpaced".
source "$(dirname "$0")/../../.ci/lib.sh"
command -v wrk >/dev/null || apt_install wrk
command -v nginx >/dev/null || apt_install nginx-light

DATABASES="${1:-${DATABASES:-sqlite}}"
case "$DATABASES" in sqlite | postgres | both) ;; *) fail "databases: sqlite, postgres or both, not $DATABASES" ;; esac
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-3}"
POSTS="${POSTS:-100000}"
EVENTS="${EVENTS:-1000000}"
FORCE="${FORCE:-0}"
PRIME="${PRIME:-30}"
CONNECTIONS="${CONNECTIONS:-16}"
CRAWL_RATE="${CRAWL_RATE:-1000}"
[[ "$CRAWL_RATE" =~ ^[0-9]+$ ]] || fail "CRAWL_RATE: pages a second (0: unpaced), not $CRAWL_RATE"
NGINX_TOO="${WITH_NGINX:-yes}"
case "$NGINX_TOO" in yes | no) ;; *) fail "WITH_NGINX: yes or no, not $NGINX_TOO" ;; esac
source "$ROOT/tests/load/large-set.sh"

RESULTS="$WORK/results"
NGINX=""
stop_nginx() {
  if [ -n "$NGINX" ]; then kill "$(cat "$WORK/nginx/nginx.pid" 2>/dev/null)" 2>/dev/null || true; NGINX=""; fi
}
trap 'stop_nginx; cleanup' EXIT

# Every answer a reader may ask for, saved as nginx serves it: the plain file and its gzip -9
# copy beside it (`path` and `path.gz`). Four clients fetch them from the server.
dump() { # base root lists...
  local base="$1" root="$2"
  shift 2
  python3 - "$base" "$root" "$@" <<'PY'
import concurrent.futures, gzip, http.client, os, sys, threading, urllib.parse
base, root, lists = sys.argv[1], sys.argv[2], sys.argv[3:]
address = urllib.parse.urlparse(base)
paths = [line.strip() for name in lists for line in open(name) if line.strip()]
local = threading.local()
def fetch(path):
    if not hasattr(local, "http"):
        local.http = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    local.http.request("GET", path)
    answer = local.http.getresponse()
    body = answer.read()
    if answer.status != 200:
        raise SystemExit(f"GET {path}: {answer.status}")
    name = urllib.parse.unquote(path.split("?")[0])
    if "?" in path:
        name += "?" + path.split("?", 1)[1]
    file = os.path.join(root, name.lstrip("/") or "index.html")
    if name == "/":
        file = os.path.join(root, "index.html")
    os.makedirs(os.path.dirname(file), exist_ok=True)
    with open(file, "wb") as out:
        out.write(body)
    with open(file + ".gz", "wb") as out:
        out.write(gzip.compress(body, 9, mtime=0))
    return len(body)
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    sizes = list(pool.map(fetch, paths, chunksize=64))
print(f"{len(sizes)} answers, {sum(sizes) / 1e6:.1f} MB plain")
PY
}

start_nginx() { # root
  local port
  port="$(free_port)"
  mkdir -p "$WORK/nginx"
  cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes auto;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
daemon on;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; application/json json; }
  server {
    listen 127.0.0.1:$port;
    root $1;
    gzip_static on;
    location = / { default_type "text/html; charset=utf-8"; try_files /index.html =404; }
    location /api/ { default_type application/json; try_files "\$uri?\$args" \$uri =404; }
    location / { default_type "text/html; charset=utf-8"; try_files \$uri =404; }
  }
}
CONF
  nginx -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" || fail "nginx did not start"
  NGINX="http://127.0.0.1:$port"
}

# The kept answers' hits and misses so far (documents, details, pages, cards), then bytes and
# entries, from /ready.
cache_counts() {
  curl -sf "$BASE/ready" | python3 -c '
import json, sys
cache = json.load(sys.stdin)["data"]["cache"]
print(" ".join(str(cache[k][w]) for k in ("documents", "details", "pages", "cards") for w in ("hits", "misses")), cache["bytes"], cache["entries"])'
}

# Resident memory of the server: "rss_mb anon_mb peak_mb", the peak since the last
# peak_reset; every peak read is noted in $WORK/peaks, whose largest is the run's (run_peak).
memory() {
  local now
  now="$(awk '/^VmRSS/ { rss = $2 } /^RssAnon/ { anon = $2 } /^VmHWM/ { peak = $2 }
    END { printf "%.0f %.0f %.0f", rss / 1024, anon / 1024, peak / 1024 }' "/proc/$SERVER/status")"
  echo "${now##* }" >>"$WORK/peaks"
  echo "$now"
}

run_peak() {
  sort -n "$WORK/peaks" | tail -1
  rm -f "$WORK/peaks"
}

# Starts a phase's peak: Linux resets VmHWM to the resident size now (clear_refs 5). Where it
# cannot, the peak stays the process's own since its start.
peak_reset() {
  memory >/dev/null
  echo 5 >"/proc/$SERVER/clear_refs" 2>/dev/null || true
}

# One measured load: readers at $CONNECTIONS connections while a crawler walks every post.
# Appends "label|page|target|req/s|p50|p99|non-2xx|errors|bytes/answer|hit %|rss|anon|crawler
# req/s"; the hit ratio is of the page's own kind of kept answer (documents for HTML pages).
load() { # label page target mode paths|url crawl(yes/no) [ENCODING=...]
  local label="$1" page="$2" target="$3" mode="$4" what="$5" crawl="$6" url paths="" out line crawler=""
  shift 6
  if [ "$mode" = get ]; then url="$target$what"; else url="$target"; paths="$what"; fi
  if [ "$crawl" = yes ]; then
    env MODE=walk PATHS="$WORK/crawl" THREADS=1 RATE="${CRAWL:-$CRAWL_RATE}" wrk -t 1 -c 2 -d "$((WARMUP + DURATION + 1))s" \
      -s "$HERE/readers.lua" "$target" >"$WORK/crawler.out" &
    crawler=$!
  fi
  [ "$target" = "$BASE" ] && peak_reset
  env MODE="$mode" PATHS="$paths" "$@" wrk -t 2 -c "$CONNECTIONS" -d "${WARMUP}s" -s "$HERE/readers.lua" "$url" >/dev/null
  local before=""
  [ "$target" = "$BASE" ] && before="$(cache_counts)"
  out="$(env MODE="$mode" PATHS="$paths" "$@" wrk -t 2 -c "$CONNECTIONS" -d "${DURATION}s" --latency \
    -s "$HERE/readers.lua" "$url")"
  local after="" hit="-" rss="-" anon="-" peak="-"
  if [ "$target" = "$BASE" ]; then
    after="$(cache_counts)"
    # The kind of kept answer the page is: HTML documents, post details or list pages.
    local kind=0
    case "$page" in "post JSON"*) kind=2 ;; "lists JSON"*) kind=4 ;; esac
    hit="$(python3 -c '
import sys
b = list(map(int, sys.argv[1].split())); a = list(map(int, sys.argv[2].split())); k = int(sys.argv[3])
hits, misses = a[k] - b[k], a[k + 1] - b[k + 1]
print(f"{100 * hits / (hits + misses):.1f}" if hits + misses else "-")' "$before" "$after" "$kind")"
    read -r rss anon peak <<<"$(memory)"
  fi
  [ -n "$crawler" ] && wait "$crawler"
  line="$(awk '/^RESULT / { printf "%.0f|%.2f|%.2f|%d|%d|%.0f", $2 / ($3 / 1e6), $4 / 1000, $5 / 1000, $6, $7, $8 / ($2 > 0 ? $2 : 1) }' <<<"$out")"
  [ -n "$line" ] || fail "wrk gave no result for $page: $out"
  local crawled="-"
  if [ -n "$crawler" ]; then
    crawled="$(awk '/^RESULT / { printf "%.0f", $2 / ($3 / 1e6) }' "$WORK/crawler.out")"
    if awk '/^RESULT / { exit !($6 > 0) }' "$WORK/crawler.out"; then FAILED="$FAILED crawler:$page"; fi
  fi
  echo "$label|$page|$([ "$target" = "$BASE" ] && echo tidemark || echo nginx)|$line|$hit|$rss|$anon|$crawled|$peak" >>"$RESULTS"
  if [ "$(cut -d'|' -f4 <<<"$line")" != 0 ]; then FAILED="$FAILED $label:$page"; fi
}

# A page made on a miss: one connection walks the posts from the newest id back (the readers'
# crawler walks from the oldest), so nearly every page is made for it; no warm-up. Appends a
# row as load() does, its hit ratio showing how nearly every answer was made anew.
miss() { # label
  local before after out line hit rss anon peak
  peak_reset
  before="$(cache_counts)"
  out="$(env MODE=walk PATHS="$WORK/unread" wrk -t 1 -c 1 -d "${DURATION}s" --latency -s "$HERE/readers.lua" "$BASE")"
  after="$(cache_counts)"
  hit="$(python3 -c '
import sys
b = list(map(int, sys.argv[1].split())); a = list(map(int, sys.argv[2].split()))
hits, misses = a[0] - b[0], a[1] - b[1]
print(f"{100 * hits / (hits + misses):.1f}" if hits + misses else "-")' "$before" "$after")"
  line="$(awk '/^RESULT / { printf "%.0f|%.2f|%.2f|%d|%d|%.0f", $2 / ($3 / 1e6), $4 / 1000, $5 / 1000, $6, $7, $8 / ($2 > 0 ? $2 : 1) }' <<<"$out")"
  [ -n "$line" ] || fail "wrk gave no result for the miss walk: $out"
  read -r rss anon peak <<<"$(memory)"
  echo "$1|miss: post page, 1 reader|tidemark|$line|$hit|$rss|$anon|-|$peak" >>"$RESULTS"
  if [ "$(cut -d'|' -f4 <<<"$line")" != 0 ]; then FAILED="$FAILED $1:miss"; fi
}

FAILED=""

bench_database() { # kind label data_dir database_url
  local kind="$1" label="$2"
  prepare "$kind" "$3" "$4"
  say "$label: copying the data set for this run"
  copy_set "$kind" "$3" "$4"
  # The most read first: posts by their popular score, businesses by their followers.
  query "$kind" "$RUN_DATA" "$RUN_URL" "SELECT id FROM posts WHERE status = 'PUBLISHED' ORDER BY popular_score DESC, id" |
    sed 's|^|/post/|' >"$WORK/post-page"
  sed 's|^/post/|/api/v1/posts/|' "$WORK/post-page" >"$WORK/post-json"
  query "$kind" "$RUN_DATA" "$RUN_URL" "SELECT id FROM posts WHERE status = 'PUBLISHED' ORDER BY id" |
    sed 's|^|/post/|' >"$WORK/crawl"
  query "$kind" "$RUN_DATA" "$RUN_URL" "SELECT id FROM businesses ORDER BY follower_count DESC, id" |
    sed 's|^|/business/profile/|' >"$WORK/business-page"
  # The lists' first pages as the UI asks for them: popular and latest, each category both ways.
  {
    echo "/api/v1/posts/popular?size=20"
    echo "/api/v1/posts/latest?size=20"
    for category in 1 2 3 4 5 6 7 8 9; do
      echo "/api/v1/posts/category/$category?size=20&sort=POPULAR"
      echo "/api/v1/posts/category/$category?size=20&sort=LATEST"
    done
  } >"$WORK/lists"
  echo "/" >"$WORK/home"

  # Searches as readers type them, in turn (content.sh measures each kind apart).
  urlencode <<<"$QUERIES" | sed 's|^\(.*\)$|/api/v1/search?q=\1\&type=CONTENTS\&sort=POPULAR|' >"$WORK/search"

  local started
  if [ "$NGINX_TOO" = yes ]; then
    say "$label: saving every answer for nginx ($(wc -l <"$WORK/post-page") posts, pages and JSON)"
    start_server "$WORK/server-dump.log"
    dump "$BASE" "$WORK/root" "$WORK/post-page" "$WORK/post-json" "$WORK/business-page" "$WORK/lists" "$WORK/home"
    stop_server
    start_nginx "$WORK/root"
  fi

  say "$label: starting a fresh server for the measurement"
  started="$(date +%s.%N)"
  start_server "$WORK/server-$kind.log"
  local ready rss_start
  ready="$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')"
  rss_start="$(memory)"

  # A server that has served readers for a while, not one just started: the first PRIME
  # seconds of readers and the crawler on the post pages are measured apart, as "cold".
  if [ "$PRIME" -gt 0 ]; then
    say "$label: the first $PRIME s after start (readers and the crawler on the post pages)"
    WARMUP=1 DURATION="$PRIME" load "$label" "cold: post page, first ${PRIME} s" "$BASE" zipf "$WORK/post-page" yes
  fi
  say "$label: measuring (${WARMUP} s warm-up, ${DURATION} s a run, $CONNECTIONS readers, a crawler)"
  for target in "$BASE" ${NGINX:+"$NGINX"}; do
    load "$label" "post page" "$target" zipf "$WORK/post-page" yes
    load "$label" "business page" "$target" zipf "$WORK/business-page" yes
    load "$label" "home page" "$target" get / yes
    load "$label" "post JSON" "$target" zipf "$WORK/post-json" yes
    load "$label" "lists JSON" "$target" zipf "$WORK/lists" yes
    if [ "$CRAWL_RATE" != 0 ]; then
      CRAWL=0 load "$label" "post page, crawler unpaced" "$target" zipf "$WORK/post-page" yes
      CRAWL=0 load "$label" "post JSON, crawler unpaced" "$target" zipf "$WORK/post-json" yes
    fi
  done
  load "$label" "search" "$BASE" zipf "$WORK/search" yes ZIPF=0
  say "$label: a page made on a miss (one reader walking posts nobody asked for yet)"
  tac "$WORK/crawl" >"$WORK/unread"
  miss "$label"
  say "$label: the hot case (not readers' traffic)"
  local hot
  hot="$(head -1 "$WORK/post-page")"
  load "$label" "hot: one post page, br" "$BASE" get "$hot" no
  load "$label" "hot: one post page, plain" "$BASE" get "$hot" no ENCODING=
  head -2000 "$WORK/crawl" >"$WORK/hot-2000"
  load "$label" "hot: 2,000 posts, plain" "$BASE" zipf "$WORK/hot-2000" no ENCODING= ZIPF=0
  local rss_end
  rss_end="$(memory)"
  rss_end="${rss_end% *} $(run_peak)"
  stop_server
  stop_nginx
  drop_copy "$kind"
  report "$label" "$ready" "$rss_start" "$rss_end"
}

report() { # label ready rss_start rss_end
  printf '\n%s: %s posts, %s events; %s s a run; wrk -t2 -c%s readers + a crawler (-c2, %s) on the same 2-core machine\n' \
    "$1" "$POSTS" "$EVENTS" "$DURATION" "$CONNECTIONS" \
    "$([ "$CRAWL_RATE" = 0 ] && echo unpaced || echo "$CRAWL_RATE pages/s")"
  printf 'start to /ready %s s; resident memory after start %s MB (anonymous %s MB), at the end %s MB (anonymous %s MB, peak %s MB)\n' \
    "$2" "$(cut -d' ' -f1 <<<"$3")" "$(cut -d' ' -f2 <<<"$3")" "$(cut -d' ' -f1 <<<"$4")" \
    "$(cut -d' ' -f2 <<<"$4")" "$(cut -d' ' -f3 <<<"$4")"
  printf '%-28s %-9s %9s %8s %8s %9s %7s %7s %7s %9s %s\n' page server "req/s" "p50 ms" "p99 ms" "B/answer" "hit %" "RSS MB" "peak MB" "crawler/s" "vs nginx"
  awk -F'|' -v db="$1" '
    $1 == db { rows[++n] = $0; if ($3 == "nginx") nginx[$2] = $4 }
    END {
      for (i = 1; i <= n; i++) {
        split(rows[i], f, "|")
        ratio = (f[3] == "tidemark" && nginx[f[2]] > 0) ? sprintf("%.2fx", f[4] / nginx[f[2]]) : ""
        printf "%-28s %-9s %9s %8s %8s %9s %7s %7s %7s %9s %s\n", f[2], f[3], f[4], f[5], f[6], f[9], f[10], f[11], f[14], f[13], ratio
      }
    }' "$RESULTS"
  echo "targets (issue: readers' traffic at 16 connections):"
  awk -F'|' -v db="$1" -v posts="$POSTS" '
    $1 == db { if ($3 == "nginx") nginx[$2] = $4; else if ($2 !~ /^(hot|cold)/) mine[$2] = $4 "|" $6 "|" $5 }
    END {
      for (page in mine) {
        split(mine[page], m, "|")
        ratio = nginx[page] > 0 ? m[1] / nginx[page] : -1
        if (page ~ /crawler unpaced/) {
          printf "  %-14s %6d req/s, p99 %.2f ms", page, m[1], m[2]
          if (ratio >= 0) printf ", %.2fx nginx", ratio
          printf " (the crawler as fast as its connections go: shown, not a target)\n"
        } else if (page ~ /^miss/) {
          if (posts >= 1000000) printf "  %-14s p50 %.2f ms a page made on a miss (the target, 0.5 ms, is at 100,000 posts)\n", "miss", m[3]
          else printf "  %-14s p50 %.2f ms a page made on a miss (%s 0.5 ms)\n", "miss", m[3], m[3] <= 0.5 ? "met," : "missed,"
        }
        else if (page == "search")
          printf "  %-14s p99 %.2f ms (%s 30 ms at 1,000,000 posts)\n", page, m[2], m[2] <= 30 ? "met," : "missed,"
        else if (page == "post page" && posts >= 1000000)
          printf "  %-14s %6d req/s (%s 3,000 at 1,000,000 posts), p99 %.2f ms\n", page, m[1],
            m[1] >= 3000 ? "met," : "missed,", m[2]
        else if (page == "post page") {
          printf "  %-14s %6d req/s (%s 5,000), p99 %.2f ms (%s 20)", page, m[1],
            m[1] >= 5000 ? "met," : "missed,", m[2], m[2] <= 20 ? "met," : "missed,"
          if (ratio >= 0) printf ", %.2fx nginx (%s 0.25x)", ratio, ratio >= 0.25 ? "met," : "missed,"
          printf "\n"
        } else if (page == "business page" || page == "home page")
          printf "  %-14s %6d req/s (%s 5,000), p99 %.2f ms (%s 20)\n", page, m[1],
            m[1] >= 5000 ? "met," : "missed,", m[2], m[2] <= 20 ? "met," : "missed,"
        else if (ratio >= 0)
          printf "  %-14s %.2fx nginx (%s 0.5x)\n", page, ratio, ratio >= 0.5 ? "met," : "missed,"
      }
    }' "$RESULTS"
  awk -v end="$(cut -d' ' -f1 <<<"$4")" -v peak="$(cut -d' ' -f3 <<<"$4")" -v posts="$POSTS" -v ready="$2" 'BEGIN {
    limit = posts > 100000 ? 1024 : 400
    printf "  %-14s %6d MB at the end (%s %d MB at %d posts)\n", "memory", end, end <= limit ? "met," : "missed,", limit, posts
    printf "  %-14s %6d MB at the peak (%s %d MB)\n", "", peak, peak <= limit ? "met," : "missed,", limit
    if (posts >= 1000000) printf "  %-14s %6.1f s (%s 90 s at 1,000,000 posts)\n", "start", ready, ready <= 90 ? "met," : "missed,"
  }'
}

if [ "$DATABASES" != postgres ]; then
  bench_database sqlite "SQLite (embedded file)" "$CACHE/large-sqlite$SUFFIX" ""
fi
if [ "$DATABASES" != sqlite ]; then
  psql "$PG_ADMIN" -qAtc "SELECT 1" >/dev/null 2>&1 || fail "PostgreSQL not reachable at $PG_ADMIN"
  bench_database postgres "PostgreSQL" "$CACHE/large-postgres$SUFFIX" "${PG_ADMIN%/*}/$PG_NAME"
fi
[ -z "$FAILED" ] || fail "non-2xx answers during:$FAILED"
say "readers' benchmark done"
