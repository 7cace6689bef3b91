// src/c_memory.hpp: the allocator a C stack allocates everything from, built on the malloc/free
// replacements of a strata_allocator (or on malloc and free themselves), and the pool of the
// names it copies. Both are allocator objects that a strata::memory refers to.
#pragma once

#include <cstddef>

#include <strata/strata.h>

namespace strata::capi {

class c_memory {
public:
  // `allocator` may be null: malloc and free. Both of its functions must be set otherwise.
  explicit c_memory(const strata_allocator* allocator) noexcept;

  [[nodiscard]] const strata_allocator& allocator() const noexcept { return allocator_; }
  // Whether the allocator is running now: the stack it serves is then in the middle of a
  // change, and refuses to be called.
  [[nodiscard]] bool serving() const noexcept { return serving_; }

  // Throws std::bad_alloc when the allocator returns null.
  void* allocate(std::size_t bytes, std::size_t alignment);
  void deallocate(void* memory, std::size_t bytes, std::size_t alignment) noexcept;

private:
  strata_allocator allocator_;
  bool serving_ = false;
};

} // namespace strata::capi

#include <strata/detail/block_pool.hpp>

namespace strata::capi {

// The names a C stack copies, recycled by size class like the core's own states. (libstdc++ 12's
// std::pmr::unsynchronized_pool_resource crashes on the allocation that follows one whose
// upstream failed, which a C allocator may well do.)
class name_pool {
public:
  explicit name_pool(c_memory* upstream)
      : upstream_(upstream) {}
  name_pool(const name_pool&) = delete;
  name_pool& operator=(const name_pool&) = delete;

  void* allocate(std::size_t bytes, std::size_t alignment) {
    return pool_.allocate(bytes, alignment);
  }
  void deallocate(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
    pool_.deallocate(memory, bytes, alignment);
  }

private:
  strata::memory upstream_;
  detail::block_pool pool_{&upstream_};
};

} // namespace strata::capi
