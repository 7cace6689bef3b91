// bench/scenarios/post_main.cpp: strata_bench_post, scenario S10 (R35): one uncontended post and
// its share of the drain, on strata alone. Each run posts 64 small callables from the game thread
// (no other thread contends for the inbox's lock) and commits once, which runs them; the time is
// per post. Its own executable, as strata_bench_save is: code linked into strata_bench moves S1's
// times by where it places S1's. Takes Google Benchmark's flags; bench/run passes the ones it
// needs.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>

#include <strata/poster.hpp>
#include <strata/strata.hpp>

#include "harness.hpp"
#include "run_benchmarks.hpp"

namespace bench {
namespace {

struct level {};

class post_round {
public:
  explicit post_round(std::size_t posts)
      : posts_(posts) {
    states_.push<level>();
    states_.commit();
    run(); // warms the inbox up: its nodes are recycled from here on
  }

  void run() {
    for (std::size_t i = 0; i < posts_; ++i) {
      poster_.post([this](strata::stack<>& /*s*/) { ++applied_; });
    }
    states_.commit();
  }
  [[nodiscard]] std::size_t units() const { return posts_; }

private:
  std::size_t posts_;
  std::uint64_t applied_ = 0;
  strata::stack<> states_;
  strata::poster<> poster_ = states_.poster();
};

} // namespace
} // namespace bench

int main(int argc, char** argv) {
  // Named S10_post/<subject>/<posts per commit>, as bench/run reads the other scenarios.
  benchmark::RegisterBenchmark("S10_post/strata", [](benchmark::State& state) {
    bench::time_runs<bench::post_round>(state, static_cast<std::size_t>(state.range(0)));
  })->Arg(64);
  return bench::run_registered_benchmarks(argc, argv);
}
