// tests/support/expect_error.hpp: checks that an action reports exactly one strata error with
// the expected code and message, in builds with exceptions (it throws strata::error) and
// without (the stack hands it to its error handler and carries on) alike; and, for the errors
// that abort, `literally()`, an exact message as a death test's regular expression.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include <gtest/gtest.h>
#include <strata/strata.hpp>

namespace strata_test {

#ifndef STRATA_NO_EXCEPTIONS
inline constexpr bool exceptions_on = true;
#else
inline constexpr bool exceptions_on = false;
#endif

template <class Stack, class Action>
void expect_error(Stack& stack, strata::errc code, std::string_view message, Action&& action) {
#ifndef STRATA_NO_EXCEPTIONS
  (void)stack;
  try {
    std::forward<Action>(action)();
  } catch (const strata::error& e) {
    EXPECT_EQ(e.code(), code);
    EXPECT_EQ(std::string_view(e.what()), message);
    return;
  }
  ADD_FAILURE() << "no strata::error was thrown; expected: " << message;
#else
  int reported = 0;
  strata::error_handler previous = stack.settings().on_error;
  stack.set_error_handler([&](const strata::error& e) {
    ++reported;
    EXPECT_EQ(e.code(), code);
    EXPECT_EQ(std::string_view(e.what()), message);
  });
  std::forward<Action>(action)();
  stack.set_error_handler(std::move(previous));
  EXPECT_EQ(reported, 1) << "expected exactly one error: " << message;
#endif
}

// `text` as a death test's regular expression that matches exactly that text.
inline std::string literally(std::string_view text) {
  std::string pattern;
  for (const char c : text) {
    if (std::string_view{"\\^$.|?*+()[]{}"}.find(c) != std::string_view::npos) {
      pattern += '\\';
    }
    pattern += c;
  }
  return pattern;
}

} // namespace strata_test
