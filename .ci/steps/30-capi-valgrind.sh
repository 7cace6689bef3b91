#!/usr/bin/env bash
# CI step: the C API under valgrind, stricter than 35-valgrind.sh: each C API test program and C
# example that 10-tests.sh built with the README's command (build/, which lists them in
# capi-programs.txt; configured and built here only if missing) runs under memcheck, and any
# memory error or leak of any kind, reachable blocks too, fails the step. Their exact traces and
# output were checked by 10-tests.sh's ctest run (label capi).
# Run from the repository root after apt-get update.
source "$(dirname "$0")/../lib.sh"

if [[ ${STRATA_CI_SKIP_APT:-0} != 1 ]] && ! command -v valgrind >/dev/null; then
  apt-get install -y --no-install-recommends valgrind
fi

build=build
ci_section "the C API's tests and examples of $build (RelWithDebInfo, as 10-tests.sh built them)"
# As the README's command configures it (no generator named, so that the two agree).
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$ci_jobs" --target strata_capi_checks

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
  mapfile -t options < <(ci_memcheck_allocation_options "$program")
  if valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=all --error-exitcode=1 \
    "${options[@]}" "$program" >"$log" 2>&1; then
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
