#!/usr/bin/env bash
# The UI's types of the HTTP API, generated from the server's OpenAPI document
# (`tidemark openapi`) by openapi-typescript into ui/src/lib/apiSchema.ts, which is committed.
#   bash .ci/api-types.sh           fails when the committed file differs from the document
#   bash .ci/api-types.sh --write   writes it (`npm run api:types`, after changing the API)
# BIN: the server binary (TIDEMARK_BIN, else this tree's debug build, built when missing).
source "$(dirname "$0")/lib.sh"
ensure_ci_tools
BIN="${TIDEMARK_BIN:-$TARGET_DIR/debug/tidemark}"
if [ -z "${TIDEMARK_BIN:-}" ]; then cargo build -p tidemark-server --bin tidemark --quiet; fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$BIN" openapi >"$WORK/openapi.json"
"$ROOT/.ci/tools/node_modules/.bin/openapi-typescript" "$WORK/openapi.json" -o "$WORK/generated.ts" --root-types --root-types-no-schema-prefix --enum-values >/dev/null
{
  printf '// Generated from the server'"'"'s OpenAPI document by openapi-typescript (.ci/api-types.sh): do\n'
  printf '// not edit. After changing the API, run `npm run api:types` and commit this file.\n'
  cat "$WORK/generated.ts"
} >"$WORK/apiSchema.ts"
TARGET="$ROOT/ui/src/lib/apiSchema.ts"
if [ "${1:-}" = "--write" ]; then
  cp "$WORK/apiSchema.ts" "$TARGET"
  echo "wrote ui/src/lib/apiSchema.ts ($(wc -l <"$TARGET") lines)"
elif ! diff -u "$TARGET" "$WORK/apiSchema.ts" >"$WORK/diff.txt"; then
  head -60 "$WORK/diff.txt"
  fail "ui/src/lib/apiSchema.ts differs from the server's OpenAPI document: run npm run api:types and commit it (and fix what the UI's types check then finds)"
else
  echo "ui/src/lib/apiSchema.ts matches the server's OpenAPI document"
fi
