// tests/model_on_off_test.cpp: R33's promise that a transition changes when states are drawn and
// destroyed, never the hooks (model/strata_model/model_on_off.hpp), pinned: a program written by
// hand whose hooks are checked in both runs, what without_transitions() makes of each form of
// transition, and the check itself catching each broken invariant in a run doctored to break it.
// tests/model_test.cpp plays the check on random programs, the fuzzer on its inputs. Ids in the
// traces are the harness's: the n-th state a program makes is #n-1.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <strata/stack.hpp>

#include "strata_model/model_on_off.hpp"

namespace strata_model {
namespace {

// transitions indices (model_values.hpp).
constexpr std::uint8_t fade_half = 2;   // fade(0.5F)
constexpr std::uint8_t leave_fifth = 4; // {.leave = 0.2F}
constexpr std::uint8_t negative = 7;    // {.arrive = -1.0F}: refused
// modalities and dts indices.
constexpr std::uint8_t freeze = 2;
constexpr std::uint8_t dt_eighth = 3, dt_quarter = 4;

op arm_of(op_kind kind, hook_kind hook, std::uint8_t target, const op& action = {}) {
  return arm(kind, static_cast<std::uint8_t>(hook), target, action);
}

// A level, and over it a pause menu that freezes it, consumes events and fades in and out in
// 0.5 s: an event comes and an update hook throws while it arrives, it is popped mid-arrival,
// options are pushed over it while it leaves, then everything is cleared while it moves; the
// tail of alike_on_and_off() ends every transition and sends an event. alike_on_and_off() drops
// the pop armed in draw hooks (the runs draw differently). Ids: level #0, pause #1, options #2,
// title #3.
program fading_pause() {
  item pause = state(named::pause, probe_type::moving);
  pause.declared_transition = fade_half;
  pause.declared = freeze;
  pause.consumes = true;
  item options = state(named::options);
  options.transition = leave_fifth;
  return alike_on_and_off({
      push(state(named::world)),
      commit(),
      push(pause),
      commit(),
      update_by(dt_eighth),
      make_request(request_kind::handle), // the pause arrives: the event stops there
      arm_of(op_kind::arm_throw, hook_kind::update, named::pause),
      update_by(dt_eighth), // throws (with exceptions): the pause stays at 0.25
      make_request(request_kind::draw),
      leaving_by(request_kind::pop, fade_half), // turns the arrival back
      commit(),
      make_request(request_kind::draw),
      push(options), // over the leaving pause
      commit(),
      make_request(request_kind::draw),
      update_by(dt_quarter), // the pause is done leaving
      arm_of(op_kind::arm_hook, hook_kind::draw, any_name, make_request(request_kind::pop)),
      leaving_by(request_kind::clear, leave_fifth),
      commit(),
      make_request(request_kind::draw),
      push(state(named::title)),
      commit(),
  });
}

// What of a run `keep` keeps, as text.
std::string text_of(const on_off_run& run, bool (*keep)(const event&)) {
  return to_string(detail::kept_events(run.events, keep));
}
// The hooks both runs must share, leaving out the observer's steps (compared too) to be short.
bool shared_hook(const event& e) {
  return detail::compared_always(e) && e.kind != event_kind::observed;
}

template <class Side>
void expect_the_same_hooks(const char* side) {
  SCOPED_TRACE(side);
  const program p = fading_pause();
  const on_off_run on = detail::play_recorded<Side>(p);
  const on_off_run off = detail::play_recorded<Side>(without_transitions(p));
  // Without exceptions nothing throws, and the pause gets to 0.5 before it is popped.
  const std::string thrown = exceptions_on ? "#1.update throws, exception caught, " : "";
  const std::string reached = exceptions_on ? "0.25" : "0.5";
  const std::string hooks =
      "#0.enter, #0.focus, #0.pause, #1.enter, #0.unfocus, #1.focus, #1.update(0.125), "
      "#1.update(0.125), " +
      thrown +
      "#1.unfocus, #1.exit, #0.resume, "
      "#0.focus, #0.pause, #2.enter, #0.unfocus, #2.focus, #0.update_covered(0.25), "
      "#2.update(0.25), #2.unfocus, #2.exit, #0.resume, #0.exit, #3.enter, #3.focus, ~stack, "
      "#3.unfocus, pending()=true leaving()=true, #3.exit, pending()=true leaving()=true";
  EXPECT_EQ(text_of(on, shared_hook), hooks);
  EXPECT_EQ(text_of(off, shared_hook), hooks);
  // The draws differ: the level under the arriving and the leaving pause, which is drawn; the
  // level and the options while they leave after clear.
  EXPECT_EQ(text_of(on, detail::is_draw), "#0.draw, #1.draw(arriving " + reached +
                                              " push), #0.draw, #1.draw(leaving " + reached +
                                              " pop), #2.draw, #0.draw, #2.draw");
  EXPECT_EQ(text_of(off, detail::is_draw), "#0.draw, #1.draw(present 1), #0.draw, #2.draw");
  // The event that the arriving pause stops is consumed without a hook; once nothing moves, the
  // last event reaches the title in both.
  EXPECT_EQ(text_of(on, detail::is_input), "handled, #3.handle, not handled");
  EXPECT_EQ(text_of(off, detail::is_input), "#1.handle, handled, #3.handle, not handled");
  const on_off_result result = check_on_off<Side>(p);
  EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
  EXPECT_EQ(result.moving, 18U); // operations 3-15 and 17-21
}

TEST(model_on_off, a_pause_fading_in_and_out_runs_the_same_hooks_with_transitions_off) {
  expect_the_same_hooks<model_world>("the model");
  expect_the_same_hooks<real_side>("the real stack");
  const run_result agreement = run_program(fading_pause());
  EXPECT_TRUE(agreement.ok()) << agreement.failure;
}

TEST(model_on_off, without_transitions_keeps_only_the_refused_ones) {
  item pause = state(named::pause, probe_type::moving);
  pause.declared_transition = fade_half;
  pause.transition = leave_fifth;
  item refused = state(named::title);
  refused.transition = negative;
  const program p{
      push(pause),
      push(refused),
      leaving_by(request_kind::pop, fade_half),
      leaving_by(request_kind::clear, negative),
      kept_transition(0, fade_half),
      kept_transition(1, negative),
      arm_of(op_kind::arm_hook, hook_kind::enter, any_name,
             leaving_by(request_kind::clear, leave_fifth)),
      make_request(request_kind::finish_transitions),
  };
  EXPECT_EQ(to_cpp(without_transitions(p)),
            "  /* 0 */ s.push<moving_probe<{}>>(\"pause\", screen);\n"
            "  /* 1 */ s.push<full_probe>(\"title\", screen).transition({.arrive = -1.0F});\n"
            "  /* 2 */ s.pop();\n"
            "  /* 3 */ s.clear({.arrive = -1.0F});\n"
            "  /* 4 */ std::move(kept[0]).transition({});\n"
            "  /* 5 */ std::move(kept[1]).transition({.arrive = -1.0F});\n"
            "  /* 6 */ when(any, enter) { s.clear(); }\n"
            "  /* 7 */ s.finish_transitions();\n");
}

// ---- the check catches each broken invariant ----

// fading_pause()'s operations that the doctored runs below break.
constexpr std::size_t draw_under_leaving_pause = 11;
constexpr std::size_t update_after_push_over_it = 15;
constexpr std::size_t finish = 21;
constexpr std::size_t last_event = 22;

// `run` with `e` added at the end of operation i's events.
on_off_run with_event(on_off_run run, std::size_t i, const event& e) {
  run.events.insert(run.events.begin() + static_cast<std::ptrdiff_t>(run.ends[i]), e);
  for (std::size_t j = i; j < run.ends.size(); ++j) {
    ++run.ends[j];
  }
  return run;
}
// `run` without the first event of operation i that prints as `text`.
on_off_run without_event(on_off_run run, std::size_t i, const std::string& text) {
  const auto from = run.events.begin() + static_cast<std::ptrdiff_t>(i == 0 ? 0 : run.ends[i - 1]);
  const auto to = run.events.begin() + static_cast<std::ptrdiff_t>(run.ends[i]);
  const auto found = std::find_if(from, to, [&](const event& e) { return to_string(e) == text; });
  EXPECT_NE(found, to) << text;
  if (found != to) {
    run.events.erase(found);
    for (std::size_t j = i; j < run.ends.size(); ++j) {
      --run.ends[j];
    }
  }
  return run;
}

class model_on_off_check : public ::testing::Test {
protected:
  // The real stack's run of the program and of the program without transitions.
  const program p = fading_pause();
  const on_off_run on = detail::play_recorded<real_side>(p);
  const on_off_run off = detail::play_recorded<real_side>(without_transitions(p));

