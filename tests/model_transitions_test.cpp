// tests/model_transitions_test.cpp: R33 transitions on the reference model
// (model/strata_model/model_motion.hpp) and the real stack side by side: the specification's
// examples, then each paragraph of R33 (interruptions, input, time, handles, borrowed states,
// exceptions, destruction). The model must say what docs/semantics.md says and the real stack must
// agree. Ids in the traces are the harness's: the n-th state a program makes is #n-1; a draw that
// reads its presence prints it as the specification does, "#0.draw(being_covered 1 push)".
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include <strata/stack.hpp>

#include "strata_model/model_runner.hpp"
#include "strata_model/model_world.hpp"

namespace strata_model {
namespace {

// transitions indices (model_values.hpp).
constexpr std::uint8_t none = 0;           // {}
constexpr std::uint8_t fade_half = 2;      // fade(0.5F)
constexpr std::uint8_t arrive_quarter = 3; // {.arrive = 0.25F}
constexpr std::uint8_t leave_fifth = 4;    // {.leave = 0.2F}
constexpr std::uint8_t passing = 5;        // {.arrive = 0.1F, .leave = 0.1F, .input_passes = true}
constexpr std::uint8_t slow_leave = 6;     // {.arrive = -0.0F, .leave = 0.3F}
constexpr std::uint8_t negative = 7;       // {.arrive = -1.0F}: refused
constexpr std::uint8_t not_a_number = 9;   // {.arrive = quiet_NaN, ...}: refused
// modalities indices.
constexpr std::uint8_t screen = 0, freeze = 2, live = 3, transparent = 4;
// dts indices.
constexpr std::uint8_t dt_zero = 1, dt_eighth = 3, dt_quarter = 4, dt_three_eighths = 5;
constexpr std::uint8_t dt_infinite = 7;
// time_scales indices.
constexpr std::uint8_t scale_zero = 1, scale_tiny = 6;

// A state whose draw reads its presence, with the transition transitions[which] declared by its
// type and the modality modalities[mode].
item moving(std::uint8_t name, std::uint8_t which, std::uint8_t mode = screen) {
  item made = state(name, probe_type::moving);
  made.declared_transition = which;
  made.declared = mode;
  return made;
}

// `what` given .transition(transitions[which]) at push, and .modality(modalities[mode]).
item given(item what, std::uint8_t which, std::uint8_t mode = no_choice) {
  what.transition = which;
  what.modality = mode;
  return what;
}

op request_of(request_kind kind) {
  return make_request(kind);
}

// "#id.hook(dt)" as the trace prints an update hook.
std::string update_of(int id, const char* hook, double dt) {
  char text[64];
  std::snprintf(text, sizeof text, "#%d.%s(%.17g)", id, hook, dt);
  return text;
}

void expect_agreement(const program& p) {
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure << "program:\n" << to_cpp(p);
}

// What the model's destructor does after the program: its hooks and destructions.
std::string model_destruction_of(const program& p) {
  model_world model;
  for (const op& o : p) {
    detail::apply(
        model.core, model.stack(), [&](const request& r) { model.perform(r, true); }, o);
  }
  const std::size_t before = model.core.trace.events().size();
  model.destroy();
  std::string text;
  for (std::size_t i = before; i < model.core.trace.events().size(); ++i) {
    const event& e = model.core.trace.events()[i];
    if (e.kind == event_kind::hook || e.kind == event_kind::destroyed) {
      text += (text.empty() ? "" : ", ") + to_string(e);
    }
  }
  return text;
}

// ---- the specification's examples ----

// docs/semantics.md, "Leaving takes time": level | pause*, the pause freezing, arriving and
// leaving in 0.5 s. Popped, it has its exit at the commit, is drawn (only drawn) at the place it
// left, and is destroyed by the update that takes its presence to 0.
TEST(model_transitions, the_pause_leaves_over_its_time) {
  program p{push(moving(named::world, none)),
            push(moving(named::pause, fade_half, freeze)),
            commit(),
            request_of(request_kind::finish_transitions),
            request_of(request_kind::pop),
            commit()};
  EXPECT_EQ(model_hooks_of_last(p), "#1.unfocus, #1.exit, #0.resume, #0.focus");
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 1), #1.draw(leaving 1 pop)");
  p.push_back(update_by(dt_eighth));
  EXPECT_EQ(model_motion_of_last(p), update_of(0, "update", 0.125)); // the pause gets none
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 0.75), #1.draw(leaving 0.75 pop)");
  p.push_back(update_by(dt_three_eighths));
  EXPECT_EQ(model_motion_of_last(p), update_of(0, "update", 0.375) + ", ~#1");
  expect_agreement(p);
}

