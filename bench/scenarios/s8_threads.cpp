// bench/scenarios/s8_threads.cpp: S8, S5's 100,000 stacks 4 deep split across 1 and 2 threads, as
// a server stepping its matches on every core. Each thread builds its own share of the stacks
// and steps them; the threads share nothing but the start and the finish line. A run steps every
// stack once with all threads released together; the building is off the clock. Its time, as
// S3's and S4's, is CPU time: that of the thread that took the most, which is the run's wall
// time when each thread has a core to itself, and leaves out the time a thread waited for one on
// a machine shared with other work. The wall time (first thread started to last one finished)
// is reported beside it. bench/run compares the throughput of 2 threads with that of 1.
#include <algorithm>
#include <barrier>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "harness.hpp"
#include "scenarios.hpp"
#include "workloads.hpp"

namespace bench {
namespace {

constexpr std::size_t stacks = 100'000;
constexpr std::int64_t thread_counts[] = {1, 2};
// As in S5, building the stacks takes longer than stepping them: a fixed count builds them once.
constexpr std::int64_t iterations = 50;

using wall_clock = std::chrono::steady_clock;

// What the coordinating thread (Google Benchmark's) asks of every worker at the next phase.
enum class order { profile, run, stop };

// One worker's results, on a cache line of its own: written by the worker between two phases of
// the barrier, read by the coordinator after the second.
struct alignas(64) worker_report {
  wall_clock::time_point started{};
  wall_clock::time_point finished{};
  double cpu_seconds = 0; // the worker's CPU time for its last run
  run_profile per_run{};
  std::size_t units = 0;
};

// `threads` workers, each with its own many_stacks workload of a share of the stacks, built,
// stepped and destroyed on that worker's thread. The coordinator and the workers meet at one
// barrier: the coordinator sets the order, all arrive, the workers carry it out, all arrive again.
// The orders and the reports are plain memory: the barrier orders every access to them.
template <subject S>
class team {
public:
  explicit team(std::size_t threads)
      : sync_(static_cast<std::ptrdiff_t>(threads) + 1)
      , reports_(threads) {
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) {
      const std::size_t share = stacks * (i + 1) / threads - stacks * i / threads;
      workers_.emplace_back([this, i, share] { work(i, share); });
    }
    sync_.arrive_and_wait(); // every worker has built its stacks
  }
  team(const team&) = delete;
  team& operator=(const team&) = delete;
  team(team&&) = delete;
  team& operator=(team&&) = delete;
  ~team() { give(order::stop); } // the workers destroy their stacks; the jthreads join

  // Heap allocations and hook calls of one run of every worker, each profiled alone so that the
  // process-wide heap counter sees one thread at a time.
  run_profile profile() {
    run_profile total{0, 0};
    for (turn_ = 0; turn_ < reports_.size(); ++turn_) {
      give(order::profile);
      total.allocations += reports_[turn_].per_run.allocations;
      total.hooks += reports_[turn_].per_run.hooks;
    }
    return total;
  }

  struct run_time {
    double wall_seconds;        // first worker started to last worker finished
    double busiest_cpu_seconds; // the CPU time of the worker that took the most
  };

  run_time run() {
    give(order::run);
    wall_clock::time_point first = reports_.front().started;
    wall_clock::time_point last = reports_.front().finished;
    double busiest = 0;
    for (const worker_report& report : reports_) {
      first = std::min(first, report.started);
      last = std::max(last, report.finished);
      busiest = std::max(busiest, report.cpu_seconds);
    }
    return {std::chrono::duration<double>(last - first).count(), busiest};
  }

  [[nodiscard]] std::size_t units() const {
    std::size_t total = 0;
    for (const worker_report& report : reports_) {
      total += report.units;
    }
    return total;
  }

private:
  void give(order what) {
    order_ = what;
    sync_.arrive_and_wait(); // the workers read the order
    if (what != order::stop) {
      sync_.arrive_and_wait(); // they carried it out
    }
  }

  void work(std::size_t index, std::size_t share) {
    worker_report& mine = reports_[index];
    many_stacks<S> workload(share);
    mine.units = workload.units();
    sync_.arrive_and_wait();
    for (;;) {
      sync_.arrive_and_wait();
      switch (order_) {
      case order::stop: return;
      case order::profile:
        if (turn_ == index) {
          mine.per_run = bench::profile(workload, 1);
        }
        break;
      case order::run: {
        mine.started = wall_clock::now();
        const double cpu_start = thread_cpu_seconds();
        workload.run();
        mine.cpu_seconds = thread_cpu_seconds() - cpu_start;
        mine.finished = wall_clock::now();
        break;
      }
      }
      sync_.arrive_and_wait();
    }
  }

  std::barrier<> sync_;
  std::vector<worker_report> reports_;
  order order_ = order::run;
  std::size_t turn_ = 0;
  std::vector<std::jthread> workers_; // last: they stop before the members they use go
};

template <subject S>
void time_threads(benchmark::State& state) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  team<S> workers(threads);
  const run_profile per_run = workers.profile();
  double wall_total = 0;
  std::int64_t runs = 0;
  for (auto _ : state) {
    const auto took = workers.run();
    state.SetIterationTime(took.busiest_cpu_seconds);
    wall_total += took.wall_seconds;
    ++runs;
  }
  state.counters["threads"] = static_cast<double>(threads);
  state.counters["runs_per_iteration"] = 1;
  state.counters["units_per_run"] = static_cast<double>(workers.units());
  state.counters["allocations_per_run"] = per_run.allocations;
  state.counters["hooks_per_run"] = per_run.hooks;
  // Seconds of wall clock per run, from the first thread starting to the last one finishing:
  // the throughput the machine gave, with the time a thread waited for a core.
  state.counters["wall_seconds_per_run"] = runs > 0 ? wall_total / static_cast<double>(runs) : 0;
}

} // namespace

void register_s8_threads() {
  // The floor and strata only: the target compares strata with itself on more threads, and the
  // hand loop shows what the machine's memory allows.
  using subjects = subject_list<strata_subject, hand_loop_subject>;
  subjects::for_each([]<class S>() {
    const std::string name = "S8_threads/" + std::string(S::label);
    benchmark::internal::Benchmark* registered =
        benchmark::RegisterBenchmark(name.c_str(), time_threads<S>);
    for (const std::int64_t threads : thread_counts) {
      registered->Arg(threads);
    }
    registered->Iterations(iterations)->UseManualTime();
  });
}

} // namespace bench
