#!/usr/bin/env bash
# CI step: the C API under valgrind. Builds the C API's tests and C examples in Debug
# (build-capi-ci), runs them with ctest (label capi: exact traces and exact example output), then
# runs each program again under memcheck: any memory error or leak of any kind fails the step.
# Run from the repository root after apt-get update.
source "$(dirname "$0")/../lib.sh"

if [[ ${STRATA_CI_SKIP_APT:-0} != 1 ]]; then
  apt-get install -y --no-install-recommends valgrind gcc
fi

build=build-capi-ci
ci_section "build the C API's tests and examples (Debug, $build)"
ci_configure "$build" -DCMAKE_BUILD_TYPE=Debug -DSTRATA_BUILD_C_API=ON -DSTRATA_BUILD_TESTS=ON \
  -DSTRATA_BUILD_EXAMPLES=OFF -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_DEMO=OFF \
  -DSTRATA_BUILD_FUZZERS=OFF >/dev/null
cmake --build "$build" -j "$ci_jobs" --target strata_capi_checks

ci_section "ctest -L capi"
ci_test "$build" -L capi

ci_section "valgrind $(valgrind --version)"
mapfile -t programs <"$build/capi-programs.txt"
if [[ ${#programs[@]} -eq 0 ]]; then
  echo "no C API program listed in $build/capi-programs.txt"
  exit 1
fi
clean=0
dirty=0
for program in "${programs[@]}"; do
  log="$build/valgrind-$(basename "$program").log"
  if valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=all --error-exitcode=1 \
    "$program" >"$log" 2>&1; then
    clean=$((clean + 1))
    echo "clean: $(basename "$program")"
  else
    dirty=$((dirty + 1))
    echo "NOT CLEAN: $(basename "$program")"
    tail -n 60 "$log"
  fi
done
echo "valgrind: $clean programs clean, $dirty with errors or leaks"
[[ $dirty -eq 0 ]]
