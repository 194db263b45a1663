#!/usr/bin/env bash
# Browser end-to-end test: serves the project with `mournival serve` on a free loopback port,
# waits until it answers, runs run.mjs and then audit.mjs (axe-core, screenshots) against it in
# Chromium, and stops the server.
#
# Needs: target/release/mournival (cargo build --release), node, `npm install --ignore-scripts`
# in this folder, and /usr/bin/chromium. Environment:
#   MOURNIVAL   the binary (default: target/release/mournival)
#   SCREENSHOT  where run.mjs saves its screenshot (default: tests/e2e/screenshot.png)
#   SHOTS       where audit.mjs saves its screenshots and PDF (default: tests/e2e/shots/)
#   AUDIT_ONLY  axe, shots or all (the default): what audit.mjs runs
#   ENGINE_FUZZ random deals per game engine.mjs plays in both (default 25); ENGINE_SEED the first seed
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${MOURNIVAL:-$root/target/release/mournival}"

[[ -x "$bin" ]] || { echo "e2e: $bin is missing; run cargo build --release first" >&2; exit 2; }
[[ -d "$here/node_modules/playwright-core" ]] || { echo "e2e: run npm install --ignore-scripts in $here first" >&2; exit 2; }

# The search page's ranking and snippets, without a browser.
node --test "$here/search.test.mjs"

work="$(mktemp -d)"
server=""
stop() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT

# Port 0: the server picks a free port and prints its URL. The site goes to a scratch folder, so
# the project's own site/ is left alone.
"$bin" --root "$root" serve --port 0 --out "$work/site" >"$work/serve.log" 2>&1 &
server=$!

fail() {
  echo "e2e: $1" >&2
  echo "--- mournival serve said:" >&2
  cat "$work/serve.log" >&2
  exit 1
}

url=""
for _ in $(seq 1 300); do   # 30 s at most
  url="$(grep -o -m1 'http://127\.0\.0\.1:[0-9]*/' "$work/serve.log" || true)"
  [[ -n "$url" ]] && break
  kill -0 "$server" 2>/dev/null || fail "the server stopped before it printed its URL"
  sleep 0.1
done
[[ -n "$url" ]] || fail "no URL printed within 30 s"

# Wait until it answers an HTTP request (bash's /dev/tcp: no curl needed). The subshell keeps the
# connection's file descriptor and the silenced errors to itself.
port="${url##*:}"; port="${port%/}"
status_line() (
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
  IFS= read -r -t 5 line <&3
  printf '%s' "${line%$'\r'}"
)
answered=""
for _ in $(seq 1 100); do   # 10 s at most
  answered="$(status_line 2>/dev/null || true)"
  [[ "$answered" == HTTP/* ]] && break
  answered=""
  sleep 0.1
done
[[ -n "$answered" ]] || fail "$url did not answer within 10 s"
echo "e2e: mournival serve answers at $url ($answered)"

SITE_URL="$url" node "$here/run.mjs" || fail "run.mjs failed"
# The engine in the page against the CLI: Edit this deal, flips, the playground.
SITE_URL="$url" node "$here/editor.mjs" || fail "editor.mjs failed"
SITE_URL="$url" node "$here/settle.mjs" || fail "settle.mjs failed"
# Same answers everywhere: every bundled scenario and random deals, the engine in Chromium against
# `mournival check --format json`.
SITE_URL="$url" MOURNIVAL="$bin" node "$here/engine.mjs" || fail "engine.mjs failed"
SITE_URL="$url" node "$here/audit.mjs" || fail "audit.mjs failed"
