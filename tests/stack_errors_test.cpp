// tests/stack_errors_test.cpp: every misuse strata reports (R24) with its exact code and message,
// the loop limits (R23), builds without exceptions (R27), and that the stack keeps working
// after each error.
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/expect_error.hpp"
#include "support/trace.hpp"

namespace strata_test {
namespace {

using strata::errc;

class errors : public stack_fixture {
protected:
  // Proves the stack still works after an error: whatever was left pending is committed, then a
  // fresh state enters on top of the (logged) top and leaves again.
  void expect_usable() {
    s.commit();
    trace();
    const std::string before = s.describe();
    const std::string top = s.empty() ? "" : std::string(s.committed().top()->name());
    s.push<logged<"probe">>();
    s.commit();
    EXPECT_EQ(trace(), top.empty() ? "probe.enter" : top + ".pause, probe.enter");
    s.pop();
    s.commit();
    EXPECT_EQ(trace(), top.empty() ? "probe.exit" : "probe.exit, " + top + ".resume");
    EXPECT_EQ(s.describe(), before);
  }
};

// A request or pass started where strata refuses it, by name.
struct entry_point {
  std::string name;
  std::function<void(test_stack&)> call;
};

std::vector<entry_point> every_entry_point() {
  return {
      {"commit", [](test_stack& s) { s.commit(); }},
      {"update", [](test_stack& s) { s.update(0.5); }},
      {"draw", [](test_stack& s) { s.draw(); }},
      {"handle", [](test_stack& s) { s.handle(event{1}); }},
      {"frame", [](test_stack& s) { s.frame(0.5); }},
  };
}

// settings() gives a copy of every setting, as given to the constructor or set since.
TEST(settings, are_given_back_as_set_the_error_handler_with_them) {
  recorder ctx;
  int reported = 0;
  test_stack s{ctx, strata::options{.coalesced = true,
                                    .max_transitions = 7,
                                    .max_depth = 9,
                                    .on_error = [&](const strata::error&) { ++reported; }}};
  const strata::options given = s.settings();
  EXPECT_TRUE(given.coalesced);
  EXPECT_EQ(given.max_transitions, 7U);
  EXPECT_EQ(given.max_depth, 9U);
  EXPECT_EQ(given.memory, strata::memory{});
  ASSERT_TRUE(given.on_error);
  given.on_error(strata::error(errc::empty_stack, "called through the copy"));
  EXPECT_EQ(reported, 1);

  s.set_coalesced(false);
  s.set_max_transitions(70);
  s.set_max_depth(90);
  s.set_error_handler({});
  const strata::options changed = s.settings();
  EXPECT_FALSE(changed.coalesced);
  EXPECT_EQ(changed.max_transitions, 70U);
  EXPECT_EQ(changed.max_depth, 90U);
  EXPECT_FALSE(changed.on_error);
}

// committed: (empty)
// requests:  pop, replace (each form)   -> errc::empty_stack
TEST_F(errors, r24_pop_and_replace_on_an_empty_stack) {
  expect_error(s, errc::empty_stack, "strata: pop() on an empty stack", [&] { s.pop(); });
  expect_error(s, errc::empty_stack, "strata: replace() on an empty stack",
               [&] { s.replace<logged<"a">>(); });
  expect_error(s, errc::empty_stack, "strata: replace() on an empty stack",
               [&] { s.replace(std::make_unique<logged<"a">>()); });
  logged<"b"> b;
  expect_error(s, errc::empty_stack, "strata: replace() on an empty stack",
               [&] { s.replace(strata::borrow(b)); });
  EXPECT_TRUE(s.staged().empty());
  expect_usable();
}

// committed: a*
// requests:  pop, pop   -> the second finds the staged stack empty (a still committed)
TEST_F(errors, r24_pop_checks_the_staged_stack_not_the_committed_one) {
  s.push<logged<"a">>();
  commit_setup();
  s.pop();
  expect_error(s, errc::empty_stack, "strata: pop() on an empty stack", [&] { s.pop(); });
  EXPECT_EQ(s.describe(), "a*");
  s.commit();
  EXPECT_EQ(trace(), "a.exit");
  expect_usable();
}

// committed: base*
// requests:  push pause (its enter calls commit())   -> errc::reentrant_call
// commit:    base.pause, pause.enter
TEST_F(errors, r24_commit_from_inside_a_hook) {
  s.push<logged<"base">>();
  commit_setup();
  s.push<logged<"pause">>(actions{.enter = once([&] { s.commit(); })});
  expect_error(s, errc::reentrant_call,
               "strata: commit() called from inside 'pause'.enter(); requests made there take "
               "effect at the running commit",
               [&] { s.commit(); });
  EXPECT_EQ(trace(), "base.pause, pause.enter");
  if constexpr (exceptions_on) {
    // The error left pause's enter: pause never entered and base waits to be resumed.
    EXPECT_EQ(s.describe(), "base*");
    s.commit();
    EXPECT_EQ(trace(), "base.resume");
  } else {
    // The refused commit() returned and enter carried on.
    EXPECT_EQ(s.describe(), "base | pause*");
  }
  expect_usable();
}

// committed: (empty)
// requests:  push menu (its enter calls X()), for X in commit, update, draw, handle, frame
TEST_F(errors, r24_every_entry_point_from_inside_a_lifecycle_hook) {
  for (const entry_point& inner : every_entry_point()) {
    SCOPED_TRACE(inner.name);
    s.push<logged<"menu">>(actions{.enter = [&] { inner.call(s); }});
    expect_error(s, errc::reentrant_call,
                 "strata: " + inner.name +
                     "() called from inside 'menu'.enter(); requests made there take effect at "
                     "the running commit",
                 [&] { s.commit(); });
    EXPECT_EQ(trace(), "menu.enter");
    s.clear();
    s.commit();
    EXPECT_EQ(trace(), exceptions_on ? "" : "menu.exit");
  }
  expect_usable();
}

// committed: a | b*   (b's exit calls commit())
// requests:  pop
// commit:    b.exit, a.resume   (with exceptions: b.exit, then a.resume at the next commit)
TEST_F(errors, r24_commit_from_inside_exit) {
  s.push<logged<"a">>();
  s.push<logged<"b">>(actions{.exit = [&] { s.commit(); }});
  commit_setup();
  s.pop();
  expect_error(s, errc::reentrant_call,
               "strata: commit() called from inside 'b'.exit(); requests made there take effect "
               "at the running commit",
               [&] { s.commit(); });
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume");
  expect_usable();
}

// committed: a*   (a's pause calls commit() once)
// requests:  push b
// commit:    a.pause, b.enter   (with exceptions: a.pause, then a.resume, a.pause, b.enter)
TEST_F(errors, r24_commit_from_inside_pause) {
  s.push<logged<"a">>(actions{.pause = once([&] { s.commit(); })});
  commit_setup();
  s.push<logged<"b">>();
  expect_error(s, errc::reentrant_call,
               "strata: commit() called from inside 'a'.pause(); requests made there take effect "
               "at the running commit",
               [&] { s.commit(); });
  s.commit();
  EXPECT_EQ(trace(), exceptions_on ? "a.pause, a.resume, a.pause, b.enter" : "a.pause, b.enter");
  expect_usable();
}

// committed: a | b*   (a's resume calls commit())
// requests:  pop
// commit:    b.exit, a.resume   (the resume counts as done either way)
TEST_F(errors, r24_commit_from_inside_resume) {
  s.push<logged<"a">>(actions{.resume = once([&] { s.commit(); })});
  s.push<logged<"b">>();
  commit_setup();
  s.pop();
  expect_error(s, errc::reentrant_call,
               "strata: commit() called from inside 'a'.resume(); requests made there take "
               "effect at the running commit",
               [&] { s.commit(); });
  EXPECT_EQ(trace(), "b.exit, a.resume");
  // R29: a thrown error stops the commit before the focus moves to a; a handled one does not.
  EXPECT_EQ(s.pending(), exceptions_on);
  s.commit();
  EXPECT_FALSE(s.pending());
  expect_usable();
}

// committed: world | hud(transparent)*
// pass P (update, draw, handle) calls X (commit, update, draw, handle, frame), from the top;
// then update_covered calls commit()
TEST_F(errors, r24_every_entry_point_from_inside_every_pass) {
  const entry_point* inner = nullptr;         // called by hud's update, draw and handle
  const entry_point* inner_covered = nullptr; // called by world's update_covered
  const auto call = [&](const entry_point* which) {
    if (which != nullptr) {
      which->call(s);
    }
  };
  s.push<logged<"world">>(actions{.update_covered = [&] { call(inner_covered); }});
  s.push<logged<"hud", strata::modality::transparent>>(actions{
      .update = [&] { call(inner); },
      .draw = [&] { call(inner); },
      .handle =
          [&](const event&) {
            call(inner);
            return true;
          },
  });
  commit_setup();
  const std::vector<entry_point> passes{
      {"update", [](test_stack& stack) { stack.update(0.5); }},
      {"draw", [](test_stack& stack) { stack.draw(); }},
      {"handle", [](test_stack& stack) { stack.handle(event{1}); }},
  };
  const std::vector<entry_point> inners = every_entry_point();
  for (const entry_point& pass : passes) {
    for (const entry_point& candidate : inners) {
      SCOPED_TRACE(pass.name + " calls " + candidate.name);
      inner = &candidate;
      expect_error(s, errc::reentrant_call,
                   "strata: " + candidate.name + "() called during " + pass.name +
                       "(); requests made there take effect at the next commit",
                   [&] { pass.call(s); });
      trace();
      EXPECT_EQ(s.describe(), "world | hud*");
      EXPECT_FALSE(s.pending());
    }
  }
  inner = nullptr;
  inner_covered = &inners[0];
  expect_error(s, errc::reentrant_call,
               "strata: commit() called during update(); requests made there take effect at the "
               "next commit",
               [&] { s.update(0.5); });
  // With exceptions the error left the pass at world, before hud's update.
  EXPECT_EQ(trace(), exceptions_on ? "world.update_covered" : "world.update_covered, hud.update");
  expect_usable();
}

// committed: (empty)   (the observer calls commit() when a enters)
// requests:  push a
// commit:    a.enter   (the refused commit() throws out of the observer, after a's step)
TEST_F(errors, r24_commit_from_an_observer_during_commit) {
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::enter) {
      s.commit();
    }
  });
  s.push<logged<"a">>();
  expect_error(s, errc::reentrant_call,
               "strata: commit() called from inside the observer; requests made there take "
               "effect at the running commit",
               [&] { s.commit(); });
  s.set_observer({});
  EXPECT_EQ(trace(), "a.enter");
  EXPECT_EQ(s.describe(), "a*");
  expect_usable();
}

