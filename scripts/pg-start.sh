#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on a free loopback port and prints shell lines to eval:
#   eval "$(scripts/pg-start.sh)"   → SOTUBE_TEST_POSTGRES_URL, SOTUBE_PG_DIR
# Stop it with scripts/pg-stop.sh. initdb refuses root, so as root it runs as the postgres user.
# 500 connections: the Swift suites open a pool per test database at once (203 were seen at a time).
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -x $bin/initdb ]] || { echo "pg-start: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d /tmp/sotube-pg.XXXXXX)
as=()
if [[ $(id -u) == 0 ]]; then
  chown postgres:postgres "$dir"
  as=(runuser -u postgres --)
fi
"${as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
echo "export SOTUBE_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export SOTUBE_PG_DIR=$dir"
