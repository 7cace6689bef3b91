// tests/detail/record_scratch_test.cpp: pins detail/record_scratch.hpp on its own: each fill
// gives a record equal to the saved one, whatever the records filled before it held (other
// fields, other kinds at the same place, more or fewer fields, a problem), also after the reader
// of the last one wrote fields into it. tests/save_allocation_test.cpp counts what it saves.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <strata/detail/record_scratch.hpp>
#include <strata/record.hpp>

namespace {

using strata::field;
using strata::record;

const std::string long_text = "longer than any std::string keeps inline, by far";

// Records that put every kind at the same place, and that have more and fewer fields.
std::vector<record> mixed_records() {
  return {
      record{2,
             {field{"number", std::int64_t{3}}, field{"title_shown_while_loading", long_text},
              field{"progress", 0.5}, field{"secret_found", true}}},
      record{1, {field{"text_of_the_note_on_screen", long_text}}},
      record{0, {}},
      record{1, {field{"a", false}, field{"b", std::string("short")}, field{"c", long_text}}},
      record{7, {field{"text_of_the_note_on_screen", 2.25}, field{"n", std::int64_t{-1}}}},
  };
}

TEST(record_scratch, each_fill_equals_the_saved_record_whatever_came_before) {
  strata::detail::record_scratch scratch;
  const std::vector<record> saved = mixed_records();
  for (int round = 0; round < 3; ++round) {
    for (const record& r : saved) {
      const record& filled = scratch.fill(r);
      EXPECT_EQ(filled, r);
      EXPECT_EQ(filled.fields(), r.fields()); // the same fields in the same order
      EXPECT_FALSE(filled.failed());
    }
    for (auto r = saved.rbegin(); r != saved.rend(); ++r) {
      EXPECT_EQ(scratch.fill(*r), *r);
    }
  }
}

// The record is the reader's while it reads: a constructor may write into it or refuse it.
TEST(record_scratch, a_record_its_reader_wrote_into_or_refused_is_refilled_whole) {
  strata::detail::record_scratch scratch;
  const record one{1, {field{"x", long_text}}};
  record& read = scratch.fill(one);
  read.set("added_by_the_reader", long_text);
  read.set("and_another", std::int64_t{4});
  read.fail("refused");
  const record none{1, {}};
  EXPECT_EQ(scratch.fill(none), none);
  EXPECT_FALSE(scratch.fill(none).failed());
  const record three{3, {field{"p", 1.5}, field{"q", long_text}, field{"r", true}}};
  EXPECT_EQ(scratch.fill(three), three);
  EXPECT_EQ(scratch.fill(one), one);
}

} // namespace