// committed: (empty)   (the observer calls X() when a is pushed, for every entry point X)
// requests:  push a   -> errc::reentrant_call from inside the push
TEST_F(errors, r24_every_entry_point_from_an_observer_outside_a_commit) {
  for (const entry_point& inner : every_entry_point()) {
    SCOPED_TRACE(inner.name);
    s.set_observer([&](const strata::step_info& info) {
      if (info.step == strata::step::push) {
        inner.call(s);
      }
    });
    expect_error(s, errc::reentrant_call,
                 "strata: " + inner.name +
                     "() called from inside the observer; requests made there take effect at the "
                     "next commit",
                 [&] { s.push<logged<"a">>(); });
    s.set_observer({});
    // The push itself went through before the observer was told.
    EXPECT_EQ(s.staged().size(), 1U);
    EXPECT_EQ(trace(), "");
    s.pop();
  }
  expect_usable();
}

// committed: (empty)
// requests:  push a null unique_ptr, replace with one, push a null borrow  -> errc::null_state
TEST_F(errors, r24_null_states) {
  expect_error(s, errc::null_state, "strata: push of a null std::unique_ptr<a>",
               [&] { s.push(std::unique_ptr<logged<"a">>{}); });
  expect_error(s, errc::null_state, "strata: push of a null borrowed state",
               [&] { s.push(strata::borrowed<logged<"a">>{nullptr}); });
  s.push<logged<"b">>();
  expect_error(s, errc::null_state, "strata: push of a null std::unique_ptr<a>",
               [&] { s.replace(std::unique_ptr<logged<"a">>{}); });
  EXPECT_EQ(s.staged().size(), 1U);
  expect_usable();
}

