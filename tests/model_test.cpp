// tests/model_test.cpp: randomized programs played on strata::stack and on the reference model
// (model/strata_model/model.hpp) side by side, compared after every operation (issue 2). By
// default a million operations over programs of 50-200 operations; STRATA_MODEL_OPS and
// STRATA_MODEL_SEED change that. A failing program is shrunk and printed as C++ with the seed that
// reproduces it.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <strata/stack.hpp>

#include "strata_model/model_decode.hpp"
#include "strata_model/model_on_off.hpp"
#include "strata_model/model_runner.hpp"

namespace strata_model {
namespace {

std::uint64_t from_environment(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 0) : fallback;
}

// Program i of a run starts from seed + i, so STRATA_MODEL_SEED=<that> STRATA_MODEL_OPS=1 plays
// exactly that program again.
program random_program(std::uint64_t seed) {
  random_source source(seed);
  const std::size_t length = 50 + source.below(151);
  return decode_program(source, length);
}

TEST(model, random_programs_match_the_reference_model) {
  const std::uint64_t budget = from_environment("STRATA_MODEL_OPS", 1'000'000);
  const std::uint64_t first_seed = from_environment("STRATA_MODEL_SEED", 20'240'601);
  std::uint64_t played = 0;
  std::uint64_t programs = 0;
  std::uint64_t aborts = 0;
  while (played < budget) {
    const std::uint64_t seed = first_seed + programs;
    const program p = random_program(seed);
    const run_result result = run_program(p);
    if (!result.ok()) {
      FAIL() << failure_report(
          p, {}, "STRATA_MODEL_SEED=" + std::to_string(seed) + " STRATA_MODEL_OPS=1 reproduces it");
    }
    played += p.size();
    aborts += result.aborts;
    ++programs;
  }
  RecordProperty("operations", std::to_string(played));
  RecordProperty("programs", std::to_string(programs));
  RecordProperty("destructions_from_hooks", std::to_string(aborts));
  if (can_fork && budget >= 10'000) {
    EXPECT_GT(aborts, 0U) << "no program destroyed the stack from inside a hook";
  }
}

// R33: transitions change when states are drawn and destroyed, never the hooks. The programs of
// the test above (from the same seeds), each played on the real stack as it is and again without
// its transitions (model/strata_model/model_on_off.hpp says what the two runs must share). An
// eighth as many operations: each costs two runs of the real stack, and the model test takes
// about a sixth longer than without this one.
TEST(model, random_programs_run_the_same_hooks_with_transitions_off) {
  const std::uint64_t budget = (from_environment("STRATA_MODEL_OPS", 1'000'000) + 7) / 8;
  const std::uint64_t first_seed = from_environment("STRATA_MODEL_SEED", 20'240'601);
  std::uint64_t played = 0;
  std::uint64_t programs = 0;
  std::uint64_t moving = 0; // operations with something in transition around them
  while (played < budget) {
    const std::uint64_t seed = first_seed + programs;
    const program p = alike_on_and_off(random_program(seed));
    const on_off_result result = check_on_off(p);
    if (!result.ok()) {
      FAIL() << on_off_report(p, "STRATA_MODEL_SEED=" + std::to_string(seed) +
                                     " STRATA_MODEL_OPS=1 reproduces it");
    }
    played += p.size();
    moving += result.moving;
    ++programs;
  }
  RecordProperty("operations", std::to_string(played));
  RecordProperty("programs", std::to_string(programs));
  RecordProperty("operations_in_transition", std::to_string(moving));
  if (budget >= 10'000) { // the default, and CI's valgrind step
    EXPECT_GT(moving * 20, played) << "fewer than one operation in 20 had something in transition";
  }
}

// R24: destroying the stack from inside each kind of hook, and from the observer, ends the
// program with the message the model expects (each in a child process; the run goes on).
TEST(model, destroying_the_stack_from_every_hook_aborts_where_the_model_says) {
  if (!can_fork) {
    GTEST_SKIP() << "no fork() on this platform";
  }
  const op destroy = make_request(request_kind::destroy);
  item see_through = state(1, probe_type::virtual_base); // every hook
  see_through.modality = 4; // transparent: the state below gets every pass
  for (std::uint8_t hook = 0; hook < hook_kind_count; ++hook) {
    SCOPED_TRACE(hook_names[hook]);
    // a is entered, focused, paused by b, unfocused, resumed, focused, unfocused and exited;
    // both get each pass on the way.
    const program p{
        arm(op_kind::arm_hook, hook, any_name, destroy),
        push(state(0, probe_type::virtual_base)),
        make_request(request_kind::frame, 1),
        push(see_through),
        make_request(request_kind::frame, 1),
        make_request(request_kind::pop),
        make_request(request_kind::frame, 1),
        make_request(request_kind::clear),
        make_request(request_kind::commit),
    };
    const run_result result = run_program(p);
    EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
    EXPECT_EQ(result.aborts, 1U);
  }
  for (std::uint8_t step = 0; step < step_count; ++step) {
    SCOPED_TRACE(strata::to_string(static_cast<strata::step>(step)));
    const program p{
        arm(op_kind::arm_observer, step, any_name, destroy),
        push(state(2)),
        make_request(request_kind::pop), // discarded before it entered
        push(state(0)),
        push(state(1)),
        make_request(request_kind::commit),
        make_request(request_kind::pop),
        make_request(request_kind::commit),
    };
    const run_result result = run_program(p);
    EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
    EXPECT_EQ(result.aborts, 1U);
  }
}

// The checker itself must catch what it is there for.
TEST(model, lifecycle_checker_rejects_an_exit_below_the_top) {
  lifecycle_checker checker;
  const std::vector<event> trace{
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::enter), 0, 0},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::enter), 0, 0},
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::pause), 0, 0},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::pause), 0, 0},
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::enter), 0, 1},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::enter), 1, 1},
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::exit), 0, 0},
  };
  EXPECT_FALSE(checker.feed(trace));
  EXPECT_EQ(checker.problem(), "event 6: #0.exit on a state that is not the committed top");
}

