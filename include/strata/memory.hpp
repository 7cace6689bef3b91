// strata/memory.hpp: where a stack gets its memory. Games bring their own allocators (arenas,
// pools, trackers), so a stack takes a pointer to any object with allocate and deallocate
// members, or two plain functions, rather than one interface of the standard library: std::pmr
// is missing from libc++ before 16 and from Apple's platforms before macOS 14. Where the standard
// library has it, a std::pmr::memory_resource is such an object.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <type_traits>

#include "error.hpp"

namespace strata {

// Any object `a` with `a.allocate(bytes, alignment)` returning the block (or null, or throwing,
// when out of memory) and `a.deallocate(block, bytes, alignment)` taking it back.
template <class Allocator>
concept allocator_object = requires(Allocator& allocator, void* block, std::size_t bytes,
                                    std::size_t alignment) {
  { allocator.allocate(bytes, alignment) } -> std::convertible_to<void*>;
  allocator.deallocate(block, bytes, alignment);
};

// A reference to an allocator, copied freely; the allocator itself must outlive every stack
// that uses it. Default: operator new and operator delete.
class memory {
public:
  using allocate_fn = void* (*)(void* allocator, std::size_t bytes, std::size_t alignment);
  using deallocate_fn = void (*)(void* allocator, void* block, std::size_t bytes,
                                 std::size_t alignment) noexcept;

  constexpr memory() noexcept = default;
  // Two functions and what they are called with (as in C: `allocator` may be anything).
  constexpr memory(void* allocator, allocate_fn allocate_with,
                   deallocate_fn deallocate_with) noexcept
      : allocator_(allocator)
      , allocate_(allocate_with)
      , deallocate_(deallocate_with) {}
  // An allocator object (`options{.memory = &arena}`, as with a std::pmr::memory_resource*
  // before strata had its own type); null means the default.
  template <allocator_object Allocator>
  requires(!std::is_const_v<Allocator>) constexpr memory(
      Allocator* allocator) noexcept // NOLINT(google-explicit-constructor)
      : memory(allocator != nullptr
                   ? memory(allocator, &allocate_from<Allocator>, &deallocate_to<Allocator>)
                   : memory()) {}

  // Never null: an allocator that returns null makes this throw std::bad_alloc (without
  // exceptions: print and abort, as operator new does).
  [[nodiscard]] void* allocate(std::size_t bytes, std::size_t alignment) const {
    void* const block = allocate_(allocator_, bytes, alignment);
    if (block == nullptr) [[unlikely]] {
      out_of_memory();
    }
    return block;
  }
  // Null when out of memory, whether the allocator returns null or throws: for what a stack can
  // do without (R33: a transition cut short), where failing is not an option.
  [[nodiscard]] void* try_allocate(std::size_t bytes, std::size_t alignment) const noexcept {
#ifndef STRATA_NO_EXCEPTIONS
    try {
      return allocate_(allocator_, bytes, alignment);
    } catch (...) {
      return nullptr;
    }
#else
    return allocate_(allocator_, bytes, alignment);
#endif
  }
  void deallocate(void* block, std::size_t bytes, std::size_t alignment) const noexcept {
    deallocate_(allocator_, block, bytes, alignment);
  }

  // The same allocator, through the same functions.
  friend constexpr bool operator==(const memory&, const memory&) = default;

  // What allocate() does when the allocator gives nothing: throws std::bad_alloc (without
  // exceptions: prints and aborts). Also strata's answer to a size no memory could hold (an
  // array of more than 2^32 - 1 entries).
  [[noreturn, gnu::cold, gnu::noinline]] static void out_of_memory() {
#ifndef STRATA_NO_EXCEPTIONS
    throw std::bad_alloc();
#else
    std::fputs("strata: out of memory\n", stderr);
    std::abort();
#endif
  }

private:
  static void* allocate_with_new(void* /*allocator*/, std::size_t bytes, std::size_t alignment) {
    if (alignment > __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
      return ::operator new (bytes, std::align_val_t{alignment});
    }
    return ::operator new(bytes);
  }
  static void deallocate_with_delete(void* /*allocator*/, void* block, std::size_t /*bytes*/,
                                     std::size_t alignment) noexcept {
    if (alignment > __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
      ::operator delete (block, std::align_val_t{alignment});
    } else {
      ::operator delete(block);
    }
  }
  template <class Allocator>
  static void* allocate_from(void* allocator, std::size_t bytes, std::size_t alignment) {
    return static_cast<Allocator*>(allocator)->allocate(bytes, alignment);
  }
  template <class Allocator>
  static void deallocate_to(void* allocator, void* block, std::size_t bytes,
                            std::size_t alignment) noexcept {
    static_cast<Allocator*>(allocator)->deallocate(block, bytes, alignment);
  }

  void* allocator_ = nullptr;
  allocate_fn allocate_ = &allocate_with_new;
  deallocate_fn deallocate_ = &deallocate_with_delete;
};

} // namespace strata
