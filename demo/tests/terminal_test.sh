#!/bin/sh
# demo/tests/terminal_test.sh: the terminal front end in a real terminal (tmux, 100x32): keys
# are sent as a player would press them and the screen is read back. It checks the title, the
# pause banner over the dimmed level, the stack overlay, a resize, and that Ctrl-C restores
# the terminal; Esc on the title asks before quitting; uppercase WASD moves; TERM=dumb is
# refused with a message; a stall is not caught up at once; too small a terminal pauses; without
# colours the logo and the picked place still show.
#   terminal_test.sh path/to/strata-demo
set -eu
demo=$1
socket="strata-demo-test-$$"
test="terminal test"
# The player's files (the best scores, the game saved on quit) go to a directory of the test's.
data=$(mktemp -d)
. "$(dirname "$0")/tmux_session.sh"
trap 'end_server; rm -rf "$data"' EXIT

# tmux 3.3 does not always record a pane's exit status, so the pane's shell prints it. The shell
# traps SIGINT only to outlive the demo's Ctrl-C; the demo starts with the default handling.
tm new-session -d -s demo -x 100 -y 32 \
  "trap : INT; XDG_DATA_HOME='$data' '$demo' --seed 1; echo \"strata-demo exited with \$?\""
tm set-option -t demo remain-on-exit on

wait_for "S T R A T A   Q U E S T"
wait_for "press Enter to start"
# A stall (Ctrl-Z and fg; here SIGSTOP and SIGCONT) is not caught up in a burst: the music
# beat (one every 0.5 s of game time) must not jump by the 4 s the demo was stopped.
beat() { tm capture-pane -p -t demo | grep -o "beat [0-9]*" | tail -n 1 | cut -d ' ' -f 2; }
game=$(pgrep -P "$(tm display-message -p -t demo '#{pane_pid}')")
before=$(beat)
kill -STOP "$game"
sleep 4
kill -CONT "$game"
sleep 0.5
after=$(beat)
[ "$((after - before))" -le 5 ] || fail "the beat jumped from $before to $after after a stall"

# Esc on the title asks before quitting; N stays.
tm send-keys -t demo Escape
wait_for "Q U I T   T H E   G A M E ?"
tm send-keys -t demo n
tries=0
while tm capture-pane -p -t demo | grep -qF "Q U I T"; do
  tries=$((tries + 1))
  [ "$tries" -lt 150 ] || fail "N did not close the quit question"
  sleep 0.1
done
tm send-keys -t demo Enter
wait_for "W O R L D   M A P"
# Uppercase WASD moves as lowercase does (Caps Lock): S picks the Caverns, W the Meadow again.
tm send-keys -t demo S Enter
wait_for "Caverns   hearts @@@"
tm send-keys -t demo Escape
wait_for "P A U S E D"
tm send-keys -t demo q
wait_for "W O R L D   M A P"
tm send-keys -t demo W Enter
wait_for "Meadow   hearts @@@"