TEST(model, lifecycle_checker_rejects_a_paused_exit_unless_coalesced) {
  const std::vector<event> trace{
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::enter), 0, 0},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::enter), 0, 0},
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::pause), 0, 0},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::pause), 0, 0},
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::exit), 0, 0},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::exit), 0, 0},
      {event_kind::destroyed, 0, 0, 0},
  };
  lifecycle_checker plain;
  EXPECT_FALSE(plain.feed(trace));
  EXPECT_EQ(plain.problem(), "event 4: #0.exit on a paused state without resume first");

  lifecycle_checker coalesced;
  std::vector<event> with_setting{{event_kind::setting, 0, 0, 1}};
  with_setting.insert(with_setting.end(), trace.begin(), trace.end());
  EXPECT_TRUE(coalesced.feed(with_setting)) << coalesced.problem();
  EXPECT_TRUE(coalesced.finish()) << coalesced.problem();
}

TEST(model, lifecycle_checker_rejects_a_destroyed_state_that_never_exited) {
  lifecycle_checker checker;
  const std::vector<event> trace{
      {event_kind::hook, static_cast<std::uint8_t>(hook_kind::enter), 0, 3},
      {event_kind::observed, static_cast<std::uint8_t>(strata::step::enter), 2, 0},
      {event_kind::destroyed, 0, 0, 3},
  };
  EXPECT_FALSE(checker.feed(trace));
  EXPECT_EQ(checker.problem(), "event 2: #3 destroyed without exit");
}

// The shrinker keeps only what the failure needs.
TEST(model, shrinking_keeps_the_operations_a_failure_needs) {
  random_source source(7);
  program p = decode_program(source, 120);
  p.insert(p.begin() + 40, push(state(5)));
  p.insert(p.begin() + 90, make_request(request_kind::pop_to, 4));
  const auto fails = [](const program& candidate) {
    bool pushed = false;
    for (const op& o : candidate) {
      pushed = pushed || (o.kind == op_kind::request && o.action.kind == request_kind::push &&
                          o.action.items[0].name == 5);
      if (pushed && o.kind == op_kind::request && o.action.kind == request_kind::pop_to &&
          o.action.depth == 4) {
        return true;
      }
    }
    return false;
  };
  const program shortest = shrink(p, fails);
  ASSERT_EQ(shortest.size(), 2U);
  EXPECT_EQ(to_cpp(shortest[1]), "s.pop_to(4);");
}

// R4's worked example and its coalesced form (R9): the model says what the brief says, and the
// real stack agrees. Ids: system #0, title #1, world #2, options #3, audio #4. R29: the focused
// world gets unfocus before its exit, and only audio, the top at the end, gets focus.
TEST(model, worked_example_agrees) {
  const std::array<std::string, 2> expected{
      "#2.unfocus, #2.exit, #1.resume, #1.pause, #3.enter, #3.pause, #4.enter, #4.focus",
      "#2.unfocus, #2.exit, #3.enter, #3.pause, #4.enter, #4.focus"};
  for (const std::size_t coalesced : {0, 1}) {
    const program p{
        setting(op_kind::set_coalesced, coalesced),
        push(state(0)),
        push(state(1)),
        push(state(2)),
        make_request(request_kind::commit),
        make_request(request_kind::pop),
        push(state(3)),
        push(state(4)),
        make_request(request_kind::commit),
    };
    EXPECT_EQ(model_hooks_of_last(p), expected[coalesced]);
    const run_result result = run_program(p);
    EXPECT_TRUE(result.ok()) << result.failure;
  }
}

