# Shared by start.sh, test.sh and build-core.sh: installs what is missing, says what it does.
# Every step is idempotent: a second run finds everything in place and moves on.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
# CI keeps Cargo's build output outside the clone so repeated runs reuse it.
if [ "${CI:-}" = "true" ] && [ -z "${CARGO_TARGET_DIR:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/tidemark/target"
fi
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
WASM_PACK_VERSION="0.15.1"

# Every step says what it does and when, counted from the start of the command (child scripts
# share the start); with TIDEMARK_STAGES set, each step is also written there, so the command
# can print how long each stage took (`stage_times`).
export TIDEMARK_T0="${TIDEMARK_T0:-$(date +%s)}"
say() {
  local now elapsed
  now="$(date +%s)"
  elapsed=$((now - TIDEMARK_T0))
  printf '\033[1;34m==>\033[0m [%d:%02d] %s\n' $((elapsed / 60)) $((elapsed % 60)) "$*"
  if [ -n "${TIDEMARK_STAGES:-}" ]; then printf '%s\t%s\n' "$now" "$*" >>"$TIDEMARK_STAGES"; fi
}
# The time each stage took, longest first.
stage_times() {
  [ -n "${TIDEMARK_STAGES:-}" ] && [ -s "$TIDEMARK_STAGES" ] || return 0
  printf '\nstage times (total %ds):\n' $(($(date +%s) - TIDEMARK_T0))
  awk -F '\t' -v end="$(date +%s)" '
    { t[NR] = $1; name[NR] = $2 }
    END { for (i = 1; i <= NR; i++) { next_t = (i < NR) ? t[i + 1] : end; printf "%6ds  %s\n", next_t - t[i], name[i] } }
  ' "$TIDEMARK_STAGES" | sort -rn
}
fail() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = "0" ]; }
# For the load and fault suites: a port nothing listens on, the time in milliseconds, and a
# wait for a process to listen.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
now_ms() { date +%s%3N; }
# BIN: the server binary a suite measures, TIDEMARK_BIN when set (an earlier commit's build,
# for a before-and-after on one machine), else this tree's release build.
release_bin() {
  if [ -n "${TIDEMARK_BIN:-}" ]; then
    BIN="$TIDEMARK_BIN"
    say "measuring $BIN"
  else
    say "building the server (release)"
    cargo build --release -p tidemark-server --bin tidemark --quiet
    BIN="$TARGET_DIR/release/tidemark"
  fi
}
# moto's S3 server on PORT with BUCKET made, its process added to PIDS.
start_s3() { # port bucket log
  python3 -m moto.server -H 127.0.0.1 -p "$1" >"$3" 2>&1 &
  PIDS+=($!)
  wait_port "$1" "moto's S3 server"
  curl -sf -X PUT "http://127.0.0.1:$1/$2" >/dev/null || fail "the bucket $2 was not created"
}
wait_port() { # port what
  for _ in $(seq 1 300); do
    python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return
    sleep 0.1
  done
  fail "$2 did not start on port $1"
}

apt_install() {
  if ! is_root; then
    fail "missing: $* — install it with: sudo apt-get install -y $*"
  fi
  say "installing Debian packages: $*"
  if [ ! -f /tmp/.tidemark-apt-updated ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && touch /tmp/.tidemark-apt-updated
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_rust() {
  command -v cargo >/dev/null || fail "cargo is missing: install Rust with rustup (https://rustup.rs)"
  # rust-toolchain.toml pins the toolchain; rustup installs it (and its wasm target) on first use.
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# The wasm-bindgen CLI must match the wasm-bindgen crate in Cargo.lock exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}

ensure_wasm_tools() {
  local want have
  want="$(wasm_bindgen_version)"
  [ -n "$want" ] || fail "wasm-bindgen is not in Cargo.lock"
  have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$have" != "$want" ]; then
    say "installing wasm-bindgen-cli $want (a few minutes, once)"
    # Not --locked: its lock file may name a dependency version the registry no longer serves.
    # --debug: the tools compile in about half the time, and turn one small module into
    # JavaScript just as fast (docs/first-start.md); without debug information, which nobody
    # reads, they compile and link faster still. No default features: those are the TLS of its
    # test runner's downloads (rustls with ring's C and assembly), which the build never uses.
    CARGO_PROFILE_DEV_DEBUG=false cargo install wasm-bindgen-cli --version "$want" --force --debug --no-default-features
  fi
  have="$(wasm-pack --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$have" != "$WASM_PACK_VERSION" ]; then
    say "installing wasm-pack $WASM_PACK_VERSION (a few minutes, once)"
    CARGO_PROFILE_DEV_DEBUG=false cargo install wasm-pack --version "$WASM_PACK_VERSION" --force --debug
  fi
}

ensure_npm() {
  command -v npm >/dev/null || fail "node and npm are missing: install Node.js 20 or newer"
  # The ESLint workspace (.ci/eslint) keeps its own TypeScript in its own node_modules.
  if [ ! -d node_modules ] || [ ! -d .ci/eslint/node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm packages"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# A real SMTP server process for the mail tests (aiosmtpd from PyPI).
# .ci/tools: the tools that run with their own TypeScript 5 (API Extractor, TypeDoc,
# openapi-typescript) and a second Node.js release, from their lock file.
ensure_ci_tools() {
  local tools="$ROOT/.ci/tools"
  if [ ! -x "$tools/node_modules/.bin/openapi-typescript" ] || [ "$tools/package-lock.json" -nt "$tools/node_modules/.package-lock.json" ]; then
    say "installing the test command's own tools into .ci/tools (API Extractor, TypeDoc, openapi-typescript, Node.js 22)"
    npm ci --prefix "$tools" --no-audit --no-fund --loglevel error
  fi
}

ensure_smtp_server() {
  command -v python3 >/dev/null || fail "python3 is missing: the mail tests run a real SMTP server (aiosmtpd)"
  if ! python3 -c "import aiosmtpd" 2>/dev/null; then
    say "installing aiosmtpd (the SMTP server of the mail tests)"
    python3 -m pip install --quiet --disable-pip-version-check aiosmtpd \
      || fail "cannot install aiosmtpd: run python3 -m pip install aiosmtpd"
  fi
}

# A local S3-compatible server for the object-storage tests (moto's server from PyPI).
ensure_s3_server() {
  if ! python3 -c "import moto.server, flask" 2>/dev/null; then
    say "installing moto's S3 server (the object-storage tests)"
    python3 -m pip install --quiet --disable-pip-version-check "moto[server]" \
      || fail "cannot install moto: run python3 -m pip install 'moto[server]'"
  fi
}

# schemathesis (PyPI) for the property-based API tests.
ensure_schemathesis() {
  if ! command -v schemathesis >/dev/null 2>&1; then
    say "installing schemathesis (property-based API tests)"
    python3 -m pip install --quiet --disable-pip-version-check schemathesis \
      || fail "cannot install schemathesis: run python3 -m pip install schemathesis"
  fi
}

ensure_chromium() {
  export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ ! -x "$CHROMIUM_PATH" ]; then
    apt_install chromium
  fi
  if ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
    apt_install fonts-noto-cjk
  fi
}
