#!/usr/bin/env bash
# Runs the source store's tests against a real Postgres server: the store contract (the same tests
# PGlite passes in `npm test`), and 2/4/8 concurrent `sluice read --source` and `sluice sources rotate-key`
# processes on that server and on PGlite, the embedded store (those take minutes of CPU, so they stay out
# of `npm test`).
#
# Uses Debian's postgresql package (installed with apt-get when missing), starts a throw-away cluster
# on a free loopback port (as the postgres user when run as root: Postgres refuses to run as root),
# and removes it afterwards. It never skips: when Postgres cannot be installed or started, it fails
# and says why.
#
#   bash scripts/test-postgres.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "test-postgres: $*" >&2; exit 1; }

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(bindir)" ] || [ ! -x "$(bindir)/initdb" ]; then
  echo "test-postgres: Postgres server binaries not found; installing Debian's postgresql package" >&2
  command -v apt-get >/dev/null || fail "no /usr/lib/postgresql/*/bin/initdb and no apt-get to install it: install PostgreSQL (initdb, pg_ctl) first"
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else fail "installing postgresql needs root (or sudo)"; fi
  $SUDO apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null || fail "apt-get install postgresql failed"
fi
BIN="$(bindir)"
[ -x "$BIN/initdb" ] && [ -x "$BIN/pg_ctl" ] || fail "no initdb/pg_ctl in $BIN after installing postgresql"

# Postgres will not run as root: when root, the cluster belongs to the postgres user the package creates.
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || fail "running as root and there is no postgres user to run the server"
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi

# As root the folder must be one the postgres user can reach: /tmp, not a TMPDIR under /root.
if [ "$(id -u)" = 0 ]; then PGDATA_DIR="$(mktemp -d /tmp/sluice-pg-XXXXXX)"; chown postgres: "$PGDATA_DIR"; else PGDATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sluice-pg-XXXXXX")"; fi
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA_DIR"
}
trap cleanup EXIT

as_owner "$BIN/initdb" -D "$PGDATA_DIR" -U sluice --auth=trust --encoding=UTF8 >/dev/null || fail "initdb failed in $PGDATA_DIR"
as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $PGDATA_DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
  || { cat "$PGDATA_DIR/server.log" >&2 || true; fail "the Postgres server did not start on port $PORT"; }
echo "test-postgres: Postgres $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT, data in $PGDATA_DIR" >&2

export SLUICE_TEST_DATABASE_URL="postgres://sluice@127.0.0.1:$PORT/postgres"
export SLUICE_TEST_PGDATA="$PGDATA_DIR"
node scripts/build.mjs
node scripts/run-tests.mjs test/postgres/*.test.ts
