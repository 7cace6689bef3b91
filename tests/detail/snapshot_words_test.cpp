// tests/detail/snapshot_words_test.cpp: pins detail::snapshot_words::read_float on its own: the
// numbers it reads and those it refuses. Its reader is std::from_chars where the standard library
// has one for floating point, and a stream in the C locale where it has not (libc++ 14, CI's
// libcxx step): both builds run these, so the two readers take the same texts.
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include <gtest/gtest.h>
#include <strata/detail/snapshot_words.hpp>

namespace {

using strata::detail::snapshot_words::float_text;
using strata::detail::snapshot_words::read_float;

TEST(snapshot_words, read_float_reads_what_people_write) {
  EXPECT_EQ(read_float<double>("2.5"), 2.5);
  EXPECT_EQ(read_float<double>("-2.5"), -2.5);
  EXPECT_EQ(read_float<double>("+2.5"), 2.5);
  EXPECT_EQ(read_float<double>("100"), 100.0);
  EXPECT_EQ(read_float<double>("1."), 1.0);
  EXPECT_EQ(read_float<double>(".5"), 0.5);
  EXPECT_EQ(read_float<double>("1e3"), 1000.0);
  EXPECT_EQ(read_float<double>("1E-2"), 0.01);
  EXPECT_EQ(read_float<double>("1e+300"), 1e300);
  EXPECT_EQ(read_float<float>("0.1"), 0.1F);
  EXPECT_EQ(read_float<float>("-0"), 0.0F);
  EXPECT_TRUE(std::signbit(*read_float<float>("-0")));
}

TEST(snapshot_words, read_float_reads_inf_nan_and_subnormals) {
  EXPECT_EQ(read_float<double>("inf"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(read_float<double>("-inf"), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(*read_float<double>("nan")));
  const double tiny = std::numeric_limits<double>::denorm_min();
  EXPECT_EQ(read_float<double>(float_text(tiny)), tiny);
  EXPECT_EQ(read_float<double>(float_text(-tiny)), -tiny);
  const float tiny_float = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(read_float<float>(float_text(tiny_float)), tiny_float);
}

TEST(snapshot_words, read_float_refuses_what_is_not_a_whole_number_in_range) {
  for (const std::string_view text :
       {"",    "+",   "-",   ".",    "e5",    "1e",    "1e+", "1.5x",     " 1.5", "1.5 ",
        "+-1", "++1", "--1", "1..5", "1e5e5", "0x1p3", "INF", "Infinity", "NaN",  "1,5"}) {
    EXPECT_EQ(read_float<double>(text), std::nullopt) << '"' << text << '"';
    EXPECT_EQ(read_float<float>(text), std::nullopt) << '"' << text << '"';
  }
  // Past the type's range, either way: no infinity or zero made of digits that are not.
  EXPECT_EQ(read_float<double>("1e400"), std::nullopt);
  EXPECT_EQ(read_float<double>("-1e400"), std::nullopt);
  EXPECT_EQ(read_float<double>("1e-400"), std::nullopt);
  EXPECT_EQ(read_float<float>("1e39"), std::nullopt);
  EXPECT_EQ(read_float<float>("1e-50"), std::nullopt);
}

TEST(snapshot_words, float_text_reads_back_as_the_same_value) {
  for (const double value : {0.1, -2.5, 1e300, 1e-300, 123456.789, 3.0}) {
    EXPECT_EQ(read_float<double>(float_text(value)), value) << float_text(value);
  }
  for (const float value : {0.1F, -2.5F, 3.4e38F, 1.17e-38F}) {
    EXPECT_EQ(read_float<float>(float_text(value)), value) << float_text(value);
  }
}

} // namespace
