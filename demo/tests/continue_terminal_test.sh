#!/bin/sh
# demo/tests/continue_terminal_test.sh: the game saved on quit and continued, in a real terminal
# (tmux), with XDG_DATA_HOME in a temporary directory. It checks that: scripted runs neither
# write $XDG_DATA_HOME/strata-demo/continue.txt nor read one that is there; a player who quits
# with Ctrl-C in the Meadow, the pause menu open, finds the level and the pause menu saved there
# (no temporary file left), and `--continue` brings them back to that screen (Ctrl-C while it
# loads keeps the file as it was), from which "back" leads to the map and the title; quitting from the title removes the file; the terminal closed
# under a game saves it too; a damaged file starts a new game whose title says why.
#   continue_terminal_test.sh path/to/strata-demo
set -eu
demo=$1
socket="strata-demo-continue-$$"
data=$(mktemp -d)
file="$data/strata-demo/continue.txt"
test="continue test (terminal)"
. "$(dirname "$0")/tmux_session.sh"
trap 'end_server; rm -rf "$data"' EXIT

# Waits until the pane's program has ended.
wait_for_exit() {
  tries=0
  until [ "$(tm display-message -p -t demo '#{pane_dead}')" = 1 ]; do
    tries=$((tries + 1))
    [ "$tries" -lt 150 ] || fail "the demo did not end"
    sleep 0.1
  done
}

# Waits until the screen no longer shows the text (a state that fades out still shows).
wait_gone() {
  tries=0
  while tm capture-pane -p -t demo | grep -qF -- "$1"; do
    tries=$((tries + 1))
    [ "$tries" -lt 150 ] || fail "'$1' did not go"
    sleep 0.1
  done
}

# From the world map: back to the title, and quit the game from there (which keeps no game).
quit_from_map() {
  tm send-keys -t demo Escape
  wait_gone "W O R L D   M A P"
  tm send-keys -t demo q
  wait_for "Q U I T   T H E   G A M E ?"
  tm send-keys -t demo y
  wait_for_exit
}

# Scripted runs: nothing written, and a saved game there is not read.
XDG_DATA_HOME="$data" "$demo" --keys "wait 46 enter wait 2 enter wait 25 p wait 5" >/dev/null
XDG_DATA_HOME="$data" "$demo" --tour >/dev/null
[ ! -e "$data/strata-demo" ] || fail "a scripted run created $data/strata-demo"

# Ctrl-C in the Meadow with the pause menu open: the game is saved.
tm new-session -d -s demo -x 100 -y 32 "XDG_DATA_HOME='$data' '$demo' --seed 1"
tm set-option -t demo remain-on-exit on
wait_for "press Enter to start"
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
tm send-keys -t demo Enter
wait_for "Meadow   hearts @@@"
tm send-keys -t demo Right Right Down Down
wait_for "gems 1/6"
tm send-keys -t demo p
wait_for "P A U S E D"
tm send-keys -t demo C-c
wait_for_exit
[ -f "$file" ] || fail "Ctrl-C in a level saved no game in $file"
for line in '^title v1$' '^world v1 ' '^level v1 map="Meadow" player="3,3" hearts=3 gems=1 ' \
  '^pause v1$'; do
  grep -q "$line" "$file" || fail "the saved game has no line '$line': $(cat "$file")"
done
leftovers=$(find "$data/strata-demo" -type f ! -name continue.txt ! -name best_scores.txt)
[ -z "$leftovers" ] || fail "a temporary file was left behind: $leftovers"

# A scripted run with the file there: neither reads nor changes it.
saved=$(cat "$file")
XDG_DATA_HOME="$data" "$demo" --keys "wait 50" >"$data/plain.txt"
grep -q "continuing" "$data/plain.txt" && fail "a scripted run read the saved game"
[ "$(cat "$file")" = "$saved" ] || fail "a scripted run changed the saved game"

# Ctrl-C while the game loads, before it continues: the saved game stays as it was.
respawn "XDG_DATA_HOME='$data' '$demo' --continue"
wait_for "a game of stacked states"
tm send-keys -t demo C-c
wait_for_exit
[ "$(cat "$file")" = "$saved" ] || fail "Ctrl-C while loading changed the saved game"

# --continue: back in the Meadow under the pause menu, the gem taken; then back, step by step.
respawn "XDG_DATA_HOME='$data' '$demo' --continue"
wait_for "P A U S E D"
wait_for "Meadow   hearts @@@   gems 1/6"
tm send-keys -t demo p
wait_gone "P A U S E D"
tm send-keys -t demo p
wait_for "P A U S E D"
tm send-keys -t demo q
wait_for "W O R L D   M A P"
wait_gone "Meadow   hearts"
quit_from_map
[ ! -e "$file" ] || fail "quitting from the title left the saved game: $(cat "$file")"

# The terminal closed (SIGHUP) under a game: saved too.
respawn "XDG_DATA_HOME='$data' '$demo' --seed 1"
wait_for "press Enter to start"
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
tm send-keys -t demo Down Enter
wait_for "Caverns   hearts @@@"
respawn "sleep 60" # the game's terminal goes away under it
[ -f "$file" ] || fail "the terminal closed under a level saved no game"
grep -q '^level v1 map="Caverns"' "$file" || fail "the saved game is not the Caverns: $(cat "$file")"

# A damaged file: a new game, and the title says why.
printf 'strata snapshot 1\ngame v1 frame=1\n\001\002 damaged\n' >"$file"
respawn "XDG_DATA_HOME='$data' '$demo' --continue"
wait_for "press Enter to start"
wait_for "cannot continue: line 3: a line starts with a key"
wait_for "game starts"
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
# Quit from the title, so that no game is left running to save as the test cleans up.
wait_gone "game starts"
quit_from_map
[ ! -e "$file" ] || fail "quitting from the title left the damaged file"
echo "$test: passed"
