// tests/stack_transitions_hostile_test.cpp: transitions (R33) under attack: requests, commits and
// passes from the places where they run late (draw hooks reading a presence, the destructors of
// leaving states, the observer while states are parked), interrupted and repeated transitions,
// the transition limit, odd time steps and durations. Every test checks each state is destroyed
// exactly once (leak_check) and the exact trace.
#include <cfloat>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "support/doomed_states.hpp"
#include "support/expect_error.hpp"
#include "support/refusing_memory.hpp"
#include "support/transition_states.hpp"

namespace strata_test {
namespace {

using strata::cause;
using strata::entry_id;
using strata::errc;
using strata::modality;

class hostile : public stack_fixture {
protected:
  // What presence_of() says of the entry `id`, or "none".
  std::string seen(entry_id id) {
    const std::optional<strata::presence> p = s.presence_of(id);
    return p ? describe(*p) : "none";
  }
};

using level = still<"level">;
using fading_pause = moving<"pause", 500, 500, modality::freeze>;

// Checks that `action` reports one error with `code`, whatever its message, with exceptions or
// without.
template <class Action>
void expect_code(test_stack& stack, errc code, Action&& action) {
#ifndef STRATA_NO_EXCEPTIONS
  (void)stack;
  try {
    action();
  } catch (const strata::error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    return;
  }
  ADD_FAILURE() << "no strata::error was thrown";
#else
  int reported = 0;
  strata::error_handler previous = stack.settings().on_error;
  stack.set_error_handler([&](const strata::error& e) {
    ++reported;
    EXPECT_EQ(e.code(), code) << e.what();
  });
  action();
  stack.set_error_handler(std::move(previous));
  EXPECT_EQ(reported, 1);
#endif
}

// ---- a transition changed on a handle kept past the commit ----

// .transition() on an entered state "counts from its next arrival or departure". Taking the
// arrival away from a state still arriving must not leave its arrival record behind once it has
// gone: the record named a committed depth that no longer exists, and draw() read past the top.
TEST_F(hostile, r33_retiming_an_arriving_state_then_popping_it_leaves_no_stale_arrival) {
  s.push<level>(ctx);
  commit_setup();
  auto kept = s.push<fading_pause>(ctx);
  const entry_id pause = kept.id();
  s.commit();
  std::move(kept).transition({}); // leaves at once from now on
  s.update(0.125);
  EXPECT_EQ(seen(pause), "arriving 0.25 push"); // the arrival under way goes on
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.pause, pause.enter, pause.update, pause.exit, pause.destroyed, "
                     "level.resume");
  EXPECT_EQ(seen(pause), "none");
  EXPECT_FALSE(s.in_transition());
  s.draw();
  EXPECT_EQ(trace(), "level.draw(present 1)");
  // A new state at the depth the pause had arrives from its own start, not the stale record's.
  s.push<still<"next", modality::live>>(ctx);
  s.commit();
  s.draw();
  EXPECT_EQ(trace(),
            "level.pause, next.enter, level.draw(covered 1 cover 1), next.draw(present 1)");
}

// The same through R25: a state that takes its own arrival away in its enter, then throws.
TEST_F(hostile, r33_an_enter_that_retimes_its_state_and_throws_leaves_no_stale_arrival) {
#ifndef STRATA_NO_EXCEPTIONS
  s.push<level>(ctx);
  commit_setup();
  std::optional<test_stack::pushed<fading_pause>> kept;
  kept.emplace(s.push<fading_pause>(ctx, actions{.enter = [&] {
                                      std::move(*kept).transition({});
                                      throw std::runtime_error("enter failed");
                                    }}));
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "level.pause, pause.enter, pause.destroyed");
  EXPECT_FALSE(s.in_transition());
  s.commit();
  s.draw();
  EXPECT_EQ(trace(), "level.resume, level.draw(present 1)");
#endif
}

// Giving an entered state a departure it did not have makes it leave over time.
TEST_F(hostile, r33_a_transition_given_after_the_enter_counts_from_the_departure) {
  s.push<level>(ctx);
  auto kept = s.push<still<"pause", modality::freeze>>(ctx);
  const entry_id pause = kept.id();
  commit_setup();
  std::move(kept).transition({.arrive = 0.5F, .leave = 0.5F});
  EXPECT_EQ(seen(pause), "present 1"); // no arrival starts again
  s.pop();
  s.commit();
  EXPECT_EQ(seen(pause), "leaving 1 pop");
  s.update(0.5);
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.update, pause.destroyed");
  EXPECT_FALSE(s.in_transition());
}

// ---- reentrancy from the destructors of leaving states ----

// finish_transitions() destroys leaving states, whose destructors are game code: from there it
// is refused, as from any pass, and so is a commit, which would otherwise run in the middle of
// the destruction loop and could start new transitions that finish_transitions() then leaves
// behind.
TEST_F(hostile, r33_finish_transitions_from_a_destructor_it_runs_is_refused) {
  s.push<level>(ctx);
  s.push<doomed<"pause", 0, 500, modality::freeze>>(ctx, [&] {
    expect_error(s, errc::reentrant_call,
                 "strata: finish_transitions() called during finish_transitions(); requests "
                 "made there take effect at the next commit",
                 [&] { s.finish_transitions(); });
    expect_error(s, errc::reentrant_call,
                 "strata: commit() called during finish_transitions(); requests made there take "
                 "effect at the next commit",
                 [&] { s.commit(); });
    expect_error(s, errc::reentrant_call,
                 "strata: update() called during finish_transitions(); requests made there take "
                 "effect at the next commit",
                 [&] { s.update(1.0); });
    s.push<fading_pause>(ctx); // a request is fine: it waits for the next commit
  });
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "pause.exit, level.resume");
  s.finish_transitions();
  EXPECT_EQ(trace(), "pause.destroyed");
  EXPECT_FALSE(s.in_transition());
  EXPECT_TRUE(s.pending());
  s.commit();
  EXPECT_EQ(trace(), "level.pause, pause.enter");
  EXPECT_TRUE(s.in_transition());
  s.finish_transitions();
  EXPECT_FALSE(s.in_transition());
}

