#!/bin/sh
# demo/tools/take_screenshots.sh: retakes docs/demo-terminal.png and
# docs/demo-terminal-fading.png (the terminal front end in tmux), docs/demo-sdl.png,
# docs/demo-sdl-tiles.png, docs/demo-sdl-fading.png and docs/demo-sdl-inspector.png (the SDL2
# window under Xvfb) from real runs of the demo.
# Needs tmux, xvfb-run, python3 with Pillow (python3-pil) and a demo built with SDL2.
#   demo/tools/take_screenshots.sh build/demo/strata-demo
set -eu
demo=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
tm() { tmux -L "strata-shots-$$" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# A player's run in tmux, taken to the Meadow (Enter at the title, Enter on the map). A player's
# run keeps best scores: this one keeps them in $work, neither reading nor touching the user's.
into_the_meadow() {
  tm kill-session -t demo 2>/dev/null || true
  tm new-session -d -s demo -x 100 -y 32 "env XDG_DATA_HOME=$work $demo --seed 1"
  sleep 2.5
  tm send-keys -t demo Enter
  sleep 0.5
  tm send-keys -t demo Enter
}

# The SDL2 window under Xvfb: plays SCRIPT, saves its last frame as docs/NAME.png; FLAGS go to
# the demo too.
#   sdl_shot SCRIPT NAME [FLAGS...]
sdl_shot() {
  script=$1 name=$2
  shift 2
  xvfb-run -a -s "-screen 0 1600x1200x24" "$demo" --sdl --script "$script" \
    --screenshot "$work/$name.bmp" "$@" >/dev/null
  python3 "$root/demo/tools/bmp_to_png.py" "$work/$name.bmp" "$root/docs/$name.png"
}

# The terminal: the Meadow, a few steps, paused, with the stack overlay.
into_the_meadow
sleep 0.5
for k in Right Right Down Down Right Right Right Down Down; do
  tm send-keys -t demo "$k"
  sleep 0.05
done
sleep 1
tm send-keys -t demo p
sleep 0.3
tm send-keys -t demo Tab
sleep 0.5
tm capture-pane -p -e -t demo >"$work/screen.ans"
python3 "$root/demo/tools/ansi_to_png.py" "$work/screen.ans" "$root/docs/demo-terminal.png"

# The terminal mid-transition (R33): the pause menu fading in over the Meadow, 0.2 s long. The
# game runs in real time, so the pane is captured every few hundredths of a second after P, and
# the first capture with the banner dimmed (half faded in) is kept.
into_the_meadow
sleep 1
tm send-keys -t demo p
for i in 01 02 03 04 05 06 07 08 09 10 11 12; do # two digits: the glob below lists them in order
  tm capture-pane -p -e -t demo >"$work/fading-$i.ans"
  sleep 0.02
done
caught=$(python3 "$root/demo/tools/first_dimmed.py" "P A U S E D" "$work"/fading-*.ans)
[ -n "$caught" ] || { echo "take_screenshots: no capture caught the pause fading in" >&2; exit 1; }
python3 "$root/demo/tools/ansi_to_png.py" "$caught" "$root/docs/demo-terminal-fading.png"

# The SDL2 window: Orc Pass, the Mage's fireball being resolved, with the stack overlay.
cat >"$work/battle.keys" <<'KEYS'
wait 46 enter wait 2 up enter wait 5 tab
enter enter enter wait 150
down down enter right enter wait 50
KEYS
sdl_shot "$work/battle.keys" demo-sdl
# Its tiles: the Caverns a few steps in (the tiles test's script).
sdl_shot "$root/demo/tests/scripts/tiles_caverns.keys" demo-sdl-tiles
# Mid-transition: the pause menu half faded in (the fade test's script).
sdl_shot "$root/demo/tests/scripts/pause_fading.keys" demo-sdl-fading
# The stack inspector (F1) over the paused Meadow (the inspector test's script).
sdl_shot "$root/demo/tests/scripts/inspector.keys" demo-sdl-inspector --inspector --window=1400x900
echo "wrote docs/demo-terminal.png, docs/demo-terminal-fading.png, docs/demo-sdl.png," \
  "docs/demo-sdl-tiles.png, docs/demo-sdl-fading.png and docs/demo-sdl-inspector.png"
