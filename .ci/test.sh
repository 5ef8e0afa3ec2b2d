#!/usr/bin/env bash
# `npm test`: every test of the project, with the figures the issues ask for printed on the
# way (device detection accuracy, wasm size, benchmark times).
export TIDEMARK_STAGES="${TIDEMARK_STAGES:-$(mktemp)}"
source "$(dirname "$0")/lib.sh"
trap stage_times EXIT
say "installing what is missing"
ensure_rust
ensure_npm
ensure_chromium
ensure_smtp_server
ensure_s3_server

say "structure: module cycles, handlers, long files, repeated code (.ci/structure.mjs)"
node .ci/structure.mjs

say "self-contained: no file reads outside the repository (.ci/self-contained.mjs)"
node .ci/self-contained.mjs

say "rust: format"
cargo fmt --all --check

# One optimised build serves the browser tests and every stage that runs the server for a
# figure: the load and fault stages and the budgets. It is the release build without LTO across
# crates (`--profile test-release`; Cargo.toml says why), so their figures are the test
# command's; tests/load/*.sh run alone measure the release build. It starts here, beside the
# stages below, at the lowest priority: they keep the CPU they use, and it takes what they
# leave idle (a test waiting on its database, the one core a single-threaded step leaves, a
# browser test waiting on a page). The stage "waiting for the optimised build" shows what is
# left of it.
RELEASE_LOG="$(mktemp)"
say "building the server (optimised, the test-release profile) in the background, at the lowest priority"
nice -n 19 cargo build --profile test-release -p tidemark-server --bin tidemark --quiet >"$RELEASE_LOG" 2>&1 &
RELEASE_BUILD=$!
# A stage that fails ends the command: the build beside it ends with it.
end_release_build() {
  pkill -P "$RELEASE_BUILD" 2>/dev/null || true
  kill "$RELEASE_BUILD" 2>/dev/null || true
}
trap 'end_release_build; stage_times' EXIT

# wasm-pack and wasm-bindgen-cli (a fresh machine compiles them, about five minutes) are first
# needed by the core's build after the Rust tests: they install beside the stages before it,
# at the lowest priority too.
TOOLS_LOG="$(mktemp)"
(TIDEMARK_STAGES="" nice -n 19 bash -c 'source .ci/lib.sh; ensure_wasm_tools') >"$TOOLS_LOG" 2>&1 &
WASM_TOOLS=$!
trap '{ pkill -P "$WASM_TOOLS" || true; } 2>/dev/null; end_release_build; stage_times' EXIT

say "rust: lints"
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p tidemark-core --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p tidemark-core --target wasm32-unknown-unknown --no-default-features --features korean --quiet -- -D warnings

say "rust: the crates' documentation builds with no warning (cargo doc; the server's opens with how to start it in-process)"
RUSTDOCFLAGS="-D warnings" cargo doc -p tidemark-server -p tidemark-core --no-deps --quiet

# Every cargo test below selects the whole workspace, as this one does: with `-p` Cargo
# resolves the crates' features apart and compiles the server and its tests a second time.
# The API tests each have their own data folder and database and spend most of their time
# waiting on them, so six run at once on two cores.
say "rust: unit, property and integration tests"
cargo test --workspace --quiet -- --skip precision:: --skip scale_out:: --test-threads 6

say "rust: search precision over generated posts, and two server processes on one database (figures)"
cargo test --workspace --quiet --test api -- --nocapture --test-threads 1 precision:: scale_out:: 2>&1 |
  grep -vE '^(running [0-9]+ tests?|test [a-z_:]+ \.\.\. ok)$|^$'

say "core: device detection measured against uap-core"
cargo test --workspace --quiet --test uap_os -- --nocapture 2>&1 | grep -E "uap-core|test result"

# The Rust stages are over: the optimised build now runs at the priority of the stages beside it
# (the core's build, the type checks, the package, the lints of the UI, Vitest, schemathesis:
# mostly one core each), so it is ready for the browser tests sooner. Its compilers started
# from now on inherit Cargo's priority; those running are raised with it.
if kill -0 "$RELEASE_BUILD" 2>/dev/null; then
  renice -n 0 -p "$RELEASE_BUILD" $(pgrep -P "$RELEASE_BUILD") >/dev/null 2>&1 || true
fi

say "waiting for wasm-pack and wasm-bindgen-cli"
wait "$WASM_TOOLS" || { cat "$TOOLS_LOG"; fail "wasm-pack or wasm-bindgen-cli did not install"; }
sed 's/^/  tools | /' "$TOOLS_LOG"

bash .ci/build-core.sh
if ! git diff --quiet -- pkg/ || [ -n "$(git ls-files --others --exclude-standard pkg/)" ]; then
  git status --short -- pkg/
  if [ "${CI:-}" = "true" ]; then
    fail "pkg/ differs from the core built from these sources: run npm run build:core and commit pkg/"
  fi
  say "pkg/ was built anew from changed sources: commit it with the change"
fi

say "typescript: types of the core's JavaScript surface, the UI and the browser tests"
node .ci/check-typings.mjs pkg/tidemark_core.d.ts pkg/korean/tidemark_korean.d.ts
npx tsc -p ui/tsconfig.json --noEmit
npx tsc -p tests/e2e/tsconfig.json --noEmit

bash .ci/package-check.sh

