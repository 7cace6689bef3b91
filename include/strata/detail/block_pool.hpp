// strata/detail/block_pool.hpp: the stack's storage for pooled states and the small things
// attached to entries: one free list per 16-byte size class, refilled with chunks from
// options::memory, so that a push and a pop cost a few instructions each once warm. The free
// lists live on the heap, made by the first refill: inline they were 144 of the stack object's
// bytes (issue 12's sizeof target), for one more load per allocation.
#pragma once

#include <array>
#include <cstddef>
#include <new>

#include "../memory.hpp"

namespace strata::detail {

class block_pool {
public:
  explicit block_pool(const memory* upstream)
      : upstream_(upstream) {}
  block_pool(const block_pool&) = delete;
  block_pool& operator=(const block_pool&) = delete;
  block_pool(block_pool&&) = delete;
  block_pool& operator=(block_pool&&) = delete;
  ~block_pool() {
    while (chunks_ != nullptr) {
      chunk* next = chunks_->next;
      upstream_->deallocate(chunks_, chunks_->bytes, alignof(std::max_align_t));
      chunks_ = next;
    }
    if (lists_->made) {
      upstream_->deallocate(lists_, sizeof(free_lists), alignof(free_lists));
    }
  }

  void* allocate(std::size_t size, std::size_t align) {
    if (size > largest || align > alignof(std::max_align_t)) [[unlikely]] {
      return upstream_->allocate(size, align);
    }
    const std::size_t size_class = (size - 1) / granule;
    block* free = lists_->heads[size_class];
    if (free == nullptr) [[unlikely]] {
      free = refill(size_class);
    }
    lists_->heads[size_class] = free->next;
    return free;
  }

  void deallocate(void* memory, std::size_t size, std::size_t align) noexcept {
    if (size > largest || align > alignof(std::max_align_t)) [[unlikely]] {
      upstream_->deallocate(memory, size, align);
      return;
    }
    const std::size_t size_class = (size - 1) / granule;
    auto* freed = static_cast<block*>(memory); // allocated here, so lists_ is this pool's own
    freed->next = lists_->heads[size_class];
    lists_->heads[size_class] = freed;
  }

private:
  static constexpr std::size_t granule = 16;
  static constexpr std::size_t classes = 16;
  static constexpr std::size_t largest = granule * classes;
  // Chunks double from 4 blocks up to 256, so a small stack stays small and a deep one
  // allocates rarely; a chunk wastes at most the blocks not yet used.
  static constexpr unsigned char max_doublings = 6;

  struct block {
    block* next;
  };
  struct alignas(std::max_align_t) chunk {
    chunk* next;
    std::size_t bytes;
  };
  struct free_lists { // zeroed by free_lists{}: every list empty, no doubling yet
    std::array<block*, classes> heads;
    std::array<unsigned char, classes> doublings;
    bool made; // this pool's own, not no_lists
  };
  // Where a pool that never allocated points: every list empty, so its first allocation refills,
  // which makes the pool's own lists. Only ever read. Told apart by its `made` flag rather than
  // its address: a stack made in one shared library and used in another may see two copies.
  static inline free_lists no_lists{};

  [[gnu::noinline]] block* refill(std::size_t size_class) {
    if (!lists_->made) {
      lists_ = ::new (upstream_->allocate(sizeof(free_lists), alignof(free_lists))) free_lists{};
      lists_->made = true;
    }
    const std::size_t block_size = (size_class + 1) * granule;
    unsigned char& doublings = lists_->doublings[size_class];
    const std::size_t count = std::size_t{4} << doublings;
    if (doublings < max_doublings) {
      ++doublings;
    }
    const std::size_t bytes = sizeof(chunk) + count * block_size;
    auto* made = static_cast<chunk*>(upstream_->allocate(bytes, alignof(std::max_align_t)));
    made->next = chunks_;
    made->bytes = bytes;
    chunks_ = made;
    auto* first = reinterpret_cast<std::byte*>(made + 1);
    for (std::size_t i = count; i-- > 0;) {
      auto* fresh = reinterpret_cast<block*>(first + i * block_size);
      fresh->next = lists_->heads[size_class];
      lists_->heads[size_class] = fresh;
    }
    return lists_->heads[size_class];
  }

  const memory* upstream_; // the stack's, which outlives it
  free_lists* lists_ = &no_lists;
  chunk* chunks_ = nullptr;
};

} // namespace strata::detail
