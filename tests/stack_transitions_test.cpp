// tests/stack_transitions_test.cpp: states that take time to arrive and to leave (R33). The hooks
// run as without transitions; what changes is what is drawn, where events stop, and when a state
// that exited is destroyed.
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/expect_error.hpp"
#include "support/refusing_memory.hpp"
#include "support/transition_states.hpp"

namespace strata_test {
namespace {

using strata::cause;
using strata::errc;
using strata::modality;
using strata::phase;

using level = still<"level">;
using fading_pause = moving<"pause", 500, 500, modality::freeze>;

class transitions : public stack_fixture {
protected:
  // committed: level | pause*, the pause fully arrived, the trace empty.
  void pause_over_level() {
    s.push<level>(ctx);
    s.push<fading_pause>(ctx);
    commit_setup();
    s.finish_transitions();
  }
};

// "a.enter, b.enter" as {"a.enter", "b.enter"}.
std::vector<std::string> split(const std::string& trace) {
  std::vector<std::string> lines;
  for (std::size_t from = 0; from < trace.size();) {
    const std::size_t comma = trace.find(", ", from);
    const std::size_t end = comma == std::string::npos ? trace.size() : comma;
    lines.push_back(trace.substr(from, end - from));
    from = end + 2;
  }
  return lines;
}

// committed: level*      push pause (arrives and leaves in 0.5 s, freezes the level)
// commit:    level.pause, pause.enter          (the same hooks as without a transition)
// draw:      level.draw(being_covered 1 push), pause.draw(arriving 0 push)
// update(0.25): pause.update; the pause is half there, then fully
TEST_F(transitions, r33_a_pushed_state_arrives_over_its_arrive_time) {
  s.push<level>(ctx);
  commit_setup();
  s.push<fading_pause>(ctx);
  s.commit();
  EXPECT_EQ(trace(), "level.pause, pause.enter");
  EXPECT_TRUE(s.in_transition());
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_covered 1 push), pause.draw(arriving 0 push)");
  s.update(0.25);
  EXPECT_EQ(trace(), "pause.update");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_covered 1 push cover 0.5), pause.draw(arriving 0.5 push)");
  s.update(0.25);
  EXPECT_FALSE(s.in_transition());
  s.draw();
  EXPECT_EQ(trace(), "pause.update, level.draw(covered 1 cover 1), pause.draw(present 1)");
}

// A popped state has its exit at the commit, as always, then is drawn, and only drawn, until its
// presence reaches 0; then it is destroyed.
TEST_F(transitions, r33_a_popped_state_is_drawn_until_it_has_left_then_destroyed) {
  pause_over_level();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "pause.exit, level.resume");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_revealed 1 pop cover 1), pause.draw(leaving 1 pop)");
  s.update(0.125);
  EXPECT_EQ(trace(), "level.update"); // the leaving pause gets no update
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_revealed 1 pop cover 0.75), pause.draw(leaving 0.75 pop)");
  s.update(0.375);
  EXPECT_EQ(trace(), "level.update, pause.destroyed");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(present 1)");
  EXPECT_FALSE(s.in_transition());
}

// The hook trace of a program is the same with transitions as without.
TEST_F(transitions, r33_hooks_run_as_without_transitions) {
  const auto play = [this](auto pushed_type) {
    using pushed = typename decltype(pushed_type)::type;
    s.push<level>(ctx);
    s.commit();
    s.push<pushed>(ctx);
    s.commit();
    s.update(0.1);
    s.replace<pushed>(ctx);
    s.commit();
    s.pop();
    s.push<pushed>(ctx);
    s.commit();
    s.clear();
    s.commit();
    s.finish_transitions();
    std::string hooks;
    for (const std::string& line : split(trace())) {
      if (line.find(".draw") == std::string::npos && line.find(".destroyed") == std::string::npos) {
        hooks += line + ", ";
      }
    }
    return hooks;
  };
  struct with_transition {
    using type = fading_pause;
  };
  struct without {
    using type = still<"pause", modality::freeze>;
  };
  EXPECT_EQ(play(with_transition{}), play(without{}));
}

