#!/usr/bin/env bash
# CI step: the whole ctest suite once more, as CMakePresets.json's `sanitizers` configures, builds
# and tests it: built by clang++ with AddressSanitizer and UndefinedBehaviorSanitizer (any report
# fails the test). The build without exceptions (STRATA_NO_EXCEPTIONS) is 27-libcxx.sh's. The
# consumer tests are left out: they build outside these flags and already ran in 10-tests.sh. So
# are the benchmarks: they register no test, and 60-bench.sh runs them. The demo's SDL tests
# (demo.sdl.*) run the system's SDL, D-Bus and GL drivers, whose own lasting allocations
# LeakSanitizer reports (from unloaded modules, beyond suppressions): the sanitized run leaves
# them out; every other demo test checks the demo's code under the sanitizers. The Lua modules
# are off there: a module built with ASan cannot be loaded by an interpreter built without it
# (10-tests.sh runs them, and valgrind's step too). The preset's tests run the model test with
# 250,000 operations (STRATA_MODEL_OPS) instead of a million: under the sanitizers a million take
# three minutes, most of the step's test time, and 10-tests.sh plays the million. The preset
# compiles with line tables only (-gline-tables-only), which is all the sanitizers' reports read
# to name functions, files and lines: full debug information took a seventh more time to compile
# a test (tests/stack_errors_test.cpp: 9.9 s of CPU against 8.6).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

ci_section "preset sanitizers: clang++ with -fsanitize=address,undefined (build-sanitizers)"
ci_preset sanitizers
