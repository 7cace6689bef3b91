// bench/scenarios/s4_deep_pop.cpp: S4, states popped one at a time from a deep stack, each
// followed by a commit.
#include <algorithm>
#include <cstddef>

#include "harness.hpp"
#include "scenarios.hpp"
#include "workloads.hpp"

namespace {

// About 13,000 pops per clock reading at every depth (a run pops a tenth of its stack).
std::size_t runs_per_batch(std::size_t depth) {
  return std::max<std::size_t>(1, 131'072 / depth);
}

} // namespace

void bench::register_s4_deep_pop() {
  register_scenario<deep_pop>({"S4_deep_pop", {100, 1000, 10000}, runs_per_batch});
}