// A destructor run by update() may not finish the transitions nor update again.
TEST_F(hostile, r33_finish_transitions_or_update_from_a_destructor_during_update_is_refused) {
  s.push<level>(ctx);
  s.push<doomed<"pause", 0, 500, modality::freeze>>(ctx, [&] {
    expect_error(s, errc::reentrant_call,
                 "strata: finish_transitions() called during update(); requests made there take "
                 "effect at the next commit",
                 [&] { s.finish_transitions(); });
    expect_error(s, errc::reentrant_call,
                 "strata: update() called during update(); requests made there take effect at "
                 "the next commit",
                 [&] { s.update(1.0); });
    s.pop(); // the level: at the next commit
  });
  commit_setup();
  s.pop();
  s.commit();
  s.update(0.25);
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.update");
  s.update(0.25);
  EXPECT_EQ(trace(), "level.update, pause.destroyed");
  EXPECT_FALSE(s.in_transition());
  s.commit();
  EXPECT_EQ(trace(), "level.exit, level.destroyed");
}

// A state destroyed by a commit (it leaves at once, but had an arrival) may push from its
// destructor: the running commit enters it, as without transitions.
TEST_F(hostile, r33_a_destructor_run_by_a_commit_may_push_into_that_commit) {
  s.push<level>(ctx);
  s.push<doomed<"toast", 500, 0, modality::live>>(ctx, [&] {
    expect_error(s, errc::reentrant_call,
                 "strata: finish_transitions() called during commit(); requests made there take "
                 "effect at the running commit",
                 [&] { s.finish_transitions(); });
    s.push<still<"next", modality::live>>(ctx);
  });
  commit_setup();
  s.update(0.25); // the toast is half there
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "level.update_covered, toast.update, toast.exit, toast.destroyed, "
                     "level.resume, level.pause, next.enter");
  EXPECT_FALSE(s.in_transition());
  s.draw();
  EXPECT_EQ(trace(), "level.draw(covered 1 cover 1), next.draw(present 1)");
}

// ~stack: the destructors of leaving states run with requests ignored, top first.
TEST_F(hostile, r33_destructors_of_leaving_states_during_destruction_make_no_requests) {
  {
    test_stack local{ctx};
    local.push<still<"base">>(ctx);
    local.push<doomed<"a", 0, 500, modality::live>>(ctx, [&] { local.push<still<"x">>(ctx); });
    local.push<doomed<"b", 0, 500, modality::live>>(ctx, [&] { local.pop(); });
    local.commit();
    local.pop();
    local.pop();
    local.commit();
    EXPECT_EQ(local.staged().size(), 1U);
    trace();
  }
  // The base exits first; its departure takes the states leaving above it, top first.
  EXPECT_EQ(trace(), "base.exit, b.destroyed, a.destroyed, base.destroyed");
}

// R26: the destructor goes down the drawing order, each state after the ones above it, whatever
// their presences: a state done leaving (it waited for one leaving above it) below committed
// states goes after them. It once went as soon as the states leaving above it had, before the
// committed states between.
TEST_F(hostile, r33_the_destructor_destroys_a_state_done_leaving_after_the_ones_above_it) {
  {
    test_stack local{ctx};
    local.push<moving<"a", 0, 250>>(ctx);
    local.commit();
    local.pop();
    local.commit(); // a leaves, below whatever is pushed since
    local.push<still<"b", modality::live>>(ctx);
    local.push<moving<"c", 0, 500, modality::live>>(ctx);
    local.push<moving<"d", 0, 500, modality::live>>(ctx);
    local.commit();
    local.pop();
    local.commit();     // d leaves above c
    local.update(0.25); // a is done, but waits for d, leaving above it
    trace();
  }
  EXPECT_EQ(trace(), "c.exit, d.destroyed, c.destroyed, b.resume, b.exit, b.destroyed, "
                     "a.destroyed");
}

