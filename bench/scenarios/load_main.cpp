// bench/scenarios/load_main.cpp: strata_bench_load, scenario S11 (R37): "a 2-second load never
// makes a frame longer than 2 ms". A game loop runs frames of a stack whose loading state waits
// for a worker (strata::thread_executor) that computes for 2 seconds, reporting its progress;
// then the level replaces the loading state. Each frame() is timed on the wall clock, from the
// push of the loading state to the first frame after the switch; between two frames the game
// sleeps 1 ms, as a game waits for its next vsync. Reports the longest frame, the mean, the
// median, the first frame (whose commit enters the loading state and starts the worker's thread),
// the last (whose commit builds the level and replaces the loading state) and the number of
// frames (counters longest_frame_us, mean_frame_us, median_frame_us, first_frame_us,
// last_frame_us, frames); one iteration, as the load takes its 2 seconds whatever the machine.
// Wall-clock times on a shared machine: the longest frame is the figure to watch, and a busy
// machine may lengthen it. Takes Google Benchmark's flags.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <numeric>
#include <stop_token>
#include <thread>
#include <utility>
#include <vector>

#include <strata/loading.hpp>
#include <strata/strata.hpp>

#include "run_benchmarks.hpp"

namespace bench {
namespace {

using clock = std::chrono::steady_clock;

struct game;
using game_stack = strata::stack<game>;

struct level {
  explicit level(std::vector<std::uint64_t> d)
      : data(std::move(d)) {}
  std::vector<std::uint64_t> data;
};

struct loading_screen {
  void update(game& /*g*/, double /*dt*/, strata::load_status& load) { bar = load.progress; }
  double bar = 0;
};

struct map {};

struct game {
  strata::thread_executor loads;
  game_stack states{*this};
};

using plan = strata::load_plan<level, game>;

// 2 seconds of computing on the worker, reporting progress every millisecond or so.
plan::builder two_seconds(std::stop_token stop, strata::load_progress& progress) {
  const auto start = clock::now();
  const auto length = std::chrono::seconds(2);
  std::vector<std::uint64_t> data(1 << 16);
  std::uint64_t x = 88172645463325252ULL;
  for (auto now = start; now - start < length && !stop.stop_requested(); now = clock::now()) {
    for (std::uint64_t& word : data) { // xorshift: work the optimizer cannot drop
      x ^= x << 13U;
      x ^= x >> 7U;
      x ^= x << 17U;
      word ^= x;
    }
    progress.report(std::chrono::duration<double>(now - start) / length);
  }
  return [data = std::make_shared<std::vector<std::uint64_t>>(std::move(data))](game& /*g*/) {
    return std::make_unique<level>(std::move(*data));
  };
}

// The figures of one load's frames, in microseconds.
void report(benchmark::State& state, std::vector<clock::duration> spent) {
  using us = std::chrono::duration<double, std::micro>;
  const auto frames = static_cast<double>(spent.size());
  state.counters["first_frame_us"] = us(spent.front()).count();
  state.counters["last_frame_us"] = us(spent.back()).count();
  state.counters["mean_frame_us"] =
      us(std::accumulate(spent.begin(), spent.end(), clock::duration{})).count() / frames;
  std::sort(spent.begin(), spent.end());
  state.counters["median_frame_us"] = us(spent[spent.size() / 2]).count();
  state.counters["longest_frame_us"] = us(spent.back()).count();
  state.counters["frames"] = frames;
}

void load_while_playing(benchmark::State& state) {
  for (auto _ : state) {
    game g;
    g.states.push<map>();
    g.states.commit();
    g.states.push<strata::loading<level, loading_screen, game>>(
        plan{.post = g.states.poster(), .executor = &g.loads, .work = two_seconds});
    std::vector<clock::duration> spent;
    spent.reserve(4096); // about 1,800 frames: none of the loop's allocations are the vector's
    bool loaded = false;
    while (!loaded) {
      const auto before = clock::now();
      g.states.frame(1.0 / 60);
      spent.push_back(clock::now() - before);
      const auto top = g.states.committed().top();
      loaded = top && top->name() != "loading";
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    report(state, std::move(spent));
  }
}

} // namespace
} // namespace bench

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("S11_load/strata", bench::load_while_playing)
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
  return bench::run_registered_benchmarks(argc, argv);
}
