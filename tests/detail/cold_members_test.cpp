// tests/detail/cold_members_test.cpp: pins detail/cold_members.hpp on its own: a stack's cold
// members cost nothing until the first request that needs them, are made once, from the stack's
// memory resource, and given back to it when their storage goes.
#include <cstddef>

#include <gtest/gtest.h>
#include <strata/detail/cold_members.hpp>

#include "support/counting_resource.hpp"

namespace {

namespace detail = strata::detail;

using strata_test::counting_resource;

TEST(cold_members, are_made_once_on_first_need_and_given_back) {
  counting_resource memory;
  {
    detail::cold_storage cold(memory.as_memory());
    EXPECT_EQ(cold.find(), nullptr);
    EXPECT_EQ(memory.allocations, 0U); // a stack that never needs them pays nothing
    detail::cold_members& made = cold.get();
    EXPECT_EQ(cold.find(), &made);
    EXPECT_EQ(&cold.get(), &made);
    EXPECT_EQ(memory.allocations, 1U);
    EXPECT_EQ(memory.outstanding, sizeof(detail::cold_members));
    made.observer = [](const strata::step_info&) {};
    made.log.record("spawner", "spawner");
    EXPECT_EQ(made.log.describe(), ": 'spawner' keeps pushing 'spawner'");
  }
  EXPECT_EQ(memory.outstanding, 0U);
}

} // namespace
