#!/bin/sh
# demo/tests/continue_test.sh: a game saved and continued. A first run plays <name>.keys and
# saves the game at its end (--save-to); the saved text must be expected/saved_<name>.txt (what
# each state saves, as a golden text). A second run continues from it (--continue-from) and
# plays <name>_then.keys once the game has loaded; a third plays both scripts in one go. From
# the frame the game was saved at (the saved clock goes on), the continued run must be the
# one-go run exactly: the same transcript, the same screen at the end, and the same saved game
# (or none, if it ended by quitting from the title).
#   continue_test.sh path/to/strata-demo demo/tests name work-directory
set -eu
demo=$1
tests=$2
name=$3
work=$4
test="continue test $name"
fail() {
  echo "$test: $1" >&2
  exit 1
}

first="$tests/continue/$name.keys"
then_keys="$tests/continue/${name}_then.keys"
mkdir -p "$work"
saved="$work/saved.txt"
rm -f "$saved" "$work/continued.save" "$work/straight.save" "$work/early.save"

"$demo" --script "$first" --save-to "$saved" >"$work/first.txt"
[ -f "$saved" ] || fail "the first run saved nothing in $saved"
diff -u "$tests/expected/saved_$name.txt" "$saved" ||
  fail "the saved game differs from expected/saved_$name.txt (if intended: update_expected.sh)"

# A run that ends while the game loads, before it continues, keeps the saved game as it was.
"$demo" --continue-from "$saved" --keys "wait 5" --save-to "$work/early.save" >/dev/null
cmp -s "$saved" "$work/early.save" || fail "a run that ended while loading changed the saved game"

# The continued run waits for the game to load (as long as the boot of the scripts' seed takes,
# the frame of "system | title*" in a plain run), then plays the rest.
boot=$("$demo" --keys "wait 60" | sed -n 's/^frame \([0-9]*\): system | title\*.*/\1/p')
[ -n "$boot" ] || fail "a plain run does not reach the title"
printf 'x' >"$work/continued.save" # quitting from the title must remove it
"$demo" --continue-from "$saved" --keys "wait $boot
$(cat "$then_keys")" --print-screen --save-to "$work/continued.save" >"$work/continued.txt"
"$demo" --keys "$(cat "$first")
$(cat "$then_keys")" --print-screen --save-to "$work/straight.save" >"$work/straight.txt"

# The continued run goes on from the frame the first run saved at, with the stack it ended with.
line=$(grep "continuing the saved game" "$work/continued.txt") || fail "the game was not continued"
frame=$(printf '%s\n' "$line" | sed 's/^frame \([0-9]*\):.*/\1/')
stack_of() { sed 's/^frame [0-9]*: //; s/  .*//'; }
[ "$(printf '%s\n' "$line" | stack_of)" = "$(tail -n 1 "$work/first.txt" | stack_of)" ] ||
  fail "continued with another stack than the first run's last: $line"

# Everything after that frame: the transcript lines, then the screen.
after() { awk -v n="$frame" '/^--- screen ---$/ { exit } /^frame [0-9]+:/ { f = $2 + 0 } f > n' "$1"; }
screen() { sed -n '/^--- screen ---$/,$p' "$1"; }
after "$work/continued.txt" >"$work/continued.after"
after "$work/straight.txt" >"$work/straight.after"
[ "$(wc -l <"$work/continued.after")" -ge 3 ] || fail "the continued run played almost nothing"
diff -u "$work/straight.after" "$work/continued.after" ||
  fail "the continued run differs from the run played in one go, after frame $frame"
screen "$work/straight.txt" >"$work/straight.screen"
screen "$work/continued.txt" >"$work/continued.screen"
diff -u "$work/straight.screen" "$work/continued.screen" ||
  fail "the continued run ends on another screen than the run played in one go"
if [ -e "$work/straight.save" ]; then
  diff -u "$work/straight.save" "$work/continued.save" ||
    fail "the continued run saves another game than the run played in one go"
elif [ -e "$work/continued.save" ]; then
  fail "the continued run quit from the title but left its saved game"
fi
echo "$test: passed"
