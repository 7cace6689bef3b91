// bench/scenarios/main.cpp: strata_bench, the timed scenarios S1-S5 on strata and every baseline,
// and S8 on strata and the hand loop.
// Takes Google Benchmark's flags; bench/run passes the ones it needs.
#include "run_benchmarks.hpp"
#include "scenarios.hpp"

int main(int argc, char** argv) {
  bench::register_s1_frame();
  bench::register_s2_churn();
  bench::register_s3_bulk_push();
  bench::register_s4_deep_pop();
  bench::register_s5_many_stacks();
  bench::register_s8_threads();
  return bench::run_registered_benchmarks(argc, argv);
}