// committed: x*   (borrowed)
// requests:  push borrow(x)   -> errc::borrowed_twice, whether x is committed or only staged
TEST_F(errors, r24_borrowed_state_staged_twice) {
  logged<"x"> x;
  s.push(strata::borrow(x));
  commit_setup();
  const std::string message = "strata: borrowed state 'x' is already staged; a borrowed object "
                              "can be on the stack only once";
  expect_error(s, errc::borrowed_twice, message, [&] { s.push(strata::borrow(x)); });
  s.push<logged<"a">>();
  expect_error(s, errc::borrowed_twice, message, [&] { s.replace(strata::borrow(x)); });
  EXPECT_EQ(s.staged().size(), 2U);
  s.pop();
  expect_usable();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "x.exit");
}

// committed: a | b*
// requests:  pop_until("nope"), pop_until(never)   -> errc::not_found, nothing popped
TEST_F(errors, r24_pop_until_without_a_match) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  expect_error(s, errc::not_found, "strata: pop_until(): no state named 'nope' is staged",
               [&] { s.pop_until("nope"); });
  expect_error(
      s, errc::not_found, "strata: pop_until(): no state matching the predicate is staged",
      [&] { s.pop_until([](const strata::entry_view<recorder, event>&) { return false; }); });
  EXPECT_EQ(s.staged().size(), 2U);
  EXPECT_FALSE(s.pending());
  expect_usable();
}

// committed: a | b*
// requests:  pop_to(3)   -> errc::bad_depth, nothing popped
TEST_F(errors, r24_pop_to_above_the_stack) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  expect_error(s, errc::bad_depth, "strata: pop_to(3) is above the staged stack, which holds 2",
               [&] { s.pop_to(3); });
  EXPECT_FALSE(s.pending());
  expect_usable();
}

