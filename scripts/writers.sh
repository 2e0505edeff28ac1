#!/usr/bin/env bash
# The writers test at scale: WRITERS `umpire apply`/`undo`/`redo` programs (default 3) write to one
# battle at once for SECONDS (default 600) while a reader lists it with `show --journal --json`.
# Every acknowledged write must be in the journal once, every listing of one moment, and the file
# sound by `umpire check`.
#
#   bash scripts/writers.sh [SECONDS] [WRITERS] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
writers=${2:-3}
build=${3:-build}
jobs=$(nproc 2>/dev/null || echo 2)
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$jobs" --target umpire writers_loop
folder=$(mktemp -d "${TMPDIR:-/tmp}/umpire-writers-XXXXXX")
if "$build/tests/store/writers_loop" "$build/app/umpire" rosters/macduff-kotal-pass.toml "$folder" "$seconds" "$writers"; then
  rm -rf "$folder"
else
  exit 1
fi
