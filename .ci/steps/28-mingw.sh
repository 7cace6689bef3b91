#!/usr/bin/env bash
# CI step: the library, the C API, the examples and every test cross-built for Windows x86-64 by
# Debian's MinGW-w64 (cmake/mingw-w64.cmake) and run under wine: CMakePresets.json's `mingw`,
# whose tests use a wine prefix of their own in build-mingw/. GoogleTest is built from Debian's
# sources by the same compiler (STRATA_GTEST_SOURCE). The consumer tests configure projects of
# their own and run them natively, so they stay out; so do the benchmarks and the demo (Google
# Benchmark and ncurses are Linux builds here).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

ci_section "preset mingw: x86_64-w64-mingw32-g++-posix, run under $(/usr/lib/wine/wine64 --version)"
ci_preset mingw
