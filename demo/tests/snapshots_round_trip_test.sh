#!/bin/sh
# demo/tests/snapshots_round_trip_test.sh: every saved game of the tour (expected/tour_snapshots
# .txt: one at each change of the stack) comes back whole. Each is continued in a run of its own,
# which saves at once, in the frame it restored it: the text must be the same, byte for byte. A
# state that saves something its restoring constructor does not read back (or reads wrong) fails
# here, whichever state of the tour it is.
#   snapshots_round_trip_test.sh path/to/strata-demo demo/tests work-directory
set -eu
demo=$1
tests=$2
work=$3
fail() {
  echo "snapshots round trip: $1" >&2
  exit 1
}
rm -rf "$work"
mkdir -p "$work"

# One file per saved game of the tour, named by its frame; stops with nothing to continue have
# none.
awk -v dir="$work" '
  /^--- snapshots ---$/ { on = 1; next }
  !on { next }
  /^frame [0-9]+: / { file = dir "/" substr($2, 1, length($2) - 1) ".txt"; next }
  /^$/ || /^\(nothing to continue\)$/ { file = ""; next }
  file != "" { print > file }
' "$tests/expected/tour_snapshots.txt"

boot=$("$demo" --keys "wait 60" | sed -n 's/^frame \([0-9]*\): system | title\*.*/\1/p')
count=0
for saved in "$work"/*.txt; do
  again="${saved%.txt}.again"
  "$demo" --continue-from "$saved" --keys "wait $boot" --save-to "$again" >"${saved%.txt}.out"
  grep -q "continuing the saved game" "${saved%.txt}.out" ||
    fail "$(basename "$saved"): not continued: $(tail -n 1 "${saved%.txt}.out")"
  # A game saved during a level's loading screen stops below it, with a comment that says so
  # (strata's default for a state it cannot save); continued, it is saved without it.
  grep -v '^# not saved: ' "$saved" >"${saved%.txt}.kept" || true
  diff -u "${saved%.txt}.kept" "$again" ||
    fail "$(basename "$saved"): saved again, it differs"
  count=$((count + 1))
done
[ "$count" -ge 40 ] || fail "only $count saved games in the tour's snapshots"
echo "snapshots round trip: $count saved games came back whole"
