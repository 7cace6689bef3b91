#!/usr/bin/env bash
# CI step: fuzzing. strata_fuzz_stack (fuzz/), built by clang++ with
# -fsanitize=fuzzer,address,undefined, plays libFuzzer's inputs as programs on strata::stack and
# on the reference model for two minutes, starting from the seed corpus in fuzz/corpus. Any
# disagreement, sanitizer report, crash, timeout or memory blow-up fails the step; libFuzzer
# leaves the input in build-fuzz/artifacts/ (copy it to fuzz/regressions/ once fixed).
source "$(dirname "$0")/../lib.sh"

# .ci/apt/fuzz.txt lists these for .ci/run; a run of this step alone may still lack them.
if ! command -v clang++ >/dev/null ||
  ! compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null; then
  apt-get install -y --no-install-recommends clang libclang-rt-14-dev
fi

ci_section "build strata_fuzz_stack (build-fuzz)"
ci_configure build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DSTRATA_BUILD_FUZZERS=ON -DSTRATA_BUILD_FUZZ=ON -DSTRATA_BUILD_TESTS=OFF \
  -DSTRATA_BUILD_EXAMPLES=OFF -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_DEMO=OFF \
  -DSTRATA_BUILD_C_API=OFF
cmake --build build-fuzz -j "$ci_jobs" --target strata_fuzz_stack

ci_section "fuzz for 120 s from fuzz/corpus"
# New inputs go to a scratch folder, so the committed seed corpus stays as it is.
rm -rf build-fuzz/corpus build-fuzz/artifacts
mkdir -p build-fuzz/corpus build-fuzz/artifacts
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1
build-fuzz/fuzz/strata_fuzz_stack -max_total_time=120 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix=build-fuzz/artifacts/ build-fuzz/corpus fuzz/corpus
echo "fuzzing found nothing"
