// tests/detail/entry_stacks_test.cpp: pins detail::entry_stacks on its own: ids, the shared
// staged/committed prefix, retiring entries, slot lookup, unstaging and restoring, and the room
// a deep pop took given back once its entries have left.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <strata/detail/entry_stacks.hpp>

#include "support/counting_resource.hpp"
#include "support/owned_part.hpp"

namespace {

struct context {};
struct event {};
using entry = strata::detail::entry<context, event>;
using stacks = strata::detail::entry_stacks<context, event>;
using strata::entry_id;
const strata::memory new_and_delete{};
// A list the stacks append to, given back at its end as the stack gives back its own; it counts
// how often the stacks asked for it (they ask only when they drop entries).
struct dropped_entries : strata::detail::flat_array<entry> {
  dropped_entries() = default;
  dropped_entries(const dropped_entries&) = delete;
  dropped_entries& operator=(const dropped_entries&) = delete;
  ~dropped_entries() { release(new_and_delete); }

  // The `dropping_list` of unstage_down_to() and reserve_unstaging().
  auto on_need() {
    return [this]() -> strata::detail::flat_array<entry>& {
      ++asked;
      return *this;
    };
  }
  int asked = 0;
};

using owned_stacks = strata_test::owned_part<stacks>;

// The stacks only move entries around: a blank one does (place() gives it its id).
entry blank() {
  return entry{};
}

entry_id id(std::uint64_t n) {
  return entry_id{n};
}

// "1 2 3": the ids of `entries`, bottom to top.
template <class Entries>
std::string ids_of(const Entries& entries) {
  std::string text;
  for (const entry& e : entries) {
    text += (text.empty() ? "" : " ") + std::to_string(static_cast<std::uint64_t>(e.id()));
  }
  return text;
}
std::string committed_ids(const stacks& s) {
  std::string text;
  for (std::size_t depth = 0; depth < s.committed_size(); ++depth) {
    text += (text.empty() ? "" : " ") +
            std::to_string(static_cast<std::uint64_t>(s.committed_at(depth).id()));
  }
  return text;
}

// Places `count` entries and commits them all.
void place_committed(owned_stacks& s, int count) {
  for (int i = 0; i < count; ++i) {
    s.place(s.memory, blank());
    s.commit_next();
  }
}

// stack_staging::place() appends without an out-of-memory guard only when this says so.
TEST(entry_stacks, staged_has_room_says_whether_place_would_allocate) {
  strata_test::counting_resource counted;
  owned_stacks s(*counted.as_memory());
  EXPECT_FALSE(s.staged_has_room()); // no block yet
  s.reserve_staged(s.memory, 2);
  EXPECT_TRUE(s.staged_has_room());
  const std::size_t allocations = counted.allocations;
  s.place(s.memory, blank());
  EXPECT_TRUE(s.staged_has_room());
  s.place(s.memory, blank());
  EXPECT_FALSE(s.staged_has_room());
  EXPECT_EQ(counted.allocations, allocations);
  s.place(s.memory, blank()); // no room: it grows
  EXPECT_EQ(counted.allocations, allocations + 1);
  s.pop_unentered_top();
  EXPECT_TRUE(s.staged_has_room());
}

TEST(entry_stacks, place_gives_growing_ids_that_are_never_reused) {
  owned_stacks s(new_and_delete);
  const strata::detail::staged_slot a = s.place(s.memory, blank());
  const strata::detail::staged_slot b = s.place(s.memory, blank());
  EXPECT_EQ(a.index, 0U);
  EXPECT_EQ(a.id, id(1));
  EXPECT_EQ(b.index, 1U);
  EXPECT_EQ(b.id, id(2));
  dropped_entries dropping;
  s.unstage_down_to(s.memory, 1, dropping.on_need());
  const strata::detail::staged_slot c = s.place(s.memory, blank());
  EXPECT_EQ(c.index, 1U);
  EXPECT_EQ(c.id, id(3)); // b's slot, not b's id
  EXPECT_EQ(s.find_staged(id(3)), 1U);
  EXPECT_EQ(s.find_staged(id(2)), stacks::npos);
}

TEST(entry_stacks, retire_top_moves_an_entered_top_above_the_prefix) {
  owned_stacks s(new_and_delete);
  place_committed(s, 3);
  EXPECT_TRUE(s.top_entered());
  EXPECT_FALSE(s.has_steps());
  EXPECT_EQ(s.retire_top(s.memory).id(), id(3));
  EXPECT_EQ(s.retire_top(s.memory).id(), id(2));
  s.place(s.memory, blank()); // unentered: staged only
  EXPECT_FALSE(s.top_entered());
  EXPECT_EQ(ids_of(s.staged()), "1 4");
  EXPECT_EQ(s.committed_prefix(), 1U);
  EXPECT_EQ(s.retiring_count(), 2U);
  EXPECT_EQ(committed_ids(s), "1 2 3");
  EXPECT_EQ(s.committed_top().id(), id(3)); // the first to exit
  EXPECT_TRUE(s.has_steps());
}

TEST(entry_stacks, still_staged_follows_its_entry_down_and_refuses_a_replaced_slot) {
  owned_stacks s(new_and_delete);
  s.place(s.memory, blank());
  strata::detail::staged_slot b = s.place(s.memory, blank());
  strata::detail::staged_slot c = s.place(s.memory, blank());
  // b's enter threw: it leaves from below c, which moves down.
  s.commit_next();
  s.commit_next();
  EXPECT_EQ(s.take_committed_top(s.memory).id(), id(2));
  EXPECT_TRUE(s.still_staged(c, s.staged().size()));
  EXPECT_EQ(c.index, 1U);
  EXPECT_FALSE(s.still_staged(b, s.staged().size()));
  // c is unstaged and d takes its slot: the slot names d now, not c.
  dropped_entries dropping;
  s.unstage_down_to(s.memory, 1, dropping.on_need());
  strata::detail::staged_slot d = s.place(s.memory, blank());
  EXPECT_EQ(d.index, c.index);
  EXPECT_FALSE(s.still_staged(c, s.staged().size()));
  EXPECT_TRUE(s.still_staged(d, s.staged().size()));
  EXPECT_FALSE(s.still_staged(d, 0)); // nothing visible (destruction)
  strata::detail::staged_slot failed{0, entry_id::none};
  EXPECT_FALSE(s.still_staged(failed, s.staged().size()));
}

TEST(entry_stacks, unstage_down_to_retires_the_entered_and_drops_the_rest) {
  owned_stacks s(new_and_delete);
  place_committed(s, 3);
  s.place(s.memory, blank());
  s.place(s.memory, blank()); // staged: 1 2 3 | 4 5 (the last two unentered)
  dropped_entries dropping;
  EXPECT_EQ(s.unstage_down_to(s.memory, 1, dropping.on_need()), 3U);
  EXPECT_EQ(ids_of(dropping), "5 4"); // top first
  EXPECT_EQ(ids_of(s.staged()), "1");
  EXPECT_EQ(s.committed_prefix(), 1U);
  EXPECT_EQ(committed_ids(s), "1 2 3");
  EXPECT_EQ(s.committed_top().id(), id(3));
  // Above the prefix only unentered entries go.
  s.place(s.memory, blank());
  s.place(s.memory, blank());
  dropping.clear();
  EXPECT_EQ(s.unstage_down_to(s.memory, 2, dropping.on_need()), 2U);
  EXPECT_EQ(ids_of(dropping), "7");
  EXPECT_EQ(s.retiring_count(), 2U);
  EXPECT_EQ(s.unstage_down_to(s.memory, 1, dropping.on_need()), 1U);
  EXPECT_EQ(ids_of(dropping), "7 6");
  // With nothing unentered to drop, the list is not asked for (the stack has not made it).
  dropped_entries untouched;
  EXPECT_EQ(s.unstage_down_to(s.memory, 0, untouched.on_need()), 1U);
  EXPECT_EQ(untouched.asked, 0);
  EXPECT_EQ(s.retiring_count(), 3U);
  EXPECT_TRUE(s.staged().empty());
}

// R1: clear(t) makes all the room its pops need before it gives the states their way of leaving;
// unstage_down_to() then allocates nothing.
TEST(entry_stacks, reserve_unstaging_makes_all_the_room_unstage_down_to_needs) {
  strata_test::counting_resource memory;
  owned_stacks s(*memory.as_memory());
  place_committed(s, 3);
  EXPECT_EQ(s.first_unentered(0), 3U);
  EXPECT_EQ(s.first_unentered(4), 4U);
  const std::size_t before = memory.allocations;
  dropped_entries untouched;
  s.reserve_unstaging(s.memory, 0, untouched.on_need()); // all three entered: nothing to drop
  EXPECT_EQ(memory.allocations, before + 1);             // the retiring list's room
  EXPECT_EQ(s.unstage_down_to(s.memory, 0, untouched.on_need()), 3U);
  EXPECT_EQ(memory.allocations, before + 1);
  EXPECT_EQ(s.retiring_count(), 3U);
  EXPECT_EQ(untouched.asked, 0);
}

// Bench S6: a stack popped whole once kept room for all its entries twice, staged and retiring.
// Once the retiring entries have all left, a large room goes back; a few pops' stays, so a game
// that pops one state at a time does not allocate at every pop.
TEST(entry_stacks, the_room_of_a_deep_pop_goes_back_once_its_entries_left) {
  const auto retiring_bytes_held_after_popping = [](int count) {
    strata_test::counting_resource memory;
    owned_stacks s(*memory.as_memory());
    place_committed(s, count);
    const std::size_t before = memory.outstanding;
    for (int i = 0; i < count; ++i) {
      s.retire_top(s.memory);
    }
    for (int i = 0; i < count; ++i) {
      s.take_committed_top(s.memory);
    }
    EXPECT_EQ(s.committed_size(), 0U);
    return memory.outstanding - before;
  };
  EXPECT_EQ(retiring_bytes_held_after_popping(40), 0U);
  EXPECT_EQ(retiring_bytes_held_after_popping(3), 4 * sizeof(entry)); // grown 1, 2, 4: kept
}

TEST(entry_stacks, take_committed_top_takes_from_retiring_first) {
  owned_stacks s(new_and_delete);
  place_committed(s, 3);
  s.retire_top(s.memory);
  s.retire_top(s.memory);
  s.place(s.memory, blank()); // staged: 1 | 4
  EXPECT_EQ(s.take_committed_top(s.memory).id(), id(3));
  EXPECT_EQ(s.take_committed_top(s.memory).id(), id(2));
  EXPECT_EQ(s.retiring_count(), 0U);
  EXPECT_EQ(s.take_committed_top(s.memory).id(), id(1));
  EXPECT_EQ(ids_of(s.staged()), "4"); // erased from below
  EXPECT_EQ(s.committed_size(), 0U);
  EXPECT_EQ(s.commit_next().id(), id(4));
}

TEST(entry_stacks, restore_committed_puts_the_retiring_back_in_order) {
  owned_stacks s(new_and_delete);
  place_committed(s, 4);
  s.retire_top(s.memory);
  s.retire_top(s.memory);
  s.retire_top(s.memory);
  s.take_committed_top(s.memory); // 4 has exited
  s.place(s.memory, blank());
  s.place(s.memory, blank()); // staged: 1 | 5 6, retiring: 3 2
  dropped_entries dropped;
  s.restore_committed(s.memory, dropped);
  EXPECT_EQ(ids_of(dropped), "5 6");
  EXPECT_EQ(ids_of(s.staged()), "1 2 3");
  EXPECT_EQ(s.committed_prefix(), 3U);
  EXPECT_EQ(s.retiring_count(), 0U);
  EXPECT_FALSE(s.has_steps());
  EXPECT_EQ(s.place(s.memory, blank()).id, id(7)); // ids go on
}

TEST(entry_stacks, an_id_is_never_given_back) {
  owned_stacks s(new_and_delete);
  s.place(s.memory, blank());
  s.place(s.memory, blank());
  s.pop_unentered_top(); // id 2 leaves before it entered
  EXPECT_EQ(s.place(s.memory, blank()).id, id(3));
}

} // namespace
