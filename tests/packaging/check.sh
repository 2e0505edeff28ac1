#!/usr/bin/env bash
# Checks of what the package installs, run by ctest on the files the build generated:
#   check.sh CHECK SOURCE_DIR BUILD_PACKAGING_DIR UMPIRE_BINARY APP_ID PROJECT_VERSION
# CHECK is one of desktop, appstream, mime, man, versions, icons, completion.
set -euo pipefail

check=$1 source_dir=$2 gen=$3 umpire=$4 app_id=$5 version=$6

fail() { echo "FAIL: $*" >&2; exit 1; }

# The rulesets the program knows, from the RULESET argument's help ("Ruleset id: a, b (...").
ruleset_ids() { "$umpire" actions --help | sed -n 's/.*Ruleset id: \([^(]*\).*/\1/p' | tr -d ',' | awk 'NR == 1'; }

case $check in
desktop)
    desktop-file-validate "$gen/$app_id.desktop"
    grep -qx "Icon=$app_id" "$gen/$app_id.desktop" || fail "the desktop entry's Icon is not $app_id"
    grep -qx "MimeType=application/x-umpire-battle;" "$gen/$app_id.desktop" || fail "no MimeType for battle files"
    grep -qx "Exec=umpire %f" "$gen/$app_id.desktop" || fail "Exec does not pass the file"
    ;;

appstream)
    out=$(appstreamcli validate --no-net --pedantic "$gen/$app_id.metainfo.xml" 2>&1) || { echo "$out"; fail "appstreamcli validate"; }
    echo "$out"
    # Pedantic hints are allowed; nothing above them.
    ! grep -E '^(E|W|I):' <<<"$out" || fail "appstreamcli reports more than pedantic hints"
    for name in $(ruleset_ids); do
        title=$("$umpire" actions "$name" | awk 'NR == 1' | sed 's/ ([a-z-]*)$//')
        grep -qF "<li>$title</li>" "$gen/$app_id.metainfo.xml" || fail "the metainfo does not list the ruleset $title"
    done
    ;;

mime)
    # The shared MIME database built from our file alone: it must parse and map *.umpire.
    db=$(mktemp -d)
    trap 'rm -rf "$db"' EXIT
    mkdir -p "$db/packages"
    cp "$gen/$app_id.xml" "$db/packages/"
    update-mime-database "$db" 2>&1 | tee "$db/log"
    ! grep -qi "error\|warning" "$db/log" || fail "update-mime-database complained"
    [ -s "$db/application/x-umpire-battle.xml" ] || fail "no application/x-umpire-battle in the database"
    grep -q "^50:application/x-umpire-battle:\*\.umpire$" "$db/globs2" || fail "*.umpire is not a glob of the type"
    ;;

man)
    page="$gen/umpire.6"
    out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || true
    [ -z "$out" ] || { echo "$out"; fail "man --warnings"; }
    commands=$("$umpire" --help | sed -n '/^Subcommands:/,$ s/^  \([a-z][a-z-]*\)  .*/\1/p')
    [ -n "$commands" ] || fail "no command in umpire --help"
    for c in $commands; do
        grep -Eq "^\.B[IR]? \"?$c[ \"]|^\.B[IR]? \"?$c\$" "$page" || fail "the manual page has no entry for the command $c"
    done
    for id in $(ruleset_ids); do
        grep -q "^\.B $id\$" "$page" || fail "the manual page does not name the ruleset $id"
    done
    ;;

versions)
    changelog=$(sed -n '1s/^umpire (\([^)]*\)).*/\1/p' "$source_dir/packaging/changelog")
    release=$(grep -m1 -o '<release version="[^"]*"' "$gen/$app_id.metainfo.xml" | sed 's/.*"\(.*\)"/\1/')
    program=$("$umpire" --version)
    page=$(sed -n 's/^\.TH UMPIRE 6 [^ ]* "Umpire \([^"]*\)".*/\1/p' "$gen/umpire.6")
    echo "project $version, changelog $changelog, metainfo $release, program '$program', manual $page"
    [ "$changelog" = "$version" ] || fail "packaging/changelog's latest entry is $changelog, the project is $version"
    [ "$release" = "$version" ] || fail "the metainfo's latest release is $release, the project is $version"
    [ "$program" = "umpire $version" ] || fail "umpire --version says '$program'"
    [ "$page" = "$version" ] || fail "the manual page says $page"
    ;;

icons)
    for png in "$gen"/icons/*/"$app_id.png"; do
        size=$(basename "$(dirname "$png")")
        # A PNG's IHDR: width and height as 4-byte big-endian numbers at offsets 16 and 20.
        w=$(od -An -tu1 -j16 -N4 "$png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
        h=$(od -An -tu1 -j20 -N4 "$png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
        [ "${w}x${h}" = "$size" ] || fail "$png is ${w}x${h}"
    done
    [ "$(ls "$gen"/icons/*/"$app_id.png" | wc -l)" -ge 7 ] || fail "fewer than 7 PNG sizes"
    ;;

completion)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$work/bin" "$work/rosters" "$work/home"
    ln -s "$umpire" "$work/bin/umpire"
    cp "$source_dir/rosters/macduff-kotal-pass.toml" "$work/rosters/"
    cd "$work"
    export PATH="$work/bin:$PATH" XDG_DATA_HOME="$work/home" XDG_STATE_HOME="$work/home" XDG_CONFIG_HOME="$work/home"
    umpire new --roster rosters/macduff-kotal-pass.toml -o kotal.umpire >/dev/null
    # shellcheck source=/dev/null
    source "$source_dir/packaging/umpire.bash-completion"
    complete_line() {  # the words typed, the last one being completed
        COMP_WORDS=("$@")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMPREPLY=()
        _umpire
        printf '%s\n' "${COMPREPLY[@]}"
    }
    expect() {  # expect WANTED -- WORDS...: WANTED (space-separated) are all among the completions
        local wanted=$1
        shift 2
        local got
        got=$(complete_line "$@")
        for w in $wanted; do
            grep -qxF -- "$w" <<<"$got" || fail "completing '$*': no $w in: $(tr '\n' ' ' <<<"$got")"
        done
    }
    expect "roll resolve apply turn help kotal.umpire" -- umpire ''
    expect "--version --screenshot" -- umpire --
    expect "macduff edwardian" -- umpire resolve ''
    expect "shoot rally melee" -- umpire resolve macduff ''
    expect "--figures --weapon --dice --json" -- umpire resolve macduff shoot --figures 12 --
    expect "rifle musket" -- umpire resolve macduff shoot --weapon ''
    expect "shoot rally" -- umpire apply kotal.umpire ''
    expect "--unit --target --range" -- umpire apply kotal.umpire shoot --unit Ghazis --
    expect "draw next status wind" -- umpire turn kotal.umpire ''
    expect "kotal.umpire" -- umpire show ''
    expect "rosters/macduff-kotal-pass.toml" -- umpire new --roster rosters/
    expect "a4 letter" -- umpire sheet macduff --paper ''
    expect "macduff edwardian" -- umpire cards -o cards.pdf ''
    expect "resolve sheet" -- umpire help ''
    [ -z "$(complete_line umpire resolve macduff shoot --figures '')" ] || fail "a number was offered words"
    ;;

*)
    fail "unknown check $check"
    ;;
esac
echo "ok: $check"
