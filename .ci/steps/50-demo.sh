#!/usr/bin/env bash
# .ci/steps/50-demo.sh: builds the demo game with its SDL2 front end and runs its tests: the
# scripted transcripts, the terminal front end in tmux, and the SDL2 window under Xvfb.
# Run from the repository root after apt-get update.
set -euo pipefail

apt-get install -y --no-install-recommends \
  libcli11-dev libncurses-dev libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core pkg-config tmux xvfb xauth \
  libimgui-dev

cmake -S . -B build-demo-ci -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSTRATA_BUILD_EXAMPLES=OFF -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_C_API=OFF
cmake --build build-demo-ci -j2 --target strata-demo strata-demo-screenshot-check \
  strata-demo-audio-check strata-demo-mixer-check strata-demo-legibility-check \
  strata-demo-palette-check strata-demo-tiles-check strata-demo-best-scores-check \
  strata-demo-transitions-check strata-demo-fade-check strata-demo-fade-steps-check \
  strata-demo-damaged-saves-check strata-demo-inspector-check
# Here the SDL2 and tmux tests must exist: a missing package must not skip them in silence.
for test in demo.sdl.screenshot demo.sdl.scaled_window demo.sdl.tiles_level \
  demo.sdl.tiles_siege_scaled demo.sdl.music_under_pause demo.sdl.palette demo.sdl.pause_fading \
  demo.sdl.continue demo.terminal.tmux demo.terminal.best_scores demo.terminal.continue \
  demo.script.tour_trace demo.sdl.inspector demo.sdl.inspector_hidden; do
  ctest --test-dir build-demo-ci -N -R "^${test}\$" | grep -q "Total Tests: 1" ||
    { echo "50-demo: test ${test} is not registered" >&2; exit 1; }
done
ctest --test-dir build-demo-ci -L demo --output-on-failure
