// src/c_memory.hpp: the memory resource a C stack allocates everything from, built on the
// malloc/free replacements of a strata_allocator (or on malloc and free themselves).
#pragma once

#include <cstddef>
#include <memory_resource>

#include <strata/strata.h>

namespace strata::capi {

class c_memory final : public std::pmr::memory_resource {
public:
  // `allocator` may be null: malloc and free. Both of its functions must be set otherwise.
  explicit c_memory(const strata_allocator* allocator) noexcept;

  [[nodiscard]] const strata_allocator& allocator() const noexcept { return allocator_; }
  // Whether the allocator is running now: the stack it serves is then in the middle of a
  // change, and refuses to be called.
  [[nodiscard]] bool serving() const noexcept { return serving_; }

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void* memory, std::size_t bytes, std::size_t alignment) override;
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override;

  strata_allocator allocator_;
  bool serving_ = false;
};

} // namespace strata::capi

#include <strata/detail/block_pool.hpp>

namespace strata::capi {

// The names a C stack copies, recycled by size class like the core's own states. (libstdc++ 12's
// std::pmr::unsynchronized_pool_resource crashes on the allocation that follows one whose
// upstream failed, which a C allocator may well do.)
class name_pool final : public std::pmr::memory_resource {
public:
  explicit name_pool(std::pmr::memory_resource* upstream)
      : pool_(upstream) {}

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    return pool_.allocate(bytes, alignment);
  }
  void do_deallocate(void* memory, std::size_t bytes, std::size_t alignment) override {
    pool_.deallocate(memory, bytes, alignment);
  }
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }

  detail::block_pool pool_;
};

} // namespace strata::capi
