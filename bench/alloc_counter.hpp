// bench/alloc_counter.hpp: the process's heap as the benchmarks see it: every operator new and
// every malloc passes through alloc_counter.cpp, which counts them and the bytes they hold. Used
// for S2's allocations per cycle and the bytes of S5 and S6. Needs glibc.
#pragma once

#include <cstdint>

namespace bench {

struct heap_usage {
  std::uint64_t allocations; // calls that returned a block, since the start
  std::int64_t live_bytes; // usable bytes of the blocks not yet freed (allocator rounding included)
};

heap_usage heap_now();

} // namespace bench
