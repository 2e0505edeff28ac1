#!/usr/bin/env bash
# Builds Umpire (Release) and measures the big battle: 2,000 units, 200 commanders and 20,000
# journal entries, each figure beside its floor measured in the same run, printed as a table.
#   bash tests/bench/big-battle.sh            # 7 runs of each figure
#   bash tests/bench/big-battle.sh --runs 15  # more runs
#   BUILD=build bash tests/bench/big-battle.sh --runs 5   # an existing build directory, as configured
#   bash tests/bench/big-battle.sh --only new --runs 15   # one group of figures: desk, first-frame,
#                                                       # frames, file-size, start, show, apply or new
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build-release}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DUMPIRE_TESTS=ON > /dev/null
cmake --build "$build" --target big_battle_bench umpire -j"$(nproc)" > /dev/null
exec xvfb-run -a -s "-screen 0 1280x800x24" "$build/tests/bench/big_battle_bench" "$@"
