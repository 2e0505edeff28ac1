#!/usr/bin/env bash
# Builds Umpire and opens the desktop app on the embedded demo battle (or on the file given).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON
cmake --build build -j"$jobs" --target umpire
exec ./build/app/umpire "$@"
