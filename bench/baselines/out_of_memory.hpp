// bench/baselines/out_of_memory.hpp: what a C-style baseline does when malloc fails, in builds
// with or without exceptions.
#pragma once

#include <cstdlib>
#include <new>

namespace bench {

[[noreturn]] inline void out_of_memory() {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  throw std::bad_alloc();
#else
  std::abort();
#endif
}

} // namespace bench