// docs/semantics.md, "Nothing vanishes early": level | map*, the map a screen that arrives in
// 0.25 s. While it arrives the level is drawn under it; once it has arrived its modality hides
// the level again.
TEST(model_transitions, the_map_arrives_and_then_hides_the_level) {
  program p{push(moving(named::world, none)), commit(),
            push(moving(named::options, arrive_quarter)), commit(), request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_covered 1 push), #1.draw(arriving 0 push)");
  p.push_back(update_by(dt_quarter));
  EXPECT_EQ(model_hooks_of_last(p),
            update_of(0, "update_covered", 0.25) + ", " + update_of(1, "update", 0.25));
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p), "#1.draw(present 1)");
  expect_agreement(p);
}

// ---- interruption ----

// A pop during the arrival turns it back from where it got to.
TEST(model_transitions, a_pop_turns_an_arrival_back_from_where_it_got_to) {
  program p{push(moving(named::world, none)),
            push(moving(named::pause, fade_half, freeze)),
            commit(),
            update_by(dt_eighth),
            request_of(request_kind::pop),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 0.25), #1.draw(leaving 0.25 pop)");
  expect_agreement(p);
}

// A state pushed over one that leaves is drawn above it; the leaving one stays where it was.
TEST(model_transitions, a_push_over_a_leaving_state_is_drawn_above_it) {
  program p{push(moving(named::world, none)),
            push(moving(named::pause, fade_half, freeze)),
            commit(),
            request_of(request_kind::finish_transitions),
            request_of(request_kind::pop),
            commit(),
            push(moving(named::options, none, live)),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_revealed 1 pop cover 1), #1.draw(leaving 1 pop "
                                    "cover 1), #2.draw(present 1)");
  expect_agreement(p);
}

// replace: the old state leaves while the new one arrives over it, both told it was a replace.
TEST(model_transitions, replace_cross_fades) {
  program p{push(moving(named::world, none)),
            push(moving(named::title, fade_half)),
            commit(),
            request_of(request_kind::finish_transitions),
            replace(moving(named::options, fade_half)),
            commit(),
            update_by(dt_quarter),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_revealed 1 replace cover 0.5), "
                                    "#1.draw(leaving 0.5 replace cover 0.5), "
                                    "#2.draw(arriving 0.5 replace)");
  p.push_back(update_by(dt_quarter));
  EXPECT_EQ(model_motion_of_last(p),
            update_of(0, "update_covered", 0.25) + ", " + update_of(2, "update", 0.25) + ", ~#1");
  expect_agreement(p);
}

// clear: every state leaves, told so; one done first waits for the one leaving above it, then
// both go, top first. A state that leaves at once under one that leaves over time waits too,
// undrawn.
TEST(model_transitions, clear_destroys_the_lower_states_after_the_upper_ones) {
  program p{push(moving(named::world, leave_fifth)),
            push(moving(named::pause, fade_half, live)),
            push(moving(named::audio, none, live)),
            commit(),
            request_of(request_kind::finish_transitions),
            request_of(request_kind::clear),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(leaving 1 clear cover 1), #1.draw(leaving 1 clear)"); // #2 left at once
  p.push_back(update_by(dt_quarter));
  EXPECT_EQ(model_motion_of_last(p), ""); // #0 is done, but #1 still leaves above it
  p.push_back(update_by(dt_quarter));
  EXPECT_EQ(model_motion_of_last(p), "~#1, ~#0");
  expect_agreement(p);
}

// ---- pop(t) and clear(t) ----

// pop(t): the popped state leaves over t.leave instead of by its declared transition.
TEST(model_transitions, pop_with_a_transition_leaves_over_its_time) {
  program p{push(moving(named::world, none)),
            push(moving(named::pause, fade_half, freeze)),
            commit(),
            request_of(request_kind::finish_transitions),
            leaving_by(request_kind::pop, leave_fifth),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 1), #1.draw(leaving 1 pop)");
  p.push_back(update_by(dt_eighth));
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 0.375), #1.draw(leaving 0.375 pop)");
  p.push_back(update_by(dt_eighth));
  EXPECT_EQ(model_motion_of_last(p), update_of(0, "update", 0.125) + ", ~#1");
  expect_agreement(p);
}

