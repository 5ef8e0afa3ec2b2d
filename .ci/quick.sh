#!/usr/bin/env bash
# `npm run quick [-- AREA…]`: the checks a small mend needs, in minutes on a warm machine,
# before the whole test command: format, lints, structure, the unit tests of every crate, the
# UI's types, lint and unit tests, the API contract, and for each AREA named its API tests and
# its browser tests (AREA is a module of server/tests/api, e.g. `search`, `business`, and a
# spec of tests/e2e of that name when there is one). It is not the test command: a change is
# done when `npm test` passes.
export TIDEMARK_STAGES="${TIDEMARK_STAGES:-$(mktemp)}"
source "$(dirname "$0")/lib.sh"
trap stage_times EXIT
cd "$ROOT"

say "format, structure, self-contained"
cargo fmt --all --check
node .ci/structure.mjs >/dev/null
node .ci/self-contained.mjs

say "rust: lints and unit tests (every crate's own tests, no API suite)"
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo test --workspace --lib --quiet

say "ui: types, lint, unit tests"
npx tsc -p ui/tsconfig.json --noEmit
npx tsc -p tests/e2e/tsconfig.json --noEmit
npx eslint --max-warnings 0 ui/src tests
npx vitest run --config ui/vite.config.ts

say "the API contract (.ci/api-types.sh)"
cargo build -p tidemark-server --bin tidemark --quiet
TIDEMARK_BIN="$TARGET_DIR/debug/tidemark" bash .ci/api-types.sh

for area in "$@"; do
  say "$area: its API tests (server/tests/api, both databases)"
  cargo test --workspace --quiet --test api -- "$area::"
  if [ -f "tests/e2e/$area.spec.ts" ]; then
    say "$area: its browser tests (tests/e2e/$area.spec.ts)"
    npx vite build --config ui/vite.config.ts --logLevel warn
    TIDEMARK_BIN="$TARGET_DIR/debug/tidemark" npx playwright test --config tests/e2e/playwright.config.ts "$area" --no-deps --reporter=line
  fi
done
say "quick checks passed (the test command, npm test, is what says a change is done)"
