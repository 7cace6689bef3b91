// tests/detail/runaway_log_test.cpp: pins detail::runaway_log on its own: the culprits described
// newest first and each once, the observer's empty name, names cut to 31 characters, only the
// last 8 pushes kept, and clear().
#include <string>
#include <string_view>

#include <gtest/gtest.h>
#include <strata/detail/runaway_log.hpp>

namespace {

using strata::detail::runaway_log;

TEST(runaway_log, nothing_recorded_describes_nothing) {
  const runaway_log log;
  EXPECT_EQ(log.describe(), "");
}

TEST(runaway_log, describes_newest_first_and_names_the_observer) {
  runaway_log log;
  log.record("title", "game");
  log.record("", "toast"); // the observer pushed
  EXPECT_EQ(log.describe(), ": the observer keeps pushing 'toast', 'title' keeps pushing 'game'");
}

// The stack passes the observer as an empty view, whose data() is null: no copy may read it (the
// sanitizer build of CI checks the memcpy).
TEST(runaway_log, an_empty_view_with_no_data_is_the_observer) {
  runaway_log log;
  log.record(std::string_view{}, "toast");
  EXPECT_EQ(log.describe(), ": the observer keeps pushing 'toast'");
}

TEST(runaway_log, describes_each_pair_once) {
  runaway_log log;
  log.record("a", "b");
  log.record("b", "a");
  log.record("a", "b");
  log.record("b", "a");
  log.record("a", "c");
  EXPECT_EQ(log.describe(),
            ": 'a' keeps pushing 'c', 'b' keeps pushing 'a', 'a' keeps pushing 'b'");
}

TEST(runaway_log, cuts_long_names_to_31_characters) {
  runaway_log log;
  const std::string long_name(40, 'x');
  log.record(long_name, long_name + "y");
  const std::string cut(31, 'x');
  EXPECT_EQ(log.describe(), ": '" + cut + "' keeps pushing '" + cut + "'");
}

TEST(runaway_log, keeps_the_last_eight_pushes) {
  runaway_log log;
  for (int i = 0; i < 9; ++i) {
    log.record("s", std::to_string(i));
  }
  const std::string described = log.describe();
  EXPECT_EQ(described.rfind(": 's' keeps pushing '8', 's' keeps pushing '7'", 0), 0U);
  EXPECT_NE(described.find("'1'"), std::string::npos);
  EXPECT_EQ(described.find("'0'"), std::string::npos); // overwritten by the ninth
}

TEST(runaway_log, clear_starts_a_new_log) {
  runaway_log log;
  log.record("a", "b");
  log.clear();
  EXPECT_EQ(log.describe(), "");
  log.record("c", "d");
  EXPECT_EQ(log.describe(), ": 'c' keeps pushing 'd'");
}

} // namespace
