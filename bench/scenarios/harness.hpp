// bench/scenarios/harness.hpp: runs the workloads under Google Benchmark and registers a
// scenario for every subject. Each benchmark also reports what bench/run needs to turn its time
// per iteration into a time per unit, and the heap allocations and hook calls of one run.
// Workloads with reset() are timed in batches with the thread's CPU clock (reported as the
// manual time); the others by Google Benchmark, whose CPU time bench/run reads.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <deque>
#include <string>
#include <vector>

#include "../alloc_counter.hpp"
#include "../hook_body.hpp"
#include "../subjects.hpp"
#include "workloads.hpp"

namespace bench {

struct scenario {
  const char* name;
  std::vector<std::int64_t> sizes;
  // For workloads with reset(): how many to run back to back between two clock readings, so
  // that reading the clock costs little next to the work.
  std::size_t (*batch_for)(std::size_t size) = nullptr;
  // Set when the setup is costly, so that it is not repeated while Google Benchmark searches
  // for an iteration count; 0 lets it search.
  std::int64_t iterations = 0;
};

// The measuring thread's CPU time: on a machine shared with other work, it leaves out the time
// the thread spent waiting for a core.
inline double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// What a pair of readings costs by itself (a system call in a virtual machine), taken off
// every batch: the median of many pairs.
inline double clock_pair_cost() {
  static const double cost = [] {
    std::array<double, 101> pairs{};
    for (double& pair : pairs) {
      const double start = thread_cpu_seconds();
      pair = thread_cpu_seconds() - start;
    }
    std::nth_element(pairs.begin(), pairs.begin() + pairs.size() / 2, pairs.end());
    return pairs[pairs.size() / 2];
  }();
  return cost;
}

// Heap allocations and hook calls per run, measured before the timing over `runs` runs of
// the workload (which then goes on from where they left it).
struct run_profile {
  double allocations;
  double hooks;
};

template <class W>
run_profile profile(W& workload, int runs) {
  const heap_usage heap_before = heap_now();
  const std::uint64_t hooks_before = hook_calls;
  for (int i = 0; i < runs; ++i) {
    workload.run();
  }
  return {static_cast<double>(heap_now().allocations - heap_before.allocations) / runs,
          static_cast<double>(hook_calls - hooks_before) / runs};
}

template <class W>
void report(benchmark::State& state, const W& workload, std::size_t runs_per_iteration,
            const run_profile& per_run) {
  state.counters["runs_per_iteration"] = static_cast<double>(runs_per_iteration);
  state.counters["units_per_run"] = static_cast<double>(workload.units());
  state.counters["allocations_per_run"] = per_run.allocations;
  state.counters["hooks_per_run"] = per_run.hooks;
}

template <class W>
void time_runs(benchmark::State& state, std::size_t size) {
  W workload(size);
  const run_profile per_run = profile(workload, 8);
  for (auto _ : state) {
    workload.run();
  }
  report(state, workload, 1, per_run);
}

template <resettable W>
void time_batches(benchmark::State& state, std::size_t size, std::size_t batch_size) {
  std::deque<W> batch;
  for (std::size_t i = 0; i < batch_size; ++i) {
    batch.emplace_back(size);
  }
  const run_profile per_run = profile(batch.front(), 1);
  batch.front().reset();

  const double clock_cost = clock_pair_cost();
  for (auto _ : state) {
    const double start = thread_cpu_seconds();
    for (W& workload : batch) {
      workload.run();
    }
    const double took = thread_cpu_seconds() - start - clock_cost;
    for (W& workload : batch) {
      workload.reset();
    }
    state.SetIterationTime(std::max(took, 0.0));
  }
  report(state, batch.front(), batch_size, per_run);
}

template <template <class> class Workload>
void register_scenario(const scenario& s) {
  all_subjects::for_each([&]<class S>() {
    using workload = Workload<S>;
    const std::string name = std::string(s.name) + "/" + std::string(S::label);
    benchmark::internal::Benchmark* registered = nullptr;
    if constexpr (resettable<workload>) {
      registered = benchmark::RegisterBenchmark(
          name.c_str(), [batch_for = s.batch_for](benchmark::State& state) {
            const auto size = static_cast<std::size_t>(state.range(0));
            time_batches<workload>(state, size, batch_for != nullptr ? batch_for(size) : 1);
          });
      registered->UseManualTime();
    } else {
      registered = benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& state) {
        time_runs<workload>(state, static_cast<std::size_t>(state.range(0)));
      });
    }
    for (const std::int64_t size : s.sizes) {
      registered->Arg(size);
    }
    if (s.iterations > 0) {
      registered->Iterations(s.iterations);
    }
  });
}

} // namespace bench
