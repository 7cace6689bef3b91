#!/usr/bin/env bash
# CI step: the whole ctest suite twice more, as CMakePresets.json's `sanitizers` and `noexcept`
# configure, build and test it: built by clang++ with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report fails the test), and built by g++ without exceptions
# (STRATA_NO_EXCEPTIONS). The consumer tests are left out: they build outside these flags and
# already ran in 10-tests.sh. So are the benchmarks: they register no test, and 60-bench.sh
# builds them as they are meant to run. The demo's SDL tests (demo.sdl.*) run the system's SDL,
# D-Bus and GL drivers, whose own lasting allocations LeakSanitizer reports (from unloaded modules,
# beyond suppressions): the sanitized run leaves them out; every other demo test checks the demo's
# code under the sanitizers. The Lua modules are off there: a module built with ASan cannot be
# loaded by an interpreter built without it (10-tests.sh runs them, and valgrind's step too).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

ci_section "preset sanitizers: clang++ with -fsanitize=address,undefined (build-sanitizers)"
ci_preset sanitizers

ci_section "preset noexcept: g++ with -DSTRATA_NO_EXCEPTIONS=ON (build-noexcept)"
ci_preset noexcept
