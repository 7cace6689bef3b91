// bench/scenarios/save_main.cpp: strata_bench_save, scenario S9 (a 1,000-deep stack saved and
// restored) on strata alone. Its own executable rather than part of strata_bench: linked into
// strata_bench, its code moved S1's times through code placement alone (g++ 12: strata's pass
// over 64 states from 90 to 112 ns, the hand loop's from 106 to 88, with the same instructions).
// Takes Google Benchmark's flags; bench/run passes the ones it needs.
#include "run_benchmarks.hpp"
#include "scenarios.hpp"

int main(int argc, char** argv) {
  bench::register_s9_save_restore();
  return bench::run_registered_benchmarks(argc, argv);
}
