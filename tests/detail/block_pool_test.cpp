// tests/detail/block_pool_test.cpp: pins detail::block_pool on its own: its table lists the size
// classes up to the largest allocated so far and grows, keeping the free blocks it listed; chunks
// double, each size class's on its own, up to 256 blocks; blocks come back last in, first out;
// sizes no class serves go to the memory and back; an allocation that fails keeps every list, chunk
// and doubling; everything is given back at the end.
#include <cstddef>
#include <new>
#include <vector>

#include <gtest/gtest.h>
#include <strata/detail/block_pool.hpp>
#include <strata/error.hpp> // STRATA_NO_EXCEPTIONS when exceptions are off

#include "support/counting_resource.hpp"
#include "support/failing_resource.hpp"

namespace {

using strata::detail::block_pool;
using strata_test::counting_resource;

// The table's fixed part: the size it lists, 16 chunk doublings of 4 bits each in one word and
// the first chunk made, then a list head (a pointer) per size class listed.
constexpr std::size_t table_bytes = sizeof(std::size_t) + 8 + sizeof(void*);
constexpr std::size_t table_bytes_listing(std::size_t classes) {
  return table_bytes + classes * sizeof(void*);
}
// A chunk's header (a pointer and a size) is aligned as std::max_align_t, as the blocks after
// it are: 16 bytes on the platforms CI builds for (64-bit Linux and MinGW-w64).
constexpr std::size_t chunk_header = alignof(std::max_align_t);

TEST(block_pool, allocates_nothing_until_asked) {
  counting_resource memory;
  { const block_pool pool(memory.as_memory()); }
  EXPECT_EQ(memory.allocations, 0U);
}

TEST(block_pool, the_table_lists_the_classes_up_to_the_largest_allocated) {
  counting_resource memory;
  block_pool pool(memory.as_memory());
  void* const state = pool.allocate(32, alignof(std::max_align_t));
  // Two size classes (16 and 32 bytes) listed, and a chunk of 4 blocks of 32.
  EXPECT_EQ(memory.allocations, 2U);
  EXPECT_EQ(memory.outstanding, table_bytes_listing(2) + (chunk_header + 4 * 32));
  // A 100-byte block (the seventh class, of 112 bytes) makes a table of 7 lists, which replaces
  // the first, and a chunk.
  void* const larger = pool.allocate(100, 8);
  EXPECT_EQ(memory.allocations, 4U);
  EXPECT_EQ(memory.live_blocks, 3U);
  EXPECT_EQ(memory.outstanding,
            table_bytes_listing(7) + (chunk_header + 4 * 32) + (chunk_header + 4 * 112));
  // The 32-byte list was kept: its three free blocks serve without allocating, and a block
  // given back is the next one out.
  pool.deallocate(state, 32, alignof(std::max_align_t));
  EXPECT_EQ(pool.allocate(32, 8), state);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NE(pool.allocate(32, 8), nullptr);
  }
  EXPECT_EQ(memory.allocations, 4U);
  // A smaller class needs no new table.
  EXPECT_NE(pool.allocate(16, 8), nullptr);
  EXPECT_EQ(memory.allocations, 5U);
  pool.deallocate(larger, 100, 8);
}

TEST(block_pool, chunks_double) {
  counting_resource memory;
  block_pool pool(memory.as_memory());
  for (int i = 0; i < 4; ++i) {
    pool.allocate(32, 8);
  }
  const std::size_t after_four = memory.outstanding;
  pool.allocate(32, 8);
  EXPECT_EQ(memory.outstanding - after_four, chunk_header + 8 * 32);
}