// R23, R25: the depth-limit example of docs/semantics.md. Each spawner's enter pushes another and
// lets the error escape; the third push fails inside the third enter, so that spawner leaves
// without exit and the one below stays paused until the next commit resumes it (R29: and
// focuses it).
TEST(model, depth_limit_inside_enter_agrees) {
  program p{setting(op_kind::set_max_depth, 3)};
  for (int i = 0; i < 3; ++i) {
    op spawn = arm(op_kind::arm_hook, static_cast<std::uint8_t>(hook_kind::enter), any_name,
                   push(state(2)));
    spawn.value = 1; // the error escapes the hook
    p.push_back(spawn);
  }
  p.push_back(push(state(2)));
  p.push_back(make_request(request_kind::commit));
  if (exceptions_on) {
    EXPECT_EQ(model_hooks_of_last(p), "#0.enter, #0.pause, #1.enter, #1.pause, #2.enter");
  }
  p.push_back(make_request(request_kind::commit));
  if (exceptions_on) {
    EXPECT_EQ(model_hooks_of_last(p), "#1.resume, #1.focus");
  }
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure;
}

// R10, R22: a push_first_on_top that fails stages nothing, so the observer hears of nothing (the
// harness destroys the state object it was handed).
TEST(model_regression, failed_push_first_on_top_tells_the_observer_nothing) {
  item null_item = state(0, probe_type::virtual_base);
  null_item.own = ownership::null;
  const program p{push_first_on_top({null_item, state(1)})};
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
}

// R10, R8, R22: an observer that tries to commit while push_first_on_top stages cannot make a
// failing call destroy a state that entered (the real stack once did: no exit, and a committed
// entry left pointing at the destroyed state); since R22 the attempt is a reentrant_call.
TEST(model_regression, failed_push_first_on_top_never_destroys_an_entered_state) {
  item null_item = state(0, probe_type::virtual_base);
  null_item.own = ownership::null;
  const program p{
      arm(op_kind::arm_observer, static_cast<std::uint8_t>(strata::step::push), any_name,
          make_request(request_kind::commit)),
      push_first_on_top({null_item, state(1)}),
      make_request(request_kind::commit),
  };
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
}

// R19, R22: requests that the observer makes on a push do not cost that push its .name(),
// .modality() or .on_exit().
TEST(model_regression, observer_pushing_on_push_keeps_the_push_handle) {
  item finished = state(1);
  finished.rename = 2;
  finished.modality = 4;
  finished.on_exit = 1;
  const program p{
      arm(op_kind::arm_observer, static_cast<std::uint8_t>(strata::step::push), 1, push(state(3))),
      push(finished),
      make_request(request_kind::commit),
      make_request(request_kind::clear),
      make_request(request_kind::commit),
  };
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
}

// R16, R13, R22: .modality() at push counts for the passes. An observer once ran a frame during
// the push, which entered the state and drew before .modality() applied, and the real stack kept
// drawing through stale pass lists; since R22 that frame is a reentrant_call.
TEST(model_regression, push_modality_counts_after_an_observer_frame) {
  item hud = state(1);
  hud.modality = 4; // transparent: the state below is drawn too
  const program p{
      push(state(0)),
      make_request(request_kind::commit),
      arm(op_kind::arm_observer, static_cast<std::uint8_t>(strata::step::push), any_name,
          make_request(request_kind::frame)),
      push(hud),
      make_request(request_kind::draw),
  };
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
}

// R26: a request that a hook makes while the stack is destroyed is ignored, even one that would
// fail: reporting it would throw out of the destructor. (The real stack checked a unique_ptr for
// null before it looked whether it takes requests at all.)
TEST(model_regression, invalid_request_during_destruction_is_ignored) {
  item null_item = state(0);
  null_item.own = ownership::null;
  const program p{
      push(state(3, probe_type::virtual_base)),
      make_request(request_kind::commit),
      arm(op_kind::arm_hook, static_cast<std::uint8_t>(hook_kind::exit), 3, push(null_item)),
  };
  const run_result result = run_program(p);
  EXPECT_TRUE(result.ok()) << result.failure << to_cpp(p);
}

// R20: the same borrowed object is staged at most once, also when the observer borrows it while
// replace() unstages the top (replace checks the object before it unstages, stages it after).
// Outside the model harness, which never lends an object twice at once.
struct lent {};
struct other {};

TEST(model_regression, replace_never_stages_a_borrowed_object_twice) {
  lent object;
  bool armed = true; // read by the observer up to the stack's destructor
  strata::stack<> s;
  const auto attempt = [](auto request) {
#ifndef STRATA_NO_EXCEPTIONS
    try {
      request();
    } catch (const strata::error&) {
    }
#else
    request();
#endif
  };
  s.set_error_handler([](const strata::error&) {});
  s.set_observer([&](const strata::step_info& info) {
    if (armed && info.step == strata::step::pop) {
      armed = false;
      attempt([&] { s.push(strata::borrow(object)); });
    }
  });
  s.push<other>();
  attempt([&] { s.replace(strata::borrow(object)); });
  std::size_t copies = 0;
  for (const auto e : s.staged()) {
    copies += e.get<lent>() == &object ? 1 : 0;
  }
  EXPECT_LE(copies, 1U) << s.staged().size() << " staged";
}

} // namespace
} // namespace strata_model
