// tests/c/exceptions_test.cpp: callbacks written in C++ may throw; the exception never leaves a
// C API function. It becomes STRATA_E_EXCEPTION with its message, and the stack is left as the
// core leaves it after a throwing hook (R25). This program and the library are compiled with
// exceptions in every configuration, STRATA_NO_EXCEPTIONS=ON included (docs/c-api.md).
#include <stdexcept>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <strata/error.hpp>
#include <strata/strata.h>

namespace {

// What a thrower does, and what happened to it.
struct thrower {
  std::string name;
  std::string* trace;
  bool throw_in_enter = false;
  bool throw_in_draw = false;
  bool throw_in_focus = false;
  bool throw_something_else = false;
  int destroyed = 0;
};

void note(void* data, const char* hook) {
  auto* self = static_cast<thrower*>(data);
  *self->trace += (self->trace->empty() ? "" : ", ") + self->name + "." + hook;
}

void maybe_throw(bool now, const thrower& self) {
  if (now && self.throw_something_else) {
    throw 7;
  }
  if (now) {
    throw std::runtime_error(self.name + " failed");
  }
}

constexpr strata_state throwing_state = {
    "thrower",
    [](strata_stack*, void*, void* data) {
      note(data, "enter");
      maybe_throw(static_cast<thrower*>(data)->throw_in_enter, *static_cast<thrower*>(data));
    },
    [](strata_stack*, void*, void* data) { note(data, "exit"); },
    [](strata_stack*, void*, void* data) { note(data, "pause"); },
    [](strata_stack*, void*, void* data) { note(data, "resume"); },
    nullptr,
    nullptr,
    [](strata_stack*, void*, void* data) {
      note(data, "draw");
      maybe_throw(static_cast<thrower*>(data)->throw_in_draw, *static_cast<thrower*>(data));
    },
    [](strata_stack*, void*, void* data, const void*) -> int {
      note(data, "event");
      throw std::logic_error("no events here");
    },
    [](void* /*env*/, void* data) { ++static_cast<thrower*>(data)->destroyed; },
    0,
    [](strata_stack*, void*, void* data) {
      note(data, "focus");
      maybe_throw(static_cast<thrower*>(data)->throw_in_focus, *static_cast<thrower*>(data));
    },
    [](strata_stack*, void*, void* data) { note(data, "unfocus"); },
    nullptr,
    0.0F,
    0.0F,
    0.0F,
    0,
    nullptr,
};

class capi_exceptions : public testing::Test {
protected:
  void SetUp() override { ASSERT_EQ(strata_create(&stack, nullptr, nullptr), STRATA_OK); }
  void TearDown() override { EXPECT_EQ(strata_destroy(stack), STRATA_OK); }

  std::string take() { return std::exchange(trace, std::string{}); }

  // Members, so that they outlive the stack: TearDown() destroys it, which calls their exits.
  std::string trace;
  thrower base{"base", &trace};
  thrower top{"top", &trace};
  thrower only{"only", &trace};
  strata_stack* stack = nullptr;
};

TEST_F(capi_exceptions, r25_a_state_whose_enter_threw_leaves_without_exit) {
  top.throw_in_enter = true;
  strata_push(stack, &throwing_state, &base);
  strata_push(stack, &throwing_state, &top);

  EXPECT_EQ(strata_commit(stack), STRATA_E_EXCEPTION);
  EXPECT_STREQ(strata_last_error(stack), "strata: a callback threw an exception: top failed");
  EXPECT_EQ(take(), "base.enter, base.pause, top.enter");
  EXPECT_EQ(top.destroyed, 1);
  EXPECT_EQ(strata_size(stack), 1U);

  // The state below stays paused until the next commit resumes it.
  EXPECT_EQ(strata_pending(stack), 1);
  EXPECT_EQ(strata_commit(stack), STRATA_OK);
  EXPECT_EQ(take(), "base.resume, base.focus");
}

// R29, R25: a focus that threw counts as done: the state is focused, and the next commit has
// nothing to do; the next move of the focus unfocuses it.
TEST_F(capi_exceptions, r29_a_state_whose_focus_threw_counts_as_focused) {
  only.throw_in_focus = true;
  strata_push(stack, &throwing_state, &only);

  EXPECT_EQ(strata_commit(stack), STRATA_E_EXCEPTION);
  EXPECT_STREQ(strata_last_error(stack), "strata: a callback threw an exception: only failed");
  EXPECT_EQ(take(), "only.enter, only.focus");
  EXPECT_EQ(strata_pending(stack), 0);
  EXPECT_EQ(strata_commit(stack), STRATA_OK);
  EXPECT_EQ(take(), "");

  strata_push(stack, &throwing_state, &top);
  EXPECT_EQ(strata_commit(stack), STRATA_OK);
  EXPECT_EQ(take(), "only.pause, top.enter, only.unfocus, top.focus");
}

TEST_F(capi_exceptions, r25_a_throwing_draw_changes_nothing) {
  strata_push(stack, &throwing_state, &only);
  strata_commit(stack);
  only.throw_in_draw = true;
  only.throw_something_else = true;

  EXPECT_EQ(strata_draw(stack), STRATA_E_EXCEPTION);
  EXPECT_STREQ(strata_last_error(stack), "strata: a callback threw an exception");
  only.throw_in_draw = false;
  EXPECT_EQ(strata_draw(stack), STRATA_OK);
  EXPECT_EQ(take(), "only.enter, only.focus, only.draw, only.draw");
}

TEST_F(capi_exceptions, r25_a_throwing_event_callback_is_reported_by_handle) {
  const int key = 1;
  strata_push(stack, &throwing_state, &only);
  strata_commit(stack);

  EXPECT_EQ(strata_handle(stack, &key), STRATA_E_EXCEPTION);
  EXPECT_STREQ(strata_last_error(stack), "strata: a callback threw an exception: no events here");
  EXPECT_EQ(strata_size(stack), 1U);
}

// Issue 10, item 8: a library compiled without exceptions let the exception cross
// strata_commit() without unwinding its own frames, and every later call returned
// STRATA_E_REENTRANT. The library is now compiled with exceptions in every configuration.
TEST_F(capi_exceptions, after_a_throw_every_call_works_again) {
  top.throw_in_enter = true;
  strata_push(stack, &throwing_state, &top);
  ASSERT_EQ(strata_commit(stack), STRATA_E_EXCEPTION);
  EXPECT_EQ(take(), "top.enter");

  EXPECT_EQ(strata_push(stack, &throwing_state, &only), STRATA_OK);
  EXPECT_EQ(strata_commit(stack), STRATA_OK);
  EXPECT_EQ(strata_frame(stack, 0.0), STRATA_OK);
  EXPECT_EQ(take(), "only.enter, only.focus, only.draw");
  // TearDown() destroys the stack, which must return STRATA_OK too.
}

} // namespace
