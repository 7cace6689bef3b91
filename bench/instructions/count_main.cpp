// bench/instructions/count_main.cpp: strata_bench_count_<scenario>, the drivers bench/run runs
// under `valgrind --tool=callgrind --collect-atstart=no`, one executable per scenario. It builds
// one workload per batch slot, then switches collection on around the runs only, so setup, warm-up
// and reset cost nothing and the count is the same on every run of a noisy machine.
//   strata_bench_count_<scenario> <scenario> <subject> <size> <batch> <rounds>
// Prints {"runs": ..., "units_per_run": ...}; instructions per unit = Ir / (runs * units_per_run).
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string_view>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
// Without valgrind's header the driver still runs (as CI does), counting nothing.
#define CALLGRIND_TOGGLE_COLLECT
#endif

#include "../scenarios/workloads.hpp"
#include "../subjects.hpp"

namespace {

template <class W>
void count(std::size_t size, std::size_t batch_size, std::size_t rounds) {
  std::deque<W> batch;
  for (std::size_t i = 0; i < batch_size; ++i) {
    batch.emplace_back(size);
  }
  if constexpr (bench::resettable<W>) {
    for (std::size_t round = 0; round < rounds; ++round) {
      CALLGRIND_TOGGLE_COLLECT;
      for (W& workload : batch) {
        workload.run();
      }
      CALLGRIND_TOGGLE_COLLECT;
      for (W& workload : batch) {
        workload.reset();
      }
    }
  } else {
    // Nothing to undo: one stretch of collection, so the driver's own loop adds next to nothing.
    CALLGRIND_TOGGLE_COLLECT;
    for (W& workload : batch) {
      for (std::size_t round = 0; round < rounds; ++round) {
        workload.run();
      }
    }
    CALLGRIND_TOGGLE_COLLECT;
  }
  std::printf("{\"runs\": %zu, \"units_per_run\": %zu}\n", batch_size * rounds,
              static_cast<std::size_t>(batch.front().units()));
}

template <template <class> class Workload>
bool count_on(std::string_view subject, std::size_t size, std::size_t batch, std::size_t rounds) {
  bool found = false;
  bench::all_subjects::for_each([&]<class S>() {
    if (S::label == subject) {
      found = true;
      count<Workload<S>>(size, batch, rounds);
    }
  });
  return found;
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s <scenario> <subject> <size> <batch> <rounds>\n", argv[0]);
    return 2;
  }
  const std::string_view scenario = argv[1];
  const std::string_view subject = argv[2];
  const auto size = static_cast<std::size_t>(std::strtoull(argv[3], nullptr, 10));
  const auto batch = static_cast<std::size_t>(std::strtoull(argv[4], nullptr, 10));
  const auto rounds = static_cast<std::size_t>(std::strtoull(argv[5], nullptr, 10));
  if (batch == 0 || rounds == 0) {
    std::fprintf(stderr, "%s: an empty run (batch and rounds must be at least 1)\n", argv[0]);
    return 2;
  }
  // The one scenario this executable was built for (bench/CMakeLists.txt).
#if defined(STRATA_BENCH_SCENARIO_S1)
  const bool found = scenario == "S1" && count_on<bench::frame_pass>(subject, size, batch, rounds);
#elif defined(STRATA_BENCH_SCENARIO_S2)
  const bool found = scenario == "S2" && count_on<bench::churn_cycle>(subject, size, batch, rounds);
#elif defined(STRATA_BENCH_SCENARIO_S2F)
  const bool found =
      scenario == "S2F" && count_on<bench::churn_with_frames>(subject, size, batch, rounds);
#elif defined(STRATA_BENCH_SCENARIO_S3)
  const bool found = scenario == "S3" && count_on<bench::bulk_push>(subject, size, batch, rounds);
#elif defined(STRATA_BENCH_SCENARIO_S4)
  const bool found = scenario == "S4" && count_on<bench::deep_pop>(subject, size, batch, rounds);
#elif defined(STRATA_BENCH_SCENARIO_S5)
  const bool found = scenario == "S5" && count_on<bench::many_stacks>(subject, size, batch, rounds);
#else
#error "build count_main.cpp with one STRATA_BENCH_SCENARIO_<name> defined"
#endif
  if (!found) {
    std::fprintf(stderr, "%s: not its scenario, or an unknown subject\n", argv[0]);
    return 2;
  }
  return 0;
}
