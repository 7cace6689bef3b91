// tests/detail/rare_lists_test.cpp: pins detail/rare_lists.hpp on its own: the lists of entries in
// transition (R33) and of a multi-pop's dropped states cost a stack nothing until first needed,
// read as empty until then, are made once, from the stack's memory, given back with everything
// they grew, and, made where failing is not an option (try_get()), report running out of memory
// instead of throwing, having changed nothing.
#include <new>

#include <gtest/gtest.h>
#include <strata/detail/rare_lists.hpp>
#include <strata/entry.hpp>
#include <strata/error.hpp> // STRATA_NO_EXCEPTIONS when exceptions are off

#include "support/counting_resource.hpp"
#include "support/failing_resource.hpp"
#include "support/owned_part.hpp"

namespace {

namespace detail = strata::detail;

struct context {};
struct event {};
using entry = detail::entry<context, event>;
using lists = detail::rare_lists<entry>;
using storage = strata_test::owned_part<detail::rare_storage<entry>>;
using strata_test::counting_resource;

TEST(rare_lists, cost_nothing_and_read_empty_until_first_needed) {
  counting_resource memory;
  const strata::memory& from = *memory.as_memory();
  {
    const storage rare(from);
    EXPECT_EQ(memory.allocations, 0U);
    EXPECT_TRUE(rare.motions().empty());
  }
  EXPECT_EQ(memory.allocations, 0U); // nothing to give back either
}

TEST(rare_lists, are_made_once_and_given_back_with_what_they_grew) {
  counting_resource memory;
  const strata::memory& from = *memory.as_memory();
  storage rare(from);
  lists& made = rare.get(from);
  EXPECT_EQ(rare.find(), &made);
  EXPECT_EQ(&rare.get(from), &made);
  EXPECT_EQ(rare.try_get(from), &made);
  EXPECT_EQ(memory.allocations, 1U);
  EXPECT_EQ(memory.outstanding, sizeof(lists));
  // What the motions() of a stack with lists reads is the lists' own.
  ASSERT_TRUE(made.motions.arrive(from, entry{}, 0, strata::transition{.arrive = 0.5F}));
  EXPECT_EQ(&rare.motions(), &made.motions);
  EXPECT_EQ(rare.motions().size(), 1U);
  made.dropping.push_back(from, entry{});
  EXPECT_EQ(memory.live_blocks, 3U);
  rare.release(from);
  EXPECT_EQ(rare.find(), nullptr);
  EXPECT_TRUE(rare.motions().empty());
  EXPECT_EQ(memory.live_blocks, 0U);
  EXPECT_EQ(memory.outstanding, 0U);
}

// R33: a transition that cannot get its lists ends at once; nothing is made and nothing thrown.
TEST(rare_lists, try_get_reports_running_out_of_memory_and_changes_nothing) {
  strata_test::failing_resource failing;
  const strata::memory from{&failing};
  storage rare(from);
  failing.fail_in = 1;
  EXPECT_EQ(rare.try_get(from), nullptr);
  EXPECT_EQ(rare.find(), nullptr);
  EXPECT_EQ(failing.live(), 0U);
  EXPECT_NE(rare.try_get(from), nullptr); // the next time memory is there
  EXPECT_EQ(failing.live(), 1U);
}

#ifndef STRATA_NO_EXCEPTIONS
// R1: a multi-pop makes them before it changes anything, so that running out of memory there
// leaves the stack as it was.
TEST(rare_lists, get_throws_before_it_changes_anything) {
  strata_test::failing_resource failing;
  const strata::memory from{&failing};
  storage rare(from);
  failing.fail_in = 1;
  EXPECT_THROW(rare.get(from), std::bad_alloc);
  EXPECT_EQ(rare.find(), nullptr);
  EXPECT_EQ(failing.live(), 0U);
}
#endif

} // namespace
