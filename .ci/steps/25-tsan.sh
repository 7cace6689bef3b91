#!/usr/bin/env bash
# CI step: the thread tests (tests/threads, ctest label `threads`) built by clang++ with
# ThreadSanitizer and run: two threads, each building and driving its own stacks with their own
# observer and error handler, must record what each would alone, and TSan must find no memory the
# two reach without ordering (its first report ends the test with a failure). Only those
# programs are built: the rest of the suite runs in 10-tests.sh and, sanitized, in
# 20-sanitizers.sh. The TSan runtime comes with libclang-rt-14-dev (.ci/apt/core.txt).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build="build-tsan"
sanitize="-fsanitize=thread -fno-omit-frame-pointer"
export TSAN_OPTIONS=halt_on_error=1

ci_section "clang++ with -fsanitize=thread ($build, RelWithDebInfo)"
ci_configure "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS=$sanitize" -DSTRATA_BUILD_TESTS=ON -DSTRATA_BUILD_EXAMPLES=OFF \
  -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_DEMO=OFF -DSTRATA_BUILD_C_API=OFF >/dev/null
ci_build "$build" --target strata_threads_checks

ci_section "ctest -L threads (TSAN_OPTIONS=$TSAN_OPTIONS)"
ci_test "$build" -L threads
