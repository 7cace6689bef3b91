// bench/alloc_counter.cpp: replaces operator new and delete (every form) and, with glibc and no
// sanitizer, also malloc, calloc, realloc, free and the aligned forms (which then forward to
// glibc's own allocator), so one counter sees each allocation of the process: the C-style
// baselines call malloc directly. Linked only into benchmark executables.
#include "alloc_counter.hpp"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <new>

#include <malloc.h>

#if !defined(__GLIBC__)
#error "bench/alloc_counter.cpp needs glibc (malloc_usable_size and __libc_malloc)"
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define STRATA_BENCH_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define STRATA_BENCH_SANITIZED 1
#endif
#endif

// Under a sanitizer, malloc belongs to the sanitizer; only operator new is counted then.
#if !defined(STRATA_BENCH_SANITIZED)
#define STRATA_BENCH_COUNT_MALLOC 1
// glibc's own allocator, under the names it exports for allocators that wrap it.
// NOLINTBEGIN(bugprone-reserved-identifier, readability-identifier-naming)
extern "C" {
void* __libc_malloc(std::size_t size) noexcept;
void* __libc_calloc(std::size_t count, std::size_t size) noexcept;
void* __libc_realloc(void* block, std::size_t size) noexcept;
void* __libc_memalign(std::size_t alignment, std::size_t size) noexcept;
void __libc_free(void* block) noexcept;
}
// NOLINTEND(bugprone-reserved-identifier, readability-identifier-naming)
#endif

namespace {

std::atomic<std::uint64_t> allocations{0};
std::atomic<std::int64_t> live_bytes{0};

// The benchmarks run on one thread: a relaxed load and store keeps counting cheap (no locked
// instruction in the measured code) and still free of data races.
template <class T>
void add(std::atomic<T>& counter, T amount) {
  counter.store(counter.load(std::memory_order_relaxed) + amount, std::memory_order_relaxed);
}

std::int64_t usable(void* block) {
  return static_cast<std::int64_t>(malloc_usable_size(block));
}

void* noted(void* block) {
  if (block != nullptr) {
    add<std::uint64_t>(allocations, 1);
    add(live_bytes, usable(block));
  }
  return block;
}

void forget(void* block) {
  if (block != nullptr) {
    add(live_bytes, -usable(block));
  }
}

#if defined(STRATA_BENCH_COUNT_MALLOC)
void* raw_allocate(std::size_t size) {
  return __libc_malloc(size);
}
void* raw_allocate_aligned(std::size_t size, std::size_t alignment) {
  return __libc_memalign(alignment, size);
}
void raw_free(void* block) {
  __libc_free(block);
}
#else
void* raw_allocate(std::size_t size) {
  return std::malloc(size);
}
void* raw_allocate_aligned(std::size_t size, std::size_t alignment) {
  return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}
void raw_free(void* block) {
  std::free(block);
}
#endif

void* new_block(std::size_t size) noexcept {
  return noted(raw_allocate(size == 0 ? 1 : size));
}
void* new_aligned_block(std::size_t size, std::align_val_t alignment) noexcept {
  return noted(raw_allocate_aligned(size == 0 ? 1 : size, static_cast<std::size_t>(alignment)));
}

[[noreturn]] void out_of_memory() {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  throw std::bad_alloc();
#else
  std::abort();
#endif
}

void* new_or_throw(void* block) {
  if (block == nullptr) {
    out_of_memory();
  }
  return block;
}

void delete_block(void* block) noexcept {
  forget(block);
  raw_free(block);
}

} // namespace

namespace bench {

heap_usage heap_now() {
  return {allocations.load(std::memory_order_relaxed), live_bytes.load(std::memory_order_relaxed)};
}

} // namespace bench

// ---- operator new and delete, every replaceable form ----

void* operator new(std::size_t size) {
  return new_or_throw(new_block(size));
}
void* operator new[](std::size_t size) {
  return new_or_throw(new_block(size));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return new_block(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return new_block(size);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return new_or_throw(new_aligned_block(size, alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return new_or_throw(new_aligned_block(size, alignment));
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return new_aligned_block(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return new_aligned_block(size, alignment);
}

void operator delete(void* block) noexcept {
  delete_block(block);
}
void operator delete[](void* block) noexcept {
  delete_block(block);
}
void operator delete(void* block, std::size_t) noexcept {
  delete_block(block);
}
void operator delete[](void* block, std::size_t) noexcept {
  delete_block(block);
}
void operator delete(void* block, const std::nothrow_t&) noexcept {
  delete_block(block);
}
void operator delete[](void* block, const std::nothrow_t&) noexcept {
  delete_block(block);
}
void operator delete(void* block, std::align_val_t) noexcept {
  delete_block(block);
}
void operator delete[](void* block, std::align_val_t) noexcept {
  delete_block(block);
}
void operator delete(void* block, std::size_t, std::align_val_t) noexcept {
  delete_block(block);
}
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept {
  delete_block(block);
}
void operator delete(void* block, std::align_val_t, const std::nothrow_t&) noexcept {
  delete_block(block);
}
void operator delete[](void* block, std::align_val_t, const std::nothrow_t&) noexcept {
  delete_block(block);
}

// ---- the C allocator, forwarded to glibc's own ----

#if defined(STRATA_BENCH_COUNT_MALLOC)
// glibc's declarations name the parameters with reserved identifiers.
// NOLINTBEGIN(readability-inconsistent-declaration-parameter-name)
extern "C" {

void* malloc(std::size_t size) noexcept {
  return noted(__libc_malloc(size));
}

void* calloc(std::size_t count, std::size_t size) noexcept {
  return noted(__libc_calloc(count, size));
}

void* realloc(void* block, std::size_t size) noexcept {
  const std::int64_t before = block != nullptr ? usable(block) : 0;
  void* moved = __libc_realloc(block, size);
  if (moved != nullptr) {
    add<std::uint64_t>(allocations, 1);
    add(live_bytes, usable(moved) - before);
  } else if (size == 0) {
    add(live_bytes, -before); // realloc(block, 0) freed the block
  }
  return moved;
}

void free(void* block) noexcept {
  delete_block(block);
}

void* memalign(std::size_t alignment, std::size_t size) noexcept {
  return noted(__libc_memalign(alignment, size));
}

void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept {
  return noted(__libc_memalign(alignment, size));
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) noexcept {
  void* block = noted(__libc_memalign(alignment, size));
  if (block == nullptr) {
    return ENOMEM;
  }
  *out = block;
  return 0;
}

} // extern "C"
// NOLINTEND(readability-inconsistent-declaration-parameter-name)
#endif
