// strata/probe.hpp: what a probe of a stack is told (R36): the begin and the end of every hook
// call, every request, every step the observer hears of, every change made through a push's
// handle, and the frames. For tracing tools (trace_recorder.hpp records them); a stack without a
// probe pays nothing for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "entry_id.hpp"
#include "modality.hpp"
#include "observer.hpp"

namespace strata {

// The hooks a stack calls: the lifecycle ones during a commit, the others during the passes.
enum class hook : std::uint8_t {
  enter,
  exit,
  pause,
  resume,
  focus,
  unfocus,
  update,
  update_covered,
  update_always, // R30
  draw,
  handle,
};

constexpr std::string_view to_string(hook h) {
  switch (h) {
  case hook::enter: return "enter";
  case hook::exit: return "exit";
  case hook::pause: return "pause";
  case hook::resume: return "resume";
  case hook::focus: return "focus";
  case hook::unfocus: return "unfocus";
  case hook::update: return "update";
  case hook::update_covered: return "update_covered";
  case hook::update_always: return "update_always";
  case hook::draw: return "draw";
  case hook::handle: return "handle";
  }
  return "?";
}

// One hook call. `depth` counts from 0 at the bottom of the committed stack (for an entry leaving
// over time, R33, the depth it left from). `state` is valid only during the probe's call.
// `frame`: the number of the frame last begun (0 before the first).
struct hook_call {
  strata::hook hook;
  entry_id id;
  std::string_view state;
  std::size_t depth;
  std::uint64_t frame;
};

// One request admitted (R1): `what` is "push()", "pop()", "replace()", "clear()", "pop_to()",
// "pop_until()", "close()", "push_first_on_top()", "restore()"; valid for as long as the program
// runs. `from` is the hook call that made it, or null; then `where` says where it came from:
// "outside any hook", "from inside the observer", "during commit()" (a destructor the commit runs),
// "from inside the error handler" (also valid for as long as the program runs).
struct request_call {
  std::string_view what;
  const hook_call* from;
  std::string_view where;
  std::uint64_t frame;
};

// One step, as the observer is told of it (R22), with the entry's modality as it stands.
struct step_call {
  step_info info;
  strata::modality mode;
  std::uint64_t frame;
};

// An entry's name, modality or time scale changed through the handle its push returned
// (`.name()`, `.modality()`, `.time_scale()`): all three as they stand after the change. `depth` is
// the entry's in the staged stack (and in the committed one, if it has entered). A handle kept past
// the enter changes what the probe heard of at the enter (R16, R21, R32).
struct change_call {
  entry_id id;
  std::string_view state;
  std::size_t depth;
  strata::modality mode;
  float time_scale;
  std::uint64_t frame;
};

// Installed with stack::set_probe(&p); the stack does not own it. Override what you need. A probe
// watches: it may read the stack (describe(), the views), but a request, commit, pass or frame
// from it is refused (errc::reentrant_call), and it must not throw (R36).
class probe {
public:
  probe() = default;
  probe(const probe&) = default;
  probe& operator=(const probe&) = default;
  probe(probe&&) = default;
  probe& operator=(probe&&) = default;
  virtual ~probe() = default;

  // Around each call of a hook that the state has; the end comes however the hook ends, also by
  // an exception.
  virtual void hook_begin(const hook_call& /*call*/) {}
  virtual void hook_end(const hook_call& /*call*/) {}
  // As each request is admitted, before it changes anything.
  virtual void request(const request_call& /*call*/) {}
  // After each step, before the observer hears of it.
  virtual void step(const step_call& /*call*/) {}
  // After each change through a push's handle.
  virtual void changed(const change_call& /*call*/) {}
  // stack::frame(), or the game's own begin_frame() and end_frame().
  virtual void frame_begin(std::uint64_t /*frame*/) {}
  virtual void frame_end(std::uint64_t /*frame*/) {}
};

} // namespace strata