// pop({}) makes a state that declares a fade leave at once; pop(t) during an arrival turns it
// back from its presence, over t.leave.
TEST(model_transitions, pop_with_a_transition_overrides_the_declared_one) {
  program p{push(moving(named::world, none)),
            push(moving(named::pause, fade_half, live)),
            push(moving(named::audio, fade_half, live)),
            commit(),
            update_by(dt_eighth), // both arrive at 0.25
            leaving_by(request_kind::pop, none),
            leaving_by(request_kind::pop, leave_fifth),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_revealed 1 pop cover 0.25), "
                                    "#1.draw(leaving 0.25 pop)"); // #2 went at the commit
  p.push_back(update_by(dt_eighth));
  EXPECT_EQ(model_motion_of_last(p), update_of(0, "update", 0.125) + ", ~#1");
  expect_agreement(p);
}

// clear(t): the entered states leave over t.leave; one not entered yet never arrives.
TEST(model_transitions, clear_with_a_transition_gives_it_to_the_entered_states) {
  program p{push(moving(named::world, none)),
            commit(),
            push(moving(named::pause, fade_half, live)),
            leaving_by(request_kind::clear, slow_leave),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(leaving 1 clear)");
  p.push_back(update_by(dt_quarter));
  p.push_back(update_by(dt_quarter));
  EXPECT_EQ(model_motion_of_last(p), "~#0");
  expect_agreement(p);
}

// A bad t is refused and pops nothing; pop(t) on an empty stack is an empty stack's error.
TEST(model_transitions, pop_and_clear_refuse_a_bad_transition) {
  program p{leaving_by(request_kind::pop, fade_half)};
  EXPECT_EQ(model_trace_of_last(p, true), "error empty_stack");
  p.push_back(push(moving(named::world, fade_half)));
  p.push_back(commit());
  p.push_back(leaving_by(request_kind::pop, negative));
  EXPECT_EQ(model_trace_of_last(p, true), "error bad_transition");
  p.push_back(leaving_by(request_kind::clear, not_a_number));
  EXPECT_EQ(model_trace_of_last(p, true), "error bad_transition");
  p.push_back(commit());
  EXPECT_EQ(model_hooks_of_last(p), ""); // still staged: nothing to do
  expect_agreement(p);
}

// pop(t) with t.input_passes lets events pass the leaving state.
TEST(model_transitions, pop_with_a_transition_that_lets_events_pass) {
  item level = state(named::world);
  level.consumes = true;
  const program p{push(level),
                  push(moving(named::pause, fade_half, freeze)),
                  commit(),
                  request_of(request_kind::finish_transitions),
                  leaving_by(request_kind::pop, passing),
                  commit(),
                  request_of(request_kind::handle)};
  EXPECT_EQ(model_trace_of_last(p, true), "#0.handle, handled");
  expect_agreement(p);
}

// ---- input ----

// An event stops at a state that arrives or leaves, consumed, without calling it; one whose
// transition lets events pass lets it through (it does not get it either).
TEST(model_transitions, events_stop_at_a_moving_state_unless_it_lets_them_pass) {
  item level = state(named::world);
  level.consumes = true;
  program p{push(level), push(moving(named::pause, fade_half, freeze)), commit(),
            request_of(request_kind::handle)};
  EXPECT_EQ(model_trace_of_last(p, true), "handled");
  p.push_back(request_of(request_kind::pop));
  p.push_back(push(moving(named::audio, passing, transparent)));
  p.push_back(commit());
  p.push_back(request_of(request_kind::handle));
  EXPECT_EQ(model_trace_of_last(p, true), "#0.handle, handled");
  expect_agreement(p);
}

// ---- time ----

// A dt of 0 and a time scale of 0 above it move nothing; an infinite dt ends a transition; the
// time scales above a state slow it (R32).
TEST(model_transitions, time_moves_transitions_as_it_moves_the_states_above) {
  program p{push(moving(named::world, none)),
            push(moving(named::pause, fade_half, live)),
            push(given(state(named::audio), none, live)),
            commit(),
            update_by(dt_zero),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_covered 1 push), #1.draw(arriving 0 push cover 1), #2.draw");
  p.push_back(kept_time_scale(0, 2)); // the audio above it: 0.5
  p.push_back(update_by(dt_quarter));
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(
      model_hooks_of_last(p),
      "#0.draw(being_covered 1 push cover 0.25), #1.draw(arriving 0.25 push cover 1), #2.draw");
  p.push_back(kept_time_scale(0, scale_zero));
  p.push_back(update_by(dt_infinite));
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(
      model_hooks_of_last(p),
      "#0.draw(being_covered 1 push cover 0.25), #1.draw(arriving 0.25 push cover 1), #2.draw");
  p.push_back(kept_time_scale(0, 0));
  p.push_back(update_by(dt_infinite));
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(covered 1 cover 1), #1.draw(covered 1 cover 1), #2.draw");
  expect_agreement(p);
}

// ---- the transition of an entry ----

// .transition() at push overrides the type's; a bad one is refused and changes nothing; on a
// handle kept past the enter it counts from the next departure (an arrival under way keeps what
// it started with).
TEST(model_transitions, transitions_at_push_and_on_kept_handles) {
  program p{push(moving(named::world, none)), push(given(state(named::pause), fade_half, freeze)),
            push(given(state(named::audio), not_a_number, live))};
  EXPECT_EQ(model_trace_of_last(p, true), "[push audio@2 id 3], error bad_transition");
  p.push_back(commit());
  p.push_back(kept_transition(1, none)); // the pause: {} from its departure on
  EXPECT_EQ(model_trace_of_last(p, true), "");
  p.push_back(kept_transition(0, negative));
  EXPECT_EQ(model_trace_of_last(p, true), "error bad_transition");
  p.push_back(update_by(dt_eighth));
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_covered 1 push cover 0.25), #1.draw, #2.draw"); // still arriving
  p.push_back(kept_transition(0, leave_fifth));                            // the audio
  p.push_back(request_of(request_kind::pop));
  p.push_back(request_of(request_kind::pop));
  p.push_back(commit());
  p.push_back(request_of(request_kind::draw));
  // The audio leaves from 1 over 0.2 s; the pause leaves at once, and waits for it, undrawn.
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_revealed 1 pop cover 1), #2.draw");
  p.push_back(update_by(dt_quarter));
  EXPECT_EQ(model_motion_of_last(p), update_of(0, "update", 0.25) + ", ~#2, ~#1");
  expect_agreement(p);
}

