// bench/scenarios/s5_many_stacks.cpp: S5, 100,000 stacks 4 deep (a server hosting many matches),
// each stepped once per run; strata_bench_memory measures their bytes.
#include "harness.hpp"
#include "scenarios.hpp"
#include "workloads.hpp"

namespace {

constexpr std::int64_t stacks = 100'000;
// Building the stacks takes longer than stepping them; a fixed count builds them once.
constexpr std::int64_t iterations = 30;

} // namespace

void bench::register_s5_many_stacks() {
  register_scenario<many_stacks>({"S5_many_stacks", {stacks}, nullptr, iterations});
}
