#!/usr/bin/env bash
# The command line is light: `umpire` links no GUI, no printing, no HTTP and no PostgreSQL library
# (the desk's program and the printing, serving and PostgreSQL modules, which do, are loaded only
# when the desk opens, something is printed, `serve` serves or a battle is named by a server's
# address), and without them beside it the commands that need them say what is missing and change
# nothing.
#   light_program.sh CHECK UMPIRE_BINARY
# CHECK is one of:
#   ldd            ldd of umpire lists no GL, GLFW, X11, GIO, cairo or pango library, no
#                  cpp-httplib, OpenSSL or libqrencode, and no libpq, libpqxx, Kerberos, LDAP or
#                  GnuTLS (the desk's program and the modules list theirs, so the patterns do
#                  match what they are for)
#   without-parts  a copy of umpire alone: rolls and makes a battle, but `sheet`, `cards`, `serve`,
#                  the desk and a battle on a server exit 1 naming what is missing, writing,
#                  serving and reaching nothing
set -euo pipefail

check=$1 umpire=$2
dir=$(dirname "$umpire")
rosters=$(cd "$(dirname "$0")/../../rosters" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
# What a program that draws or prints loads, by library name.
gui_or_print='lib(GL|OpenGL|EGL|glfw|X11|xcb|X[a-z]+|gio|gtk|gdk|cairo|pango|fontconfig|freetype|harfbuzz)[-.]'
# What serving loads: the HTTP server and, through it, OpenSSL, zlib and brotli; the QR codes.
serving='lib(cpp-httplib|ssl|crypto|brotli[a-z]*|qrencode)[-.]'
# What a battle on a server loads: libpqxx, libpq and, through it, Kerberos, LDAP and GnuTLS.
server='lib(pq|pqxx|gssapi[a-z_]*|krb5|ldap|lber|gnutls)[-.]'

case $check in
ldd)
    libs=$(ldd "$umpire" | awk '{print $1}')
    echo "umpire loads:" $libs
    grep -q 'libc\.so' <<<"$libs" || fail "ldd listed nothing sensible for $umpire"
    ! grep -E "$gui_or_print" <<<"$libs" || fail "umpire loads a GUI or printing library"
    ! grep -E "$serving" <<<"$libs" || fail "umpire loads the HTTP server's libraries"
    ! grep -E "$server" <<<"$libs" || fail "umpire loads PostgreSQL's libraries"
    # The parts that do load them, so that the pattern is known to catch them (a build without
    # the GUI has no desk).
    if [ -e "$dir/umpire-desk" ]; then
        grep -Eq "$gui_or_print" < <(ldd "$dir/umpire-desk") || fail "the pattern misses the desk's GLFW"
    fi
    grep -Eq "$gui_or_print" < <(ldd "$dir/umpire-print.so") || fail "the pattern misses the module's pango"
    serving_libs=$(ldd "$dir/umpire-serve.so")
    for lib in cpp-httplib ssl crypto qrencode; do
        grep -Eq "lib$lib[-.]" <<<"$serving_libs" || fail "the serving module does not load lib$lib: the pattern is not known to catch it"
    done
    server_libs=$(ldd "$dir/umpire-postgres.so")
    for lib in pq pqxx; do
        grep -Eq "lib$lib[-.]" <<<"$server_libs" || fail "the PostgreSQL module does not load lib$lib: the pattern is not known to catch it"
    done
    grep -Eq "$server" <<<"$server_libs" || fail "the pattern misses the PostgreSQL module's libraries"
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
    timeout 20 ./umpire serve kotal.umpire --bind 127.0.0.1 --port 0 >out 2>err || code=$?
    cat err
    [ "$code" -eq 1 ] || fail "serve without the serving module exited $code, not 1"
    grep -q "cannot load the serving module umpire-serve.so" err || fail "serve does not name the missing module"
    grep -q "nothing was served" err || fail "serve does not say that nothing was served"
    [ ! -s out ] || fail "serve printed addresses without the module"
    # A battle on a server: no server need listen, the module is looked for first.
    address='postgresql://umpire@127.0.0.1:1/postgres?battle=kotal'
    for command in "show $address" "copy kotal.umpire $address" "copy $address back.umpire" "check $address"; do
        code=0
        # shellcheck disable=SC2086 # the command's words, split on purpose
        ./umpire $command >out 2>err || code=$?
        cat err
        [ "$code" -eq 1 ] || fail "$command without the PostgreSQL module exited $code, not 1"
        grep -q "cannot load the PostgreSQL module umpire-postgres.so" err || fail "$command does not name the missing module"
        grep -q "nothing was done" err || fail "$command does not say that nothing was done"
    done
    [ ! -e back.umpire ] || fail "copy from a server wrote a file without the module"
    code=0
    ./umpire kotal.umpire 2>err || code=$?
    cat err
    [ "$code" -eq 1 ] || fail "the desk's absence exited $code, not 1"
    grep -q "the desk (umpire-desk) is not installed" err || fail "no word of the missing desk"
    ;;

*) fail "unknown check $check" ;;
esac
echo "ok: $check"
