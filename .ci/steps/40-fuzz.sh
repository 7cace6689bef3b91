#!/usr/bin/env bash
# CI step: fuzzing, two libFuzzer targets (fuzz/), built by clang++ with
# -fsanitize=fuzzer,address,undefined. strata_fuzz_stack plays libFuzzer's inputs as programs on
# strata::stack and on the reference model for 90 s, from the seed corpus in fuzz/corpus;
# strata_fuzz_c_api drives the C API with arbitrary arguments and misbehaving callbacks for 60 s,
# from fuzz/c_corpus, and checks that every call returns a documented code and that nothing is
# left allocated. Any disagreement, sanitizer report, crash, leak, timeout or memory blow-up fails
# the step; libFuzzer leaves the input in build-fuzz/artifacts-<target>/ (copy it to
# fuzz/regressions/ once fixed, or to fuzz/c_corpus/ for the C API). The two run at once, one per
# core.
source "$(dirname "$0")/../lib.sh"

# .ci/apt/fuzz.txt lists these for .ci/run; a run of this step alone may still lack them.
if ! command -v clang++ >/dev/null ||
  ! compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null; then
  apt-get install -y --no-install-recommends clang libclang-rt-14-dev
fi

build=${STRATA_FUZZ_BUILD:-build-fuzz}
ci_section "build strata_fuzz_stack and strata_fuzz_c_api ($build)"
ci_configure "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DSTRATA_BUILD_FUZZ=ON -DSTRATA_BUILD_TESTS=OFF -DSTRATA_BUILD_EXAMPLES=OFF \
  -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_DEMO=OFF -DSTRATA_BUILD_C_API=ON
cmake --build "$build" -j "$ci_jobs" --target strata_fuzz_stack strata_fuzz_c_api

# A small quarantine keeps the fuzzer's memory, and so the child processes that check a
# destruction from inside a hook (model/strata_model/model_death.hpp), small and quick to fork.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:quarantine_size_mb=16
export UBSAN_OPTIONS=print_stacktrace=1

# fuzz <target> <seconds> <seed corpus>: new inputs go to a scratch folder, so the committed seed
# corpus stays as it is. Its output goes to $build/<target>.log.
fuzz() {
  local target=$1 seconds=$2 seeds=$3
  rm -rf "$build/corpus-$target" "$build/artifacts-$target"
  mkdir -p "$build/corpus-$target" "$build/artifacts-$target"
  "$build/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts-$target/" "$build/corpus-$target" \
    "$seeds" >"$build/$target.log" 2>&1
}

# Each log is shown once both fuzzers have ended: the whole of it for a fuzzer that failed, its
# final statistics otherwise.
ci_section "strata_fuzz_stack for 90 s from fuzz/corpus and strata_fuzz_c_api for 60 s from" \
  "fuzz/c_corpus, at once"
fuzz strata_fuzz_stack 90 fuzz/corpus &
stack_fuzzer=$!
fuzz strata_fuzz_c_api 60 fuzz/c_corpus &
c_api_fuzzer=$!
failed=()
wait "$stack_fuzzer" || failed+=(strata_fuzz_stack)
wait "$c_api_fuzzer" || failed+=(strata_fuzz_c_api)
for target in strata_fuzz_stack strata_fuzz_c_api; do
  ci_section "$target"
  if [[ " ${failed[*]} " == *" $target "* ]]; then
    cat "$build/$target.log"
  else
    grep -E '^(stat::|Done|INFO: )' "$build/$target.log" | tail -n 20 || true
  fi
done
if [[ ${#failed[@]} -ne 0 ]]; then
  echo "fuzzing failed: ${failed[*]} (the input is in $build/artifacts-<target>/)"
  exit 1
fi
echo "fuzzing found nothing"
