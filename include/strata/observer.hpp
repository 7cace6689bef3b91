// strata/observer.hpp: what an observer of a stack is told, for logging and debugging tools.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include "entry_id.hpp"

namespace strata {

enum class step {
  push,    // a request staged a state
  pop,     // a request unstaged a state
  discard, // a state that was never entered was destroyed without hooks
  enter,
  exit,
  pause,
  resume,
  focus,   // R29: became the settled top
  unfocus, // R29: stopped being it
};

constexpr std::string_view to_string(step s) {
  switch (s) {
  case step::push: return "push";
  case step::pop: return "pop";
  case step::discard: return "discard";
  case step::enter: return "enter";
  case step::exit: return "exit";
  case step::pause: return "pause";
  case step::resume: return "resume";
  case step::focus: return "focus";
  case step::unfocus: return "unfocus";
  }
  return "?";
}

// `depth` counts from 0 at the bottom: the staged position for push, pop and discard, the
// committed position for the lifecycle hooks. `state` is valid only during the call; `id` is the
// entry's identity (R31), which tells apart two entries of the same name.
struct step_info {
  strata::step step;
  std::string_view state;
  std::size_t depth;
  entry_id id = entry_id::none;
};

// Called after each step has happened. An observer may read the stack and make requests, but
// must not throw: an exception from it leaves the commit like one from a hook.
using observer = std::function<void(const step_info&)>;

} // namespace strata
