// bench/scenarios/s1_frame.cpp: S1, one per-frame update pass over stacks 8 and 64 deep.
#include "harness.hpp"
#include "scenarios.hpp"
#include "workloads.hpp"

void bench::register_s1_frame() {
  register_scenario<frame_pass>({"S1_frame", {8, 64}});
}