// committed: a | b*   (max_depth 2)
// requests:  push c (each form)   -> errc::depth_limit
TEST_F(errors, r23_push_past_the_depth_limit) {
  s.set_max_depth(3);
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.set_max_depth(2);
  const std::string message = "strata: pushing 'c' would grow the stack past its depth limit of 2";
  expect_error(s, errc::depth_limit, message, [&] { s.push<logged<"c">>(); });
  expect_error(s, errc::depth_limit, message, [&] { s.push(std::make_unique<logged<"c">>()); });
  logged<"c"> c;
  expect_error(s, errc::depth_limit, message, [&] { s.push(strata::borrow(c)); });
  EXPECT_EQ(s.staged().size(), 2U);
  s.set_max_depth(3);
  expect_usable();
}

// Pushes another spawner from its enter, forever.
class spawner {
public:
  explicit spawner(test_stack& stack)
      : stack_(&stack) {}
  void enter() { stack_->push<spawner>(*stack_); }

private:
  test_stack* stack_;
};

// committed: (empty)
// requests:  push spawner   (each spawner's enter pushes another)
// commit:    1000 spawners, then the push of the 1001st fails   -> errc::depth_limit
TEST_F(errors, r23_push_loop_hits_the_depth_limit) {
  s.push<spawner>(s);
  expect_error(s, errc::depth_limit,
               "strata: pushing 'spawner' would grow the stack past its depth limit of 1000 "
               "(pushed from inside 'spawner'.enter())",
               [&] { s.commit(); });
  // With exceptions the error left the 1000th spawner's enter, so that one never entered.
  EXPECT_EQ(s.size(), exceptions_on ? 999U : 1000U);
  EXPECT_EQ(s.staged().size(), s.size());
  s.clear();
  s.commit();
  EXPECT_TRUE(s.empty());
  expect_usable();
}

// committed: (empty)   (max_transitions 100)
// requests:  push spawner
// commit:    100 enters, then the 101st stops it   -> errc::transition_limit
TEST_F(errors, r23_push_loop_hits_the_transition_limit) {
  s.set_max_transitions(100);
  s.push<spawner>(s);
  expect_error(s, errc::transition_limit,
               "strata: commit exceeded 100 transitions: 'spawner' keeps pushing 'spawner'; the "
               "requests still pending were dropped",
               [&] { s.commit(); });
  EXPECT_EQ(s.size(), 100U);
  EXPECT_EQ(s.staged().size(), 100U);
  // The top was paused for the dropped push: the next commit resumes it.
  EXPECT_TRUE(s.committed().top()->paused());
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_FALSE(s.committed().top()->paused());
  EXPECT_FALSE(s.pending());
  s.clear();
  s.commit();
  expect_usable();
}

