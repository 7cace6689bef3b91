#!/usr/bin/env bash
# CI step: the whole ctest suite twice more: built by clang++ with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report fails the test), and built by g++ without exceptions
# (STRATA_NO_EXCEPTIONS). The consumer tests are left out: they build outside these flags and
# already ran in 10-tests.sh. So are the benchmarks: they register no test, and 60-bench.sh
# builds them as they are meant to run.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

both=(-DCMAKE_BUILD_TYPE=Debug -DSTRATA_BUILD_BENCHMARKS=OFF)

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1
ASAN_OPTIONS+=:strict_init_order=1
export UBSAN_OPTIONS=print_stacktrace=1

ci_section "clang++ with -fsanitize=address,undefined (build-asan)"
ci_configure build-asan "${both[@]}" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
  "-DCMAKE_CXX_FLAGS=$sanitize" "-DCMAKE_C_FLAGS=$sanitize"
ci_build build-asan
# The demo's SDL window test runs the system's SDL, D-Bus and GL drivers, whose own lasting
# allocations LeakSanitizer reports (from unloaded modules, beyond suppressions); every other
# demo test checks the demo's code under the sanitizers.
ci_test build-asan -LE consumer -E '^demo[.]sdl[.]'

ci_section "g++ with -DSTRATA_NO_EXCEPTIONS=ON (build-noexcept)"
ci_configure build-noexcept "${both[@]}" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc \
  -DSTRATA_NO_EXCEPTIONS=ON
ci_build build-noexcept
ci_test build-noexcept -LE consumer
