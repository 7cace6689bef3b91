// tests/detail/field_counts_test.cpp: pins detail/field_counts.hpp on its own: a kind's record is
// given room for as many fields as the last record of that kind held, and no room before one was
// seen; kinds do not share counts. tests/save_allocation_test.cpp counts what save() allocates.
#include <cstddef>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>
#include <strata/detail/field_counts.hpp>
#include <strata/record.hpp>

namespace {

using strata::record;
using strata::detail::field_counts;

record with_fields(std::size_t count) {
  record r{1};
  for (std::size_t i = 0; i < count; ++i) {
    r.set("field_" + std::to_string(i), static_cast<std::int64_t>(i));
  }
  return r;
}

TEST(field_counts, a_kind_not_seen_yet_gets_no_room) {
  const field_counts counts(2);
  record fresh{1};
  counts.make_room(0, fresh);
  counts.make_room(1, fresh);
  EXPECT_EQ(fresh.fields().capacity(), 0U);
  EXPECT_TRUE(fresh.fields().empty());
}

TEST(field_counts, a_kind_gets_room_for_the_fields_its_last_record_held) {
  field_counts counts(2);
  counts.learn(1, with_fields(5));
  counts.learn(1, with_fields(3)); // the last one counts

  record next{1};
  counts.make_room(1, next);
  EXPECT_GE(next.fields().capacity(), 3U);
  EXPECT_LT(next.fields().capacity(), 5U);
  EXPECT_TRUE(next.fields().empty()); // room only: no field is written for it

  record other{1};
  counts.make_room(0, other); // the other kind saw no record
  EXPECT_EQ(other.fields().capacity(), 0U);
}

} // namespace
