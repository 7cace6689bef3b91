#!/usr/bin/env bash
# CI step: the library, the C API, the examples and every test cross-built for Windows x86-64 by
# Debian's MinGW-w64 (cmake/mingw-w64.cmake) and run under wine. GoogleTest is built from
# Debian's sources by the same compiler (STRATA_GTEST_SOURCE). The consumer tests configure
# projects of their own and run them natively, so they stay out; so do the benchmarks and the
# demo (Google Benchmark and ncurses are Linux builds here).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build="build-mingw"
# A wine prefix of the step's own, made on the first run, instead of the user's ~/.wine.
export WINEPREFIX="$PWD/$build/wineprefix" WINEDEBUG=-all

ci_section "x86_64-w64-mingw32-g++-posix, run under $(/usr/lib/wine/wine64 --version) ($build, Debug)"
ci_configure "$build" -DCMAKE_BUILD_TYPE=Debug --toolchain cmake/mingw-w64.cmake \
  -DSTRATA_GTEST_SOURCE=/usr/src/googletest -DSTRATA_BUILD_BENCHMARKS=OFF \
  -DSTRATA_BUILD_DEMO=OFF >/dev/null
ci_build "$build"

ci_section "ctest under wine (every test but the consumers)"
ci_test "$build" -LE consumer
