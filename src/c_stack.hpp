// src/c_stack.hpp: what a strata_stack handle points to: a strata::stack of C states, the memory
// everything comes from, the observer, the last error, and the bookkeeping that refuses what a
// callback must not do (start a commit in the middle of a request, destroy the stack).
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string_view>

#include <strata/stack.hpp>
#include <strata/strata.h>
#include <strata/strata_trace.h>

#include "c_errors.hpp"
#include "c_memory.hpp"
#include "c_state.hpp"

namespace strata::capi {
using core_stack = strata::stack<c_context, c_event>;

// The trace installed on a stack (strata_set_trace()), and the trace's link back to the stack,
// set and cleared together (c_api_trace.cpp).
class trace_link {
public:
  trace_link() = default;
  trace_link(const trace_link&) = delete;
  trace_link& operator=(const trace_link&) = delete;
  trace_link(trace_link&&) = delete;
  trace_link& operator=(trace_link&&) = delete;
  // Frees the trace to be destroyed.
  ~trace_link();

  // `trace` (or none) in place of the one linked, which is freed.
  void link(strata_trace* trace, strata_stack* stack);

private:
  strata_trace* trace_ = nullptr;
};
} // namespace strata::capi

struct strata_stack {
  strata_stack(void* env, const strata_options* options);
  strata_stack(const strata_stack&) = delete;
  strata_stack& operator=(const strata_stack&) = delete;
  strata_stack(strata_stack&&) = delete;
  strata_stack& operator=(strata_stack&&) = delete;
  ~strata_stack() = default;

  [[nodiscard]] strata::capi::core_stack& core() { return core_; }
  // The pointer given to strata_create, which every callback gets.
  [[nodiscard]] void* env() const { return context_.env; }
  [[nodiscard]] const strata::capi::core_stack& core() const { return core_; }
  [[nodiscard]] strata::capi::c_memory& memory() { return memory_; }
  [[nodiscard]] const strata::capi::c_memory& memory() const { return memory_; }
  // Where the names given at push are copied: pooled like the states, so that a steady game
  // loop allocates nothing.
  [[nodiscard]] strata::capi::name_pool& names() { return names_; }

  // Runs a request, a setting or anything else legal at any moment. `what` names the C
  // function ("strata_pop()") for messages.
  template <class Body>
  int request(const char* what, Body&& body) noexcept {
    if (const int refused = check_call(what); refused != STRATA_OK) {
      return refused;
    }
    return guarded(what, false, std::forward<Body>(body));
  }

  // Runs a commit, a pass, a frame or strata_finish_transitions() (R33). Inside the callbacks of
  // another of these the core refuses it with its own message; inside the callbacks of a request
  // (an observer, a destroy callback) the core would not know, so it is refused here.
  template <class Body>
  int run(const char* what, Body&& body) noexcept {
    if (const int refused = check_call(what); refused != STRATA_OK) {
      return refused;
    }
    if (depth_ > 0 && !hooks_running_) {
      return refuse(what);
    }
    return guarded(what, true, std::forward<Body>(body));
  }

  // STRATA_OK when the stack may be called now, or the error it reported: it refuses every call
  // from inside its allocator, which runs while the stack is in the middle of a change.
  int check_call(const char* what) const;
  // Whether reads of the stack are safe now: false inside its allocator.
  [[nodiscard]] bool readable() const { return !memory_.serving(); }

  // Whether strata_destroy() may destroy the stack now: not from inside any of its callbacks.
  // Returns STRATA_OK, or the error it reported.
  int check_destroy();
  // Marks the stack as being destroyed, so that its callbacks may still make requests (which
  // are ignored) but not destroy it again. The destructor runs next.
  void begin_destroy();

