// tests/detail/flat_array_test.cpp: pins detail/flat_array.hpp on its own: elements keep their
// order through growth, erase and truncate; a push of one of its own elements survives the
// growth that frees it; every block taken from the memory resource goes back to it, by the
// growth or by release(), which its owner calls with the memory it gave the growth; room past
// what its 32-bit counts hold fails as out of memory, before asking the memory for anything.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <string>

#include <gtest/gtest.h>
#include <strata/detail/flat_array.hpp>

#include "support/counting_resource.hpp"

namespace {

namespace detail = strata::detail;

struct item {
  int value;
  char padding[20]; // 24 bytes: not a power of two, like an entry
};

using strata_test::counting_resource;

std::string values_of(const detail::flat_array<item>& items) {
  std::string text;
  for (const item& i : items) {
    text += std::to_string(i.value);
  }
  return text;
}

TEST(flat_array, keeps_order_through_growth_erase_and_truncate) {
  counting_resource memory;
  {
    const strata::memory& source = *memory.as_memory();
    detail::flat_array<item> items;
    for (int i = 0; i < 6; ++i) {
      items.push_back(source, item{i, {}});
    }
    EXPECT_EQ(values_of(items), "012345");
    EXPECT_EQ(items.size(), 6U);
    EXPECT_EQ(memory.live_blocks, 1U); // grown four times, each old block given back
    items.erase(2);
    EXPECT_EQ(values_of(items), "01345");
    items.truncate(3);
    EXPECT_EQ(values_of(items), "013");
    items.pop_back();
    EXPECT_EQ(items.back().value, 1);
    items.clear();
    EXPECT_TRUE(items.empty());
    EXPECT_EQ(memory.live_blocks, 1U); // clear() keeps the room
    items.release(source);
    EXPECT_EQ(items.capacity(), 0U);
  }
  EXPECT_EQ(memory.live_blocks, 0U);
}

TEST(flat_array, a_push_of_its_own_element_survives_the_growth) {
  counting_resource memory;
  const strata::memory& source = *memory.as_memory();
  detail::flat_array<item> items;
  items.push_back(source, item{7, {}});
  items.push_back(source, item{8, {}}); // full at 2
  items.push_back(source, items[0]);    // grows, freeing the block items[0] was in
  EXPECT_EQ(values_of(items), "787");
  items.release(source);
}

TEST(flat_array, reserve_allocates_once_and_only_when_needed) {
  counting_resource memory;
  const strata::memory& source = *memory.as_memory();
  detail::flat_array<item> items;
  items.reserve(source, 10);
  items.reserve(source, 5);
  EXPECT_EQ(memory.allocations, 1U);
  for (int i = 0; i < 10; ++i) {
    items.push_back(source, item{i, {}});
  }
  EXPECT_EQ(memory.allocations, 1U);
  items.release(source);
}

// make_room_for() grows at least as push_back() does (doubling): making room for one more, many
// times, allocates a few times, not at each; room already there allocates nothing.
TEST(flat_array, making_room_a_few_at_a_time_allocates_a_few_times) {
  counting_resource memory;
  const strata::memory& source = *memory.as_memory();
  detail::flat_array<item> items;
  for (int i = 0; i < 64; ++i) {
    items.make_room_for(source, 1);
    items.push_back(source, item{i, {}});
  }
  EXPECT_LE(memory.allocations, 8U);
  const std::size_t before = memory.allocations;
  items.make_room_for(source, 0);
  EXPECT_EQ(memory.allocations, before);
  items.make_room_for(source, 100);
  EXPECT_EQ(memory.allocations, before + 1);
  for (int i = 0; i < 100; ++i) {
    items.push_back(source, item{i, {}});
  }
  EXPECT_EQ(memory.allocations, before + 1);
  items.release(source);
}

// The counts are 32 bits: room for more than 2^32 - 1 elements is refused as out of memory,
// not wrapped into a small capacity that later writes would overrun.
TEST(flat_array, room_past_its_counts_fails_as_out_of_memory) {
  counting_resource memory;
  const strata::memory& source = *memory.as_memory();
  detail::flat_array<item> items;
  items.push_back(source, item{1, {}});
  constexpr std::size_t past_the_counts =
      std::size_t{std::numeric_limits<std::uint32_t>::max()} + 1;
  // make_room_for() too, even for a count that size() + count would wrap around.
#ifndef STRATA_NO_EXCEPTIONS
  EXPECT_THROW(items.reserve(source, past_the_counts), std::bad_alloc);
  EXPECT_THROW(items.make_room_for(source, past_the_counts), std::bad_alloc);
  EXPECT_THROW(items.make_room_for(source, past_the_counts - 1), std::bad_alloc); // 1 + 2^32 - 1
  EXPECT_THROW(items.make_room_for(source, std::numeric_limits<std::size_t>::max()),
               std::bad_alloc);
#else
  EXPECT_DEATH(items.reserve(source, past_the_counts), "strata: out of memory");
  EXPECT_DEATH(items.make_room_for(source, std::numeric_limits<std::size_t>::max()),
               "strata: out of memory");
#endif
  EXPECT_EQ(memory.allocations, 1U); // the push's, nothing for the refused room
  EXPECT_EQ(items.capacity(), 1U);
  EXPECT_EQ(values_of(items), "1");
  items.release(source);
}

} // namespace
