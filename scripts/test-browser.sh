#!/usr/bin/env bash
# Runs the browser suite (test/browser/: the Builder's page and the OAuth consent page in a real
# headless Chromium, driven by playwright-core), outside `npm test`.
#
# Uses Debian's chromium package (installed with apt-get when missing, as scripts/test-postgres.sh
# installs postgresql); Playwright never downloads a browser. It never skips: when Chromium cannot be
# installed or started, it fails and says why. CHROMIUM=/path/to/chromium uses another build.
#
#   bash scripts/test-browser.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "test-browser: $*" >&2; exit 1; }

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "test-browser: $CHROMIUM not found; installing Debian's chromium package" >&2
  command -v apt-get >/dev/null || fail "no $CHROMIUM and no apt-get to install it: install Chromium, or set CHROMIUM"
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else fail "installing chromium needs root (or sudo)"; fi
  $SUDO apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null || fail "apt-get install chromium failed"
fi
[ -x "$CHROMIUM" ] || fail "no $CHROMIUM after installing chromium"
echo "test-browser: $("$CHROMIUM" --version 2>/dev/null | head -n 1)" >&2
export CHROMIUM

node scripts/build.mjs
node scripts/run-tests.mjs test/browser/*.test.ts