// finish_transitions() and update() from a lifecycle hook, an update hook or an event are
// refused, and leave every transition where it was.
TEST_F(hostile, r33_finish_transitions_from_hooks_is_refused_and_changes_nothing) {
  const auto refused = [this](const char* where) {
    return [this, where] {
      expect_error(
          s, errc::reentrant_call,
          std::string("strata: finish_transitions() called ") + where +
              "; requests made there take effect at the " +
              (std::string(where).find("inside") != std::string::npos ? "running" : "next") +
              " commit",
          [&] { s.finish_transitions(); });
    };
  };
  s.push<level>(ctx);
  const entry_id a = s.push<moving<"a", 0, 500, modality::live>>(ctx).id();
  commit_setup();
  s.pop();
  s.commit();
  s.push<moving<"b", 500, 500, modality::live>>(ctx,
                                                actions{.enter = refused("from inside 'b'.enter()"),
                                                        .update = refused("during update()"),
                                                        .handle = [&](const event&) {
                                                          refused("during handle()")();
                                                          return false;
                                                        }});
  s.commit();
  s.update(0.125);
  EXPECT_TRUE(s.handle({1})); // b arrives: it stops the event, and its hook does not run
  EXPECT_EQ(seen(a), "leaving 0.75 pop cover 0.25");
  EXPECT_EQ(seen(entry_id{3}), "arriving 0.25 push");
  s.finish_transitions();
  EXPECT_EQ(trace(), "a.exit, level.resume, level.pause, b.enter, level.update_covered, b.update, "
                     "a.destroyed");
  EXPECT_FALSE(s.handle({2}));
  EXPECT_EQ(trace(), "b.handle(2)");
}

// replace(borrow(x)) with x itself (R20) when x's type leaves over time: a borrowed state leaves
// at once (its owner may destroy it once the commit that exits it returns), so it is drawn once
// a frame, arriving again.
TEST_F(hostile, r33_a_borrowed_state_replacing_itself_leaves_at_once_and_arrives_again) {
  moving<"hud", 250, 250, modality::transparent> hud{ctx};
  s.push<level>(ctx);
  const entry_id first = s.push(strata::borrow(hud)).id();
  commit_setup();
  s.finish_transitions();
  const entry_id again = s.replace(strata::borrow(hud)).id();
  s.commit();
  EXPECT_EQ(trace(), "hud.exit, level.resume, level.pause, hud.enter");
  EXPECT_EQ(seen(first), "none");
  EXPECT_EQ(seen(again), "arriving 0 replace");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(present 1), hud.draw(arriving 0 replace)");
  s.update(0.25);
  EXPECT_EQ(seen(again), "present 1");
  s.clear();
  s.commit();
  s.finish_transitions();
  EXPECT_EQ(trace(), "level.update_covered, hud.update, hud.exit, level.resume, level.exit, "
                     "level.destroyed");
}

// R25: an observer that throws when told of an exit: the state has left all the same, and leaves
// over its time.
TEST_F(hostile, r33_an_observer_that_throws_at_an_exit_still_lets_the_state_leave) {
#ifndef STRATA_NO_EXCEPTIONS
  s.push<level>(ctx);
  const entry_id pause = s.push<fading_pause>(ctx).id();
  commit_setup();
  s.finish_transitions();
  s.set_observer([](const strata::step_info& info) {
    if (info.step == strata::step::exit) {
      throw std::runtime_error("observer failed");
    }
  });
  s.pop();
  EXPECT_THROW(s.commit(), std::runtime_error);
  s.set_observer({});
  EXPECT_EQ(seen(pause), "leaving 1 pop");
  s.commit();
  s.update(0.5);
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.update, pause.destroyed");
  EXPECT_FALSE(s.in_transition());
#endif
}

// A leaving state is no longer the stack's: from its draw hook, id_of() does not find it and a
// close() of its id does nothing.
class leaving_closer : public counted {
public:
  static constexpr std::string_view name = "closer";
  static constexpr strata::modality modality = strata::modality::live;
  static constexpr strata::transition transition{0.0F, 0.5F};
  leaving_closer(recorder& log, test_stack& stack)
      : log_(&log)
      , stack_(&stack) {}
  void draw(const strata::presence& p) {
    const entry_id mine = stack_->id_of(*this);
    log_->note("closer.draw(" + describe(p) + ") id " +
               std::to_string(static_cast<std::uint64_t>(mine)) + " close " +
               (stack_->close(entry_id{2}) ? "yes" : "no"));
  }

private:
  recorder* log_;
  test_stack* stack_;
};

TEST_F(hostile, r33_a_leaving_state_has_no_id_and_cannot_be_closed) {
  s.push<level>(ctx);
  s.push<leaving_closer>(ctx, s);
  commit_setup();
  s.draw(); // the closer closes itself
  s.commit();
  s.draw();
  EXPECT_EQ(trace(), "level.draw(covered 1 cover 1), closer.draw(present 1) id 2 close yes, "
                     "level.resume, level.draw(being_revealed 1 pop cover 1), "
                     "closer.draw(leaving 1 pop) id 0 close no");
  EXPECT_EQ(s.staged().size(), 1U);
}

// ---- the observer and draw hooks while states are parked ----

