// tests/detail/stack_line_test.cpp: pins detail::append_stack_line on its own: "(empty)", the
// names bottom to top with " | " between them and "*" after the top, each name escaped, and any
// output with append(std::string_view), appended to what it already holds.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <strata/detail/stack_line.hpp>

namespace {

std::string line(const std::vector<std::string_view>& names) {
  std::string out = "[";
  strata::detail::append_stack_line(out, names.size(),
                                    [&](std::size_t depth) { return names[depth]; });
  return out;
}

TEST(stack_line, empty_one_and_several_states_bottom_to_top) {
  EXPECT_EQ(line({}), "[(empty)");
  EXPECT_EQ(line({"title"}), "[title*");
  EXPECT_EQ(line({"system", "title", "world"}), "[system | title | world*");
}

TEST(stack_line, each_name_is_escaped_to_keep_one_line) {
  EXPECT_EQ(line({"two\nlines", std::string_view{"a\0b", 3}, "say \"hi\""}),
            "[two\\nlines | a\\x00b | say \\\"hi\\\"*");
}

// What the C API writes into: only append(std::string_view). Each piece arrives whole, the bytes
// that need no escape in runs.
struct pieces {
  std::vector<std::string> appended;
  void append(std::string_view text) { appended.emplace_back(text); }
};

TEST(stack_line, any_output_with_append_and_plain_runs_whole) {
  pieces out;
  strata::detail::append_stack_line(out, 3, [](std::size_t depth) {
    constexpr std::string_view names[] = {"level 1", "boss\tfight", "\n\"x\n"};
    return names[depth];
  });
  EXPECT_EQ(out.appended, (std::vector<std::string>{"level 1", " | ", "boss", "\\t", "fight", " | ",
                                                    "\\n", "\\\"", "x", "\\n", "*"}));
}

} // namespace
