#!/usr/bin/env bash
# The command line is light: `umpire` links no GUI and no printing library (the desk's program and
# the printing module, which do, are loaded only when the desk opens or something is printed), and
# without them beside it the commands that need them say what is missing and change nothing.
#   light_program.sh CHECK UMPIRE_BINARY
# CHECK is one of:
#   ldd            ldd of umpire lists no GL, GLFW, X11, GIO, cairo or pango library (the desk's
#                  program and the module list theirs, so the patterns do match what they are for)
#   without-parts  a copy of umpire alone: rolls and makes a battle, but `sheet`, `cards` and the desk exit 1
#                  naming what is missing, writing nothing
set -euo pipefail

check=$1 umpire=$2
dir=$(dirname "$umpire")
rosters=$(cd "$(dirname "$0")/../../rosters" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
# What a program that draws or prints loads, by library name.
gui_or_print='lib(GL|OpenGL|EGL|glfw|X11|xcb|X[a-z]+|gio|gtk|gdk|cairo|pango|fontconfig|freetype|harfbuzz)[-.]'

case $check in
ldd)
    libs=$(ldd "$umpire" | awk '{print $1}')
    echo "umpire loads:" $libs
    grep -q 'libc\.so' <<<"$libs" || fail "ldd listed nothing sensible for $umpire"
    ! grep -E "$gui_or_print" <<<"$libs" || fail "umpire loads a GUI or printing library"
    # The parts that do load them, so that the pattern is known to catch them (a build without
    # the GUI has no desk).
    if [ -e "$dir/umpire-desk" ]; then
        grep -Eq "$gui_or_print" < <(ldd "$dir/umpire-desk") || fail "the pattern misses the desk's GLFW"
    fi
    grep -Eq "$gui_or_print" < <(ldd "$dir/umpire-print.so") || fail "the pattern misses the module's pango"
    ;;

without-parts)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    cp "$umpire" "$work/umpire"
    export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
    cd "$work"
    ./umpire roll 2d6 --seed 7 >/dev/null || fail "roll without the desk and the module"
    ./umpire new --roster "$rosters/macduff-kotal-pass.toml" -o kotal.umpire >/dev/null
    code=0
    ./umpire sheet macduff -o sheet.pdf 2>err || code=$?
    cat err
    [ "$code" -eq 1 ] || fail "sheet without the printing module exited $code, not 1"
    grep -q "cannot load the printing module umpire-print.so" err || fail "sheet does not name the missing module"
    grep -q "nothing was printed" err || fail "sheet does not say that nothing was printed"
    [ ! -e sheet.pdf ] || fail "sheet wrote a file without the module"
    # Not the deck's fault: exit 1, as for any other missing part, not 2.
    ./umpire turn kotal.umpire deck --export deck.toml >/dev/null 2>&1 || fail "deck --export"
    code=0
    ./umpire cards --deck deck.toml -o cards.pdf 2>err || code=$?
    [ "$code" -eq 1 ] || { cat err; fail "cards --deck without the printing module exited $code, not 1"; }
    code=0
    ./umpire kotal.umpire 2>err || code=$?
    cat err
    [ "$code" -eq 1 ] || fail "the desk's absence exited $code, not 1"
    grep -q "the desk (umpire-desk) is not installed" err || fail "no word of the missing desk"
    ;;

*) fail "unknown check $check" ;;
esac
echo "ok: $check"
