#!/usr/bin/env bash
# Builds Umpire and runs every test through ctest. Used by the README and by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
