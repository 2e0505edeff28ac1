#!/usr/bin/env bash
# Fuzzes Umpire's parsers and the battle file with libFuzzer (clang, AddressSanitizer and
# UndefinedBehaviorSanitizer): the roster parser, dice expressions, typed distances, chance deck
# import, opening a battle file, checking and recovering one, and resolving any action of any
# ruleset, each seeded with real files.
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET ...]
#
# runs each target (all eight by default: roster dice distance chance_deck battle_file
# battle_check resolve turn_text) for SECONDS (default 60). The corpus grows in build-fuzz/corpus/ and is kept between runs; a crash,
# leak or sanitizer report stops that target, is saved in build-fuzz/findings/TARGET/, and makes
# the script exit 1 after the other targets have run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(roster dice distance chance_deck battle_file battle_check resolve turn_text)
jobs=$(nproc 2>/dev/null || echo 2)
build=build-fuzz

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DUMPIRE_FUZZ=ON -DCMAKE_UNITY_BUILD=ON \
  -DUMPIRE_GUI=OFF -DUMPIRE_TESTS=OFF "${launcher[@]}" >/dev/null
names=()
for t in "${targets[@]}"; do names+=("fuzz_$t"); done
cmake --build "$build" -j"$jobs" --target "${names[@]}" make_battle_seeds

# Seeds: the files people really give these parsers.
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"/{roster,dice,distance,chance_deck,battle_file,battle_check,resolve,turn_text}
cp rosters/*.toml "$seeds/roster/"
cp tests/fuzz/seeds/turn_text/* "$seeds/turn_text/"
for f in reference/*/chance_cards.toml; do cp "$f" "$seeds/chance_deck/$(basename "$(dirname "$f")").toml"; done
i=0
for e in d6 2d6 3d6+1d6 2d6+1 4d6-1d6 "6 5 1" 6,5,1 "6, 5, 1" 1000d6 d8; do
  printf '%s' "$e" > "$seeds/dice/$i"; i=$((i + 1))
done
for d in 14 '14"' 14in '14 in' 35cm 350mm 14.5 0 -3 1e9; do
  printf '%s' "$d" > "$seeds/distance/$i"; i=$((i + 1))
done
# The battle files: made by this build, the older schemas' fixtures, and the inputs of past
# findings (tests/store/fixtures, each with its regression test).
"$build/tests/fuzz/make_battle_seeds" "$seeds/battle_file"
# Any bytes pick a ruleset, an action, inputs and dice: 64 fixed spreads of bytes to start from.
for i in $(seq 0 63); do
  bytes=""
  for k in $(seq 1 96); do bytes+=$(printf '\\%03o' $(((i * 37 + k * k * 11 + k) % 256))); done
  printf "$bytes" > "$seeds/resolve/$i"
done
cp tests/store/fixtures/*.umpire "$seeds/battle_file/"
cp "$seeds"/battle_file/* "$seeds/battle_check/"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
failed=()
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t" "$build/findings/$t"
  echo "== fuzz_$t for ${seconds}s"
  if "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$build/findings/$t/" \
      "$build/corpus/$t" "$seeds/$t" > "$build/findings/$t.log" 2>&1; then
    echo "   no finding: $(grep -E '^stat::number_of_executed_units' "$build/findings/$t.log" | awk '{print $2}') runs, corpus $(ls "$build/corpus/$t" | wc -l) inputs"
  else
    echo "   FINDING: see $build/findings/$t.log and $build/findings/$t/"
    tail -40 "$build/findings/$t.log"
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}"
  exit 1
fi
echo "fuzz: no finding in ${targets[*]} (${seconds}s each)"
