#!/usr/bin/env bash
# The kill loop at scale: plays battles through the real rules (casualties, shooting with dice,
# undo, redo, turn steps, roster edits) and SIGKILLs the writer at random, KILLS times (default
# 1000). After every kill the file must pass SQLite's integrity check and its checksums, replay
# its journal to its state, open, and hold every acknowledged action.
#
#   bash scripts/kill-loop.sh [KILLS] [SEED] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-1000}
seed=${2:-1897}
build=${3:-build}
jobs=$(nproc 2>/dev/null || echo 2)
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$build" -j"$jobs" --target kill_writer kill_loop
folder=$(mktemp -d "${TMPDIR:-/tmp}/umpire-kill-loop-XXXXXX")
if "$build/tests/store/kill_loop" "$build/tests/store/kill_writer" rosters/macduff-kotal-pass.toml "$folder" "$kills" "$seed"; then
  rm -rf "$folder"
else
  echo "kill-loop: the battle files are kept in $folder"
  exit 1
fi
