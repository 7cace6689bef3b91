#!/usr/bin/env bash
# .ci/steps/50-demo.sh: the demo game with its SDL2 front end, and its tests: the scripted
# transcripts, the terminal front end in tmux, and the SDL2 window under Xvfb. SDL2 is installed
# here, not by .ci/run, so that the sanitizer and no-exceptions builds of 20-sanitizers.sh stay
# without the SDL2 front end, whose tests they leave out. The README's build/ (which 10-tests.sh
# made) is configured again: it now finds SDL2, and only the front end and the programs that
# link it are built.
# Run from the repository root after apt-get update.
source "$(dirname "$0")/../lib.sh"

if [[ ${STRATA_CI_SKIP_APT:-0} != 1 ]]; then
  apt-get install -y --no-install-recommends \
    libcli11-dev libncurses-dev libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core pkg-config tmux \
    xvfb xauth libimgui-dev
fi

build=build
# As the README's command configures it (no generator named, so that the two agree).
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j "$ci_jobs" --target strata-demo strata-demo-screenshot-check \
  strata-demo-audio-check strata-demo-mixer-check strata-demo-legibility-check \
  strata-demo-palette-check strata-demo-tiles-check strata-demo-best-scores-check \
  strata-demo-transitions-check strata-demo-fade-check strata-demo-fade-steps-check \
  strata-demo-damaged-saves-check strata-demo-inspector-check
# Here the SDL2 and tmux tests must exist: a missing package must not skip them in silence.
for test in demo.sdl.screenshot demo.sdl.scaled_window demo.sdl.tiles_level \
  demo.sdl.tiles_siege_scaled demo.sdl.music_under_pause demo.sdl.palette demo.sdl.pause_fading \
  demo.sdl.continue demo.terminal.tmux demo.terminal.best_scores demo.terminal.continue \
  demo.script.tour_trace demo.sdl.inspector demo.sdl.inspector_hidden; do
  ctest --test-dir "$build" -N -R "^${test}\$" | grep -q "Total Tests: 1" ||
    { echo "50-demo: test ${test} is not registered" >&2; exit 1; }
done
ci_test "$build" -L demo
