// tests/stack_focus_test.cpp: the focus hooks (R29). When a commit has nothing left to do, the
// state that had the focus and is no longer the committed top gets unfocus, then the top gets
// focus; a focused state that leaves gets unfocus right before its exit.
#include <stdexcept>
#include <string>

#include "support/expect_error.hpp"
#include "support/focus_states.hpp"

namespace strata_test {
namespace {

using strata::errc;

class focus : public stack_fixture {};

// committed: (empty)
// requests:  push a
// commit:    a.enter, a.focus
TEST_F(focus, r29_the_first_top_gets_focus_after_its_enter) {
  s.push<focusing<"a">>();
  s.commit();
  EXPECT_EQ(trace(), "a.enter, a.focus");
  EXPECT_FALSE(s.pending());
}

// focused() names the state that has the focus: the committed top once a commit is over, none
// before the first and after the last; a push staged but not committed does not move it.
TEST_F(focus, r29_focused_names_the_state_that_has_the_focus) {
  EXPECT_EQ(s.focused(), strata::entry_id::none);
  const strata::entry_id a = s.push<focusing<"a">>().id();
  EXPECT_EQ(s.focused(), strata::entry_id::none);
  s.commit();
  EXPECT_EQ(s.focused(), a);
  const strata::entry_id b = s.push<focusing<"b">>().id();
  EXPECT_EQ(s.focused(), a);
  s.commit();
  EXPECT_EQ(s.focused(), b);
  s.clear();
  s.commit();
  EXPECT_EQ(s.focused(), strata::entry_id::none);
}

// committed: a*
// requests:  push b      then: pop
// commit:    a.pause, b.enter, a.unfocus, b.focus
// next:      b.unfocus, b.exit, a.resume, a.focus
TEST_F(focus, r29_covering_moves_the_focus_after_the_commit_and_leaving_before_the_exit) {
  s.push<focusing<"a">>();
  commit_setup();
  s.push<focusing<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter, a.unfocus, b.focus");
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "b.unfocus, b.exit, a.resume, a.focus");
}

// committed: a | b*
// requests:  pop, push c
// commit:    b.unfocus, b.exit, a.resume, a.pause, c.enter, c.focus   (a: neither)
TEST_F(focus, r29_a_state_revealed_and_covered_again_gets_neither) {
  s.push<focusing<"a">>();
  s.push<focusing<"b">>();
  commit_setup();
  s.pop();
  s.push<focusing<"c">>();
  s.commit();
  EXPECT_EQ(trace(), "b.unfocus, b.exit, a.resume, a.pause, c.enter, c.focus");
}

// committed: a*
// requests:  push x   (x.enter: pop)
// commit:    a.pause, x.enter, x.exit, a.resume   (a is the top before and after: neither)
TEST_F(focus, r29_the_top_before_and_after_the_commit_gets_neither) {
  s.push<focusing<"a">>();
  commit_setup();
  s.push<focusing<"x">>(actions{.enter = [&] { s.pop(); }});
  s.commit();
  EXPECT_EQ(trace(), "a.pause, x.enter, x.exit, a.resume");
  EXPECT_FALSE(s.pending());
}

// committed: a*   (a.focus: push b, the first time)
// commit:    a.enter, a.focus, a.pause, b.enter, a.unfocus, b.focus
TEST_F(focus, r29_requests_from_focus_are_carried_out_by_the_same_commit) {
  s.push<focusing<"a">>(focus_actions{.focus = once([&] { s.push<focusing<"b">>(); })});
  s.commit();
  EXPECT_EQ(trace(), "a.enter, a.focus, a.pause, b.enter, a.unfocus, b.focus");
  EXPECT_EQ(s.describe(), "a | b*");
}

// committed: a*   (a.unfocus: push c)
// requests:  push b
// commit:    a.pause, b.enter, a.unfocus, b.pause, c.enter, c.focus   (b: neither)
TEST_F(focus, r29_requests_from_unfocus_are_carried_out_before_the_focus_moves_on) {
  s.push<focusing<"a">>(focus_actions{.unfocus = once([&] { s.push<focusing<"c">>(); })});
  commit_setup();
  s.push<focusing<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter, a.unfocus, b.pause, c.enter, c.focus");
}

// committed: a | b | c*
// requests:  clear
// commit:    c.unfocus, c.exit, b.resume, b.exit, a.resume, a.exit   (only c had the focus)
TEST_F(focus, r29_clear_unfocuses_the_top_only) {
  s.push<focusing<"a">>();
  s.push<focusing<"b">>();
  s.push<focusing<"c">>();
  commit_setup();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "c.unfocus, c.exit, b.resume, b.exit, a.resume, a.exit");
}

