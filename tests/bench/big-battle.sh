#!/usr/bin/env bash
# Builds Umpire (Release) and measures the big battle: 2,000 units, 200 commanders and 20,000
# journal entries, each figure beside its floor measured in the same run, printed as a table.
#   bash tests/bench/big-battle.sh            # 7 runs of each figure
#   bash tests/bench/big-battle.sh --runs 15  # more runs
#   BUILD=build bash tests/bench/big-battle.sh --runs 5   # an existing build directory, as configured
#   bash tests/bench/big-battle.sh --only new --runs 15   # one group of figures: desk, server,
#                                                       # first-frame, frames, file-size, start,
#                                                       # show, apply or new
# The server group (all groups, or --only server) runs on a throwaway PostgreSQL server started
# here (scripts/pg-test-server.sh) and stopped on the way out, unless --server ADDRESS names one.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build-release}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DUMPIRE_TESTS=ON > /dev/null
cmake --build "$build" --target big_battle_bench umpire -j"$(nproc)" > /dev/null

server=()
only=""
prev=""
for arg in "$@"; do
  [ "$prev" = "--only" ] && only=$arg
  [ "$prev" = "--server" ] && server=(--server "$arg")
  prev=$arg
done
if [ ${#server[@]} -eq 0 ] && { [ -z "$only" ] || [ "$only" = server ]; }; then
  pg=$(mktemp -d /tmp/umpire-bench-pg.XXXXXX)
  trap 'bash scripts/pg-test-server.sh stop "$pg" >&2; rm -rf "$pg"' EXIT
  bash scripts/pg-test-server.sh start "$pg" >&2
  server=(--server "$(cat "$pg/address")")
fi
xvfb-run -a -s "-screen 0 1280x800x24" "$build/tests/bench/big_battle_bench" "$@" "${server[@]}"