// While the state above arrives, the states below are drawn even though its modality hides
// them: no frame draws less than the stack would fully there.
TEST_F(transitions, r33_nothing_vanishes_while_the_state_that_hides_it_arrives) {
  s.push<level>(ctx);
  commit_setup();
  s.push<moving<"map", 250, 0>>(ctx); // a screen: hides the level once it is there
  s.commit();
  trace();
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_covered 1 push), map.draw(arriving 0 push)");
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "level.update_covered, map.update, map.draw(present 1)");
}

// Events stop at a state that arrives or leaves, consumed, so that a second "back" during a fade
// pops nothing more; a transition may let them pass instead.
TEST_F(transitions, r33_events_stop_at_a_state_in_transition) {
  s.push<still<"level">>(ctx, actions{.handle = [](const event&) { return true; }});
  s.push<fading_pause>(ctx);
  commit_setup();
  EXPECT_TRUE(s.handle({1}));
  EXPECT_EQ(trace(), ""); // the arriving pause stops it: neither gets it
  s.finish_transitions();
  s.pop();
  s.commit();
  trace();
  EXPECT_TRUE(s.handle({2}));
  EXPECT_EQ(trace(), ""); // the leaving pause stops it too
  s.finish_transitions();
  EXPECT_EQ(trace(), "pause.destroyed");
  EXPECT_TRUE(s.handle({3}));
  EXPECT_EQ(trace(), "level.handle(3)");
}

TEST_F(transitions, r33_a_transition_may_let_events_pass) {
  s.push<still<"level">>(ctx, actions{.handle = [](const event&) { return true; }});
  s.push<still<"toast", modality::transparent>>(ctx).transition(
      {.arrive = 1.0F, .leave = 1.0F, .input_passes = true});
  commit_setup();
  EXPECT_TRUE(s.handle({1}));
  EXPECT_EQ(trace(), "level.handle(1)"); // the arriving toast does not get it either
}

// Popping a state that still arrives turns it back from where it got to.
TEST_F(transitions, r33_popping_an_arriving_state_reverses_it_from_its_presence) {
  s.push<level>(ctx);
  s.push<fading_pause>(ctx);
  commit_setup();
  s.update(0.125); // presence 0.25
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "pause.update, pause.exit, level.resume");
  ASSERT_TRUE(s.presence_of(strata::entry_id{2}));
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{2})), "leaving 0.25 pop");
  s.update(0.0625);
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{2})), "leaving 0.125 pop");
  s.update(0.0625);
  EXPECT_EQ(trace(), "level.update, level.update, pause.destroyed");
  EXPECT_FALSE(s.presence_of(strata::entry_id{2}));
}

// A state pushed over one that is leaving is drawn above it; the leaving one stays where it was.
TEST_F(transitions, r33_a_push_over_a_leaving_state_is_drawn_above_it) {
  pause_over_level();
  s.pop();
  s.commit();
  s.push<moving<"dialog", 0, 0, modality::live>>(ctx);
  s.commit();
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.pause, dialog.enter");
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_revealed 1 pop cover 1), pause.draw(leaving 1 pop cover "
                     "1), dialog.draw(present 1)");
}

// A state that leaves at once waits, undrawn, for the states leaving above it: they may use it
// until they are destroyed.
TEST_F(transitions, r33_a_state_is_destroyed_only_after_the_states_leaving_above_it) {
  pause_over_level();
  s.pop();
  s.pop();
  s.commit();
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.exit");
  s.draw();
  EXPECT_EQ(trace(), "pause.draw(leaving 1 pop)");
  s.update(0.5);
  EXPECT_EQ(trace(), "pause.destroyed, level.destroyed");
  EXPECT_FALSE(s.in_transition());
}

// replace: the old state leaves and the new one arrives over it, both told it was a replace.
TEST_F(transitions, r33_replace_cross_fades) {
  s.push<level>(ctx);
  s.push<moving<"title", 0, 500>>(ctx);
  commit_setup();
  s.replace<moving<"world", 500, 0>>(ctx);
  s.commit();
  EXPECT_EQ(trace(), "title.exit, level.resume, level.pause, world.enter");
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "level.update_covered, world.update, level.draw(being_revealed 1 replace "
                     "cover 0.5), title.draw(leaving 0.5 replace cover 0.5), "
                     "world.draw(arriving 0.5 replace)");
  s.update(0.25);
  EXPECT_EQ(trace(), "level.update_covered, world.update, title.destroyed");
}