say "ui: lint (ESLint: types, hooks, feature boundaries)"
npx eslint --max-warnings 0 ui/src tests

say "vitest: the built core as the app loads it, and UI components"
npx vitest run --config ui/vite.config.ts

say "building the UI for the browser tests"
npx vite build --config ui/vite.config.ts --logLevel warn

# The API contract and schemathesis answer with the debug build the Rust tests made (their
# figures are the tests' outcomes, not speeds), while the optimised build goes on beside
# them; the browser tests and the load, fault and budget stages use the optimised build.
export TIDEMARK_BIN="$TARGET_DIR/debug/tidemark"
[ -x "$TIDEMARK_BIN" ] || fail "the Rust tests did not leave the debug server at $TIDEMARK_BIN"

say "the API contract: ui/src/lib/apiSchema.ts against the server's OpenAPI document (.ci/api-types.sh)"
bash .ci/api-types.sh

say "the server alone: from an empty folder, no UI build, no Node.js on the PATH (.ci/server-alone.sh)"
bash .ci/server-alone.sh

say "schemathesis: generated requests against the OpenAPI document"
bash .ci/schemathesis.sh

# The browser tests answer with the optimised build, as the load, fault and budget stages
# after them do: on the debug build they took about 240 s longer (the pages answer slower and
# the server's work takes the cores the browsers need), more than the wait for the optimised
# build at this point on a warm machine.
say "waiting for the optimised build"
wait "$RELEASE_BUILD" || { cat "$RELEASE_LOG"; fail "the optimised build of the server failed"; }
export TIDEMARK_BIN="$TARGET_DIR/test-release/tidemark"

say "playwright: end-to-end in Chromium"
npx playwright test --config tests/e2e/playwright.config.ts

say "load: session calls on SQLite and PostgreSQL (2 s per run; tests/load/sessions.sh for longer)"
DURATION=2 bash tests/load/sessions.sh

say "load: content calls on a small data set at 64 connections (tests/load/content.sh for the 100,000-post set at 1, 16 and 64)"
POSTS=2000 EVENTS=20000 DURATION=2 WARMUP=1 CONNECTIONS="64" bash tests/load/content.sh

# The core's benchmark compiles beside the fault stages, which spend their time waiting; it
# measures at the end, with nothing beside it.
BENCH_LOG="$(mktemp)"
nice -n 19 cargo bench -p tidemark-core --bench core --profile core-bench --no-run --quiet >"$BENCH_LOG" 2>&1 &
BENCH_BUILD=$!

# The fault stages share nothing (the outage has its own PostgreSQL cluster, bucket and relay;
# the kills use the shared server's databases; the fan-out its own database, relay and push
# service) and spend their time waiting: an outage lasts 10 to 20 s, a killed server restarts,
# a fan-out waits for its node to be killed and started again. They run side by side; the
# logs of the two beside the kills are printed when all have ended. Their figures are of a
# shared machine: tests/load/fanout.sh alone measures the fan-out's speed.
say "faults: PostgreSQL, the S3 bucket and the SMTP relay taken away under two nodes (tests/load/outage.sh), beside the next stage"
OUTAGE_LOG="$(mktemp)"
TIDEMARK_STAGES="" bash tests/load/outage.sh >"$OUTAGE_LOG" 2>&1 &
OUTAGE=$!
# The other two fan-out cases (one SQLite node, and one killed and started again) are run by
# hand: bash tests/load/fanout.sh runs all three (docs/notifications.md).
say "fan-out: a post to 100,000 followers on two PostgreSQL nodes, one of them killed (tests/load/fanout.sh), beside the next stage"
FANOUT_LOG="$(mktemp)"
CASES=postgres-two TIDEMARK_STAGES="" bash tests/load/fanout.sh >"$FANOUT_LOG" 2>&1 &
FANOUT=$!
trap '{ kill "$OUTAGE" "$FANOUT" "$BENCH_BUILD" && pkill -P "$OUTAGE" && pkill -P "$FANOUT" || true; } 2>/dev/null; end_release_build; stage_times' EXIT

say "faults: the server killed 20 times under a write load (tests/load/fault.sh)"
bash tests/load/fault.sh

say "faults: waiting for the outage stage"
outage_rc=0
wait "$OUTAGE" || outage_rc=$?
sed 's/^/  outage | /' "$OUTAGE_LOG"
[ "$outage_rc" = 0 ] || fail "tests/load/outage.sh failed (exit $outage_rc)"

say "fan-out: waiting for it"
fanout_rc=0
wait "$FANOUT" || fanout_rc=$?
sed 's/^/  fan-out | /' "$FANOUT_LOG"
[ "$fanout_rc" = 0 ] || fail "tests/load/fanout.sh failed (exit $fanout_rc)"

say "budgets: first load of a post page, LCP and CLS in Lighthouse's mobile lab run, median of 3 (tests/perf/budget.mjs; 5 by default)"
RUNS=3 node tests/perf/budget.mjs

say "benchmarks: time per call of the core's hot rules"
wait "$BENCH_BUILD" || { cat "$BENCH_LOG"; fail "the core's benchmark did not compile"; }
cargo bench -p tidemark-core --bench core --profile core-bench --quiet -- --warm-up-time 1 --measurement-time 3 2>&1 \
  | grep -E "^(detectDevice|stripScripts)|time:|thrpt:"

say "all tests passed"
