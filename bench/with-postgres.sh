#!/usr/bin/env bash
# Runs a command against a private, throw-away PostgreSQL cluster (as .ci/run does), e.g.
#   bash bench/with-postgres.sh npm run bench:timesheet
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PG_ROOT=$(mktemp -d /tmp/timbro-bench-pg.XXXXXX)
PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
mkdir -p "$PG_ROOT/data" "$PG_ROOT/sock"
chown -R postgres:postgres "$PG_ROOT"
chmod 700 "$PG_ROOT/data"
stop_pg() {
  su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D $PG_ROOT/data -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$PG_ROOT"
}
trap stop_pg EXIT
su postgres -s /bin/sh -c "$PG_BIN/initdb -D $PG_ROOT/data --auth=trust -U postgres -E UTF8 --locale=C.UTF-8" >/dev/null
su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D $PG_ROOT/data -o \"-p $PG_PORT -k $PG_ROOT/sock -c listen_addresses=127.0.0.1\" -l $PG_ROOT/server.log -w start" >/dev/null
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres" "$@"
