#!/bin/sh
# demo/tests/sdl_test.sh: the SDL2 front end in a real window under Xvfb: it plays a script,
# saves a screenshot of its last frame, and a checker looks at the pixels.
#   sdl_test.sh DEMO SCRIPT OUTPUT.bmp WINDOW CHECKER [CHECKER_ARGS...]
# WINDOW is WxH, or "default" for a window the size of the game; the checker is run as
# CHECKER OUTPUT.bmp CHECKER_ARGS... SDL_TEST_FLAGS, if set, holds more flags for the demo
# (--inspector).
set -eu
demo=$1 keys=$2 shot=$3 window=$4 checker=$5
shift 5
rm -f "$shot"
size=
if [ "$window" != default ]; then
  size=--window=$window
fi
# shellcheck disable=SC2086 # SDL_TEST_FLAGS is words
xvfb-run -a -s "-screen 0 1920x1200x24" "$demo" --sdl ${size:+"$size"} --script "$keys" \
  --screenshot "$shot" ${SDL_TEST_FLAGS:-}
"$checker" "$shot" "$@"
