// tests/detail/running_guard_test.cpp: pins detail::running_guard on its own: where() for each
// activity and what takes precedence, in_hook, idle and may_end, the messages, and the scopes
// (activity_scope, marked) that set and restore it.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <strata/detail/running_guard.hpp>
#include <strata/error.hpp> // STRATA_NO_EXCEPTIONS when exceptions are off

namespace {

using strata::detail::activity;
using strata::detail::running_guard;

std::string where_during(activity now) {
  running_guard guard;
  guard.now = now;
  return guard.where("owner");
}

TEST(running_guard, where_names_each_activity) {
  EXPECT_EQ(where_during(activity::idle), "outside any hook");
  EXPECT_EQ(where_during(activity::applying_posts), "from inside a posted callable"); // R35
  EXPECT_EQ(where_during(activity::committing), "during commit()");
  EXPECT_EQ(where_during(activity::updating), "during update()");
  EXPECT_EQ(where_during(activity::drawing), "during draw()");
  EXPECT_EQ(where_during(activity::handling), "during handle()");
  EXPECT_EQ(where_during(activity::finishing), "during finish_transitions()");
  EXPECT_EQ(where_during(activity::destroying), "while the stack is being destroyed");
}

TEST(running_guard, where_names_the_innermost_code_first) {
  running_guard guard;
  guard.now = activity::committing;
  guard.hook = "enter";
  EXPECT_EQ(guard.where("pause"), "from inside 'pause'.enter()");
  guard.observer_nesting = 1; // an observer called from a hook: the hook is named
  EXPECT_EQ(guard.where("pause"), "from inside 'pause'.enter()");
  guard.hook = nullptr;
  EXPECT_EQ(guard.where("pause"), "from inside the observer");
  guard.request_code = "pop()";
  EXPECT_EQ(guard.where("pause"), "during pop()");
  guard.in_error_handler = true;
  EXPECT_EQ(guard.where("pause"), "from inside the error handler");
}

TEST(running_guard, in_hook_only_while_a_commit_runs_a_hook) {
  running_guard guard;
  guard.hook = "draw";
  guard.now = activity::drawing;
  EXPECT_FALSE(guard.in_hook());
  guard.now = activity::committing;
  EXPECT_TRUE(guard.in_hook());
  EXPECT_TRUE(guard.pushing_in_commit());
  guard.request_code = "push()";
  EXPECT_FALSE(guard.in_hook());
  guard.request_code = nullptr;
  guard.in_error_handler = true;
  EXPECT_FALSE(guard.in_hook());
  guard.hook = nullptr;
  EXPECT_FALSE(guard.pushing_in_commit()); // commit() itself, not a hook or the observer
  guard.observer_nesting = 1;
  EXPECT_TRUE(guard.pushing_in_commit());
}

TEST(running_guard, idle_and_may_end_need_nothing_of_the_game_running) {
  running_guard guard;
  EXPECT_TRUE(guard.idle());
  EXPECT_TRUE(guard.may_end());
  guard.in_error_handler = true;
  EXPECT_TRUE(guard.idle());
  EXPECT_FALSE(guard.may_end());
  guard.in_error_handler = false;
  guard.observer_nesting = 2;
  EXPECT_FALSE(guard.idle());
  guard.observer_nesting = 0;
  guard.request_code = "pop_until()";
  EXPECT_FALSE(guard.idle());
  guard.request_code = nullptr;
  guard.now = activity::updating;
  EXPECT_FALSE(guard.idle());
  EXPECT_FALSE(guard.may_end());
}

TEST(running_guard, messages_say_what_was_called_and_from_where) {
  running_guard guard;
  guard.request_code = "push()";
  EXPECT_EQ(guard.inside_request_message("commit()"),
            "strata: commit() called during push(), from code that push() runs (a state's "
            "constructor, destructor, move or save(), or a predicate)");
  guard.request_code = nullptr;
  guard.now = activity::committing;
  guard.hook = "exit";
  EXPECT_EQ(guard.reentrant_message("commit()", guard.where("game")),
            "strata: commit() called from inside 'game'.exit(); requests made there take effect "
            "at the running commit");
  guard.now = activity::drawing;
  EXPECT_EQ(guard.reentrant_message("update()", guard.where("game")),
            "strata: update() called during draw(); requests made there take effect at the next "
            "commit");
  guard.now = activity::applying_posts; // R35: the posts are applied at the start of a commit
  guard.hook = nullptr;
  EXPECT_EQ(guard.reentrant_message("draw()", guard.where("game")),
            "strata: draw() called from inside a posted callable; requests made there take effect "
            "at the running commit");
  EXPECT_EQ(running_guard::observer_runaway_message("pop()"),
            "strata: pop() called from an observer nested 64 calls deep; the observer keeps "
            "reacting to the steps of its own requests");
}

// The scope puts back only the activity: the hook's name is put back by the marked<> that set
// it (stack_steps' run_hook()), so the commit ends with neither.
TEST(running_guard, activity_scope_sets_the_activity_and_ends_idle) {
  running_guard guard;
  {
    strata::detail::activity_scope commit(guard, activity::committing);
    EXPECT_EQ(guard.now, activity::committing);
    const strata::detail::marked<const char*> running(guard.hook, "enter");
    EXPECT_TRUE(guard.in_hook());
  }
  EXPECT_EQ(guard.now, activity::idle);
  EXPECT_EQ(guard.hook, nullptr);
  EXPECT_TRUE(guard.idle());
}

// Clearing the name at the scope's end would cost every pass a store (bench S1): the scope leaves
// it to the code that set it.
TEST(running_guard, activity_scope_leaves_the_hook_name_to_the_code_that_set_it) {
  running_guard guard;
  const char* const outer = "exit"; // set outside the scope, as no code does it
  guard.hook = outer;
  { const strata::detail::activity_scope update(guard, activity::updating); }
  EXPECT_EQ(guard.now, activity::idle);
  EXPECT_EQ(guard.hook, outer);
}

TEST(running_guard, marked_restores_the_outer_value) {
  running_guard guard;
  {
    strata::detail::marked<const char*> outer(guard.hook, "exit");
    {
      strata::detail::marked<const char*> inner(guard.hook, "unfocus");
      strata::detail::marked<std::uint32_t> depth(guard.unfocusing, 3);
      EXPECT_STREQ(guard.hook, "unfocus");
      EXPECT_EQ(guard.unfocusing, 3U);
    }
    EXPECT_STREQ(guard.hook, "exit");
    EXPECT_EQ(guard.unfocusing, running_guard::no_depth);
  }
  EXPECT_EQ(guard.hook, nullptr);
}

#ifndef STRATA_NO_EXCEPTIONS
TEST(running_guard, marked_restores_when_the_scope_throws) {
  running_guard guard;
  try {
    strata::detail::marked<const char*> code(guard.request_code, "pop()");
    throw std::runtime_error("from a destructor the request ran");
  } catch (const std::runtime_error&) {
    EXPECT_EQ(guard.request_code, nullptr);
  }
  EXPECT_TRUE(guard.idle());
}
#endif

} // namespace
