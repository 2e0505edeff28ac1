#!/usr/bin/env bash
# `umpire host` against a real server of its own: a sample battle hosted on a free port from a
# temporary data folder, played through the printed address over TLS with the printed password
# (a wrong one refused, a connection without TLS from the network refused), stopped (the address
# then refuses), started again with the battle and its journal whole, and bad input refused.
# PostgreSQL refuses to run as root: as root, `umpire host` runs as the `postgres` user, and
# `umpire host` as root itself must say why it cannot (exit 1). The server is stopped at the end,
# whatever happened. While it serves, the desk's View > Other umpires is asked what it shows for
# the battle (DESK_TESTS: the desk's server tests, whose hidden case checks it against what
# `umpire host` printed).
#
#   host_command.sh SOURCE_DIR UMPIRE_BINARY DESK_TESTS
set -uo pipefail

source_dir=$(cd "$1" && pwd)
umpire=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
desk_tests=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/umpire-host.XXXXXX")
chmod 755 "$work"

as_host() {  # `umpire host` and the files it reads, as the user that may run a server
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- env XDG_DATA_HOME="$work/data" "$@"
  else env XDG_DATA_HOME="$work/data" "$@"; fi
}
cleanup() {
  [ -d "$work/data/umpire/server" ] && as_host "$umpire" host --stop >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
[ "$(id -u)" -eq 0 ] && chown postgres: "$work"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect() {  # expect CODE DESCRIPTION COMMAND...: runs it, output in $work/out
  local code=$1 what=$2; shift 2
  "$@" >"$work/out" 2>&1
  local got=$?
  if [ "$got" -ne "$code" ]; then fail "$what: exit $got, not $code"; sed 's/^/  | /' "$work/out"; fi
}

as_host "$umpire" new --roster "$source_dir/rosters/macduff-kotal-pass.toml" -o "$work/kotal.umpire" >/dev/null ||
  { echo "FAIL: umpire new"; exit 1; }

# A free port: one picked at random, another when the first is taken (exit 2 says so).
hosted=0
for attempt in 1 2 3 4 5 6 7 8; do
  port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
  as_host "$umpire" host "$work/kotal.umpire" --port "$port" >"$work/hosted" 2>&1
  code=$?
  if [ "$code" -eq 0 ]; then hosted=1; break; fi
  grep -q "in use" "$work/hosted" || break
done
if [ "$hosted" -ne 1 ]; then echo "FAIL: umpire host (exit $code)"; cat "$work/hosted"; exit 1; fi
cat "$work/hosted"

address=$(sed -n 's/^  kotal: //p' "$work/hosted")
password=$(sed -n 's/^Password for the other umpires: //p' "$work/hosted")
[ -n "$address" ] && [ -n "$password" ] || { echo "FAIL: no address or password printed"; exit 1; }
[[ "$address" == *":$port/"*"sslmode=require"* ]] || fail "the address $address is not on port $port with TLS required"
grep -q "PGPASSWORD=$password umpire show '$address'" "$work/hosted" || fail "no command for the other umpires"

# The desk that opened the battle here (as the user who hosts it) shows the others the printed
# address and password.
expect 0 "the desk's Other umpires" as_host env UMPIRE_HOSTED_FOLDER="$work/data/umpire/server" UMPIRE_HOSTED_PORT="$port" \
  UMPIRE_HOSTED_PASSWORD="$password" UMPIRE_HOSTED_ADDRESS="$address" \
  "$desk_tests" "other umpires: a battle hosted on this laptop shows its network address and the umpires' password"
grep -q "All tests passed" "$work/out" || { fail "the desk's Other umpires: not run"; sed 's/^/  | /' "$work/out"; }

# Another umpire, through the printed address: TLS, the password.
expect 0 "show through the address" env PGPASSWORD="$password" "$umpire" show "$address"
grep -q "Action at the Kotal Pass" "$work/out" || fail "show did not show the battle"
expect 0 "apply through the address" env PGPASSWORD="$password" "$umpire" apply "$address" rally \
  --unit "Afridi Marksmen" --dice 5
expect 1 "a wrong password" env PGPASSWORD=wrong "$umpire" show "$address"
grep -q "password authentication failed" "$work/out" || fail "a wrong password was not refused as such"
host=$(sed 's|^postgresql://umpire@\([^:]*\):.*|\1|' <<<"$address")
if ! command -v psql >/dev/null; then
  fail "no psql to ask the server whether the connection is over TLS (Debian's postgresql-client)"
else
  tls=$(PGPASSWORD="$password" psql "postgresql://umpire@$host:$port/umpire?sslmode=require" -XAtc \
        "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()" 2>&1)
  [ "$tls" = t ] || fail "the connection is not over TLS: $tls"
  if [ "$host" != 127.0.0.1 ] && [ "$host" != localhost ]; then
    PGPASSWORD="$password" psql "postgresql://umpire@$host:$port/umpire?sslmode=disable" -XAtc "SELECT 1" \
      >"$work/out" 2>&1 && fail "a connection without TLS from the network was let in"
  fi
fi

# Hosting again while it runs: nothing copied twice, the same address; a second battle its own name.
expect 0 "host again" as_host "$umpire" host "$work/kotal.umpire"
grep -q "was on it already" "$work/out" || fail "hosting again did not say the battle was there"
expect 0 "a second battle" as_host "$umpire" host "$work/kotal.umpire" --name kotal-b
grep -q "^  kotal-b: " "$work/out" || fail "the second battle is not listed"

# Bad input: nothing changed, exit 2.
expect 2 "no such file" as_host "$umpire" host "$work/missing.umpire"
grep -q "no such battle file" "$work/out" || fail "no such file: not said"
expect 2 "another --port while running" as_host "$umpire" host --port $((port + 1))
expect 2 "a name taken" as_host "$umpire" host "$work/kotal.umpire" --name kotal-b
mkdir -p "$work/other" && [ "$(id -u)" -eq 0 ] && chown postgres: "$work/other"
expect 2 "a port in use" as_host env XDG_DATA_HOME="$work/other" "$umpire" host "$work/kotal.umpire" --port "$port"
grep -q "port $port is in use" "$work/out" || fail "a port in use: not said"
if [ "$(id -u)" -eq 0 ]; then
  expect 1 "as root" env XDG_DATA_HOME="$work/root" "$umpire" host "$work/kotal.umpire"
  grep -q "refuses to run as root" "$work/out" || fail "as root: not said why"
fi

# Stopped, the address refuses; started again, the battle and its journal are whole.
expect 0 "stop" as_host "$umpire" host --stop
expect 1 "the address while stopped" env PGPASSWORD="$password" "$umpire" show "$address"
expect 0 "start" as_host "$umpire" host --start
grep -q "^  kotal: $address\$" "$work/out" || fail "start did not print the battle's address"
expect 0 "check after the restart" env PGPASSWORD="$password" "$umpire" check "$address"
grep -q "sound" "$work/out" || fail "check did not find it sound"
expect 0 "the journal after the restart" env PGPASSWORD="$password" "$umpire" show "$address" --journal
grep -q "Afridi Marksmen" "$work/out" || fail "the applied rally is not in the journal"
expect 0 "stop at the end" as_host "$umpire" host --stop

echo "$failures failed"
[ "$failures" -eq 0 ]