// finish_transitions() ends every transition at once, leaving states destroyed top first; like a
// pass, it is refused inside a hook (R24).
TEST(model_transitions, finish_transitions_ends_everything_and_is_refused_inside_hooks) {
  program p{arm(op_kind::arm_hook, static_cast<std::uint8_t>(hook_kind::update), named::world,
                request_of(request_kind::finish_transitions)),
            push(moving(named::world, none)),
            push(moving(named::pause, fade_half, live)),
            commit(),
            request_of(request_kind::finish_transitions),
            request_of(request_kind::pop),
            commit(),
            update_by(dt_eighth)};
  EXPECT_EQ(model_trace_of_last(p, true), update_of(0, "update", 0.125) + ", error reentrant_call");
  p.push_back(request_of(request_kind::finish_transitions));
  EXPECT_EQ(model_motion_of_last(p), "~#1");
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(present 1)");
  expect_agreement(p);
}

// ---- limits ----

// R20: a borrowed state leaves at once whatever its transition: the stack keeps nothing of it to
// draw once the commit that exits it returns.
TEST(model_transitions, a_borrowed_state_leaves_at_once) {
  program p{push(moving(named::world, none)),
            push(given(lender(0), fade_half)),
            commit(),
            request_of(request_kind::finish_transitions),
            request_of(request_kind::pop),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(present 1)");
  expect_agreement(p);
}

// R25: a state whose exit throws has still left, and leaves over its time; one whose enter throws
// never arrives.
TEST(model_transitions, a_throwing_exit_still_leaves_and_a_throwing_enter_never_arrives) {
  if (!exceptions_on) {
    GTEST_SKIP() << "hooks cannot throw";
  }
  program p{arm(op_kind::arm_throw, static_cast<std::uint8_t>(hook_kind::exit), named::pause),
            arm(op_kind::arm_throw, static_cast<std::uint8_t>(hook_kind::enter), named::audio),
            push(moving(named::world, none)),
            push(moving(named::pause, leave_fifth, freeze)),
            commit(),
            request_of(request_kind::pop),
            commit(),
            commit(),
            request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 1), #1.draw(leaving 1 pop)");
  p.push_back(push(moving(named::audio, fade_half)));
  p.push_back(commit());
  EXPECT_EQ(model_motion_of_last(p), "#0.pause, #2.enter, ~#2"); // it threw: the commit stops
  p.push_back(request_of(request_kind::draw));
  EXPECT_EQ(model_hooks_of_last(p),
            "#0.draw(being_revealed 1 pop cover 1), #1.draw(leaving 1 pop)");
  expect_agreement(p);
}

// R26: the destructor destroys the states leaving with the others, in order, as no time passes
// any more: the ones above a state before it, what is left below the last at the end.
TEST(model_transitions, the_destructor_destroys_leaving_states_top_first) {
  const program p{push(moving(named::world, leave_fifth)),
                  commit(),
                  request_of(request_kind::pop),
                  commit(),
                  push(moving(named::title, fade_half, live)),
                  push(moving(named::pause, fade_half, live)),
                  commit(),
                  update_by(dt_eighth),
                  request_of(request_kind::pop),
                  commit()};
  EXPECT_EQ(model_destruction_of(p), "#1.unfocus, #1.exit, ~#2, ~#1, ~#0");
  expect_agreement(p);
}

// ---- programs on which the model and the core of 4837455 disagreed ----
// (the model follows the rules; each comment says what that core did; the commits after it fixed
// the core, each with a test in tests/stack_transitions_hostile_test.cpp)

// Only the end of a transition is rounded to: an arrival under a tiny time scale has moved. The
// core rounded a presence within 1e-5 of either bound to it, so it stayed at 0.
TEST(model_transitions_fault, a_transition_moves_by_steps_below_the_end_tolerance) {
  const program p{push(moving(named::world, none)),
                  push(moving(named::pause, fade_half, live)),
                  push(given(state(named::audio), none, live)),
                  kept_time_scale(0, scale_tiny),
                  commit(),
                  update_by(0),
                  request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_covered 1 push cover 3.33333346e-32), "
                                    "#1.draw(arriving 3.33333346e-32 push cover 1), #2.draw");
  expect_agreement(p);
}

