// bench/hook_body.hpp: the body of every hook in every benchmark. It is trivial, so the numbers
// show what calling hooks costs, but counted and observable, so no compiler can drop the call.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

namespace bench {

// Hook calls so far on the calling thread; scenarios read it to learn how many states a pass
// reached (the array manager calls only its top state). One counter per thread, so that S8's
// threads, each stepping its own stacks, share no memory through it (and race on nothing).
inline thread_local std::uint64_t hook_calls = 0;

inline void hook_body() {
  ++hook_calls;
  benchmark::DoNotOptimize(hook_calls);
}

} // namespace bench