  void set_observer(strata_observer_fn observer, void* user);
  // strata_set_trace(): installs `trace` (or none) as the core's probe. May throw, as the core's
  // set_probe() may, changing nothing.
  void set_trace(strata_trace* trace);
  // strata_step_id(): the entry of the step the observer is being told, none outside it.
  [[nodiscard]] strata::entry_id step_id() const { return told_; }
  // strata_fail(): fails the state callback under way, or reports why it cannot.
  int fail_callback(const char* message);

  // Records a failure as the last error and returns `code`. The message, the parts joined, is
  // cut to fit.
  int fail(int code, std::initializer_list<std::string_view> message) const noexcept;
  [[nodiscard]] const char* last_error() const { return last_message_.data(); }
  [[nodiscard]] int last_error_code() const { return last_code_; }

private:
  // One C API call under way; calls nest when a callback calls into the stack. A callback's
  // own call suspends it as the one strata_fail() may fail.
  class call_scope {
  public:
    call_scope(strata_stack& owner, const char* what, bool runs_hooks);
    call_scope(const call_scope&) = delete;
    call_scope& operator=(const call_scope&) = delete;
    ~call_scope();

  private:
    strata_stack& owner_;
    strata::capi::callback_failures::suspended failable_;
  };

  template <class Body>
  int guarded(const char* what, bool runs_hooks, Body&& body) noexcept {
    const call_scope scope{*this, what, runs_hooks};
    return strata::capi::contain(
        std::forward<Body>(body),
        [this](int code, std::string_view message, std::string_view detail) {
          return fail(code, {message, detail});
        });
  }

  int refuse(const char* what) const;
  void notify(const strata::step_info& info);
  static strata::options core_options(const strata_options* options, strata_stack& owner);

  strata::capi::c_memory memory_;
  strata::capi::name_pool names_;
  strata::capi::callback_failures failures_;
  strata::capi::c_context context_;
  strata_observer_fn observer_ = nullptr;
  void* observer_user_ = nullptr;
  bool observer_installed_ = false;
  strata::entry_id told_ = strata::entry_id::none; // see step_id()
  mutable int last_code_ = STRATA_OK;
  mutable std::array<char, strata::capi::message_capacity> last_message_{};
  int depth_ = 0;                   // C API calls under way
  const char* outermost_ = nullptr; // the C API call the others run inside, for messages
  bool hooks_running_ = false;      // that call is a run() or strata_destroy()
  bool destroying_ = false;         // strata_destroy() is under way
  // Before the core, so that it is destroyed after it: the core's destructor tells the trace its
  // last steps, and only then may the trace be destroyed.
  strata::capi::trace_link trace_;
  // Last, so that it is destroyed first: the exit callbacks that its destructor runs still find
  // everything above alive.
  strata::capi::core_stack core_;
};

namespace strata::capi {

// The core's settings by default, where the C API's limits of 0 get their values.
inline const strata::options default_options{};

// A limit of the C API: 0 means the core's default (strata_options, strata_set_max_depth, ...).
[[nodiscard]] inline std::size_t limit_or_default(std::size_t limit, std::size_t default_limit) {
  return limit != 0 ? limit : default_limit;
}

// The C state of an entry: every state on a C stack is a c_state or a c_state_with.
[[nodiscard]] c_state& state_of(const core_stack::view::value_type& entry);

// What the C API tells about one entry of a view.
[[nodiscard]] strata_entry to_entry(const core_stack::view::value_type& entry);

// A handle on the staged entry at `depth`, whose id is `id`, as its push returned it: the core
// sets an entry's time scale (R32) and transition (R33) through its handle only, and has no call
// that finds an entry by id for them. It does nothing if that entry is no longer there.
[[nodiscard]] core_stack::pushed<c_state> staged_handle(core_stack& core, std::size_t depth,
                                                        strata::entry_id id);

// The ids of the C API are the core's (R31).
[[nodiscard]] inline strata_id to_id(strata::entry_id id) {
  return static_cast<strata_id>(id);
}
[[nodiscard]] inline strata::entry_id from_id(strata_id id) {
  return static_cast<strata::entry_id>(id);
}

} // namespace strata::capi