// Each class counts its own doublings (4 bits each, side by side in one word: a count that
// spilled into its neighbour's would show here), and stops at chunks of 256 blocks.
TEST(block_pool, each_class_doubles_on_its_own_up_to_256_blocks) {
  counting_resource memory;
  block_pool pool(memory.as_memory());
  // The blocks each new chunk of `size`-byte blocks holds, for the next `chunks` chunks.
  // Each allocation that makes anything must make one chunk: the classes are listed already.
  const auto chunk_blocks = [&](std::size_t size, int chunks) {
    std::vector<std::size_t> made;
    for (int i = 0; i < 2'000 && made.size() < static_cast<std::size_t>(chunks); ++i) {
      const std::size_t bytes_before = memory.outstanding;
      const std::size_t allocations_before = memory.allocations;
      pool.allocate(size, 8);
      if (memory.allocations != allocations_before) {
        EXPECT_EQ(memory.allocations, allocations_before + 1);
        made.push_back((memory.outstanding - bytes_before - chunk_header) / size);
      }
    }
    return made;
  };
  pool.allocate(256, 8); // the largest class listed first, so that no table is made below
  EXPECT_EQ(chunk_blocks(240, 3), (std::vector<std::size_t>{4, 8, 16})); // its neighbour
  EXPECT_EQ(chunk_blocks(256, 2), (std::vector<std::size_t>{8, 16}));
  EXPECT_EQ(chunk_blocks(16, 9), (std::vector<std::size_t>{4, 8, 16, 32, 64, 128, 256, 256, 256}));
  EXPECT_EQ(chunk_blocks(32, 2), (std::vector<std::size_t>{4, 8})); // above a full count
  EXPECT_EQ(chunk_blocks(240, 1), (std::vector<std::size_t>{32}));
}

// A table grown for a larger class keeps the doublings of the classes it listed.
TEST(block_pool, a_grown_table_keeps_the_doublings) {
  counting_resource memory;
  block_pool pool(memory.as_memory());
  for (int i = 0; i < 4 + 8 + 1; ++i) { // three chunks of 32-byte blocks: 4, 8 and 16
    pool.allocate(32, 8);
  }
  pool.allocate(100, 8);         // a table of seven classes replaces the one of two, and a chunk
  for (int i = 0; i < 15; ++i) { // the third chunk's other blocks
    pool.allocate(32, 8);
  }
  const std::size_t before = memory.outstanding;
  pool.allocate(32, 8);
  EXPECT_EQ(memory.outstanding - before, chunk_header + 32 * 32);
}

TEST(block_pool, sizes_no_class_serves_go_to_the_memory_and_back) {
  counting_resource memory;
  block_pool pool(memory.as_memory());
  void* const large = pool.allocate(257, 8);
  EXPECT_EQ(memory.allocations, 1U); // no table, no chunk
  EXPECT_EQ(memory.outstanding, 257U);
  struct alignas(2 * alignof(std::max_align_t)) over_aligned {
    char bytes[16];
  };
  void* const aligned = pool.allocate(sizeof(over_aligned), alignof(over_aligned));
  EXPECT_EQ(memory.allocations, 2U);
  pool.deallocate(aligned, sizeof(over_aligned), alignof(over_aligned));
  pool.deallocate(large, 257, 8);
  EXPECT_EQ(memory.live_blocks, 0U);
}

TEST(block_pool, gives_everything_back) {
  counting_resource memory;
  {
    block_pool pool(memory.as_memory());
    for (std::size_t size = 8; size <= 256; size += 24) {
      pool.allocate(size, 8);
    }
  }
  EXPECT_EQ(memory.live_blocks, 0U);
  EXPECT_EQ(memory.outstanding, 0U); // each block given back with the size it was made with
}

#ifndef STRATA_NO_EXCEPTIONS
// All-or-nothing requests (R1) rely on it: an allocation that throws keeps every list, chunk and
// doubling as they were (a table grown for a new class stays, that class's list empty).
TEST(block_pool, an_allocation_that_fails_keeps_every_list_chunk_and_doubling) {
  strata_test::failing_resource failing;
  const strata::memory memory{&failing};
  block_pool pool(&memory);
  void* const state = pool.allocate(32, 8);
  pool.deallocate(state, 32, 8);
  failing.fail_in = 1; // the grown table
  EXPECT_THROW(pool.allocate(100, 8), std::bad_alloc);
  EXPECT_EQ(failing.live(), 2U);
  EXPECT_EQ(pool.allocate(32, 8), state); // the kept list still serves
  failing.fail_in = 2;                    // the table is made, its chunk fails
  EXPECT_THROW(pool.allocate(100, 8), std::bad_alloc);
  EXPECT_EQ(failing.live(), 2U); // the grown table replaced the first
  failing.fail_in = 1;           // the chunk again
  EXPECT_THROW(pool.allocate(100, 8), std::bad_alloc);
  // The failed chunks counted no doubling: the first chunk made holds 4 blocks, the next 8.
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(pool.allocate(100, 8), nullptr);
  }
  EXPECT_EQ(failing.live(), 3U);
  EXPECT_NE(pool.allocate(100, 8), nullptr);
  EXPECT_EQ(failing.live(), 4U);
  pool.deallocate(state, 32, 8);
}
#endif

} // namespace
