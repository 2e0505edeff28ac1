#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: `start DIR` initialises a cluster in a fresh
# temporary folder with Debian's PostgreSQL binaries, starts it on a free port on 127.0.0.1 and
# writes its address to DIR/address (a libpq URI the tests read); `stop DIR` stops it and removes
# the cluster. ctest runs both as a fixture, so every test that needs a server has one.
# `crash-restart DIR` stops the server as a power cut would (immediate: no checkpoint, every
# transaction under way cut off) and starts it again on the same port, recovering from its WAL.
# PostgreSQL refuses to run as root: as root the server runs as the `postgres` user.
set -euo pipefail

action=${1:?usage: pg-test-server.sh start|stop|crash-restart DIR}
dir=${2:?usage: pg-test-server.sh start|stop|crash-restart DIR}
mkdir -p "$dir"
state="$dir/cluster"   # holds the path of the temporary cluster folder

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "pg-test-server: no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi

as_server() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  [ -f "$state" ] || return 0
  local data
  data=$(cat "$state")
  if [ -d "$data/db" ]; then
    as_server "$bindir/pg_ctl" -D "$data/db" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$data"
  rm -f "$state" "$dir/address" "$dir/port"
}

start_on() {
  as_server "$bindir/pg_ctl" -D "$1/db" -l "$1/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $2 -k $1 -c fsync=on -c max_connections=40" start >/dev/null
}

case "$action" in
start)
  stop  # a server left by an interrupted run
  data=$(mktemp -d /tmp/umpire-pg-test.XXXXXX)
  echo "$data" > "$state"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$data"
  as_server "$bindir/initdb" -D "$data/db" -U umpire --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  # Every user is trusted but one: umpire_pw (made by the tests that need it) must give its
  # password, as on a real server, so a connection that loses its password on the way fails.
  { echo "host all umpire_pw 127.0.0.1/32 scram-sha-256"; cat "$data/db/pg_hba.conf"; } >"$data/hba.tmp"
  mv "$data/hba.tmp" "$data/db/pg_hba.conf"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$data/db/pg_hba.conf"
  # A port picked at random above the well-known ones; taken already, the start fails and another
  # is tried (two builds testing at once each get their own server).
  for attempt in 1 2 3 4 5 6 7 8; do
    port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
    if start_on "$data" "$port"; then
      echo "$port" > "$dir/port"
      echo "postgresql://umpire@127.0.0.1:$port/postgres" > "$dir/address"
      echo "pg-test-server: PostgreSQL $(basename "$(dirname "$bindir")") on 127.0.0.1:$port"
      exit 0
    fi
  done
  cat "$data/server.log" >&2 || true
  stop
  exit 1
  ;;
crash-restart)
  data=$(cat "$state")
  as_server "$bindir/pg_ctl" -D "$data/db" -m immediate -w stop >/dev/null
  start_on "$data" "$(cat "$dir/port")" || { tail -n 20 "$data/server.log" >&2; exit 1; }
  ;;
stop)
  stop
  ;;
*)
  echo "usage: pg-test-server.sh start|stop|crash-restart DIR" >&2
  exit 2
  ;;
esac
