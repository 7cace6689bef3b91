// strata/detail/block_pool.hpp: the stack's storage for pooled states and the small things
// attached to entries: one free list per 16-byte size class, refilled with chunks from
// options::memory, so that a push and a pop cost a few instructions each once warm. The free
// lists live on the heap, made by the first allocation a size class serves: inline they were 144
// of the stack object's bytes (issue 12's sizeof target), for one more load per allocation. Their
// table lists the size classes up to the largest one allocated so far, and grows when a larger
// one comes: a stack of 32-byte states keeps two lists (40 bytes with the table's own), not
// sixteen (152; issue 12's S5 bytes).
#pragma once

#include <cstddef>
#include <cstdint>
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
    if (!lists_->owned()) {
      return; // never allocated: no chunk either
    }
    for (chunk* made = lists_->chunks; made != nullptr;) {
      chunk* const next = made->next;
      upstream_->deallocate(made, made->bytes, alignof(std::max_align_t));
      made = next;
    }
    upstream_->deallocate(lists_, lists_->bytes(), alignof(free_lists));
  }

  // One test sends both a size no list holds yet and one no size class serves out of line.
  void* allocate(std::size_t size, std::size_t align) {
    if (size > lists_->listed_bytes || align > alignof(std::max_align_t)) [[unlikely]] {
      return allocate_unlisted(size, align);
    }
    const std::size_t size_class = (size - 1) / granule;
    block* free = lists_->heads()[size_class].first;
    if (free == nullptr) [[unlikely]] {
      free = refill(size_class);
    }
    lists_->heads()[size_class].first = free->next;
    return free;
  }

  void deallocate(void* memory, std::size_t size, std::size_t align) noexcept {
    if (size > largest || align > alignof(std::max_align_t)) [[unlikely]] {
      upstream_->deallocate(memory, size, align);
      return;
    }
    // Allocated here, so lists_ is this pool's own and lists its size class.
    const std::size_t size_class = (size - 1) / granule;
    auto* freed = static_cast<block*>(memory);
    freed->next = lists_->heads()[size_class].first;
    lists_->heads()[size_class].first = freed;
  }

