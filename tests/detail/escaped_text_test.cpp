// tests/detail/escaped_text_test.cpp: pins detail::append_escaped on its own: quotes,
// backslashes, newlines, tabs and the other control bytes escaped; every other byte, UTF-8
// included, as it is; appended to what the text already holds.
#include <string>
#include <string_view>

#include <gtest/gtest.h>
#include <strata/detail/escaped_text.hpp>

namespace {

std::string escaped(std::string_view text) {
  std::string out = "[";
  strata::detail::append_escaped(out, text);
  return out;
}

TEST(escaped_text, plain_text_and_utf8_pass_through_after_what_was_there) {
  EXPECT_EQ(escaped(""), "[");
  EXPECT_EQ(escaped("level 1-2 | boss"), "[level 1-2 | boss");
  EXPECT_EQ(escaped("B\xc3\xb6ss \xe2\x98\x85"), "[B\xc3\xb6ss \xe2\x98\x85");
}

TEST(escaped_text, quotes_backslashes_and_control_bytes_are_escaped) {
  EXPECT_EQ(escaped("say \"hi\""), "[say \\\"hi\\\"");
  EXPECT_EQ(escaped("a\\b"), "[a\\\\b");
  EXPECT_EQ(escaped("two\nlines\tand a tab"), "[two\\nlines\\tand a tab");
  EXPECT_EQ(escaped(std::string_view{"\x00\x01\x1b\x1f\x7f", 5}), "[\\x00\\x01\\x1b\\x1f\\x7f");
}

} // namespace
