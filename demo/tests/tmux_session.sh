# demo/tests/tmux_session.sh: what the tests that play the demo in tmux share, sourced after they
# set $socket (the tmux server, their own) and $test (their name, for messages): tm runs tmux on
# that server, fail reports and shows the screen, wait_for waits for a text on it.
# shellcheck shell=sh
tm() { tmux -L "$socket" -f /dev/null "$@"; }

fail() {
  echo "$test: $1" >&2
  echo "--- screen ---" >&2
  tm capture-pane -p -t demo >&2 2>/dev/null || true
  exit 1
}

# Waits (at most 15 s) until the screen shows the text.
wait_for() {
  tries=0
  until tm capture-pane -p -t demo | grep -qF -- "$1"; do
    tries=$((tries + 1))
    [ "$tries" -lt 150 ] || fail "never showed '$1'"
    sleep 0.1
  done
}