// A state that leaves at once below one that leaves over time is parked: exited, undrawn, not
// destroyed. The observer sees the steps as without transitions and may read presences; it may
// not finish the transitions.
TEST_F(hostile, r33_the_observer_while_states_are_parked) {
  s.push<level>(ctx);
  const entry_id a = s.push<still<"a", modality::live>>(ctx).id();
  const entry_id b = s.push<moving<"b", 0, 500, modality::live>>(ctx).id();
  commit_setup();
  std::string seen_by_observer;
  s.set_observer([&](const strata::step_info& info) {
    seen_by_observer += std::string(strata::to_string(info.step)) + " " + std::string(info.state) +
                        ": a " + seen(a) + ", b " + seen(b) + "; ";
    if (info.step == strata::step::exit && info.state == "a") {
      expect_error(s, errc::reentrant_call,
                   "strata: finish_transitions() called from inside the observer; requests made "
                   "there take effect at the running commit",
                   [&] { s.finish_transitions(); });
    }
  });
  s.pop_to(1);
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit, level.resume");
  // Told of b's exit, the observer finds b neither committed nor leaving yet: it starts to
  // leave right after the observer returns (as it is destroyed then without transitions).
  EXPECT_EQ(seen_by_observer,
            "pop b: a covered 1 cover 1, b present 1; pop a: a covered 1 cover 1, b present 1; "
            "unfocus b: a covered 1 cover 1, b present 1; "
            "exit b: a present 1, b none; "
            "resume a: a being_revealed 1 pop cover 1, b leaving 1 pop; "
            "exit a: a none, b leaving 1 pop; "
            "resume level: a none, b leaving 1 pop; "
            "focus level: a none, b leaving 1 pop; ");
  s.set_observer({});
  EXPECT_EQ(seen(a), "none"); // parked: not drawn
  EXPECT_EQ(seen(b), "leaving 1 pop");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_revealed 1 pop cover 1), b.draw(leaving 1 pop)");
  s.update(0.5);
  EXPECT_EQ(trace(), "level.update, b.destroyed, a.destroyed");
}

// A draw hook that reads its presence may make requests; they wait for the next commit and do
// not disturb the walk of the drawing order.
class self_closing : public counted {
public:
  static constexpr std::string_view name = "closing";
  static constexpr strata::modality modality = strata::modality::live;
  static constexpr strata::transition transition = strata::transition::fade(0.5F);
  self_closing(recorder& log, test_stack& stack)
      : log_(&log)
      , stack_(&stack) {}
  ~self_closing() { log_->log(name, "destroyed"); }
  void enter() { log_->log(name, "enter"); }
  void exit() { log_->log(name, "exit"); }
  void draw(const strata::presence& p) {
    log_->log(name, "draw(" + describe(p) + ")");
    if (p.phase == strata::phase::arriving && p.value >= 0.5F) {
      stack_->close(stack_->id_of(*this));
      stack_->push<still<"after", modality::live>>(*log_);
      expect_error(*stack_, errc::reentrant_call,
                   "strata: finish_transitions() called during draw(); requests made there take "
                   "effect at the next commit",
                   [&] { stack_->finish_transitions(); });
    }
  }

private:
  recorder* log_;
  test_stack* stack_;
};

TEST_F(hostile, r33_requests_from_a_draw_hook_reading_its_presence) {
  s.push<level>(ctx);
  s.push<self_closing>(ctx, s);
  commit_setup();
  s.draw();
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_covered 1 push), closing.draw(arriving 0 push), "
                     "level.update_covered, "
                     "level.draw(being_covered 1 push cover 0.5), closing.draw(arriving 0.5 push)");
  s.commit();
  s.draw();
  EXPECT_EQ(trace(),
            "closing.exit, level.resume, level.pause, after.enter, "
            "level.draw(being_revealed 1 pop cover 0.5), closing.draw(leaving 0.5 pop cover 1), "
            "after.draw(present 1)");
  s.update(0.25);
  EXPECT_EQ(trace(), "level.update_covered, after.update, closing.destroyed");
}

// ---- borrowed states, pushed again while they leave ----

// strata::borrow says the object must outlive its time on the stack, "until the commit that
// exits it" (R20): so the stack never draws a borrowed state after that commit, whatever its
// transition says; it leaves at once.
TEST_F(hostile, r33_a_borrowed_state_is_not_drawn_after_the_commit_that_exits_it) {
  moving<"hud", 0, 500, modality::transparent> hud{ctx};
  s.push<level>(ctx);
  const entry_id id = s.push(strata::borrow(hud)).id();
  commit_setup();
  s.pop();
  s.commit();
  EXPECT_FALSE(s.in_transition());
  EXPECT_EQ(seen(id), "none");
  s.draw();
  EXPECT_EQ(trace(), "hud.exit, level.resume, level.draw(present 1)");
}

// The same borrowed object pushed again right after it left: its first entry is gone at once
// (R20), so it is drawn once a frame, arriving.
TEST_F(hostile, r33_a_borrowed_state_pushed_again_after_it_left_is_drawn_once) {
  moving<"hud", 500, 500, modality::transparent> hud{ctx};
  s.push<level>(ctx);
  const entry_id first = s.push(strata::borrow(hud)).id();
  commit_setup();
  s.finish_transitions();
  s.pop();
  s.commit();
  const entry_id second = s.push(strata::borrow(hud)).id();
  s.commit();
  EXPECT_EQ(s.id_of(hud), second);
  EXPECT_EQ(seen(first), "none");
  EXPECT_EQ(seen(second), "arriving 0 push");
  s.draw();
  EXPECT_EQ(trace(), "hud.exit, level.resume, level.pause, hud.enter, level.draw(present 1), "
                     "hud.draw(arriving 0 push)");
  s.update(0.25);
  EXPECT_EQ(seen(second), "arriving 0.5 push");
  s.finish_transitions();
  EXPECT_EQ(seen(second), "present 1");
  EXPECT_EQ(trace(), "level.update_covered, hud.update");
  s.clear(); // the hud is borrowed: off the stack before it goes
  s.commit();
  s.finish_transitions();
  EXPECT_EQ(trace(), "hud.exit, level.resume, level.exit, level.destroyed");
}

