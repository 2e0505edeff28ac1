#!/usr/bin/env bash
# The damaged set at scale: a battle played through the real rules to ENTRIES journal entries
# (default 322) and COPIES damaged copies of it (default 200: bytes flipped, pages of each table
# zeroed, the file cut short), each written in place over a copy that was checked whole and
# remembered just before. No write may be accepted on top of damage `umpire check` finds,
# nothing damaged may open as sound, and `umpire recover` must bring back every journal row and
# starting state SQLite itself still reads. Prints what came back, by kind of damage.
#
#   bash scripts/damage-set.sh [COPIES] [SEED] [ENTRIES] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${1:-200}
seed=${2:-1880}
entries=${3:-322}
build=${4:-build}
jobs=$(nproc 2>/dev/null || echo 2)
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$build" -j"$jobs" --target damage_set
folder=$(mktemp -d "${TMPDIR:-/tmp}/umpire-damage-set-XXXXXX")
if "$build/tests/store/damage_set" rosters/macduff-kotal-pass.toml "$folder" "$copies" "$seed" "$entries"; then
  rm -rf "$folder"
else
  exit 1
fi
