// strata/detail/running_guard.hpp: what code of the game is running inside a stack right now
// (a hook, the observer, the error handler, code a request runs), so that the stack can refuse
// what must wait (R24, R25, R26) and say where a misuse happened. It knows nothing of states or
// types: the stack tells it what starts and ends.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "message.hpp"

namespace strata::detail {

// finishing: R33's finish_transitions(), which destroys leaving states, whose destructors are game
// code that must not start a commit or a pass in the middle of it. applying_posts: R35, the start
// of a commit, where the callables posted from other threads make their requests.
enum class activity : unsigned char {
  idle,
  applying_posts,
  committing,
  updating,
  drawing,
  handling,
  finishing,
  destroying
};

class running_guard {
public:
  // R23: an observer that reacts to the steps of its own requests is told of them inside its own
  // call; past this depth its requests are refused, before the native stack runs out.
  static constexpr std::size_t max_observer_nesting = 64;
  // A committed depth fits 32 bits: the stack's arrays hold at most 2^32 - 1 entries.
  static constexpr std::uint32_t no_depth = static_cast<std::uint32_t>(-1);
  // R36: the request_code of a probe's call: a probe watches, so what it starts is refused.
  static constexpr const char probe_code[] = "the probe";

  // The depth of an unfocus as 32 bits, beside the activity: 40 bytes, not 48 (issue 12,
  // sizeof(stack)).
  const char* hook = nullptr;          // the lifecycle hook running, e.g. "enter"
  const char* current_request = "";    // the last request admitted, e.g. "pop()"
  const char* request_code = nullptr;  // set while game code runs for that request
  std::size_t observer_nesting = 0;    // observer calls under way, one inside another
  std::uint32_t unfocusing = no_depth; // R29: the depth whose unfocus runs, off the top
  activity now = activity::idle;
  bool in_error_handler = false; // options::on_error is running (no exceptions)

  [[nodiscard]] bool observing() const { return observer_nesting > 0; }
  // Whether a commit or pass may start: nothing of the game's runs inside the stack.
  [[nodiscard]] bool idle() const {
    return now == activity::idle && !observing() && request_code == nullptr;
  }
  // Whether the stack may be destroyed now.
  [[nodiscard]] bool may_end() const { return idle() && !in_error_handler; }
  // Whether where() names a state, the one whose hook runs; the caller looks its name up.
  [[nodiscard]] bool in_hook() const {
    return !in_error_handler && request_code == nullptr && now == activity::committing &&
           hook != nullptr;
  }
  // Whether a request now comes from a hook or the observer of a commit, for the runaway log.
  [[nodiscard]] bool pushing_in_commit() const {
    return now == activity::committing && (hook != nullptr || observing());
  }

  // "from inside 'pause'.enter()", "during update()", ...; `hook_owner` is read when in_hook().
  [[nodiscard]] std::string where(std::string_view hook_owner) const {
    if (in_error_handler) {
      return "from inside the error handler";
    }
    if (request_code == probe_code) {
      return "from inside the probe";
    }
    if (request_code != nullptr) {
      return join({"during ", request_code});
    }
    if (now == activity::committing && hook != nullptr) {
      return join({"from inside '", hook_owner, "'.", hook, "()"});
    }
    return std::string{where_outside_hooks()};
  }

  // where() when no lifecycle hook and no code a request runs is running: the observer, or the
  // commit or pass under way (R36: a probe's request_call reads it).
  [[nodiscard]] std::string_view where_outside_hooks() const {
    if (in_error_handler) {
      return "from inside the error handler";
    }
    if (observing()) {
      return "from inside the observer";
    }
    switch (now) {
    case activity::applying_posts: return "from inside a posted callable";
    case activity::committing: return "during commit()";
    case activity::updating: return "during update()";
    case activity::drawing: return "during draw()";
    case activity::handling: return "during handle()";
    case activity::finishing: return "during finish_transitions()";
    case activity::destroying: return "while the stack is being destroyed";
    case activity::idle: break;
    }
    return "outside any hook";
  }

  // The message for a request, commit or pass started by code another request runs (R24).
  [[nodiscard]] std::string inside_request_message(const char* what) const {
    if (request_code == probe_code) {
      return join({"strata: ", what,
                   " called from inside the probe; a probe watches the stack and may not change "
                   "it (R36)"});
    }
    return join({"strata: ", what, " called during ", request_code, ", from code that ",
                 request_code,
                 " runs (a state's constructor, destructor, move or save(), or a predicate)"});
  }
  // The message for a commit or pass started from a hook, a pass or the observer; `where` is
  // what where() said.
  [[nodiscard]] std::string reentrant_message(const char* what, std::string_view where) const {
    const bool in_commit = now == activity::committing || now == activity::applying_posts;
    return join({"strata: ", what, " called ", where, "; requests made there take effect at the ",
                 in_commit ? "running" : "next", " commit"});
  }
  [[nodiscard]] static std::string observer_runaway_message(const char* what) {
    return join({"strata: ", what, " called from an observer nested ",
                 std::to_string(max_observer_nesting),
                 " calls deep; the observer keeps reacting to the steps of its own requests"});
  }
};

// Marks a commit or a pass as running for as long as it lives.
class activity_scope {
public:
  activity_scope(running_guard& guard, activity now)
      : guard_(guard) {
    guard_.now = now;
  }
  activity_scope(const activity_scope&) = delete;
  activity_scope& operator=(const activity_scope&) = delete;
  // Only `now`: the one place that names a running hook (stack_steps' run_hook()) puts the
  // name back itself, on every way out.
  ~activity_scope() { guard_.now = activity::idle; }

private:
  running_guard& guard_;
};

// Marks a value of the guard for as long as it lives, however the scope ends: the hook that
// runs, the code a request runs, the depth of an unfocus.
template <class T>
class marked {
public:
  marked(T& field, T value)
      : field_(field)
      , outer_(std::exchange(field, value)) {}
  marked(const marked&) = delete;
  marked& operator=(const marked&) = delete;
  ~marked() { field_ = outer_; }

private:
  T& field_;
  T outer_;
};

} // namespace strata::detail
