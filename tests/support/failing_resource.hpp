// tests/support/failing_resource.hpp: an allocator that fails the n-th allocation it is asked
// for, for the tests that run a request once for every allocation it makes, failing that one
// (R1: all or nothing). It also checks that every block comes back once, with the size it was
// allocated with, and overwrites each block it is given back, so that a read of freed memory
// finds no old value that happens to work. Given to a stack as `options{.memory = &failing}`.
#pragma once

#include <cstddef>
#include <cstring>
#include <map>

#include <gtest/gtest.h>
#include <strata/memory.hpp>

namespace strata_test {

// Fails the allocation that `fail_in` counts down to (1: the next one); 0 never fails. It
// fails by returning null, which strata turns into std::bad_alloc (exception_injection_test's
// allocator throws instead).
class failing_resource {
public:
  std::size_t fail_in = 0;

  failing_resource() = default;
  failing_resource(const failing_resource&) = delete;
  failing_resource& operator=(const failing_resource&) = delete;
  ~failing_resource() {
    EXPECT_TRUE(blocks_.empty()) << blocks_.size() << " blocks were never given back";
  }

  void* allocate(std::size_t bytes, std::size_t alignment) {
    if (fail_in > 0 && --fail_in == 0) {
      return nullptr;
    }
    void* memory = strata::memory{}.allocate(bytes, alignment);
    blocks_[memory] = bytes;
    return memory;
  }
  void deallocate(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
    const auto block = blocks_.find(memory);
    if (block == blocks_.end()) {
      ADD_FAILURE() << "a block was given back that was not allocated (or twice)";
      return;
    }
    EXPECT_EQ(block->second, bytes) << "a block was given back with another size";
    blocks_.erase(block);
    std::memset(memory, 0xA5, bytes); // a pointer read from here is not a valid address
    strata::memory{}.deallocate(memory, bytes, alignment);
  }

  // The blocks allocated and not given back yet.
  [[nodiscard]] std::size_t live() const { return blocks_.size(); }

private:
  std::map<void*, std::size_t> blocks_;
};

} // namespace strata_test