// A pooled state popped and a new one of the same type pushed at once, over and over: each
// leaves on its own, the new ones above the old, each destroyed once, top first.
TEST_F(hostile, r33_pop_and_push_again_before_anything_has_left) {
  using toast = moving<"toast", 0, 500, modality::live>;
  s.push<level>(ctx);
  s.push<toast>(ctx);
  commit_setup();
  for (int i = 0; i < 3; ++i) {
    s.pop();
    s.push<toast>(ctx);
    s.commit();
    s.update(0.125);
  }
  EXPECT_EQ(trace(), "toast.exit, level.resume, level.pause, toast.enter, level.update_covered, "
                     "toast.update, toast.exit, level.resume, level.pause, toast.enter, "
                     "level.update_covered, toast.update, toast.exit, level.resume, level.pause, "
                     "toast.enter, level.update_covered, toast.update");
  s.draw();
  EXPECT_EQ(trace(),
            "level.draw(being_revealed 1 pop cover 0.25), "
            "toast.draw(leaving 0.25 pop cover 0.5), toast.draw(leaving 0.5 pop cover 0.75), "
            "toast.draw(leaving 0.75 pop cover 1), toast.draw(present 1)");
  s.update(0.125); // the lowest is done first but waits for the ones above it
  EXPECT_EQ(trace(), "level.update_covered, toast.update");
  s.update(0.25);
  EXPECT_EQ(trace(), "level.update_covered, toast.update, toast.destroyed, toast.destroyed, "
                     "toast.destroyed");
  EXPECT_FALSE(s.in_transition());
}

// ---- replace, clear, pop_to, pop_until, close: what each tells the states ----

TEST_F(hostile, r33_replace_on_an_arriving_state_turns_it_back_as_a_replace) {
  s.push<level>(ctx);
  const entry_id a = s.push<moving<"a", 500, 500, modality::live>>(ctx).id();
  commit_setup();
  s.update(0.125);
  const entry_id b = s.replace<moving<"b", 500, 500, modality::live>>(ctx).id();
  s.commit();
  EXPECT_EQ(trace(), "level.update_covered, a.update, a.exit, level.resume, level.pause, b.enter");
  EXPECT_EQ(seen(a), "leaving 0.25 replace");
  EXPECT_EQ(seen(b), "arriving 0 replace");
  // and b replaced again while it arrives, before anything has moved
  const entry_id c = s.replace<moving<"c", 500, 500, modality::live>>(ctx).id();
  s.commit();
  EXPECT_EQ(seen(b), "none"); // it had not moved: gone at once, above a
  EXPECT_EQ(seen(c), "arriving 0 replace");
  s.draw();
  EXPECT_EQ(trace(), "b.exit, b.destroyed, level.resume, level.pause, c.enter, "
                     "level.draw(being_revealed 1 replace cover 0.25), "
                     "a.draw(leaving 0.25 replace), c.draw(arriving 0 replace)");
  s.update(0.125);
  EXPECT_EQ(trace(), "level.update_covered, c.update, a.destroyed");
}

TEST_F(hostile, r33_clear_while_states_arrive_and_leave) {
  const entry_id base = s.push<moving<"base", 0, 250>>(ctx).id();
  const entry_id a = s.push<moving<"a", 500, 500, modality::live>>(ctx).id();
  commit_setup();
  s.update(0.25);
  const entry_id b = s.push<moving<"b", 500, 0, modality::live>>(ctx).id();
  s.commit();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "base.update_covered, a.update, a.pause, b.enter, b.exit, b.destroyed, "
                     "a.resume, a.exit, base.resume, base.exit");
  EXPECT_EQ(seen(base), "leaving 1 clear cover 0.5");
  EXPECT_EQ(seen(a), "leaving 0.5 clear");
  EXPECT_EQ(seen(b), "none");
  s.update(0.25);
  EXPECT_EQ(trace(), "a.destroyed, base.destroyed");
  EXPECT_FALSE(s.in_transition());
}

TEST_F(hostile, r33_pop_to_pop_until_and_close_leave_as_pops) {
  s.push<still<"base">>(ctx);
  const entry_id a = s.push<moving<"a", 0, 500, modality::live>>(ctx).id();
  const entry_id b = s.push<moving<"b", 0, 500, modality::live>>(ctx).id();
  const entry_id c = s.push<moving<"c", 0, 500, modality::live>>(ctx).id();
  commit_setup();
  s.pop_until("b");
  s.commit();
  EXPECT_EQ(seen(c), "leaving 1 pop");
  EXPECT_TRUE(s.close(b));
  s.commit();
  EXPECT_FALSE(s.close(b)); // leaving, not staged: no second close
  EXPECT_EQ(seen(b), "leaving 1 pop cover 1");
  s.pop_to(1);
  s.commit();
  EXPECT_EQ(seen(a), "leaving 1 pop cover 1");
  EXPECT_EQ(trace(), "c.exit, b.resume, b.exit, a.resume, a.exit, base.resume");
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "base.update, base.draw(being_revealed 1 pop cover 0.5), "
                     "a.draw(leaving 0.5 pop cover 0.5), b.draw(leaving 0.5 pop cover 0.5), "
                     "c.draw(leaving 0.5 pop)");
  s.update(0.25);
  EXPECT_EQ(trace(), "base.update, c.destroyed, b.destroyed, a.destroyed");
}

