#!/usr/bin/env bash
# The kill loop against a PostgreSQL server of its own (not the tests' shared one, since it
# crashes its server on purpose): writers killed mid-transaction, and every fourth round the
# server itself stopped as by a power cut mid-write and started again. Nothing acknowledged may be
# lost or recorded twice, and the battle checks sound and takes writes after each.
#
#   bash tests/store/pg_kill_loop.sh KILL_LOOP KILL_WRITER ROSTER KILLS [SEED]
set -euo pipefail
loop=${1:?usage: pg_kill_loop.sh KILL_LOOP KILL_WRITER ROSTER KILLS [SEED]}
writer=${2:?}
roster=${3:?}
kills=${4:?}
seed=${5:-1897}
here=$(cd "$(dirname "$0")/../.." && pwd)
server=$(mktemp -d "${TMPDIR:-/tmp}/umpire-pg-kill-loop-XXXXXX")
trap 'bash "$here/scripts/pg-test-server.sh" stop "$server"; rm -rf "$server"' EXIT
bash "$here/scripts/pg-test-server.sh" start "$server"
"$loop" "$writer" "$roster" "$(cat "$server/address")" "$kills" "$seed" \
  --crash-server "bash '$here/scripts/pg-test-server.sh' crash-restart '$server'"
