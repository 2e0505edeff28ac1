#!/usr/bin/env bash
# Runs every command of the README's ```sh blocks, in the order written, as a new user would:
# in a fresh folder where the repository's rosters/ is reachable as written, with a fresh XDG
# home, and the built `umpire` first on PATH. Fails if any command exits non-zero.
#
#   readme_commands.sh SOURCE_DIR UMPIRE_BINARY
#
# Two kinds of command cannot run as they are here, by these rules:
# - Commands that need root (sudo) or work on the repository itself (its scripts/, tests/bench/ or build/)
#   are skipped and listed: install-deps.sh needs apt, test.sh would run this suite inside
#   itself, run-demo.sh builds and opens a window, cpack packages the build. CI runs each of
#   these steps itself (.ci/run: install-deps.sh, test.sh, check-package.sh), and run-demo.sh
#   ends in `umpire`, which the next rule covers.
# - `umpire` with no subcommand (nothing after it, an option other than --help or --version, or
#   a battle file) opens the GUI:
#   it runs under xvfb-run with --screenshot added (unless it has one) so it draws and exits,
#   and the PNG must be written.
# New commands in the README are picked up with no change here.
set -uo pipefail

source_dir=$(cd "$1" && pwd)
umpire_bin=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")

work=$(mktemp -d "${TMPDIR:-/tmp}/umpire-readme.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/run" "$work/bin" "$work/home"
ln -s "$source_dir/rosters" "$work/run/rosters"
ln -s "$umpire_bin" "$work/bin/umpire"
export PATH="$work/bin:$PATH"
# Umpire's own folders are new; the system's caches (fonts, shaders) stay where they are.
export XDG_DATA_HOME="$work/home/data" XDG_STATE_HOME="$work/home/state" XDG_CONFIG_HOME="$work/home/config"

# The commands, one a line: ```sh blocks only, continuation lines joined, comment-only and
# blank lines left out.
mapfile -t commands < <(awk '
    /^```sh[[:space:]]*$/ { inside = 1; next }
    /^```/                { inside = 0; next }
    !inside               { next }
    {
        line = $0
        if (line ~ /\\[[:space:]]*$/) { sub(/\\[[:space:]]*$/, "", line); pending = pending line " "; next }
        line = pending line
        pending = ""
        if (line ~ /^[[:space:]]*(#.*)?$/) next
        print line
    }' "$source_dir/README.md")

if [ ${#commands[@]} -eq 0 ]; then
    echo "no command found in $source_dir/README.md" >&2
    exit 1
fi

passed=0 failed=0 skipped=0 shot=0
cd "$work/run"
for cmd in "${commands[@]}"; do
    if [[ "$cmd" =~ (^|[^[:alnum:]_.-])(sudo[[:space:]]|scripts/|tests/bench/|build/|cd[[:space:]]+build) ]]; then
        echo "SKIP (root, or the repository's own scripts/, benchmarks or build/) $cmd"
        skipped=$((skipped + 1))
        continue
    fi
    run="$cmd"
    png=""
    # The first word after `umpire` decides whether it opens the GUI.
    read -r first second _ <<<"${cmd%%#*}"
    if [ "$first" = umpire ] && { [ -z "$second" ] || [[ "$second" == *.umpire ]] ||
                                  { [[ "$second" == -* ]] && [[ ! "$second" =~ ^(-h|--help|--version)$ ]]; }; }; then
        shot=$((shot + 1))
        if [[ "$cmd" == *--screenshot* ]]; then
            run="xvfb-run -a -s '-screen 0 1280x800x24' $cmd"
        else
            png="$work/gui-$shot.png"
            run="xvfb-run -a -s '-screen 0 1280x800x24' ${cmd%%#*} --screenshot '$png'"
        fi
        # Under the sanitizers the graphics stack leaks at exit (see tests/ui/CMakeLists.txt).
        [ -n "${UMPIRE_GUI_ASAN_OPTIONS:-}" ] && run="ASAN_OPTIONS='$UMPIRE_GUI_ASAN_OPTIONS' $run"
    fi
    echo "\$ $cmd"
    bash -c "$run" >"$work/out" 2>&1
    code=$?
    if [ "$code" -eq 0 ] && [ -n "$png" ] && [ ! -s "$png" ]; then
        echo "  no screenshot written at $png" >>"$work/out"
        code=1
    fi
    if [ "$code" -eq 0 ]; then
        passed=$((passed + 1))
    else
        echo "FAILED (exit $code): $cmd"
        sed 's/^/  | /' "$work/out" | tail -20
        failed=$((failed + 1))
    fi
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
