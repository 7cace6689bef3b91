// tests/support/counting_resource.hpp: a std::pmr::memory_resource that counts what is asked of
// it (allocations so far, blocks and bytes still held) and takes the memory from new/delete, for
// the tests that check what a stack or one of its parts allocates and gives back.
#pragma once

#include <cstddef>
#include <memory_resource>

namespace strata_test {

class counting_resource : public std::pmr::memory_resource {
public:
  std::size_t allocations = 0; // so far
  std::size_t live_blocks = 0; // allocated and not deallocated yet
  std::size_t outstanding = 0; // their bytes

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    ++allocations;
    ++live_blocks;
    outstanding += bytes;
    return std::pmr::new_delete_resource()->allocate(bytes, alignment);
  }
  void do_deallocate(void* memory, std::size_t bytes, std::size_t alignment) override {
    --live_blocks;
    outstanding -= bytes;
    std::pmr::new_delete_resource()->deallocate(memory, bytes, alignment);
  }
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }
};

} // namespace strata_test
