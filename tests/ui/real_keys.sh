#!/usr/bin/env bash
# The real desk driven by real key events: X key presses from xdotool (XTEST) typed into the
# running `umpire` on a scratch battle, at human speed and faster, then the battle file read back
# with the command line. The headless tests hand ImGui one frame per key; this is what a person
# (or a club night's quick typist) does to the real program.
#   xvfb-run -a -s "-screen 0 1280x800x24" bash real_keys.sh UMPIRE ROSTERS_DIR WORK_DIR
# Nothing here sleeps blindly for a result: it waits for the window (xdotool search --sync) and
# for the battle file to show the entry, each with a deadline.
set -euo pipefail

umpire=$1
rosters=$2
work=$3

rm -rf "$work"
mkdir -p "$work/data" "$work/state" "$work/config"
# A fresh home: the user's own settings, recent list and demo battle are never read or touched.
export XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config
battle=$work/kotal.umpire
"$umpire" new --roster "$rosters/macduff-kotal-pass.toml" -o "$battle" >/dev/null

fail() {
  echo "real keys: $*" >&2
  "$umpire" show "$battle" --journal >&2 || true
  exit 1
}

# `umpire FILE` becomes the desk (exec): its pid is the desk's.
"$umpire" "$battle" 2>"$work/desk.err" &
desk=$!
trap 'kill -TERM $desk 2>/dev/null || true' EXIT

window=$(timeout 20 xdotool search --sync --onlyvisible --name '^Umpire - ' | head -n 1) ||
  fail "the desk's window did not appear in 20 s"
xdotool windowfocus --sync "$window"

# Waits (up to 15 s) until the battle's journal holds `count` entries.
wait_for_entries() {
  local count=$1 deadline=$((SECONDS + 15))
  while ((SECONDS < deadline)); do
    if "$umpire" show "$battle" --json 2>/dev/null | grep -q "\"journal_entries\": $count,"; then return 0; fi
    sleep 0.1
  done
  fail "no journal entry #$count after 15 s"
}

# 1. A shortcut pressed and released at once (xdotool's key: no hold), then a command line typed
#    at 30 ms a key, applied by Enter (the line stays open for the next one: Esc closes it).
xdotool key ctrl+l
xdotool type --delay 30 'shoot 2nd gh 12'
xdotool key Return
wait_for_entries 1
xdotool key Escape

# 2. Tab then a value within 50 ms. The command line loads a shot without a range and Esc closes
#    it; Tab goes round the form from its top (action, unit, target, figures, weapon) at a human
#    pace, then the last Tab and "12" 40 ms apart, as a quick hand does. Enter rolls,
#    Ctrl+Enter applies.
xdotool key ctrl+l
xdotool type --delay 30 'shoot khy ora'
xdotool key Escape
xdotool key --delay 150 Tab Tab Tab Tab Tab
xdotool key --delay 40 Tab 1 2
xdotool key --delay 150 Return ctrl+Return
wait_for_entries 2

# Closed as a session ending closes it: SIGTERM, the window shut by the desk itself.
kill -TERM "$desk"
trap - EXIT
status=0
wait "$desk" || status=$?
[ "$status" -eq 0 ] || fail "the desk exited with $status on SIGTERM: $(cat "$work/desk.err")"

"$umpire" show "$battle" --journal | sed -n '/^Journal/,$p'
journal=$("$umpire" show "$battle" --journal --json)
# Both shots at 12", whole (each entry's working starts with the range it was given): a lost
# first character would read 2".
grep -q '"summary": *"2nd Sikhs: .* on Ghazis"' <<<"$journal" || fail "the first shot is not 2nd Sikhs at the Ghazis"
grep -q '"summary": *"Khyber Rifles: .* on Orakzai Riflemen"' <<<"$journal" ||
  fail "the second shot is not the Khyber Rifles at the Orakzai Riflemen"
[ "$(grep -cF 'Rifle at 12\": close range' <<<"$journal")" -eq 2 ] || fail "not both shots were at 12\""
echo "real keys: both values arrived whole"
