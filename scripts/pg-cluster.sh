#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: trust auth, 127.0.0.1 only, on a free port, fsync off.
#
#   scripts/pg-cluster.sh [start [DIR]]   initdb + start; prints postgres://postgres@127.0.0.1:<port>/postgres
#                                         on stdout (nothing else); DIR (default: a new temp dir) must be
#                                         missing or empty and holds the data, the socket, the log and `url`.
#   scripts/pg-cluster.sh stop DIR        stops that cluster and removes DIR (DIR or DIR/data).
#
# As root the server runs as the unprivileged user `postgres` (Debian's package creates it; PG_USER to
# change); as anyone else it runs as that user, who must be able to run initdb. The binaries are found on
# PATH, else in the newest /usr/lib/postgresql/*/bin; PG_BIN overrides. Needs no stdin.
set -euo pipefail
exec </dev/null

say() { echo "pg-cluster: $*" >&2; }
die() {
  say "$*"
  exit 1
}

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then
    echo "$PG_BIN"
  elif command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
  else
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    [ -n "$newest" ] || die "no PostgreSQL binaries (initdb, pg_ctl): install postgresql or set PG_BIN"
    echo "$newest"
  fi
}

# Runs a command as the cluster's user, from a directory that user can read.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$DIR" && runuser -u "$PG_USER" -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    port_in_use "$port" || {
      echo "$port"
      return
    }
  done
  die "no free port found"
}

start() {
  BIN=$(find_bin)
  [ -x "$BIN/initdb" ] && [ -x "$BIN/pg_ctl" ] || die "initdb or pg_ctl missing in $BIN"
  PG_USER=${PG_USER:-postgres}
  if [ -n "${1:-}" ]; then
    DIR=$1
    mkdir -p "$DIR"
    [ -z "$(ls -A "$DIR")" ] || die "$DIR is not empty"
  else
    DIR=$(mktemp -d "${TMPDIR:-/tmp}/pg-cluster.XXXXXX")
  fi
  DIR=$(cd "$DIR" && pwd)
  touch "$DIR/.pg-cluster"
  # Whatever fails from here on leaves nothing running and nothing behind.
  trap 'status=$?; [ "$status" -eq 0 ] || stop "$DIR" >/dev/null 2>&1 || true' EXIT
  if [ "$(id -u)" -eq 0 ]; then
    id -u "$PG_USER" >/dev/null 2>&1 || die "running as root, but there is no user '$PG_USER' to run PostgreSQL as"
    chown -R "$PG_USER:" "$DIR"
    chmod 0755 "$DIR" # the user must reach it even when DIR's parent is private
  fi
  as_owner mkdir -m 0700 "$DIR/data" "$DIR/sock"
  as_owner "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$DIR/initdb.log" 2>&1 ||
    {
      cat "$DIR/initdb.log" >&2
      die "initdb failed"
    }
  as_owner tee -a "$DIR/data/postgresql.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR/sock'
max_connections = 300
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  local port
  for _ in 1 2 3 4 5; do
    port=$(free_port)
    if as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -o "-p $port" -w -t 60 start >/dev/null 2>&1; then
      local url="postgres://postgres@127.0.0.1:$port/postgres"
      as_owner "$BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30 || die "started on port $port but not ready"
      echo "$url" >"$DIR/url"
      say "PostgreSQL on port $port, data in $DIR (stop with: $0 stop $DIR)"
      echo "$url"
      return
    fi
    # Another process may have taken the port between the check and the start: try another one.
    say "start on port $port failed; retrying"
  done
  tail -n 20 "$DIR/log" >&2 || true
  die "PostgreSQL did not start (log above)"
}

stop() {
  [ -n "${1:-}" ] || die "usage: $0 stop DIR"
  DIR=$(cd "$1" && pwd) || die "no directory $1"
  [ -f "$DIR/.pg-cluster" ] || { [ -f "$DIR/../.pg-cluster" ] && DIR=$(cd "$DIR/.." && pwd); } ||
    die "$1 is not a directory made by $0"
  BIN=$(find_bin)
  PG_USER=${PG_USER:-postgres}
  if [ -f "$DIR/data/postmaster.pid" ]; then
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || say "pg_ctl stop failed"
  fi
  rm -rf "$DIR"
}

case "${1:-start}" in
  start)
    shift || true
    start "${1:-}"
    ;;
  stop) stop "${2:-}" ;;
  *) die "usage: $0 [start [DIR]] | stop DIR" ;;
esac
