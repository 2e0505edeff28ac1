#!/usr/bin/env bash
# The kill loop on PostgreSQL at scale: a server of its own (Debian's PostgreSQL binaries), a
# writer playing a battle there through the real rules, SIGKILLed at random KILLS times (default
# 400), and every fourth time the server crashed mid-write and restarted. After each: the battle
# checks sound, opens for writing and holds every acknowledged action, none twice.
#
#   bash scripts/pg-kill-loop.sh [KILLS] [SEED] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-400}
seed=${2:-1897}
build=${3:-build}
jobs=$(nproc 2>/dev/null || echo 2)
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$build" -j"$jobs" --target kill_writer kill_loop
bash tests/store/pg_kill_loop.sh "$build/tests/store/kill_loop" "$build/tests/store/kill_writer" \
  rosters/macduff-kotal-pass.toml "$kills" "$seed"
