#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server.
# If TEST_DATABASE_URL is already set, that server is used. Otherwise a throwaway cluster is made in a
# temporary folder from the machine's PostgreSQL binaries, started on a free loopback port, and removed
# afterwards. (As root, the cluster runs as the 'postgres' system user, since PostgreSQL refuses root.)
set -euo pipefail

if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

bindir=""
if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then bindir=$(pg_config --bindir); fi
if [ -z "$bindir" ]; then
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bindir=$d; done
fi
if [ -z "$bindir" ]; then
  echo "PostgreSQL server binaries not found. Install them (Debian: apt-get install postgresql) or set TEST_DATABASE_URL." >&2
  exit 1
fi

run_as=()
if [ "$(id -u)" = 0 ]; then run_as=(runuser -u postgres --); fi

dir=$(mktemp -d /tmp/brokerdesk-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
[ "$(id -u)" = 0 ] && chown postgres "$dir"

cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${run_as[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
# Tests make and drop a database per file; durability does not matter for a throwaway cluster.
"${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
# The restore drill's pg_dump and pg_restore: the cluster's own version.
export PG_BINDIR="$bindir"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') for tests on port $port"
"$@"