// push_first_on_top of several animated screens: each arrives, and every one is drawn until
// the top one is fully there.
TEST_F(hostile, r33_push_first_on_top_of_several_animated_states) {
  s.push<level>(ctx);
  commit_setup();
  s.push_first_on_top(std::make_unique<moving<"first", 500, 500>>(ctx),
                      std::make_unique<moving<"second", 500, 500>>(ctx));
  EXPECT_EQ(trace(), "");
  s.commit();
  EXPECT_EQ(trace(), "level.pause, second.enter, second.pause, first.enter");
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "level.update_covered, second.update_covered, first.update, "
                     "level.draw(being_covered 1 push cover 0.5), "
                     "second.draw(arriving 0.5 push cover 0.5), first.draw(arriving 0.5 push)");
  s.pop();
  s.commit();
  s.draw();
  EXPECT_EQ(trace(), "first.exit, second.resume, level.draw(being_covered 1 push cover 0.5), "
                     "second.draw(arriving 0.5 push cover 0.5), first.draw(leaving 0.5 pop)");
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "level.update_covered, second.update, first.destroyed, "
                     "second.draw(present 1)");
}

// ---- R23: the transition limit stops a commit while states are parked ----

// A runaway commit (each enter pushes another) hits the limit with states leaving and parked:
// the pending requests are dropped, and what left still leaves, in order, each destroyed once.
TEST_F(hostile, r33_the_transition_limit_stops_a_commit_while_states_are_parked) {
  using runaway = still<"runaway", modality::live>;
  std::function<void()> again;
  again = [&] { s.push<runaway>(ctx, actions{.enter = again}); };
  s.push<level>(ctx);
  s.push<still<"a", modality::live>>(ctx);
  s.push<moving<"b", 0, 500, modality::live>>(ctx);
  commit_setup();
  s.set_max_transitions(6);
  s.pop();
  s.pop();
  s.push<runaway>(ctx, actions{.enter = again});
  expect_code(s, errc::transition_limit, [&] { s.commit(); });
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit, level.resume, level.pause, runaway.enter, "
                     "runaway.pause, runaway.enter, runaway.pause, runaway.enter, "
                     "runaway.pause, runaway.enter, runaway.pause, runaway.destroyed");
  EXPECT_TRUE(s.in_transition());
  EXPECT_EQ(s.size(), 5U);
  s.set_max_transitions(1000);
  s.update(0.5);
  EXPECT_EQ(trace(), "level.update_covered, runaway.update_covered, runaway.update_covered, "
                     "runaway.update_covered, runaway.update, b.destroyed, a.destroyed");
  EXPECT_FALSE(s.in_transition());
  s.clear();
  s.commit();
  trace();
}

// ---- time ----

// A time scale of 0 above a leaving state stops its transition as it stops the updates below:
// it stays (and keeps every state parked below it) until the scale changes or
// finish_transitions(). transition.hpp says so: "its dt, times the time scales above the state".
TEST_F(hostile, r33_a_time_scale_of_0_above_a_leaving_state_holds_it_until_finished) {
  s.push<level>(ctx);
  const entry_id pause = s.push<moving<"pause", 0, 500, modality::live>>(ctx).id();
  commit_setup();
  s.pop();
  s.commit();
  auto radial = s.push<still<"radial", modality::live>>(ctx);
  std::move(radial).time_scale(0.0F);
  s.commit();
  s.update(1000.0);
  EXPECT_EQ(seen(pause), "leaving 1 pop cover 1");
  EXPECT_TRUE(s.in_transition());
  s.pop_to(0); // the level and the radial leave: the level is parked below the pause
  s.commit();
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.pause, radial.enter, radial.update, "
                     "radial.exit, radial.destroyed, level.resume, level.exit");
  s.update(0.5); // nothing above the pause now: it moves again
  EXPECT_EQ(trace(), "pause.destroyed, level.destroyed");
  EXPECT_FALSE(s.in_transition());
}

TEST_F(hostile, r33_a_time_scale_of_0_is_undone_by_finish_transitions) {
  s.push<level>(ctx);
  s.push<moving<"pause", 500, 500, modality::live>>(ctx);
  s.push<still<"radial", modality::live>>(ctx).time_scale(0.0F);
  commit_setup();
  s.update(1.0);
  EXPECT_TRUE(s.in_transition()); // the pause cannot arrive under the radial
  EXPECT_EQ(seen(entry_id{2}), "arriving 0 push cover 1");
  s.finish_transitions();
  EXPECT_FALSE(s.in_transition());
  EXPECT_EQ(seen(entry_id{2}), "covered 1 cover 1");
}