// committed: a | b*   (the stack is destroyed)
// ~stack:    b.unfocus, b.exit, a.resume, a.exit
TEST(focus_destruction, r29_destruction_unfocuses_the_top_before_its_exit) {
  recorder ctx;
  {
    test_stack s{ctx};
    s.push<focusing<"a">>();
    s.push<focusing<"b">>();
    s.commit();
    ctx.take();
  }
  EXPECT_EQ(ctx.take(), "b.unfocus, b.exit, a.resume, a.exit");
}

// committed: a | b | c*   (coalesced)
// requests:  pop, pop
// commit:    c.unfocus, c.exit, b.exit, a.resume, a.focus
TEST_F(focus, r29_with_the_coalesced_option) {
  s.set_coalesced(true);
  s.push<focusing<"a">>();
  s.push<focusing<"b">>();
  s.push<focusing<"c">>();
  s.commit();
  EXPECT_EQ(trace(), "a.enter, a.pause, b.enter, b.pause, c.enter, c.focus");
  s.pop();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "c.unfocus, c.exit, b.exit, a.resume, a.focus");
}

// The observer hears focus and unfocus for every state, with or without the hooks (like enter).
TEST_F(focus, r29_the_observer_is_told_focus_and_unfocus) {
  watch(s, ctx);
  s.push<logged<"a">>();
  s.commit();
  s.push<focusing<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "push a@0, a.enter, enter a@0, focus a@0, push b@1, a.pause, pause a@0, "
                     "b.enter, enter b@1, unfocus a@0, b.focus, focus b@1");
}

// A request from unfocus names the state that runs it, though the focus has moved above it.
TEST_F(focus, r29_errors_name_the_state_whose_focus_hook_runs) {
  s.push<focusing<"a">>(focus_actions{.unfocus = once([&] {
                                        expect_error(
                                            s, errc::reentrant_call,
                                            "strata: commit() called from inside 'a'.unfocus(); "
                                            "requests made there take effect at the running commit",
                                            [&] { s.commit(); });
                                      })});
  commit_setup();
  s.push<focusing<"b">>(focus_actions{.focus = once([&] {
                                        expect_error(
                                            s, errc::reentrant_call,
                                            "strata: update() called from inside 'b'.focus(); "
                                            "requests made there take effect at the running commit",
                                            [&] { s.update(1); });
                                      })});
  s.commit();
  EXPECT_EQ(trace(), "a.pause, b.enter, a.unfocus, b.focus");
}

// committed: a*   (a.focus pushes b; b.focus pops b: for ever)
// commit:    stops at the transition limit
TEST_F(focus, r29_focus_hooks_that_push_and_pop_for_ever_meet_the_transition_limit) {
  s.set_max_transitions(20);
  s.push<focusing<"a">>(focus_actions{
      .focus = [&] { s.push<focusing<"b">>(focus_actions{.focus = [&] { s.pop(); }}); }});
  expect_error(s, errc::transition_limit,
               "strata: commit exceeded 20 transitions: 'a' keeps pushing 'b'; the requests "
               "still pending were dropped",
               [&] { s.commit(); });
  trace();
  EXPECT_FALSE(s.staged().empty());
}

#ifndef STRATA_NO_EXCEPTIONS
// A focus hook that throws: the state counts as focused, so it gets unfocus before its exit.
TEST_F(focus, r25_r29_focus_threw_counts_as_focused) {
  s.push<focusing<"a">>(focus_actions{.focus = once([] { throw std::runtime_error("boom"); })});
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "a.enter, a.focus");
  EXPECT_FALSE(s.pending());
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "a.unfocus, a.exit");
}

// An unfocus that throws: the state counts as unfocused; the next commit goes on.
TEST_F(focus, r25_r29_unfocus_threw_counts_as_unfocused) {
  s.push<focusing<"a">>(focus_actions{.unfocus = once([] { throw std::runtime_error("boom"); })});
  commit_setup();
  s.pop();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "a.unfocus");
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "a.exit");
  EXPECT_TRUE(s.empty());
}
#endif

} // namespace
} // namespace strata_test
