#!/usr/bin/env bash
# Makes sure the Python that Sluice's Python components run on is here, with the modules the kit's
# connectors import: Debian's python3 and python3-requests, -dateutil, -pendulum, -isodate, -backoff
# (installed with apt-get when /usr/bin/python3 is missing or cannot import one of them). `.ci/run`
# calls it before `npm test`; the Python suites (test/e2e/python/, test/core/python-bridge/) need it.
# It never skips: when Python cannot be installed, it fails and says why.
#
#   bash scripts/install-python.sh
set -euo pipefail

fail() { echo "install-python: $*" >&2; exit 1; }

PACKAGES="python3 python3-requests python3-dateutil python3-pendulum python3-isodate python3-backoff"
has_all() { [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import sys, requests, dateutil, pendulum, isodate, backoff; assert sys.version_info >= (3, 10)" 2>/dev/null; }

if ! has_all; then
  echo "install-python: installing Debian's $PACKAGES" >&2
  command -v apt-get >/dev/null || fail "no /usr/bin/python3 with requests, dateutil, pendulum, isodate and backoff, and no apt-get to install them"
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else fail "installing python3 needs root (or sudo)"; fi
  $SUDO apt-get update -qq || fail "apt-get update failed"
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $PACKAGES >/dev/null || fail "apt-get install $PACKAGES failed"
fi
has_all || fail "/usr/bin/python3 still lacks Python 3.10+ or one of requests, dateutil, pendulum, isodate, backoff"
echo "install-python: $(/usr/bin/python3 --version) with requests, dateutil, pendulum, isodate, backoff" >&2