// A NaN dt must not leave a presence that is not a number: every transition under way ends
// (NaN is neither above 0 nor below 1), and each leaving state is destroyed once, top first.
TEST_F(hostile, r33_a_nan_dt_ends_every_transition) {
  s.push<level>(ctx);
  s.push<moving<"a", 0, 500, modality::live>>(ctx);
  s.push<moving<"b", 500, 500, modality::live>>(ctx);
  commit_setup();
  s.pop();
  s.pop();
  s.push<moving<"c", 500, 500, modality::live>>(ctx);
  s.commit();
  trace();
  s.update(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(trace(), "level.update_covered, c.update, a.destroyed"); // b: gone at the commit
  EXPECT_FALSE(s.in_transition());
  EXPECT_EQ(seen(entry_id{4}), "present 1");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(covered 1 cover 1), c.draw(present 1)");
}

// Infinite and huge steps end a transition in one update; a step of 0 moves nothing.
TEST_F(hostile, r33_huge_and_zero_dt) {
  s.push<level>(ctx);
  const entry_id a = s.push<moving<"a", 500, 500, modality::live>>(ctx).id();
  commit_setup();
  s.update(0.0);
  EXPECT_EQ(seen(a), "arriving 0 push");
  s.update(std::numeric_limits<double>::infinity());
  EXPECT_EQ(seen(a), "present 1");
  s.pop();
  s.commit();
  s.update(1e300);
  EXPECT_EQ(trace(), "level.update_covered, a.update, level.update_covered, a.update, a.exit, "
                     "level.resume, level.update, a.destroyed");
  EXPECT_FALSE(s.in_transition());
}

// An infinite dt under a time scale of 0 is 0 × inf: no time passes below the scale of 0.
TEST_F(hostile, r33_an_infinite_dt_under_a_time_scale_of_0) {
  s.push<level>(ctx);
  const entry_id a = s.push<moving<"a", 500, 500, modality::live>>(ctx).id();
  s.push<still<"radial", modality::live>>(ctx).time_scale(0.0F);
  commit_setup();
  s.update(std::numeric_limits<double>::infinity());
  EXPECT_EQ(seen(a), "arriving 0 push cover 1"); // a scale of 0 stops even infinite time
}

// R32: a time scale of 0 stops time below it whatever the scales above it, and a dt of 0 moves
// nothing. Scales whose float product overflows to infinity made 0 × inf, not a number, which
// ended the transitions below instead.
TEST_F(hostile, r33_a_time_scale_of_0_holds_under_scales_whose_product_overflows) {
  s.push<level>(ctx);
  const entry_id a = s.push<moving<"a", 500, 500, modality::live>>(ctx).id();
  const entry_id zero = s.push<still<"zero", modality::live>>(ctx).time_scale(0.0F).id();
  const entry_id b = s.push<moving<"b", 500, 500, modality::live>>(ctx).id();
  s.push<still<"fast", modality::live>>(ctx).time_scale(1e30F);
  s.push<still<"faster", modality::live>>(ctx).time_scale(1e30F);
  commit_setup();
  s.update(0.0);
  EXPECT_EQ(seen(b), "arriving 0 push cover 1"); // 0 × inf: no time passed
  s.update(0.1);
  EXPECT_EQ(seen(a), "arriving 0 push cover 1"); // under the scale of 0
  EXPECT_EQ(seen(b), "covered 1 cover 1");
  EXPECT_TRUE(s.in_transition());
  s.close(zero); // the scale of 0 leaves, with everything above it
  s.commit();
  s.update(0.25);
  EXPECT_EQ(seen(a), "arriving 0.5 push cover 0.5"); // time passes for it again; b leaves
  s.update(0.25);
  EXPECT_EQ(seen(a), "present 1");
  EXPECT_FALSE(s.in_transition());
}

// The shortest and the longest durations: 1e-30 s is there at the first update that has a dt,
// FLT_MAX seconds moves by next to nothing at a game's dt (it has moved all the same: a pop turns
// it back from there, and it has left at the next update), and finish_transitions() ends it.
TEST_F(hostile, r33_durations_of_1e_30_and_flt_max) {
  s.push<level>(ctx);
  const entry_id quick =
      s.push<still<"quick", modality::live>>(ctx).transition({1e-30F, 1e-30F}).id();
  const entry_id slow =
      s.push<still<"slow", modality::live>>(ctx).transition({FLT_MAX, FLT_MAX}).id();
  const entry_id tiniest = s.push<still<"tiniest", modality::live>>(ctx)
                               .transition({std::numeric_limits<float>::denorm_min(), 0.0F})
                               .id();
  commit_setup();
  EXPECT_EQ(seen(quick), "arriving 0 push");
  s.update(1e-6);
  EXPECT_EQ(seen(quick), "being_covered 1 push cover 2.8026e-45"); // slow, above it: 1e-6 / FLT_MAX
  EXPECT_EQ(seen(tiniest), "present 1");
  s.update(1e6);
  EXPECT_EQ(seen(slow), "arriving 2.93874e-33 push cover 1");
  s.pop(); // tiniest
  s.pop(); // slow: turns back from where it got to
  s.commit();
  EXPECT_EQ(seen(slow), "leaving 2.93874e-33 pop");
  s.pop(); // quick
  s.commit();
  s.update(1e-6);
  EXPECT_EQ(trace(), "level.update_covered, quick.update_covered, slow.update_covered, "
                     "tiniest.update, level.update_covered, quick.update_covered, "
                     "slow.update_covered, tiniest.update, tiniest.exit, tiniest.destroyed, "
                     "slow.resume, slow.exit, quick.resume, quick.exit, level.resume, "
                     "level.update, slow.destroyed, quick.destroyed");
  EXPECT_FALSE(s.in_transition());
}

// Only the end of a transition is rounded to: within 1e-5 of its start a presence has moved all
// the same, and steps smaller than that add up. A presence within 1e-5 of either bound was once
// rounded to it, so a transition whose every step was below 1e-5 (200 s at 1000 updates a
// second) never moved: the arrival stayed at 0, the departure at 1.
TEST_F(hostile, r33_steps_below_the_end_tolerance_add_up) {
  s.push<level>(ctx);
  const entry_id slow = s.push<moving<"slow", 200000, 200000, modality::live>>(ctx).id();
  commit_setup();
  for (int i = 0; i < 4; ++i) {
    s.update(0.001);
  }
  ASSERT_TRUE(s.presence_of(slow));
  EXPECT_GT(s.presence_of(slow)->value, 1.5e-5F);
  s.finish_transitions();
  s.pop();
  s.commit();
  for (int i = 0; i < 4; ++i) {
    s.update(0.001);
  }
  ASSERT_TRUE(s.presence_of(slow));
  EXPECT_LT(s.presence_of(slow)->value, 1.0F - 1.5e-5F);
}

// A departure that starts within 1e-5 of its end (a pop turned back an arrival that had barely
// begun) still takes an update that moves it: a dt of 0 moves nothing, not even to the end. Such
// a departure once ended at any update, as its unmoved presence was rounded to the end.
TEST_F(hostile, r33_an_update_that_moves_nothing_ends_no_departure) {
  s.push<level>(ctx);
  const entry_id slow = s.push<moving<"slow", 1000, 1000, modality::live>>(ctx).id();
  s.push<still<"radial", modality::live>>(ctx).time_scale(1e-30F);
  commit_setup();
  s.update(0.1);
  s.pop();
  s.pop();
  s.commit();
  EXPECT_EQ(seen(slow), "leaving 1e-31 pop");
  s.update(0.0);
  EXPECT_EQ(seen(slow), "leaving 1e-31 pop");
  s.update(0.1);
  EXPECT_EQ(seen(slow), "none");
  EXPECT_EQ(trace(), "level.update_covered, slow.update_covered, radial.update, radial.exit, "
                     "radial.destroyed, slow.resume, slow.exit, level.resume, level.update, "
                     "level.update, slow.destroyed");
}

// R32: a time scale changed during update() counts from the next pass, for the transitions below
// it as for the covered updates. The transitions once moved by the scales as the update calls had
// left them, so the radial slowed the map's arrival in the very update that changed its scale.
TEST_F(hostile, r33_a_time_scale_changed_by_an_update_counts_from_the_next_pass) {
  using radial_menu = still<"radial", modality::live>;
  s.push<level>(ctx);
  const entry_id map = s.push<moving<"map", 1000, 0, modality::live>>(ctx).id();
  std::optional<test_stack::pushed<radial_menu>> radial;
  radial.emplace(
      s.push<radial_menu>(ctx, actions{.update = [&] { std::move(*radial).time_scale(0.5F); }}));
  commit_setup();
  s.update(0.25);
  EXPECT_EQ(seen(map), "arriving 0.25 push cover 1"); // the radial's scale was 1 as it started
  s.update(0.25);
  EXPECT_EQ(seen(map), "arriving 0.375 push cover 1");
}

// ---- no input blocked once nothing is in transition ----

TEST_F(hostile, r33_input_flows_again_once_every_transition_is_over) {
  s.push<still<"level">>(ctx, actions{.handle = [](const event&) { return false; }});
  s.push<moving<"a", 500, 500, modality::live>>(ctx);
  commit_setup();
  EXPECT_TRUE(s.handle({1}));
  s.finish_transitions();
  s.pop();
  s.commit();
  EXPECT_TRUE(s.handle({2}));
  s.update(0.25);
  EXPECT_TRUE(s.handle({3}));
  s.update(0.25);
  EXPECT_FALSE(s.in_transition());
  EXPECT_FALSE(s.handle({4}));
  EXPECT_EQ(trace(), "a.exit, level.resume, level.update, level.update, a.destroyed, "
                     "level.handle(4)");
}

} // namespace
} // namespace strata_test

