// src/c_memory.cpp: the allocator of a C stack, on top of its strata_allocator.
#include "c_memory.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <utility>

#include <strata/detail/scope_guard.hpp>
#include <strata/error.hpp>

namespace strata::capi {
namespace {

void* default_allocate(void* /*user*/, std::size_t size) {
  return std::malloc(size);
}
void default_deallocate(void* /*user*/, void* memory, std::size_t /*size*/) {
  std::free(memory);
}

// What a malloc replacement returns is aligned for any object; more takes padding.
constexpr std::size_t natural_alignment = alignof(std::max_align_t);

[[noreturn]] void out_of_memory() {
  throw std::bad_alloc();
}

// malloc(0) may return null, which would read as a failure.
std::size_t nonzero(std::size_t bytes) {
  return bytes == 0 ? 1 : bytes;
}

// An over-aligned block is carved out of a larger one whose start is kept just below it.
std::size_t padded(std::size_t bytes, std::size_t alignment) {
  const std::size_t extra = alignment + sizeof(void*);
  if (bytes > SIZE_MAX - extra) {
    out_of_memory();
  }
  return bytes + extra;
}

// Runs `call` with `serving` set, so that the stack refuses to be called from inside it (the
// allocator's functions may call anything), and restores what it found: calls nest.
template <class Call>
auto while_serving(bool& serving, Call&& call) {
  const bool outer = std::exchange(serving, true);
  const detail::at_scope_exit done{[&] { serving = outer; }};
  return std::forward<Call>(call)();
}

} // namespace

c_memory::c_memory(const strata_allocator* allocator) noexcept
    : allocator_(allocator != nullptr
                     ? *allocator
                     : strata_allocator{&default_allocate, &default_deallocate, nullptr}) {}

void* c_memory::allocate(std::size_t bytes, std::size_t alignment) {
  const std::size_t size =
      alignment <= natural_alignment ? nonzero(bytes) : padded(bytes, alignment);
  void* block = while_serving(serving_, [&] { return allocator_.allocate(allocator_.user, size); });
  if (block == nullptr) {
    out_of_memory();
  }
  if (alignment <= natural_alignment) {
    return block;
  }
  void* aligned = static_cast<char*>(block) + sizeof(void*);
  std::size_t space = size - sizeof(void*);
  std::align(alignment, bytes, aligned, space);
  std::memcpy(static_cast<char*>(aligned) - sizeof(void*), &block, sizeof(void*));
  return aligned;
}

void c_memory::deallocate(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
  void* block = memory;
  std::size_t size = nonzero(bytes);
  if (alignment > natural_alignment) {
    std::memcpy(&block, static_cast<char*>(memory) - sizeof(void*), sizeof(void*));
    size = padded(bytes, alignment);
  }
  while_serving(serving_, [&] { allocator_.deallocate(allocator_.user, block, size); });
}

} // namespace strata::capi
