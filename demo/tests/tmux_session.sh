# demo/tests/tmux_session.sh: what the tests that play the demo in tmux share, sourced after they
# set $socket (the tmux server, their own) and $test (their name, for messages): tm runs tmux on
# that server, fail reports and shows the screen, wait_for waits for a text on it; respawn runs
# another program in the pane and end_server ends them all, each waiting for the game it ends.
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

# The pane's program and its children: the game, whether the pane runs it or a shell around it.
pane_programs() {
  pane=$(tm display-message -p -t demo '#{pane_pid}' 2>/dev/null) || return 0
  echo "$pane" $(pgrep -P "$pane" || true)
}

# Waits (at most 5 s) until these processes have ended. A game that ends saves itself for
# --continue, in the test's directory: that must be done before the test reads the file or
# removes the directory.
wait_ended() {
  for pid in "$@"; do
    tries=0
    while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 50 ]; do
      tries=$((tries + 1))
      sleep 0.1
    done
  done
}

# Runs $1 in the pane instead of what runs there, which is ended (SIGHUP) and waited for.
respawn() {
  old=$(pane_programs)
  tm respawn-pane -k -t demo "$1"
  wait_ended $old
}

# Ends the tmux server and what runs in it, and waits for that (for the tests' EXIT traps).
end_server() {
  old=$(pane_programs)
  tm kill-server 2>/dev/null || true
  wait_ended $old
}