  // The failure the check reports when the run with transitions is `doctored`.
  [[nodiscard]] std::string failure_with(const on_off_run& doctored) const {
    EXPECT_TRUE(compare_on_off(p, on, off).ok()) << compare_on_off(p, on, off).failure;
    return compare_on_off(p, doctored, off).failure;
  }
};

TEST_F(model_on_off_check, catches_an_update_of_a_leaving_state) {
  const event update{event_kind::hook, static_cast<std::uint8_t>(hook_kind::update), 0, 1, 0};
  const std::string failure = failure_with(with_event(on, update_after_push_over_it, update));
  EXPECT_EQ(failure.substr(0, failure.find('\n')), "after /* 15 */ s.update(0.25);");
  EXPECT_NE(failure.find("hooks with transitions:    #0.update_covered(0.25), #2.update(0.25), "
                         "#1.update(0)"),
            std::string::npos)
      << failure;
}

TEST_F(model_on_off_check, catches_a_frame_that_draws_less) {
  const std::string failure = failure_with(without_event(on, draw_under_leaving_pause, "#0.draw"));
  EXPECT_NE(failure.find("#0 is drawn without transitions, not with them"), std::string::npos)
      << failure;
}

TEST_F(model_on_off_check, catches_a_leaving_state_destroyed_twice) {
  const event twice{event_kind::destroyed, 0, 0, 2, 0};
  const std::string failure = failure_with(with_event(on, finish, twice));
  EXPECT_NE(failure.find("#2 destroyed twice"), std::string::npos) << failure;
}

TEST_F(model_on_off_check, catches_a_leaving_state_never_destroyed) {
  const std::string failure = failure_with(without_event(on, finish, "~#2"));
  EXPECT_NE(failure.find("after /* 21 */ s.finish_transitions();\n  with nothing in transition, "
                         "destroyed in one run only: #2 (without)"),
            std::string::npos)
      << failure;
}

TEST_F(model_on_off_check, catches_input_blocked_once_nothing_moves) {
  const std::string failure = failure_with(without_event(on, last_event, "#3.handle"));
  EXPECT_NE(failure.find("input with transitions:    not handled"), std::string::npos) << failure;
}

TEST_F(model_on_off_check, catches_a_transition_left_by_finish_transitions) {
  on_off_run doctored = on;
  doctored.moments[finish] |= on_off_run::moving_after;
  const std::string failure = failure_with(doctored);
  EXPECT_NE(failure.find("still in transition after finish_transitions()"), std::string::npos)
      << failure;
}

} // namespace
} // namespace strata_model
