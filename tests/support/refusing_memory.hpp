// tests/support/refusing_memory.hpp: an allocator that can be told to run out (it then returns
// null), for the tests of what a stack does without memory where failing is not an option.
#pragma once

#include <cstddef>

#include <strata/memory.hpp>

namespace strata_test {

class refusing_memory {
public:
  bool refuse = false;
  void* allocate(std::size_t bytes, std::size_t alignment) {
    return refuse ? nullptr : strata::memory{}.allocate(bytes, alignment);
  }
  void deallocate(void* block, std::size_t bytes, std::size_t alignment) noexcept {
    strata::memory{}.deallocate(block, bytes, alignment);
  }
};

} // namespace strata_test