// replace() takes no departure of its own: the replaced state leaves as its kept handle's
// .transition() said before the replace (here 0.25 s where its type says 0.5), told `replace`.
TEST_F(transitions, r33_a_replaced_state_leaves_as_its_kept_handle_says) {
  s.push<level>(ctx);
  auto title = s.push<moving<"title", 0, 500>>(ctx);
  commit_setup();
  std::move(title).transition({.leave = 0.25F});
  s.replace<moving<"world", 500, 0>>(ctx);
  s.commit();
  EXPECT_EQ(trace(), "title.exit, level.resume, level.pause, world.enter");
  s.update(0.125);
  s.draw();
  EXPECT_EQ(trace(), "level.update_covered, world.update, level.draw(being_revealed 1 replace "
                     "cover 0.5), title.draw(leaving 0.5 replace cover 0.25), "
                     "world.draw(arriving 0.25 replace)");
  s.update(0.125);
  EXPECT_EQ(trace(), "level.update_covered, world.update, title.destroyed");
}

// clear(): every state leaves, told so; the ones below wait for the ones above.
TEST_F(transitions, r33_clear_lets_every_state_leave_top_first) {
  s.push<moving<"a", 0, 250>>(ctx);
  s.push<moving<"b", 0, 500, modality::live>>(ctx);
  commit_setup();
  s.clear();
  s.commit();
  EXPECT_EQ(trace(), "b.exit, a.resume, a.exit");
  s.draw();
  EXPECT_EQ(trace(), "a.draw(leaving 1 clear cover 1), b.draw(leaving 1 clear)");
  s.update(0.25);
  EXPECT_EQ(trace(), ""); // a is done, but b is still leaving above it
  s.update(0.25);
  EXPECT_EQ(trace(), "b.destroyed, a.destroyed");
}

TEST_F(transitions, r33_finish_transitions_completes_every_transition_at_once) {
  s.push<level>(ctx);
  s.push<moving<"a", 1000, 1000, modality::live>>(ctx);
  s.push<moving<"b", 1000, 1000, modality::live>>(ctx);
  commit_setup();
  s.update(0.5); // a and b half there
  s.pop();       // b turns back from 0.5
  s.commit();
  EXPECT_EQ(trace(), "level.update_covered, a.update_covered, b.update, b.exit, a.resume");
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{2})), "arriving 0.5 push cover 0.5");
  s.finish_transitions();
  EXPECT_EQ(trace(), "b.destroyed");
  EXPECT_FALSE(s.in_transition());
  s.draw();
  EXPECT_EQ(trace(), "level.draw(covered 1 cover 1), a.draw(present 1)");
}

// R32: a transition moves with the dt its state would be updated with: the time scales above it.
TEST_F(transitions, r33_time_scales_above_a_state_slow_its_transition) {
  s.push<level>(ctx);
  s.push<moving<"map", 1000, 0>>(ctx);
  s.push<still<"radial", modality::live>>(ctx).time_scale(0.5F);
  commit_setup();
  s.update(0.5);
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{2})), "arriving 0.25 push cover 1");
}

// A state that lets every pass through (a HUD) does not cover: the level below it reads the
// pause menu's arrival.
TEST_F(transitions, r33_a_transparent_state_does_not_cover) {
  s.push<level>(ctx);
  s.push<still<"hud", modality::transparent>>(ctx);
  commit_setup();
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{1})), "present 1");
  s.push<fading_pause>(ctx);
  s.commit();
  s.update(0.25);
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{1})), "being_covered 1 push cover 0.5");
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{2})), "being_covered 1 push cover 0.5");
}

// .transition() overrides the type's, for one entry; a bad duration changes nothing.
TEST_F(transitions, r33_a_push_may_override_the_types_transition) {
  s.push<level>(ctx);
  s.push<level>(ctx).transition(strata::transition::fade(0.5F));
  commit_setup();
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{2})), "arriving 0 push");
  s.push<fading_pause>(ctx).transition({});
  s.commit();
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{3})), "present 1");
  expect_error(s, errc::bad_transition,
               "strata: transition(-1.000000, 0.000000) on 'level': a transition lasts a finite "
               "number of seconds, 0 or more",
               [&] { s.push<level>(ctx).transition({.arrive = -1.0F}); });
  expect_error(
      s, errc::bad_transition,
      "strata: transition(0.000000, inf) on 'level': a transition lasts a finite "
      "number of seconds, 0 or more",
      [&] { s.push<level>(ctx).transition({.leave = std::numeric_limits<float>::infinity()}); });
  s.commit();
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{4})), "covered 1 cover 1");
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{5})), "present 1");
}

