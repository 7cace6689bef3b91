#!/bin/sh
# demo/tests/sdl_test.sh: the SDL2 front end in a real window under Xvfb: it plays a short
# script, saves a screenshot, and the checker looks at the pixels of the title screen. With a
# window size, the game must be scaled up to at least MIN_WIDTH pixels, letterboxed and centred.
#   sdl_test.sh DEMO CHECKER SCRIPT OUTPUT.bmp [WxH MIN_WIDTH]
set -eu
demo=$1 checker=$2 keys=$3 shot=$4
rm -f "$shot"
least=
if [ $# -ge 6 ]; then
  least=$6
  set -- --window "$5"
else
  set --
fi
xvfb-run -a -s "-screen 0 1920x1200x24" "$demo" --sdl "$@" --script "$keys" --screenshot "$shot"
# The title screen on an 80x25 grid: the logo spans columns 19..59 and rows 5..9.
"$checker" "$shot" 80 25 19 5 60 10 $least
