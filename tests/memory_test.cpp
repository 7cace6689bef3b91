// tests/memory_test.cpp: strata::memory, where a stack gets its memory: the default (new and
// delete), an allocator object given by pointer, two plain functions, a std::pmr resource where
// the standard library has one, and an allocator that runs out.
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>
#include <version>

#ifdef __cpp_lib_memory_resource
#include <memory_resource>
#endif

#include <gtest/gtest.h>
#include <strata/strata.hpp>

#include "support/counting_resource.hpp"
#include "support/expect_error.hpp" // defines STRATA_NO_EXCEPTIONS when exceptions are off

namespace {

using strata_test::counting_resource;

struct small_state {
  int value = 0;
};

bool aligned_to(const void* block, std::size_t alignment) {
  return reinterpret_cast<std::uintptr_t>(block) % alignment == 0;
}

TEST(memory, the_default_takes_any_alignment_from_new_and_gives_it_back_to_delete) {
  const strata::memory memory;
  for (const std::size_t alignment :
       {std::size_t{1}, alignof(std::max_align_t), std::size_t{64}, std::size_t{4096}}) {
    void* block = memory.allocate(100, alignment);
    ASSERT_NE(block, nullptr);
    EXPECT_TRUE(aligned_to(block, alignment)) << alignment;
    memory.deallocate(block, 100, alignment); // LeakSanitizer and valgrind see a mismatch
  }
}

// An allocator as a game writes one: plain members, no base class.
struct arena {
  std::vector<std::pair<std::size_t, std::size_t>> asked; // (bytes, alignment)
  std::size_t given_back = 0;

  void* allocate(std::size_t bytes, std::size_t alignment) {
    asked.emplace_back(bytes, alignment);
    return strata::memory{}.allocate(bytes, alignment);
  }
  void deallocate(void* block, std::size_t bytes, std::size_t alignment) noexcept {
    ++given_back;
    strata::memory{}.deallocate(block, bytes, alignment);
  }
};

TEST(memory, an_allocator_object_is_called_with_the_sizes_and_alignments_asked) {
  arena game_arena;
  const strata::memory memory = &game_arena;
  void* block = memory.allocate(48, 16);
  memory.deallocate(block, 48, 16);
  ASSERT_EQ(game_arena.asked.size(), 1U);
  EXPECT_EQ(game_arena.asked[0], (std::pair<std::size_t, std::size_t>{48, 16}));
  EXPECT_EQ(game_arena.given_back, 1U);
}

TEST(memory, a_stack_takes_all_of_its_memory_from_its_allocator_and_gives_it_all_back) {
  counting_resource counting;
  {
    strata::stack<> states(strata::options{.memory = &counting});
    states.push<small_state>();
    states.commit();
    states.update(0.25);
    EXPECT_GT(counting.live_blocks, 0U);
  }
  EXPECT_EQ(counting.live_blocks, 0U);
  EXPECT_EQ(counting.outstanding, 0U);
}

// A stack that counts its allocations, holding `count` small states pushed and entered: the
// tests of pops in a row count what the pops allocate after that (`allocated_since_entered()`).
class memory_of_pops : public ::testing::Test {
protected:
  static constexpr int count = 64;

  memory_of_pops() {
    for (int i = 0; i < count; ++i) {
      states.push<small_state>();
    }
    states.commit();
    entered_allocations_ = counting.allocations;
  }

  [[nodiscard]] std::size_t allocated_since_entered() const {
    return counting.allocations - entered_allocations_;
  }

