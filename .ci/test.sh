#!/usr/bin/env bash
# `npm test`: every test of the project, with the figures the issues ask for printed on the
# way (device detection accuracy, wasm size, benchmark times).
export TIDEMARK_STAGES="${TIDEMARK_STAGES:-$(mktemp)}"
source "$(dirname "$0")/lib.sh"
trap stage_times EXIT
say "installing what is missing"
ensure_rust
ensure_wasm_tools
ensure_npm
ensure_chromium
ensure_smtp_server
ensure_s3_server

say "structure: module cycles, handlers, long files, repeated code (.ci/structure.mjs)"
node .ci/structure.mjs

say "self-contained: no file reads outside the repository (.ci/self-contained.mjs)"
node .ci/self-contained.mjs

say "rust: format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p tidemark-core --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p tidemark-core --target wasm32-unknown-unknown --no-default-features --features korean --quiet -- -D warnings

say "rust: the crates' documentation builds with no warning (cargo doc; the server's opens with how to start it in-process)"
RUSTDOCFLAGS="-D warnings" cargo doc -p tidemark-server -p tidemark-core --no-deps --quiet

say "rust: unit, property and integration tests"
cargo test --workspace --quiet -- --skip precision:: --skip scale_out::

say "rust: search precision over generated posts, and two server processes on one database (figures)"
cargo test -p tidemark-server --quiet --test api -- --nocapture --test-threads 1 precision:: scale_out:: 2>&1 |
  grep -vE '^(running [0-9]+ tests?|test [a-z_:]+ \.\.\. ok)$|^$'

say "core: device detection measured against uap-core"
cargo test -p tidemark-core --quiet --test uap_os -- --nocapture 2>&1 | grep -E "uap-core|test result"

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

say "building the UI and the server for the browser tests"
npx vite build --config ui/vite.config.ts --logLevel warn
cargo build -p tidemark-server --bin tidemark --quiet

say "the API contract: ui/src/lib/apiSchema.ts against the server's OpenAPI document (.ci/api-types.sh)"
TIDEMARK_BIN="$TARGET_DIR/debug/tidemark" bash .ci/api-types.sh

say "the server alone: from an empty folder, no UI build, no Node.js on the PATH (.ci/server-alone.sh)"
bash .ci/server-alone.sh

say "schemathesis: generated requests against the OpenAPI document"
bash .ci/schemathesis.sh

say "playwright: end-to-end in Chromium"
export TIDEMARK_BIN="$TARGET_DIR/debug/tidemark"
npx playwright test --config tests/e2e/playwright.config.ts

say "benchmarks: time per call of the core's hot rules"
cargo bench -p tidemark-core --bench core --quiet -- --warm-up-time 1 --measurement-time 3 2>&1 \
  | grep -E "^(detectDevice|stripScripts)|time:|thrpt:"

say "load: session calls on SQLite and PostgreSQL (2 s per run; tests/load/sessions.sh for longer)"
DURATION=2 bash tests/load/sessions.sh

say "load: content calls on a small data set (tests/load/content.sh for the 100,000-post set)"
POSTS=2000 EVENTS=20000 DURATION=2 bash tests/load/content.sh

say "faults: the server killed 20 times under a write load (tests/load/fault.sh)"
bash tests/load/fault.sh

say "faults: PostgreSQL, the S3 bucket and the SMTP relay taken away under two nodes (tests/load/outage.sh)"
TIDEMARK_BIN="$TARGET_DIR/release/tidemark" bash tests/load/outage.sh

say "fan-out: a post to 100,000 followers on SQLite (once killed), and on two PostgreSQL nodes with one killed (tests/load/fanout.sh)"
TIDEMARK_BIN="$TARGET_DIR/release/tidemark" bash tests/load/fanout.sh

say "budgets: first load of a post page, LCP and CLS in Lighthouse's mobile lab run (tests/perf/budget.mjs)"
TIDEMARK_BIN="$TARGET_DIR/release/tidemark" node tests/perf/budget.mjs

say "all tests passed"
