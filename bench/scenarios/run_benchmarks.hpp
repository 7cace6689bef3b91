// bench/scenarios/run_benchmarks.hpp: what every timed benchmark executable's main() does once
// it has registered its scenarios: reads Google Benchmark's flags (bench/run passes the ones it
// needs), refuses any other argument, and runs what was registered.
#pragma once

#include <benchmark/benchmark.h>

namespace bench {

inline int run_registered_benchmarks(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

} // namespace bench
