#!/usr/bin/env bash
# CI step: each benchmark runs once, briefly, to prove it works. They run from the README's
# build/ (RelWithDebInfo, which 10-tests.sh made; configured and built here only if missing): no
# timing is judged here (bench/run does that, in Release, and never in CI), so the build type
# does not matter, and reusing build/ saves building them again. Only a binary that fails fails
# the step.
source "$(dirname "$0")/../lib.sh"

build=build
ci_section "the benchmarks of $build (RelWithDebInfo, as 10-tests.sh built them)"
# As the README's command configures it (no generator named, so that the two agree).
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$ci_jobs" --target strata_bench strata_bench_save strata_bench_post \
  strata_bench_load strata_bench_count strata_bench_memory strata_bench_compile_time
bin=$build/bench

ci_section "S1-S5, S8, S9, S10 and S11: every benchmark once"
for timed in strata_bench strata_bench_save strata_bench_post strata_bench_load; do
  "$bin/$timed" --benchmark_min_time=0.001 --benchmark_repetitions=1 \
    --benchmark_format=console --benchmark_counters_tabular=false | grep -E '^S[0-9]' | cut -c1-100
done

ci_section "instruction counter: every scenario on every subject, small sizes, no valgrind"
for scenario_size in "S1 8" "S2 4" "S2F 4" "S3 100" "S4 100"; do
  read -r scenario size <<<"$scenario_size"
  for subject in strata hand_loop linked_chain pending_list array_manager; do
    "$bin/strata_bench_count_$scenario" "$scenario" "$subject" "$size" 2 2 >/dev/null
  done
done
echo "25 runs of strata_bench_count_*"

ci_section "S5 and S6 memory"
"$bin/strata_bench_memory" >/dev/null
echo "strata_bench_memory ran"

ci_section "bench/run parses"
python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])' bench/run
echo "bench/run is valid Python"