tm send-keys -t demo p
wait_for "P A U S E D"
# The banner takes 0.2 s to fade in (R33), the level dimming with it: look once it is there.
sleep 0.5
# The level is still drawn under the banner, dimmed by the freeze overlay: follow the SGR state
# through the capture (tmux only writes changes) and count the walls drawn dim and not dim.
walls=$(tm capture-pane -p -e -t demo | awk -v esc="$(printf '\033')" '
  function text(s,   n) {
    n = gsub(/#/, "#", s)
    if (dim) dimmed += n; else bright += n
    if (index(s, "P A U S E D") && dim) banner_dim = 1
  }
  {
    line = $0
    while (line != "") {
      at = index(line, esc "[")
      if (at == 0) { text(line); break }
      text(substr(line, 1, at - 1))
      rest = substr(line, at + 2)
      end = match(rest, /[A-Za-z]/)
      code = substr(rest, 1, end - 1)
      line = substr(rest, end + 1)
      if (substr(rest, end, 1) != "m") continue
      n = split(code, p, ";")
      if (n == 0) dim = 0
      for (k = 1; k <= n; k++) {
        if (p[k] == "38" || p[k] == "48") { k += (p[k + 1] == "5") ? 2 : 4; continue }
        if (p[k] == "" || p[k] == "0" || p[k] == "22") dim = 0
        else if (p[k] == "2") dim = 1
      }
    }
  }
  END { print dimmed + 0, bright + 0, banner_dim + 0 }')
set -- $walls
[ "$1" -gt 60 ] || fail "the level is not drawn under the pause banner ($walls)"
[ "$2" -eq 0 ] || fail "$2 wall cells under the pause banner are not dimmed"
[ "$3" -eq 0 ] || fail "the pause banner itself is dimmed"

tm send-keys -t demo Tab
wait_for "stack (Tab)"
wait_for " pause*"
screen=$(tm capture-pane -p -t demo)
for line in " 0 #[0-9]+ +system" " 1 #[0-9]+ +title" " 2 #[0-9]+ +world" " 3 #[0-9]+ +level" \
  " 4 #[0-9]+ +pause\*" "freeze" "last transitions:" "enter    4 pause"; do
  printf '%s' "$screen" | grep -qE -- "$line" || fail "the stack overlay does not show '$line'"
done
tm send-keys -t demo Tab
tm send-keys -t demo p

# A bigger terminal: the game follows it (the help line moves to the new last row).
tm resize-window -t demo -x 120 -y 40
tries=0
until tm capture-pane -p -t demo | sed -n 40p | grep -qF "arrows: move"; do
  tries=$((tries + 1))
  [ "$tries" -lt 150 ] || fail "the screen did not follow the resize"
  sleep 0.1
done

# Too small a terminal: a message instead of the game, which pauses; back to a size that fits,
# the pause menu waits.
tm resize-window -t demo -x 70 -y 20
wait_for "make the terminal at least 80x24"
tm resize-window -t demo -x 120 -y 40
wait_for "P A U S E D"

# Ctrl-C: the demo restores the terminal (it leaves the alternate screen) and exits with 130.
tm send-keys -t demo C-c
tries=0
until [ "$(tm display-message -p -t demo '#{pane_dead}')" = 1 ]; do
  tries=$((tries + 1))
  [ "$tries" -lt 150 ] || fail "Ctrl-C did not end the demo"
  sleep 0.1
done
screen=$(tm capture-pane -p -t demo)
printf '%s' "$screen" | grep -qF "strata-demo: interrupted" || fail "no message after Ctrl-C"
printf '%s' "$screen" | grep -qF "strata-demo exited with 130" ||
  fail "the demo did not exit with status 130 after Ctrl-C"
if printf '%s' "$screen" | grep -qF "Meadow"; then
  fail "the game's screen is still there after Ctrl-C"
fi
# A terminal without colours (vt100): the logo's blocks and the coloured backgrounds are drawn
# in reverse video instead of vanishing, and the picked place is marked >1<.
respawn "TERM=vt100 XDG_DATA_HOME='$data' '$demo' --seed 1"
wait_for "press Enter to start"
reversed=$(tm capture-pane -p -e -t demo | grep -c "$(printf '\033')\[\([0-9]*;\)*7m" || true)
[ "$reversed" -ge 5 ] || fail "the logo is not drawn in reverse video without colours"
tm send-keys -t demo Enter
wait_for ">1<"

# TERM=dumb cannot draw the game: the demo says so and exits 1 instead of running blind. The
# message and the status go to files: a pane that ends this fast can lose its last output.
errors=$(mktemp)
status=$(mktemp)
trap 'end_server; rm -rf "$errors" "$status" "$data"' EXIT
respawn "TERM=dumb XDG_DATA_HOME='$data' '$demo' --seed 1 2>'$errors'; echo \$? >'$status'"
tries=0
until [ -s "$status" ]; do
  tries=$((tries + 1))
  [ "$tries" -lt 150 ] || fail "the demo did not end with TERM=dumb"
  sleep 0.1
done
[ "$(cat "$status")" = 1 ] || fail "TERM=dumb: exit status $(cat "$status"), not 1"
grep -qF "the terminal 'dumb' cannot move its cursor" "$errors" ||
  fail "no message for TERM=dumb: $(cat "$errors")"
echo "terminal test: passed"
