// bench/scenarios/s2_churn.cpp: S2, a pause state pushed and popped over a stack 4 deep, with a
// commit after each; bench/run also reads its heap allocations per cycle.
#include "harness.hpp"
#include "scenarios.hpp"
#include "workloads.hpp"

void bench::register_s2_churn() {
  register_scenario<churn_cycle>({"S2_churn", {4}});
}