namespace strata_test {
namespace {

// Out of memory for the record of a state that would wait for the states leaving above it, the
// commit cuts their transitions short and destroys them, top first, then it. The states parked
// below it, which waited only for those, are done too: they go at that commit, not at the next
// update, and nothing is left in transition.
TEST_F(hostile, r33_out_of_memory_the_states_parked_below_go_with_the_ones_cut_short) {
  refusing_memory memory;
  test_stack local{ctx, strata::options{.memory = &memory}};
  local.push<still<"x">>(ctx);
  local.push<still<"p", modality::live>>(ctx);
  local.push<moving<"q", 0, 500, modality::live>>(ctx);
  local.commit();
  local.pop();
  local.pop();
  local.commit(); // q leaves; p, below it, is parked
  local.push<still<"a", modality::live>>(ctx);
  local.push<moving<"b", 0, 500, modality::live>>(ctx);
  local.push<moving<"d", 0, 500, modality::live>>(ctx);
  local.commit();
  local.update(0.25);
  local.pop();
  local.pop();
  local.commit();     // four records: p, q, b, d
  local.update(0.25); // q is done, but waits for b and d, above a
  EXPECT_EQ(trace(), "x.enter, x.pause, p.enter, p.pause, q.enter, q.exit, p.resume, p.exit, "
                     "x.resume, x.pause, a.enter, a.pause, b.enter, b.pause, d.enter, "
                     "x.update_covered, a.update_covered, b.update_covered, d.update, d.exit, "
                     "b.resume, b.exit, a.resume, x.update_covered, a.update");
  memory.refuse = true;
  local.pop(); // a would wait for b and d: no room for its record
  local.commit();
  memory.refuse = false;
  EXPECT_EQ(trace(), "a.exit, d.destroyed, b.destroyed, a.destroyed, q.destroyed, p.destroyed, "
                     "x.resume");
  EXPECT_FALSE(local.in_transition());
}

} // namespace
} // namespace strata_test