// committed: (empty)   (max_depth 20000, so that the transition limit comes first)
// requests:  push spawner
// commit:    10000 enters, then the 10001st stops it   -> errc::transition_limit
TEST_F(errors, r23_push_loop_hits_the_default_transition_limit) {
  s.set_max_depth(20'000);
  s.push<spawner>(s);
  expect_error(s, errc::transition_limit,
               "strata: commit exceeded 10000 transitions: 'spawner' keeps pushing 'spawner'; the "
               "requests still pending were dropped",
               [&] { s.commit(); });
  EXPECT_EQ(s.size(), 10'000U);
  EXPECT_EQ(s.staged().size(), 10'000U);
  EXPECT_TRUE(s.committed().top()->paused());
  s.commit();
  EXPECT_FALSE(s.pending());
  s.clear();
  s.commit();
  EXPECT_TRUE(s.empty());
  expect_usable();
}

// A menu whose pause closes the dialog about to open and whose resume opens it again (R7 allows
// both). Each pause undone before its enter counts as a transition, so the commit ends (D1 of
// issue 10: it used to loop forever, plain and coalesced, from hooks and from the observer).
// committed: menu*   (max_transitions 3)
// requests:  push dialog   (menu.pause: pop; menu.resume: push dialog)
// commit:    menu.pause, menu.resume, ... the 4th cancelled advance stops it
TEST_F(errors, r23_pause_resume_loop_hits_the_transition_limit) {
  for (const bool coalesced : {false, true}) {
    s.set_coalesced(coalesced);
    s.push<logged<"menu">>(
        actions{.pause = [&] { s.pop(); }, .resume = [&] { s.push<logged<"dialog">>(); }});
    commit_setup();
    s.set_max_transitions(3);
    s.push<logged<"dialog">>();
    expect_error(s, errc::transition_limit,
                 "strata: commit exceeded 3 transitions: 'menu' keeps pushing 'dialog'; the "
                 "requests still pending were dropped",
                 [&] { s.commit(); });
    EXPECT_EQ(trace(), "menu.pause, menu.resume, menu.pause, menu.resume, menu.pause, "
                       "menu.resume, menu.pause");
    EXPECT_EQ(s.describe(), "menu*");
    EXPECT_EQ(s.staged().size(), 1U);
    EXPECT_TRUE(s.committed().top()->paused());
    // Usable: clearing ends the game of ping-pong (the resume on the way out pushes once more).
    s.set_max_transitions(10'000);
    s.clear();
    s.commit();
    EXPECT_EQ(trace(), coalesced ? "menu.exit" : "menu.resume, menu.exit, dialog.enter");
    s.clear();
    s.commit();
    trace();
    EXPECT_TRUE(s.empty());
  }
}

// The same loop made by the observer on the menu's pause and resume steps.
TEST_F(errors, r23_observer_pause_resume_loop_hits_the_transition_limit) {
  s.push<logged<"menu">>();
  commit_setup();
  s.set_observer([&](const strata::step_info& info) {
    if (info.state == "menu" && info.step == strata::step::pause) {
      s.pop();
    } else if (info.state == "menu" && info.step == strata::step::resume) {
      s.push<logged<"dialog">>();
    }
  });
  s.set_max_transitions(2);
  s.push<logged<"dialog">>();
  expect_error(s, errc::transition_limit,
               "strata: commit exceeded 2 transitions: the observer keeps pushing 'dialog'; the "
               "requests still pending were dropped",
               [&] { s.commit(); });
  EXPECT_EQ(trace(), "menu.pause, menu.resume, menu.pause, menu.resume, menu.pause");
  s.set_observer({});
  s.commit();
  EXPECT_EQ(trace(), "menu.resume");
  expect_usable();
}

// An observer that pops what is pushed and pushes again on each discard reacts to the steps of
// its own requests, nested inside its own call: the 64th nested call's request is refused.
TEST_F(errors, r23_an_observer_reacting_to_its_own_steps_is_stopped) {
  int calls = 0;
  s.set_observer([&](const strata::step_info& info) {
    ++calls;
    if (info.step == strata::step::push) {
      s.pop();
    } else if (info.step == strata::step::discard) {
      s.push<logged<"again">>();
    }
  });
  expect_error(s, errc::transition_limit,
               "strata: push() called from an observer nested 64 calls deep; the observer keeps "
               "reacting to the steps of its own requests",
               [&] { s.push<logged<"again">>(); });
  EXPECT_GT(calls, 64);
  s.set_observer({});
  EXPECT_TRUE(s.staged().empty());
  expect_usable();
}

// committed: a | b*   (max_depth 2; the observer pushes on each pop)
// requests:  replace b with c   -> staged a | c; the observer's push is refused on its own
TEST_F(errors, r23_replace_keeps_the_depth_limit_under_an_observer_that_pushes) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  s.set_max_depth(2);
  int refused = 0;
  s.set_observer([&](const strata::step_info& info) {
    if (info.step == strata::step::pop) {
      expect_error(s, errc::depth_limit,
                   "strata: pushing 'extra' would grow the stack past its depth limit of 2",
                   [&] { s.push<logged<"extra">>(); });
      ++refused;
    }
  });
  s.replace<logged<"c">>();
  s.set_observer({});
  EXPECT_EQ(refused, 1);
  ASSERT_EQ(s.staged().size(), 2U);
  EXPECT_EQ(s.staged()[1].name(), "c");
}

// Coalesced: a resume that follows an exit undoes no pause of this commit and is no transition.
// committed: z | a*   (a.pause pops what was pushed and a itself; max_transitions 1)
// requests:  push b
// commit:    a.pause, a.exit, z.resume
TEST_F(errors, r23_a_resume_after_an_exit_is_not_a_cancelled_advance) {
  s.set_coalesced(true);
  s.push<logged<"z">>();
  s.push<logged<"a">>(actions{.pause = [&] {
    s.pop();
    s.pop();
  }});
  commit_setup();
  s.set_max_transitions(1);
  s.push<logged<"b">>();
  s.commit();
  EXPECT_EQ(trace(), "a.pause, a.exit, z.resume");
  EXPECT_EQ(s.describe(), "z*");
}

// Replaces itself with a new one from its enter, forever.
class self_replacer {
public:
  static constexpr std::string_view name = "spawner";
  explicit self_replacer(test_stack& stack)
      : stack_(&stack) {}
  void enter() { stack_->replace<self_replacer>(*stack_); }

private:
  test_stack* stack_;
};

// committed: (empty)
// requests:  push spawner   (each one's enter replaces it with another: the depth stays 1)
// commit:    5000 enters and exits, then the next enter stops it   -> errc::transition_limit
TEST_F(errors, r23_replace_loop_hits_the_default_transition_limit) {
  EXPECT_EQ(s.settings().max_transitions, 10'000U);
  s.push<self_replacer>(s);
  expect_error(s, errc::transition_limit,
               "strata: commit exceeded 10000 transitions: 'spawner' keeps pushing 'spawner'; the "
               "requests still pending were dropped",
               [&] { s.commit(); });
  EXPECT_TRUE(s.empty());
  EXPECT_TRUE(s.staged().empty());
  EXPECT_FALSE(s.pending());
  expect_usable();
}

// Two states that replace each other from their enter.
class pong;
class ping {
public:
  explicit ping(test_stack& stack)
      : stack_(&stack) {}
  void enter();

private:
  test_stack* stack_;
};
class pong {
public:
  explicit pong(test_stack& stack)
      : stack_(&stack) {}
  void enter() { stack_->replace<ping>(*stack_); }

private:
  test_stack* stack_;
};
void ping::enter() {
  stack_->replace<pong>(*stack_);
}

// committed: base*   (max_transitions 10)
// requests:  push ping   (ping's enter replaces it with pong, pong's with ping, ...)
// commit:    base.pause, then 5 rounds of ping or pong entering and leaving, base revealed for a
//            moment after each; the 11th transition (pong entering) stops it
TEST_F(errors, r23_ping_pong_loop_hits_the_transition_limit) {
  s.push<logged<"base">>();
  commit_setup();
  s.set_max_transitions(10);
  s.push<ping>(s);
  expect_error(s, errc::transition_limit,
               "strata: commit exceeded 10 transitions: 'ping' keeps pushing 'pong', 'pong' keeps "
               "pushing 'ping'; the requests still pending were dropped",
               [&] { s.commit(); });
  EXPECT_EQ(trace(), "base.pause, base.resume, base.pause, base.resume, base.pause, base.resume, "
                     "base.pause, base.resume, base.pause, base.resume, base.pause");
  EXPECT_EQ(s.describe(), "base*");
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "base.resume");
  expect_usable();
}

// committed: (empty)   (max_transitions 2)
// commits:   each commit has its own budget of transitions
TEST_F(errors, r23_the_transition_limit_is_per_commit) {
  s.set_max_transitions(2);
  for (int round = 0; round < 3; ++round) {
    s.push<logged<"a">>();
    s.push<logged<"b">>();
    s.commit();
    EXPECT_EQ(trace(), "a.enter, a.pause, b.enter");
    s.clear();
    s.commit();
    EXPECT_EQ(trace(), "b.exit, a.resume, a.exit");
  }
}

// A state that runs a callback while the stack is constructing it, or destroying it.
struct eager {
  static constexpr std::string_view name = "eager";
  explicit eager(const std::function<void()>& while_constructed) { while_constructed(); }
};
struct parting {
  static constexpr std::string_view name = "parting";
  explicit parting(std::function<void()> then)
      : while_destroyed(std::move(then)) {}
  parting(const parting&) = delete;
  parting& operator=(const parting&) = delete;
  ~parting() { while_destroyed(); }
  std::function<void()> while_destroyed;
};

std::string from_inside_a_request(const std::string& inner, const std::string& outer) {
  return "strata: " + inner + " called during " + outer + ", from code that " + outer +
         " runs (a state's constructor, destructor, move or save(), or a predicate)";
}

// committed: (empty)
// requests:  push eager (its constructor pushes child)   -> errc::reentrant_call
// A request is halfway through changing the staged stack while it constructs a state.
TEST_F(errors, r24_a_request_from_a_constructor_that_a_request_runs) {
  expect_error(s, errc::reentrant_call, from_inside_a_request("push()", "push()"),
               [&] { s.push<eager>([&] { s.push<logged<"child">>(); }); });
  // With exceptions the constructor threw, so eager was never staged; without, the refused
  // push returned and eager was staged alone.
  EXPECT_EQ(s.staged().size(), exceptions_on ? 0U : 1U);
  s.clear();
  expect_error(s, errc::reentrant_call, from_inside_a_request("commit()", "push()"),
               [&] { s.push<eager>([&] { s.commit(); }); });
  s.clear();
  expect_usable();
}

// committed: a | b*
// requests:  pop_until(a predicate that pops), pop_until(one that commits)
//            -> errc::reentrant_call; nothing is popped
TEST_F(errors, r24_a_request_from_a_pop_until_predicate) {
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  commit_setup();
  expect_error(s, errc::reentrant_call, from_inside_a_request("pop()", "pop_until()"), [&] {
    s.pop_until([&](const auto&) {
      s.pop();
      return true;
    });
  });
  expect_error(s, errc::reentrant_call, from_inside_a_request("commit()", "pop_until()"), [&] {
    s.pop_until([&](const auto&) {
      s.commit();
      return true;
    });
  });
  EXPECT_EQ(s.staged().size(), 2U);
  EXPECT_EQ(trace(), "");
  expect_usable();
}

// committed: (empty)
// requests:  push parting (its destructor pushes late), pop
// -> the refused push throws out of a destructor, which ends the program with the message
TEST(errors_death, r24_a_request_from_a_destructor_that_a_request_runs) {
  const auto pop_parting = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<parting>([&] { s.push<logged<"late">>(); });
    s.pop();
  };
  EXPECT_DEATH(pop_parting(), "strata: push\\(\\) called during pop\\(\\), from code that "
                              "pop\\(\\) runs");
  // The same when the dropping request comes from the observer: it is a request of its own.
  const auto observer_clears = [] {
    recorder ctx;
    test_stack s{ctx};
    s.push<parting>([&] { s.push<logged<"late">>(); });
    s.set_observer([&](const strata::step_info& info) {
      if (info.state == "a") {
        s.clear();
      }
    });
    s.push<logged<"a">>();
  };
  EXPECT_DEATH(observer_clears(), "strata: push\\(\\) called during clear\\(\\), from code that "
                                  "clear\\(\\) runs");
}

// Build a stack whose state "doomed" destroys the stack from its enter, or from its update.
void destroy_stack_from_enter() {
  recorder ctx;
  std::optional<test_stack> s{std::in_place, ctx};
  s->push<logged<"doomed">>(actions{.enter = [&] { s.reset(); }});
  s->commit();
}
void destroy_stack_from_update() {
  recorder ctx;
  std::optional<test_stack> s{std::in_place, ctx};
  s->push<logged<"doomed">>(actions{.update = [&] { s.reset(); }});
  s->commit();
  s->update(0.5);
}

// committed: doomed*   (its enter, or its update, destroys the stack)
// -> the program prints where it happened and aborts
TEST(errors_death, r24_destroying_the_stack_from_inside_a_hook_aborts) {
  EXPECT_DEATH(destroy_stack_from_enter(),
               "strata: stack destroyed from inside 'doomed'\\.enter\\(\\); a stack must outlive "
               "its hooks");
  EXPECT_DEATH(destroy_stack_from_update(),
               "strata: stack destroyed during update\\(\\); a stack must outlive its hooks");
}

// committed: (empty)
// requests:  push eager (its constructor destroys the stack); push a (the observer destroys the
//            stack); pop_until (the predicate destroys the stack)
// -> the program prints where it happened and aborts
TEST(errors_death, r24_destroying_the_stack_from_inside_a_request_aborts) {
  const auto in = [](const std::function<void(std::optional<test_stack>&)>& misuse) {
    return [misuse] {
      recorder ctx;
      std::optional<test_stack> s{std::in_place, ctx};
      misuse(s);
    };
  };
  EXPECT_DEATH(in([](std::optional<test_stack>& s) { s->push<eager>([&] { s.reset(); }); })(),
               "strata: stack destroyed during push\\(\\); a stack must outlive its hooks");
  EXPECT_DEATH(in([](std::optional<test_stack>& s) {
                 s->set_observer([&](const strata::step_info&) { s.reset(); });
                 s->push<logged<"a">>();
               })(),
               "strata: stack destroyed from inside the observer; a stack must outlive its hooks");
  EXPECT_DEATH(in([](std::optional<test_stack>& s) {
                 s->push<logged<"a">>();
                 s->pop_until([&](const auto&) {
                   s.reset();
                   return true;
                 });
               })(),
               "strata: stack destroyed during pop_until\\(\\); a stack must outlive its hooks");
}

#ifdef STRATA_NO_EXCEPTIONS

// committed: a*   (options.on_error records each error)
// requests:  pop, pop   -> the second reports errc::empty_stack and does nothing
TEST(errors_without_exceptions, r27_errors_go_to_the_handler_and_the_stack_carries_on) {
  recorder ctx;
  std::vector<strata::errc> reported;
  test_stack s{ctx, strata::options{
                        .on_error = [&](const strata::error& e) { reported.push_back(e.code()); }}};
  s.push<logged<"a">>();
  s.commit();
  s.pop();
  s.pop();
  s.pop_to(5);
  EXPECT_EQ(reported, (std::vector{errc::empty_stack, errc::bad_depth}));
  s.commit();
  EXPECT_EQ(ctx.take(), "a.enter, a.exit");
  s.push<logged<"b">>();
  s.commit();
  EXPECT_EQ(ctx.take(), "b.enter");
}

// committed: (empty)   (max_depth 0)
// requests:  push a, finished with name, modality and on_exit   -> the handle is inert
TEST(errors_without_exceptions, r27_a_failed_push_returns_an_inert_handle) {
  recorder ctx;
  int reported = 0;
  test_stack s{
      ctx, strata::options{.max_depth = 0, .on_error = [&](const strata::error&) { ++reported; }}};
  s.push<logged<"a">>()
      .name("renamed")
      .modality(strata::modality::opaque)
      .on_exit([](logged<"a">&) { ADD_FAILURE() << "never pushed, never exits"; });
  EXPECT_EQ(reported, 1);
  EXPECT_TRUE(s.staged().empty());
}

// committed: (empty)   (the handler pushes an error screen, and commits when told to)
// requests:  pop; then pop_to(3)
// -> the handler runs as if the failed call had not started: its requests and commits go through
TEST(errors_without_exceptions, r27_the_handler_may_make_requests_and_commit) {
  recorder ctx;
  std::optional<test_stack> s;
  bool commit_too = false;
  s.emplace(ctx, strata::options{.on_error = [&](const strata::error&) {
              s->push<logged<"oops">>();
              if (commit_too) {
                s->commit();
              }
            }});
  s->pop();
  EXPECT_EQ(s->staged().size(), 1U);
  s->commit();
  EXPECT_EQ(ctx.take(), "oops.enter");
  commit_too = true;
  s->pop_to(3);
  EXPECT_EQ(ctx.take(), "oops.pause, oops.enter");
  EXPECT_EQ(s->describe(), "oops | oops*");
}

// committed: (empty)   (the handler replaces itself while it runs: D4 of issue 10)
// requests:  pop, pop   -> the first error goes to the first handler, which is destroyed only
//                          once its call is over; the second error goes to the second handler
TEST(errors_without_exceptions, r27_the_handler_may_replace_itself) {
  recorder ctx;
  bool first_alive = true;
  test_stack s{ctx};
  s.set_error_handler([&, lifetime = std::shared_ptr<void>(
                              nullptr, [&](void*) { first_alive = false; })](const strata::error&) {
    s.set_error_handler([&](const strata::error&) { ctx.note("second handler"); });
    ctx.note(first_alive ? "first handler, still alive" : "first handler, destroyed");
  });
  s.pop();
  EXPECT_FALSE(first_alive);
  s.pop();
  EXPECT_EQ(ctx.take(), "first handler, still alive, second handler");
}

// committed: (empty)   (the handler destroys the stack)
// requests:  pop   -> the program prints where it happened and aborts
TEST(errors_without_exceptions_death, r27_destroying_the_stack_from_the_handler_aborts) {
  const auto destroy_from_handler = [] {
    recorder ctx;
    std::optional<test_stack> s;
    s.emplace(ctx, strata::options{.on_error = [&](const strata::error&) { s.reset(); }});
    s->pop();
  };
  EXPECT_DEATH(destroy_from_handler(), "strata: stack destroyed from inside the error handler; "
                                       "a stack must outlive its hooks");
}

// committed: (empty)   (no handler)
// requests:  pop   -> the default handler prints the error and aborts
TEST(errors_without_exceptions_death, r27_the_default_handler_prints_and_aborts) {
  const auto pop_empty = [] {
    recorder ctx;
    test_stack s{ctx};
    s.pop();
  };
  EXPECT_DEATH(pop_empty(), "strata: pop\\(\\) on an empty stack");
}

// committed: (empty)   (a handler given, then removed: the block that kept it stays)
// requests:  pop   -> as without a handler: the error is printed and the program aborts
TEST(errors_without_exceptions_death, r27_a_removed_handler_leaves_the_default) {
  const auto pop_empty = [] {
    recorder ctx;
    test_stack s{ctx, strata::options{.on_error = [](const strata::error&) {}}};
    s.set_error_handler({});
    s.pop();
  };
  EXPECT_DEATH(pop_empty(), "strata: pop\\(\\) on an empty stack");
}

// committed: (empty)   (the handler removes itself while it runs)
// requests:  pop, pop   -> the first error reaches it; the second is printed and aborts
TEST(errors_without_exceptions_death, r27_a_handler_that_removes_itself_leaves_the_default) {
  const auto pop_empty_twice = [] {
    recorder ctx;
    test_stack s{ctx};
    s.set_error_handler([&](const strata::error&) {
      s.set_error_handler({});
      std::fputs("first error handled\n", stderr);
    });
    s.pop();
    s.pop();
  };
  EXPECT_DEATH(pop_empty_twice(), "first error handled\n+strata: pop\\(\\) on an empty stack");
}

#else

// committed: (empty)   (an error handler is set, but exceptions are on)
// requests:  pop   -> throws strata::error, a std::runtime_error; the handler is not called
TEST(errors_with_exceptions, r27_errors_are_thrown_and_the_handler_is_not_used) {
  recorder ctx;
  int handled = 0;
  test_stack s{ctx, strata::options{.on_error = [&](const strata::error&) { ++handled; }}};
  EXPECT_THROW(s.pop(), std::runtime_error);
  EXPECT_EQ(handled, 0);
}

#endif

} // namespace
} // namespace strata_test