private:
  static constexpr std::size_t granule = 16;
  static constexpr std::size_t classes = 16;
  static constexpr std::size_t largest = granule * classes;
  // Chunks double from 4 blocks up to 256, so a small stack stays small and a deep one
  // allocates rarely; a chunk wastes at most the blocks not yet used.
  static constexpr unsigned max_doublings = 6;
  // Each size class's count of doublings so far, in 4 bits of one word (0 to max_doublings):
  // the table is 8 bytes smaller than with a byte each, which took a stack of four 32-byte
  // states from 48 to 40 bytes of table, one size class of the heap's smaller (issue 12's S5
  // bytes). Read and written only when a chunk is made.
  static constexpr unsigned doubling_bits = 4;
  static_assert(max_doublings < (1U << doubling_bits) && classes * doubling_bits <= 64);

  struct block {
    block* next;
  };
  struct head { // of one size class's list of free blocks
    block* first;
  };
  struct alignas(std::max_align_t) chunk {
    chunk* next;
    std::size_t bytes;
  };
  // The table, followed in its block by the heads of the lists of the size classes it lists.
  // The chunks are listed here rather than in the pool: a chunk is made only for a class the
  // table lists, so a pool with chunks has its own table, and the pool is 16 bytes of the stack
  // object, not 24 (issue 12, sizeof(stack)).
  struct free_lists {
    std::size_t listed_bytes; // the block size of the largest class listed
    std::uint64_t doublings;  // per size class, listed or not: see doubling_bits
    chunk* chunks;            // every chunk made, the newest first

    [[nodiscard]] std::size_t listed() const { return listed_bytes / granule; }
    [[nodiscard]] unsigned doublings_of(std::size_t size_class) const {
      return static_cast<unsigned>(doublings >> shift_of(size_class)) & ((1U << doubling_bits) - 1);
    }
    void count_doubling(std::size_t size_class) {
      doublings += std::uint64_t{1} << shift_of(size_class);
    }
    // Every size class is below `classes`; the mask says so to the static analyzer, which cannot
    // tell, and costs a refill one instruction.
    [[nodiscard]] static unsigned shift_of(std::size_t size_class) {
      return static_cast<unsigned>(size_class % classes) * doubling_bits;
    }
    // Every table a pool makes lists a class; no_lists lists none. Told apart so rather than
    // by no_lists' address: a stack made in one shared library and used in another may see
    // two copies of it.
    [[nodiscard]] bool owned() const { return listed_bytes != 0; }
    [[nodiscard]] std::size_t bytes() const { return bytes_for(listed()); }
    [[nodiscard]] static constexpr std::size_t bytes_for(std::size_t listed) {
      return sizeof(free_lists) + listed * sizeof(head);
    }
    // The array list_up_to() made right after the table.
    [[nodiscard]] head* heads() { return std::launder(reinterpret_cast<head*>(this + 1)); }
  };
  static_assert(sizeof(free_lists) % alignof(head) == 0 && alignof(head) <= alignof(free_lists));
  // Where a pool that never allocated points: no list, so its first allocation makes the pool's
  // own. Only ever read.
  static inline free_lists no_lists{};

  // A block larger than the lists hold: from the memory if no size class serves it, else from
  // a chunk of its class, once the table lists it (its list is empty, being new). If the chunk
  // cannot be made, the grown table stays, its new list empty: every list, chunk and doubling
  // is as it was.
  [[gnu::noinline]] void* allocate_unlisted(std::size_t size, std::size_t align) {
    if (size > largest || align > alignof(std::max_align_t)) {
      return upstream_->allocate(size, align);
    }
    const std::size_t size_class = (size - 1) / granule;
    list_up_to(size_class);
    block* const free = refill(size_class);
    lists_->heads()[size_class].first = free->next;
    return free;
  }

  // Makes a table listing the size classes up to `size_class`, with the lists and the
  // doublings of the one it replaces. May throw (out of memory) before it changes anything.
  void list_up_to(std::size_t size_class) {
    const std::size_t listed = size_class + 1;
    void* const place = upstream_->allocate(free_lists::bytes_for(listed), alignof(free_lists));
    auto* const grown =
        ::new (place) free_lists{granule * listed, lists_->doublings, lists_->chunks};
    head* const heads = ::new (static_cast<void*>(grown + 1)) head[listed]{};
    for (std::size_t i = 0; i < lists_->listed(); ++i) {
      heads[i] = lists_->heads()[i];
    }
    if (lists_->owned()) {
      upstream_->deallocate(lists_, lists_->bytes(), alignof(free_lists));
    }
    lists_ = grown;
  }

  // Fills the empty list of `size_class` with a new chunk; returns its first block. May throw
  // (out of memory) before it changes anything.
  [[gnu::noinline]] block* refill(std::size_t size_class) {
    const std::size_t block_size = (size_class + 1) * granule;
    const unsigned doublings = lists_->doublings_of(size_class);
    const std::size_t count = std::size_t{4} << doublings;
    const std::size_t bytes = sizeof(chunk) + count * block_size;
    auto* made = static_cast<chunk*>(upstream_->allocate(bytes, alignof(std::max_align_t)));
    if (doublings < max_doublings) {
      lists_->count_doubling(size_class);
    }
    made->next = lists_->chunks;
    made->bytes = bytes;
    lists_->chunks = made;
    head& list = lists_->heads()[size_class];
    auto* first = reinterpret_cast<std::byte*>(made + 1);
    for (std::size_t i = count; i-- > 0;) {
      auto* fresh = reinterpret_cast<block*>(first + i * block_size);
      fresh->next = list.first;
      list.first = fresh;
    }
    return list.first;
  }

  const memory* upstream_; // the stack's, which outlives it
  free_lists* lists_ = &no_lists;
};

} // namespace strata::detail
