#!/usr/bin/env bash
# The players' phones under load, in full: 60 phones follow while the desk applies, every desk
# Apply timed beside one with no phones in the same run. BUILD=build uses an existing build.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build-release}
if [ "$build" = build-release ]; then
  cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DUMPIRE_TESTS=ON >/dev/null
fi
cmake --build "$build" --target phones_bench -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
"$build/tests/bench/phones_bench" "$@"
