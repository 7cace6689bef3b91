// bench/hook_body.hpp: the body of every hook in every benchmark. It is trivial, so the numbers
// show what calling hooks costs, but counted and observable, so no compiler can drop the call.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

namespace bench {

// Hook calls so far in the whole process; scenarios read it to learn how many states a pass
// reached (the array manager calls only its top state).
inline std::uint64_t hook_calls = 0;

inline void hook_body() {
  ++hook_calls;
  benchmark::DoNotOptimize(hook_calls);
}

} // namespace bench
