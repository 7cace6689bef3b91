// tests/support/counting_new.hpp: replaces the global operator new and delete of the test
// executable that includes it, and counts the allocations they make
// (strata_test::global_allocations), for the tests that check a steady state allocates nothing.
// Include it in one source of an executable only: it defines the replacements (each test file is
// its own executable).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include <strata/error.hpp> // defines STRATA_NO_EXCEPTIONS when exceptions are off

namespace strata_test {

inline std::size_t global_allocations = 0;
// Set, the next allocation fails as if memory had run out (and clears it): for the tests of what a
// failed allocation leaves behind.
inline bool fail_next_allocation = false;

namespace counting_new_detail {

// Each block keeps the pointer malloc returned just below itself, so that every delete frees it
// the same way whatever its alignment (Windows has no std::aligned_alloc).
inline void* allocate_or_fail(std::size_t size, std::size_t alignment) {
  void* raw = nullptr;
  if (fail_next_allocation) {
    fail_next_allocation = false;
  } else {
    raw = std::malloc(size + alignment + sizeof(void*));
  }
  if (raw != nullptr) {
    ++global_allocations;
    const auto after_header = reinterpret_cast<std::uintptr_t>(raw) + sizeof(void*);
    void* block = reinterpret_cast<void*>((after_header + alignment - 1) / alignment * alignment);
    std::memcpy(static_cast<char*>(block) - sizeof(void*), &raw, sizeof raw);
    return block;
  }
#ifndef STRATA_NO_EXCEPTIONS
  throw std::bad_alloc();
#else
  std::abort();
#endif
}
inline void release(void* block) {
  if (block != nullptr) {
    void* raw = nullptr;
    std::memcpy(&raw, static_cast<char*>(block) - sizeof(void*), sizeof raw);
    std::free(raw);
  }
}

} // namespace counting_new_detail
} // namespace strata_test

void* operator new(std::size_t size) {
  return strata_test::counting_new_detail::allocate_or_fail(size, alignof(std::max_align_t));
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return strata_test::counting_new_detail::allocate_or_fail(size,
                                                            static_cast<std::size_t>(alignment));
}
void operator delete(void* memory) noexcept {
  strata_test::counting_new_detail::release(memory);
}
void operator delete(void* memory, std::size_t /*size*/) noexcept {
  strata_test::counting_new_detail::release(memory);
}
void operator delete(void* memory, std::align_val_t /*alignment*/) noexcept {
  strata_test::counting_new_detail::release(memory);
}
void operator delete(void* memory, std::size_t /*size*/, std::align_val_t /*alignment*/) noexcept {
  strata_test::counting_new_detail::release(memory);
}