// pop(t) and clear(t) give what they pop a departure of its own, whatever its type declares:
// a level that declares no transition fades out with everything on a quit to the title.
TEST_F(transitions, r33_pop_and_clear_may_override_the_departure) {
  pause_over_level();
  s.pop({.leave = 0.25F});
  s.commit();
  EXPECT_EQ(trace(), "pause.exit, level.resume");
  s.update(0.125);
  s.draw();
  EXPECT_EQ(trace(), "level.update, level.draw(being_revealed 1 pop cover 0.5), "
                     "pause.draw(leaving 0.5 pop)");
  s.update(0.125);
  EXPECT_EQ(trace(), "level.update, pause.destroyed");
  s.clear(strata::transition::fade(0.5F));
  s.commit();
  EXPECT_EQ(trace(), "level.exit");
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "level.draw(leaving 0.5 clear)");
  s.finish_transitions();
  EXPECT_EQ(trace(), "level.destroyed");
  EXPECT_FALSE(s.in_transition());
}

// A departure given to pop() or clear() changes nothing else: a state that never entered is
// dropped at once, and an entry pushed again later follows its own transition.
TEST_F(transitions, r33_a_departure_given_to_pop_applies_to_entered_states_only) {
  s.push<level>(ctx);
  commit_setup();
  s.push<level>(ctx);
  s.pop(strata::transition::fade(1.0F)); // never entered: dropped at once, as always (R6)
  EXPECT_EQ(trace(), "level.destroyed");
  s.commit();
  s.draw();
  EXPECT_EQ(trace(), "level.draw(present 1)");
  EXPECT_FALSE(s.in_transition());
}

// A bad departure fails with errc::bad_transition and pops nothing.
TEST_F(transitions, r33_a_bad_departure_pops_nothing) {
  pause_over_level();
  expect_error(s, errc::bad_transition,
               "strata: transition(0.000000, -1.000000) given to clear(): a transition lasts a "
               "finite number of seconds, 0 or more",
               [&] { s.clear({.leave = -1.0F}); });
  expect_error(s, errc::bad_transition,
               "strata: transition(nan, 0.000000) given to pop(): a transition lasts a finite "
               "number of seconds, 0 or more",
               [&] { s.pop({.arrive = std::numeric_limits<float>::quiet_NaN()}); });
  EXPECT_FALSE(s.pending());
  EXPECT_EQ(s.staged().size(), 2U);
  s.pop();
  s.commit();
  s.update(0.25);
  s.draw();
  EXPECT_EQ(trace(), "pause.exit, level.resume, level.update, "
                     "level.draw(being_revealed 1 pop cover 0.5), pause.draw(leaving 0.5 pop)");
}

// A draw or handle hook may push while states move, as at any other time: the pass goes on over
// the entries it started with (it read them from storage a push had moved; AddressSanitizer).
TEST_F(transitions, r33_hooks_may_push_while_states_move) {
  const auto push_twenty = [this] {
    for (int i = 0; i < 20; ++i) {
      s.push<still<"pushed">>(ctx);
    }
  };
  s.push<level>(ctx, actions{.draw = push_twenty, .handle = [&](const event&) {
                               push_twenty();
                               return true;
                             }});
  s.push<still<"veil", modality::freeze>>(ctx).transition(
      {.arrive = 0.5F, .leave = 0.5F, .input_passes = true});
  commit_setup();
  s.draw();
  EXPECT_EQ(trace(), "level.draw(being_covered 1 push), veil.draw(arriving 0 push)");
  EXPECT_TRUE(s.handle({1}));
  EXPECT_EQ(trace(), "level.handle(1)");
  EXPECT_EQ(s.staged().size(), 42U);
}

