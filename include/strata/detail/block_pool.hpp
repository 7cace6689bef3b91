// strata/detail/block_pool.hpp: the stack's storage for pooled states and the small things
// attached to entries: one free list per 16-byte size class, refilled with chunks from
// options::memory, so that a push and a pop cost a few instructions each once warm.
#pragma once

#include <array>
#include <cstddef>

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
  }

  void* allocate(std::size_t size, std::size_t align) {
    if (size > largest || align > alignof(std::max_align_t)) [[unlikely]] {
      return upstream_->allocate(size, align);
    }
    const std::size_t size_class = (size - 1) / granule;
    block* free = free_[size_class];
    if (free == nullptr) [[unlikely]] {
      free = refill(size_class);
    }
    free_[size_class] = free->next;
    return free;
  }

  void deallocate(void* memory, std::size_t size, std::size_t align) noexcept {
    if (size > largest || align > alignof(std::max_align_t)) [[unlikely]] {
      upstream_->deallocate(memory, size, align);
      return;
    }
    const std::size_t size_class = (size - 1) / granule;
    auto* freed = static_cast<block*>(memory);
    freed->next = free_[size_class];
    free_[size_class] = freed;
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

  [[gnu::noinline]] block* refill(std::size_t size_class) {
    const std::size_t block_size = (size_class + 1) * granule;
    unsigned char& doublings = doublings_[size_class];
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
      fresh->next = free_[size_class];
      free_[size_class] = fresh;
    }
    return free_[size_class];
  }

  const memory* upstream_; // the stack's, which outlives it
  std::array<block*, classes> free_{};
  std::array<unsigned char, classes> doublings_{};
  chunk* chunks_ = nullptr;
};

} // namespace strata::detail
