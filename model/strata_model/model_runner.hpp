// model/strata_model/model_runner.hpp: plays one program on the real stack and on the model side by
// side and compares them after every operation (the trace, and what model_compare.hpp compares:
// both views entry by entry, describe(), pending(), live states, in_transition() and
// presence_of()), checks the lifecycle invariants on the trace, and shrinks a failing program to
// a short one for the report. The functions are compiled once, into the strata_model library
// (model/src/model_runner.cpp): a test that plays programs no longer compiles the real side's
// requests, its staging and the runner.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "model_harness.hpp"
#include "model_probes.hpp"
#include "model_program.hpp"
// What a test that plays programs reads besides: the lifecycle checker, the printer of programs
// (to_cpp()) and the recorded events.
#include "model_invariants.hpp"
#include "model_print.hpp"
#include "model_trace.hpp"

namespace strata_model {

struct run_options {
  std::size_t throw_at_call = 0; // the n-th hook call throws (1-based; 0: none)
  // Looks at the real stack after operation i; a non-empty answer is a failure.
  std::function<std::string(const real_stack&, std::size_t i)> inspect;
};

struct run_result {
  std::string failure;        // empty when the two sides agreed all along
  std::size_t hook_calls = 0; // before the destructor
  std::size_t throws = 0;     // hooks that threw
  std::size_t aborts = 0;     // destructions from inside a hook, each checked in a child process
  [[nodiscard]] bool ok() const { return failure.empty(); }
};

namespace detail {

template <class Stack, class Perform>
void apply(harness_core& core, Stack& stack, Perform perform, const op& o) {
  switch (o.kind) {
  case op_kind::request: perform(o.action); break;
  case op_kind::set_coalesced:
    stack.set_coalesced(o.value != 0);
    core.trace.setting(0, o.value);
    break;
  case op_kind::set_max_transitions:
    stack.set_max_transitions(o.value);
    core.trace.setting(1, o.value);
    break;
  case op_kind::set_max_depth:
    stack.set_max_depth(o.value);
    core.trace.setting(2, o.value);
    break;
  case op_kind::arm_throw:
    if (exceptions_on) {
      core.arms.arm(o);
    }
    break;
  case op_kind::arm_hook:
  case op_kind::arm_observer:
  case op_kind::arm_destructor: core.arms.arm(o); break;
  }
}

} // namespace detail

// Plays `p` on both sides, comparing them after every operation and at the stack's destruction.
run_result run_program(const program& p, const run_options& options = {});

// What the model alone records for the last operation of a program, as text: the hooks
// ("#id.hook", "#id.update(dt)", "#id.draw(leaving 0.5 pop)"), and with `steps` the observer's
// steps, errors and what close() and handle() returned too, with `destructions` the states
// destroyed ("~#id").
std::string model_trace_of_last(const program& p, bool steps = false, bool destructions = false);
std::string model_hooks_of_last(const program& p);
// R33: the hooks and the destructions, which transitions move away from the exits.
std::string model_motion_of_last(const program& p);

// Delta debugging: drops ever smaller chunks of operations, then items of push_first_on_top,
// then the options of the items left, keeping each change while the program still fails.
program shrink(program p, const std::function<bool(const program&)>& fails);

// The report for a failing program: the shortest failing program found, as C++, and why.
std::string failure_report(const program& failing, const run_options& options,
                           const std::string& origin);

} // namespace strata_model
