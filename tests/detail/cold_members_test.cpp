// tests/detail/cold_members_test.cpp: pins detail/cold_members.hpp on its own: a stack's cold
// members cost nothing until the first request that needs them, are made once, from the stack's
// memory resource, and given back to it when the stack releases them; the runaway log likewise.
#include <cstddef>

#include <gtest/gtest.h>
#include <strata/detail/cold_members.hpp>

#include "support/counting_resource.hpp"
#include "support/owned_part.hpp"

namespace {

namespace detail = strata::detail;

using strata_test::counting_resource;
using owned_storage = strata_test::owned_part<detail::cold_storage>;

TEST(cold_members, are_made_once_on_first_need_and_given_back) {
  counting_resource memory;
  const strata::memory& from = *memory.as_memory();
  owned_storage cold(from);
  {
    EXPECT_EQ(cold.find(), nullptr);
    EXPECT_EQ(memory.allocations, 0U); // a stack that never needs them pays nothing
    detail::cold_members& made = cold.get(from);
    EXPECT_EQ(cold.find(), &made);
    EXPECT_EQ(&cold.get(from), &made);
    EXPECT_EQ(memory.allocations, 1U);
    EXPECT_EQ(memory.outstanding, sizeof(detail::cold_members));
    made.observer = [](const strata::step_info&) {};
    EXPECT_EQ(made.log, nullptr);
  }
  cold.release(from);
  EXPECT_EQ(cold.find(), nullptr);
  EXPECT_EQ(memory.outstanding, 0U);
  cold.release(from); // nothing left to give back
  EXPECT_EQ(memory.live_blocks, 0U);
}

// The runaway log is most of their bytes: a block of its own, made by the first push a commit
// records, which makes the members too if need be; both are given back.
TEST(cold_members, the_runaway_log_is_made_apart_on_first_need) {
  counting_resource memory;
  const strata::memory& from = *memory.as_memory();
  owned_storage cold(from);
  {
    detail::runaway_log& log = cold.log(from);
    EXPECT_EQ(memory.allocations, 2U);
    EXPECT_EQ(memory.outstanding, sizeof(detail::cold_members) + sizeof(detail::runaway_log));
    ASSERT_NE(cold.find(), nullptr);
    EXPECT_EQ(cold.find()->log, &log);
    EXPECT_EQ(&cold.log(from), &log);
    EXPECT_EQ(memory.allocations, 2U);
    log.record("spawner", "spawner");
    EXPECT_EQ(log.describe(), ": 'spawner' keeps pushing 'spawner'");
  }
  cold.release(from);
  EXPECT_EQ(memory.live_blocks, 0U);
  EXPECT_EQ(memory.outstanding, 0U);
}

} // namespace