// R32: a scale changed by an update hook counts from the next pass, for the transitions too. The
// core moved them by the scales as the hooks had left them.
TEST(model_transitions_fault, a_scale_changed_in_an_update_counts_from_the_next_pass) {
  const program p{arm(op_kind::arm_hook, static_cast<std::uint8_t>(hook_kind::update), named::audio,
                      kept_time_scale(0, scale_zero)),
                  push(moving(named::world, none)),
                  push(moving(named::pause, fade_half, live)),
                  push(given(state(named::audio), none, live)),
                  commit(),
                  update_by(dt_eighth),
                  request_of(request_kind::draw)};
  EXPECT_EQ(
      model_hooks_of_last(p),
      "#0.draw(being_covered 1 push cover 0.25), #1.draw(arriving 0.25 push cover 1), #2.draw");
  expect_agreement(p);
}

// A departure that starts within 1e-5 of its end still needs an update that moves it. The core
// ended it at an update with a dt of 0.
TEST(model_transitions_fault, an_update_that_moves_nothing_ends_no_departure) {
  const program p{push(moving(named::world, none)),
                  push(moving(named::pause, fade_half, live)),
                  push(given(state(named::audio), none, live)),
                  kept_time_scale(0, scale_tiny),
                  commit(),
                  update_by(0),
                  request_of(request_kind::pop),
                  request_of(request_kind::pop),
                  commit(),
                  update_by(dt_zero),
                  request_of(request_kind::draw)};
  EXPECT_EQ(model_hooks_of_last(p), "#0.draw(being_revealed 1 pop cover 3.33333346e-32), "
                                    "#1.draw(leaving 3.33333346e-32 pop)");
  expect_agreement(p);
}

// R26: a state done leaving below committed ones is destroyed after them. The core destroyed it
// as soon as the state leaving above it had gone.
TEST(model_transitions_fault, the_destructor_keeps_the_order_of_a_state_done_leaving) {
  const program p{push(moving(named::world, leave_fifth)),
                  commit(),
                  request_of(request_kind::pop),
                  commit(),
                  push(moving(named::title, none, live)),
                  push(moving(named::pause, none, live)),
                  push(moving(named::audio, slow_leave, live)),
                  commit(),
                  request_of(request_kind::pop),
                  commit(),
                  update_by(dt_quarter)}; // world is done; audio, above it, still leaves
  EXPECT_EQ(model_destruction_of(p), "#2.unfocus, #2.exit, ~#3, ~#2, #1.resume, #1.exit, ~#1, ~#0");
  expect_agreement(p);
}

} // namespace
} // namespace strata_model