  counting_resource counting;
  strata::stack<> states{strata::options{.memory = &counting}};

private:
  std::size_t entered_allocations_ = 0;
};

// R33: pop(t) makes room for its pop before it gives the state `t` (R1), grown as a pop's own
// room grows: 64 pops in a row allocate a handful of times (the retiring list doubling, the
// pool's blocks for the states' transitions), not once per pop.
TEST_F(memory_of_pops, pops_with_a_transition_in_a_row_allocate_a_few_times_not_at_each) {
  for (int i = 0; i < count; ++i) {
    states.pop(strata::transition{0.0F, 0.5F});
  }
  EXPECT_LE(allocated_since_entered(), 16U);
  states.commit();
  states.finish_transitions();
}

// A multi-pop makes room for all its pops first (R1), grown as a pop's own room grows: 64
// pop_to()s of one entered state each, in a row, allocate a few times, not once per pop.
TEST_F(memory_of_pops, multi_pops_in_a_row_allocate_a_few_times_not_at_each) {
  for (int i = count; i-- > 0;) {
    states.pop_to(static_cast<std::size_t>(i));
  }
  EXPECT_LE(allocated_since_entered(), 16U);
  EXPECT_EQ(states.staged().size(), 0U);
  states.commit();
}

// The error handler is read only when an error is reported, so it waits with the other seldom
// used members (the observer, the probe) in a block made from the stack's memory, and a stack
// without one pays nothing for it.
TEST(memory, an_error_handler_is_kept_in_a_block_made_from_the_stack_memory_once_given) {
  counting_resource counting;
  {
    strata::stack<> plain(strata::options{.memory = &counting});
    plain.set_error_handler({}); // removing no handler makes nothing
    EXPECT_EQ(counting.allocations, 0U);
    EXPECT_FALSE(plain.settings().on_error);
  }
  {
    int reported = 0;
    strata::stack<> handled(strata::options{.memory = &counting,
                                            .on_error = [&](const strata::error&) { ++reported; }});
    EXPECT_EQ(counting.allocations, 1U);
    EXPECT_EQ(counting.live_blocks, 1U);
    const strata::error_handler copy = handled.settings().on_error;
    ASSERT_TRUE(copy);
    copy(strata::error(strata::errc::empty_stack, "a copy calls it"));
    EXPECT_EQ(reported, 1);
    handled.set_error_handler({});
    EXPECT_FALSE(handled.settings().on_error);
    EXPECT_EQ(counting.allocations, 1U); // the block stays until the stack goes
  }
  EXPECT_EQ(counting.live_blocks, 0U);
  EXPECT_EQ(counting.outstanding, 0U);
}

struct function_counts {
  int allocations = 0;
  int deallocations = 0;
};
void* count_and_allocate(void* user, std::size_t bytes, std::size_t alignment) {
  ++static_cast<function_counts*>(user)->allocations;
  return strata::memory{}.allocate(bytes, alignment);
}
void count_and_deallocate(void* user, void* block, std::size_t bytes,
                          std::size_t alignment) noexcept {
  ++static_cast<function_counts*>(user)->deallocations;
  strata::memory{}.deallocate(block, bytes, alignment);
}

TEST(memory, two_functions_are_called_with_what_they_were_given) {
  function_counts counts;
  {
    strata::stack<> states(
        strata::options{.memory = {&counts, &count_and_allocate, &count_and_deallocate}});
    states.push<small_state>();
    states.commit();
  }
  EXPECT_GT(counts.allocations, 0);
  EXPECT_EQ(counts.deallocations, counts.allocations);
}

TEST(memory, a_null_allocator_means_the_default_and_copies_compare_equal) {
  arena* none = nullptr;
  EXPECT_EQ(strata::memory{none}, strata::memory{});
  arena game_arena;
  const strata::memory memory = &game_arena;
  const strata::memory copy = memory; // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(copy, memory);
  EXPECT_NE(memory, strata::memory{});
}

#ifdef __cpp_lib_memory_resource
// A std::pmr resource that counts, to see that the stack went through it.
class counting_pmr_resource : public std::pmr::memory_resource {
public:
  int allocations = 0;

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    ++allocations;
    return std::pmr::new_delete_resource()->allocate(bytes, alignment);
  }
  void do_deallocate(void* block, std::size_t bytes, std::size_t alignment) override {
    std::pmr::new_delete_resource()->deallocate(block, bytes, alignment);
  }
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }
};

TEST(memory, a_std_pmr_memory_resource_pointer_converts_as_before_strata_had_its_own_type) {
  counting_pmr_resource resource;
  std::pmr::memory_resource* const as_before = &resource;
  strata::stack<> states(strata::options{.memory = as_before});
  states.push<small_state>();
  states.commit();
  EXPECT_GT(resource.allocations, 0);
}
#endif

// Returns null for every request, as a C-style allocator does when it runs out.
struct exhausted {
  void* allocate(std::size_t /*bytes*/, std::size_t /*alignment*/) { return nullptr; }
  void deallocate(void* /*block*/, std::size_t /*bytes*/, std::size_t /*alignment*/) noexcept {}
};

#ifndef STRATA_NO_EXCEPTIONS
TEST(memory, an_allocator_that_returns_null_makes_the_request_throw_bad_alloc_and_change_nothing) {
  exhausted empty;
  strata::stack<> states(strata::options{.memory = &empty});
  EXPECT_THROW(states.push<small_state>(), std::bad_alloc);
  EXPECT_EQ(states.staged().size(), 0U);
}
#else
TEST(memory_death, an_allocator_that_returns_null_aborts_a_build_without_exceptions) {
  exhausted empty;
  const strata::memory memory = &empty;
  EXPECT_DEATH((void)memory.allocate(16, 8), "strata: out of memory");
}
#endif

} // namespace
