#!/bin/sh
# demo/tests/scores_test.sh: the best scores kept between runs, in a real terminal (tmux). With
# XDG_DATA_HOME set to a temporary directory it checks that: a player who wins Orc Pass finds
# its score in $XDG_DATA_HOME/strata-demo/best_scores.txt, and the map of the next run shows it
# as the best ever; a damaged file neither stops the game nor shows; and scripted runs (a script,
# the tour) neither read nor write the file.
#   scores_test.sh path/to/strata-demo path/to/demo/tests
set -eu
demo=$1
tests=$2
socket="strata-demo-scores-$$"
data=$(mktemp -d)
file="$data/strata-demo/best_scores.txt"
test="scores test"
. "$(dirname "$0")/tmux_session.sh"
trap 'end_server; rm -rf "$data"' EXIT

# Scripted runs: no file written, and one already there is not read (the map shows no "best
# ever", and a script's transcript is the same with it as without).
XDG_DATA_HOME="$data" "$demo" --script "$tests/scripts/battle_won.keys" >/dev/null
XDG_DATA_HOME="$data" "$demo" --tour >/dev/null
[ ! -e "$data/strata-demo" ] || fail "a scripted run created $data/strata-demo"
mkdir -p "$data/strata-demo"
printf '5000 Orc Pass\n' >"$file"
XDG_DATA_HOME="$data" "$demo" --keys "wait 46 enter wait 5" --print-screen >"$data/map.txt"
if grep -qF "best ever" "$data/map.txt"; then
  fail "a scripted run read the best scores"
fi
[ "$(cat "$file")" = "5000 Orc Pass" ] || fail "a scripted run changed the file: $(cat "$file")"

# A damaged file: the game starts all the same and shows no best ever.
printf '5000 Orc Pass\n\001\002 not a score\n' >"$file"
tm new-session -d -s demo -x 100 -y 32 "XDG_DATA_HOME='$data' '$demo' --seed 1"
wait_for "press Enter to start"
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
wait_for "best score 0   best ever 0"

# Orc Pass won (the moves of scripts/battle_won.keys, each turn waited for): the file keeps it.
tm send-keys -t demo Up Enter
wait_for "turn 1"
tm send-keys -t demo Down Down Enter Enter Down Down Enter
wait_for "turn 2"
tm send-keys -t demo Down Enter Enter Enter
wait_for "turn 3"
tm send-keys -t demo Enter Enter Enter
wait_for "turn 4"
tm send-keys -t demo Down Enter Enter Enter
wait_for "VICTORY"
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
wait_for "best score 1080   best ever 1080"
grep -qx "1080 Orc Pass" "$file" || fail "the file does not keep the win: $(cat "$file")"
leftovers=$(find "$data/strata-demo" -type f ! -name best_scores.txt)
[ -z "$leftovers" ] || fail "a temporary file was left behind: $leftovers"

# The next run: the map shows the best ever before anything is played.
# (A new program in the same pane: a new tmux server started as the old one exits can fail.)
respawn "XDG_DATA_HOME='$data' '$demo' --seed 2"
wait_for "press Enter to start"
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
tm send-keys -t demo Up
wait_for "best score 0   best ever 1080"
echo "scores test: passed"
