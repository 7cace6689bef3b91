// bench/scenarios/s3_bulk_push.cpp: S3, k states pushed in one frame and committed together.
#include <algorithm>
#include <cstddef>

#include "harness.hpp"
#include "scenarios.hpp"
#include "workloads.hpp"

namespace {

// About 20,000 states per clock reading, which costs a microsecond here.
std::size_t runs_per_batch(std::size_t k) {
  return std::max<std::size_t>(1, 20'000 / k);
}

} // namespace

void bench::register_s3_bulk_push() {
  register_scenario<bulk_push>({"S3_bulk_push", {10, 100, 1000, 10000}, runs_per_batch});
}
