// tests/support/counting_resource.hpp: an allocator that counts what is asked of it
// (allocations so far, blocks and bytes still held) and takes the memory from strata's default
// (new/delete), for the tests that check what a stack or one of its parts allocates and gives
// back. Given to a stack as `options{.memory = &counting}`.
#pragma once

#include <cstddef>

#include <strata/memory.hpp>

namespace strata_test {

class counting_resource {
public:
  std::size_t allocations = 0; // so far
  std::size_t live_blocks = 0; // allocated and not deallocated yet
  std::size_t outstanding = 0; // their bytes

  void* allocate(std::size_t bytes, std::size_t alignment) {
    ++allocations;
    ++live_blocks;
    outstanding += bytes;
    return strata::memory{}.allocate(bytes, alignment);
  }
  void deallocate(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
    --live_blocks;
    outstanding -= bytes;
    strata::memory{}.deallocate(memory, bytes, alignment);
  }

  counting_resource() = default;
  counting_resource(const counting_resource&) = delete;
  counting_resource& operator=(const counting_resource&) = delete;

  // For a stack's parts, which take the stack's strata::memory by pointer or per call.
  [[nodiscard]] const strata::memory* as_memory() const { return &as_memory_; }

private:
  strata::memory as_memory_{this};
};

} // namespace strata_test
