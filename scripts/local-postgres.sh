#!/usr/bin/env bash
# A PostgreSQL 15 cluster for development and tests, kept in .local/postgres/ (git-ignored) on a
# non-default port, reused across runs. Installs PostgreSQL from Debian's packages if missing.
#
#   scripts/local-postgres.sh start            start (creating the cluster on first use)
#   scripts/local-postgres.sh stop             stop it
#   scripts/local-postgres.sh createdb NAME    create database NAME unless it exists
#
# Only loopback TCP, trust authentication: nothing but this machine can reach it.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$PWD"
PORT="${STAFFBOOK_PG_PORT:-54329}"
BASE="$ROOT/.local/postgres"
DATA="$BASE/data"
LOG="$BASE/server.log"
SUPERUSER=staffbook

find_bin() {
  for dir in /usr/lib/postgresql/15/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
  fi
}

PGBIN="$(find_bin || true)"
if [ -z "$PGBIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL 15 is not installed; run: sudo apt-get install -y postgresql-15" >&2
    exit 1
  fi
  echo "Installing PostgreSQL 15 from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 postgresql-client-15 >/dev/null
  PGBIN="$(find_bin)"
fi

# initdb refuses to run as root: as root, the cluster belongs to the postgres user.
if [ "$(id -u)" -eq 0 ]; then
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi

prepare_dir() {
  mkdir -p "$BASE"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$BASE"
    # The postgres user must be able to reach the folder (a clone under a private temporary
    # directory is not): open the way with the search bit only, never read access.
    local dir="$BASE"
    while ! runuser -u postgres -- test -x "$BASE" && [ "$dir" != "/" ]; do
      dir="$(dirname "$dir")"
      chmod o+x "$dir"
    done
  fi
}

is_running() {
  [ -f "$DATA/postmaster.pid" ] && as_owner "$PGBIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

psql_admin() {
  "$PGBIN/psql" -X -q -h 127.0.0.1 -p "$PORT" -U "$SUPERUSER" -d postgres -v ON_ERROR_STOP=1 "$@"
}

start() {
  prepare_dir
  if [ ! -f "$DATA/PG_VERSION" ]; then
    echo "Creating a PostgreSQL cluster in $DATA (port $PORT)…"
    as_owner "$PGBIN/initdb" -D "$DATA" -U "$SUPERUSER" --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if ! is_running; then
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
      echo "Port $PORT is taken by another server; run with PG_PORT=<free port>." >&2
      exit 1
    fi
    # Durability is off (a throwaway cluster); 1,000 connections: the whole test suite runs at
    # once, each test with its own app and pool. random_page_cost 1.1: the data is in memory, where
    # an index probe is not four sequential reads (docs/operations.md; docs/performance-history.md).
    as_owner "$PGBIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 30 start -o \
      "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=1000 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c random_page_cost=1.1" \
      >/dev/null
    echo "PostgreSQL is listening on 127.0.0.1:$PORT (log: $LOG)."
  fi
}

case "${1:-start}" in
  start) start ;;
  stop) is_running && as_owner "$PGBIN/pg_ctl" -D "$DATA" -w stop -m fast >/dev/null; echo "PostgreSQL stopped." ;;
  createdb)
    start
    name="${2:?database name}"
    if [ -z "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'")" ]; then
      "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$SUPERUSER" "$name"
    fi
    ;;
  *) echo "usage: $0 start|stop|createdb NAME" >&2; exit 2 ;;
esac
