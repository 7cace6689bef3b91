#!/bin/sh
# demo/tests/sdl_continue_test.sh: the SDL2 window continues a saved game and saves one, under
# Xvfb. With a script, it continues expected/saved_siege.txt, plays continue/siege_then.keys and
# must print and save exactly what the headless front end does. As a player's window, with
# XDG_DATA_HOME in a temporary directory: --continue brings back expected/saved_level.txt's game,
# and closing the window (here SIGTERM, which SDL turns into the window's close) saves it again,
# played on.
#   sdl_continue_test.sh path/to/strata-demo demo/tests work-directory
set -eu
demo=$1
tests=$2
work=$3
fail() {
  echo "sdl continue test: $1" >&2
  exit 1
}
mkdir -p "$work"
rm -f "$work/sdl.save" "$work/headless.save"
boot=$("$demo" --keys "wait 60" | sed -n 's/^frame \([0-9]*\): system | title\*.*/\1/p')
keys="wait $boot
$(cat "$tests/continue/siege_then.keys")"
xvfb-run -a -s "-screen 0 1280x1024x24" "$demo" --sdl --continue-from \
  "$tests/expected/saved_siege.txt" --keys "$keys" --save-to "$work/sdl.save" >"$work/sdl.txt"
"$demo" --continue-from "$tests/expected/saved_siege.txt" --keys "$keys" \
  --save-to "$work/headless.save" >"$work/headless.txt"
grep -q "continuing the saved game" "$work/sdl.txt" || fail "the window did not continue"
diff -u "$work/headless.txt" "$work/sdl.txt" || fail "the window's transcript differs"
diff -u "$work/headless.save" "$work/sdl.save" || fail "the window saved another game"

# A player's window: continued, played on for a few seconds, closed.
data="$work/data"
rm -rf "$data"
mkdir -p "$data/strata-demo"
cp "$tests/expected/saved_level.txt" "$data/strata-demo/continue.txt"
XDG_DATA_HOME="$data" xvfb-run -a -s "-screen 0 1280x1024x24" "$demo" --sdl --continue \
  >/dev/null 2>&1 &
runner=$!
sleep 8 # the boot takes 1.5 s of it; a slow machine, more
game=$(pgrep -P "$runner" -x strata-demo || true)
[ -n "$game" ] || fail "no window is running"
kill -TERM "$game"
wait "$runner" || true
saved="$data/strata-demo/continue.txt"
grep -q '^level v1 map="Meadow"' "$saved" || fail "closing the window lost the level: $(cat "$saved")"
grep -q '^inventory v1 ' "$saved" || fail "closing the window lost the inventory: $(cat "$saved")"
before=$(sed -n 's/^game v1 frame=\([0-9]*\) .*/\1/p' "$tests/expected/saved_level.txt")
after=$(sed -n 's/^game v1 frame=\([0-9]*\) .*/\1/p' "$saved")
[ "$after" -gt "$before" ] || fail "the game saved on closing is not played on (frame $after)"
echo "sdl continue test: passed"