// R26: ~stack destroys what is leaving in order, above first, with no time passing.
TEST_F(transitions, r33_destroying_the_stack_destroys_the_leaving_states_top_first) {
  {
    test_stack local{ctx};
    local.push<moving<"a", 0, 500>>(ctx);
    local.push<moving<"b", 0, 500, modality::live>>(ctx);
    local.push<moving<"c", 0, 500, modality::live>>(ctx);
    local.commit();
    local.pop();
    local.commit();
    trace();
  }
  EXPECT_EQ(trace(), "b.exit, c.destroyed, b.destroyed, a.resume, a.exit, a.destroyed");
}

// R25: a state whose exit throws has still left: it leaves over its time like any other.
TEST_F(transitions, r33_a_state_whose_exit_throws_still_leaves_over_time) {
#ifndef STRATA_NO_EXCEPTIONS
  s.push<level>(ctx);
  s.push<moving<"pause", 0, 500, modality::freeze>>(
      ctx, actions{.exit = [] { throw std::runtime_error("exit failed"); }});
  commit_setup();
  s.pop();
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "pause.exit");
  EXPECT_TRUE(s.in_transition());
  s.commit();
  s.update(0.5);
  EXPECT_EQ(trace(), "level.resume, level.update, pause.destroyed");
#endif
}

// R25: a state whose enter throws never entered: it is destroyed at once, not arriving.
TEST_F(transitions, r33_a_state_whose_enter_throws_never_arrives) {
#ifndef STRATA_NO_EXCEPTIONS
  s.push<level>(ctx);
  commit_setup();
  s.push<fading_pause>(ctx, actions{.enter = [] { throw std::runtime_error("enter failed"); }});
  EXPECT_THROW(s.commit(), std::runtime_error);
  EXPECT_EQ(trace(), "level.pause, pause.enter, pause.destroyed");
  EXPECT_FALSE(s.in_transition());
#endif
}

// Out of memory for its record, a state is there at once, or gone at once: a transition is
// never worth a failed commit.
TEST_F(transitions, r33_out_of_memory_a_transition_is_cut_short) {
  refusing_memory memory;
  test_stack local{ctx, strata::options{.memory = &memory}};
  local.push<level>(ctx);
  local.push<still<"pause", modality::freeze>>(ctx); // warms up every array but the motions'
  local.commit();
  local.pop();
  local.commit();
  trace();
  local.push<fading_pause>(ctx);
  memory.refuse = true;
  local.commit();
  EXPECT_FALSE(local.in_transition());
  local.pop();
  local.commit();
  EXPECT_EQ(trace(), "level.pause, pause.enter, pause.exit, pause.destroyed, level.resume");
  EXPECT_FALSE(local.in_transition());
  memory.refuse = false;
}

// Out of memory for one more record once the stack has its lists of transitions (R33's, made by
// the first transition, which the test above refuses), that one transition is cut short, not the
// one under way below it.
TEST_F(transitions, r33_out_of_memory_for_one_more_record_cuts_that_transition_short) {
  refusing_memory memory;
  test_stack local{ctx, strata::options{.memory = &memory}};
  local.push<level>(ctx);
  local.push<fading_pause>(ctx); // the lists made, with room for one record
  local.commit();
  local.finish_transitions();
  local.pop();
  local.commit();
  local.finish_transitions();
  local.push<fading_pause>(ctx); // entry 3 takes the one record
  local.commit();
  local.push<fading_pause>(ctx); // entry 4's would need a larger list
  trace();
  memory.refuse = true;
  local.commit();
  memory.refuse = false;
  EXPECT_EQ(trace(), "pause.pause, pause.enter");
  ASSERT_TRUE(local.presence_of(strata::entry_id{4}));
  EXPECT_EQ(describe(*local.presence_of(strata::entry_id{4})), "present 1");
  ASSERT_TRUE(local.presence_of(strata::entry_id{3}));
  EXPECT_EQ(describe(*local.presence_of(strata::entry_id{3})), "arriving 0 push cover 1");
  EXPECT_TRUE(local.in_transition());
}

// A stack none of whose states has a transition or reads its presence keeps the plain passes.
TEST_F(transitions, r33_presence_of_a_plain_stack) {
  s.push<logged<"a">>();
  commit_setup();
  EXPECT_EQ(describe(*s.presence_of(strata::entry_id{1})), "present 1");
  EXPECT_FALSE(s.presence_of(strata::entry_id{7}));
  EXPECT_FALSE(s.in_transition());
}

} // namespace
} // namespace strata_test
