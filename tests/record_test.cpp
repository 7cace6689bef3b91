// tests/record_test.cpp: strata::record, the fields a state saves (record.hpp). Writing keeps the
// order of first writes; reading never throws: a missing field, one of another kind or an
// integer out of range gives T{} and fails the record, the first problem kept.
#include <cstdint>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>
#include <strata/record.hpp>

namespace strata_test {
namespace {

using strata::field;
using strata::record;

std::vector<std::string> names(const record& r) {
  std::vector<std::string> out;
  for (const field& f : r.fields()) {
    out.push_back(f.name);
  }
  return out;
}

TEST(record, every_kind_is_set_and_read_back) {
  record r;
  r.set("flag", true);
  r.set("small", std::int8_t{-7});
  r.set("count", 42);
  r.set("big", std::int64_t{-9'000'000'000'000'000'000});
  r.set("unsigned", std::uint64_t{18'000'000'000'000'000'000ULL / 2});
  r.set("ratio", 0.25F);
  r.set("precise", 0.1);
  r.set("view", std::string_view{"a view"});
  r.set("literal", "a literal");
  r.set("string", std::string("a\0string", 8));
  EXPECT_EQ(names(r), (std::vector<std::string>{"flag", "small", "count", "big", "unsigned",
                                                "ratio", "precise", "view", "literal", "string"}));
  EXPECT_TRUE(r.get<bool>("flag"));
  EXPECT_EQ(r.get<std::int8_t>("small"), -7);
  EXPECT_EQ(r.get<int>("count"), 42);
  EXPECT_EQ(r.get<std::int64_t>("big"), -9'000'000'000'000'000'000);
  EXPECT_EQ(r.get<std::uint64_t>("unsigned"), 9'000'000'000'000'000'000ULL);
  EXPECT_EQ(r.get<float>("ratio"), 0.25F);
  EXPECT_EQ(r.get<double>("precise"), 0.1);
  EXPECT_EQ(r.get<std::string>("view"), "a view");
  EXPECT_EQ(r.get<std::string>("literal"), "a literal");
  EXPECT_EQ(r.get<std::string>("string"), std::string("a\0string", 8));
  EXPECT_FALSE(r.failed());
  EXPECT_EQ(r.problem(), "");
  // Kinds as stored: a float is kept as a double, every integer type as a 64-bit integer.
  EXPECT_EQ(r.fields()[5].value, strata::field_value{0.25});
  EXPECT_EQ(r.fields()[1].value, strata::field_value{std::int64_t{-7}});
  EXPECT_EQ(strata::kind_name(r.fields()[0].value), "a flag");
  EXPECT_EQ(strata::kind_name(r.fields()[1].value), "an integer");
  EXPECT_EQ(strata::kind_name(r.fields()[5].value), "a number");
  EXPECT_EQ(strata::kind_name(r.fields()[7].value), "text");
}

TEST(record, replacing_a_field_keeps_its_place_and_takes_the_last_value_and_kind) {
  record r;
  r.set("a", 1);
  r.set("b", 2);
  r.set("c", 3);
  r.set("a", "now text");
  r.set("b", 5);
  EXPECT_EQ(names(r), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(r.get<std::string>("a"), "now text");
  EXPECT_EQ(r.get<int>("b"), 5);
  EXPECT_FALSE(r.failed());
}

TEST(record, a_missing_field_gives_a_value_initialized_t_and_fails_the_record) {
  record r;
  r.set("present", 1);
  EXPECT_EQ(r.get<int>("absent"), 0);
  EXPECT_TRUE(r.failed());
  EXPECT_EQ(r.problem(), "missing field 'absent'");
  EXPECT_EQ(r.get<std::string>("also_absent"), "");
  EXPECT_EQ(r.get<int>("present"), 1); // reading goes on
  EXPECT_EQ(r.problem(), "missing field 'absent'") << "the first problem is kept";
}

TEST(record, a_field_of_another_kind_gives_t_and_names_both_kinds) {
  const auto problem = [](auto read) {
    record r;
    r.set("flag", true);
    r.set("int", 3);
    r.set("num", 2.5);
    r.set("text", "x");
    read(r);
    return std::string(r.problem());
  };
  EXPECT_EQ(problem([](record& r) { EXPECT_EQ(r.get<int>("flag"), 0); }),
            "field 'flag' is a flag, not an integer");
  EXPECT_EQ(problem([](record& r) { EXPECT_FALSE(r.get<bool>("int")); }),
            "field 'int' is an integer, not a flag");
  EXPECT_EQ(problem([](record& r) { EXPECT_EQ(r.get<int>("num"), 0); }),
            "field 'num' is a number, not an integer");
  EXPECT_EQ(problem([](record& r) { EXPECT_EQ(r.get<double>("text"), 0.0); }),
            "field 'text' is text, not a number");
  EXPECT_EQ(problem([](record& r) { EXPECT_EQ(r.get<std::string>("num"), ""); }),
            "field 'num' is a number, not text");
  EXPECT_EQ(problem([](record& r) { EXPECT_EQ(r.get<double>("flag"), 0.0); }),
            "field 'flag' is a flag, not a number");
}

TEST(record, an_integer_out_of_the_targets_range_gives_t_and_fails) {
  record r;
  r.set("big", 300);
  r.set("negative", -1);
  EXPECT_EQ(r.get<std::uint8_t>("big"), 0);
  EXPECT_EQ(r.problem(), "field 'big' = 300 is out of range");
  EXPECT_EQ(r.get<unsigned>("negative"), 0U);
  EXPECT_EQ(r.problem(), "field 'big' = 300 is out of range"); // the first kept

  record limits;
  limits.set("max", std::numeric_limits<std::int64_t>::max());
  limits.set("min", std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(limits.get<std::int64_t>("max"), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(limits.get<std::uint64_t>("max"),
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  EXPECT_EQ(limits.get<std::int64_t>("min"), std::numeric_limits<std::int64_t>::min());
  EXPECT_FALSE(limits.failed());
  EXPECT_EQ(limits.get<std::int32_t>("min"), 0);
  EXPECT_EQ(limits.problem(), "field 'min' = -9223372036854775808 is out of range");
}

TEST(record, get_or_gives_the_fallback_only_for_a_missing_field) {
  record r;
  r.set("lives", 3);
  r.set("name", "Ana");
  EXPECT_EQ(r.get_or("lives", 9), 3);
  EXPECT_EQ(r.get_or("added_in_v2", 9), 9);
  EXPECT_EQ(r.get_or<std::string>("title", "none"), "none");
  EXPECT_FALSE(r.failed()) << "a missing field read with get_or is no problem";
  // A present field of the wrong kind is a problem all the same.
  EXPECT_EQ(r.get_or("name", 7), 0);
  EXPECT_EQ(r.problem(), "field 'name' is text, not an integer");
}

TEST(record, an_integer_field_reads_as_a_number_and_nothing_else_converts) {
  record r;
  r.set("count", 3);
  r.set("huge", std::int64_t{1} << 62);
  EXPECT_EQ(r.get<double>("count"), 3.0);
  EXPECT_EQ(r.get<float>("count"), 3.0F);
  EXPECT_EQ(r.get<double>("huge"), 4611686018427387904.0);
  EXPECT_FALSE(r.failed());
  EXPECT_FALSE(r.get<bool>("count"));
  EXPECT_EQ(r.problem(), "field 'count' is an integer, not a flag");
}

TEST(record, a_field_name_that_is_not_a_save_word_fails_the_record_and_is_not_kept) {
  for (const std::string& bad :
       {std::string(), std::string("two words"), std::string("a=b"), std::string("quote\""),
        std::string("caf\xc3\xa9"), std::string(65, 'x'), std::string("nul\0", 4)}) {
    record r;
    r.set(bad, 1);
    EXPECT_TRUE(r.failed()) << bad;
    EXPECT_EQ(r.problem(), "'" + bad +
                               "' is not a field name: 1 to 64 letters, digits and '_', '.', "
                               "':', '-'");
    EXPECT_TRUE(r.fields().empty());
  }
  record r;
  r.set(std::string(64, 'x'), 1);
  r.set("a.b:c-d_E9", 2);
  EXPECT_FALSE(r.failed()) << r.problem();
  EXPECT_EQ(r.fields().size(), 2U);
  EXPECT_TRUE(strata::is_save_word("a.b:c-d_E9"));
  EXPECT_FALSE(strata::is_save_word("a/b"));
}

TEST(record, an_unsigned_64_bit_integer_too_large_fails_and_is_not_kept) {
  record r;
  r.set("fits", static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  r.set("too_large", static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1);
  EXPECT_TRUE(r.failed());
  EXPECT_EQ(r.problem(), "field 'too_large' is too large to save as an integer");
  EXPECT_EQ(names(r), std::vector<std::string>{"fits"});
  r.set("other", std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(r.problem(), "field 'too_large' is too large to save as an integer");
}

// A field's name may be read from the record itself (a C callback may pass the pointer that
// strata_record_text() gave it): it is copied before the record's array grows and moves that
// text. Without that, ASan (CI's sanitizers step) reports a read of the freed array.
TEST(record, a_name_read_from_the_record_itself_is_copied_before_the_record_grows) {
  record out{1};
  out.set("first", std::string("spoken_line"));
  ASSERT_EQ(out.fields().size(), out.fields().capacity()) << "the next field must grow the array";
  const std::string& text = std::get<std::string>(out.fields()[0].value);
  out.set(text, 2);
  EXPECT_EQ(names(out), (std::vector<std::string>{"first", "spoken_line"}));
  EXPECT_FALSE(out.failed());
}

TEST(record, fail_keeps_the_first_reason) {
  record r;
  EXPECT_FALSE(r.failed());
  r.fail("level 99 does not exist");
  r.fail("second");
  (void)r.get<int>("missing");
  EXPECT_TRUE(r.failed());
  EXPECT_EQ(r.problem(), "level 99 does not exist");
}

TEST(record, equality_compares_version_and_fields_but_not_problems) {
  record a{2};
  a.set("x", 1);
  record b{2, {field{"x", std::int64_t{1}}}};
  EXPECT_EQ(a, b);
  b.fail("a problem");
  (void)a.get<int>("missing");
  EXPECT_EQ(a, b);
  record c{3, {field{"x", std::int64_t{1}}}};
  EXPECT_NE(a, c) << "another version";
  record d{2, {field{"x", 1.0}}};
  EXPECT_NE(a, d) << "the same value as another kind";
  record e{2, {field{"y", std::int64_t{1}}}};
  EXPECT_NE(a, e);
  record f{2, {field{"x", std::int64_t{1}}, field{"z", false}}};
  EXPECT_NE(a, f);
  a.set_version(3);
  EXPECT_EQ(a.version(), 3U);
  EXPECT_EQ(a, c);
}

} // namespace
} // namespace strata_test
