#!/usr/bin/env bash
# CI step: the library, the C API, the examples and every test cross-built for Windows x86-64 by
# Debian's MinGW-w64 (cmake/mingw-w64.cmake) and run under wine: CMakePresets.json's `mingw`,
# whose tests use a wine prefix of their own in build-mingw/. GoogleTest is built from Debian's
# sources by the same compiler (STRATA_GTEST_SOURCE). The consumer tests configure projects of
# their own and run them natively, so they stay out; so do the benchmarks and the demo (Google
# Benchmark and ncurses are Linux builds here). Two choices of the preset keep the step short:
# each test program is one ctest entry that runs all its tests (STRATA_TESTS_PER_PROGRAM), as
# every start under wine costs about a third of a second; and the Debug build has no debug
# information (-O0 alone), which no debugger reads here and which is a fifth of the compile time.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

wine=/usr/lib/wine/wine64
wineserver=/usr/lib/wine/wineserver64
ci_section "preset mingw: x86_64-w64-mingw32-g++-posix, run under $($wine --version)"
cmake --preset mingw >/dev/null
cmake --build --preset mingw -j "$ci_jobs"

# The preset's prefix, made before the tests and served by one wineserver for the whole run:
# tests that start wine at once otherwise race to make the prefix, or to start a server while
# the last one shuts down ("wine client error: recvmsg: Connection reset by peer").
export WINEPREFIX="$PWD/build-mingw/wineprefix" WINEDEBUG=-all
mkdir -p "$WINEPREFIX"
"$wineserver" -p
trap '"$wineserver" -k || true' EXIT
"$wine" wineboot --init
# Now and then wine fails to start one of the hundreds of programs: the test fails at once with
# no output (leaving.r8_tells_a_resume_on_the_way_out_from_a_return_to_the_top did, in 0.01 s,
# and passed in every run after). The tests that failed run once more, alone and with their
# output: a test program that fails twice fails the step. Every test also runs natively in the
# other steps, where nothing is run again.
if ! ctest --preset mingw -j "$ci_jobs"; then
  echo "mingw: running the failed tests once more, one at a time"
  ctest --preset mingw --rerun-failed --output-on-failure
fi
