// model/strata_model/model_program.hpp: the operations that the randomized model test, the
// exception injection test and the fuzzer play against a stack, as plain data (model_print.hpp
// prints them as C++ lines for a failure report).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

#include <strata/error.hpp> // defines STRATA_NO_EXCEPTIONS when exceptions are off
#include <strata/observer.hpp>

#include "model_values.hpp"

namespace strata_model {

#ifdef STRATA_NO_EXCEPTIONS
inline constexpr bool exceptions_on = false;
#else
inline constexpr bool exceptions_on = true;
#endif

// Destroying the stack from inside one of its hooks ends the program (R24), so the harness tries
// it in a child process (model_death.hpp); where there is no fork(), programs never ask for it.
#if defined(__unix__) || defined(__APPLE__)
inline constexpr bool can_fork = true;
#else
inline constexpr bool can_fork = false;
#endif

// The state types of model_probes.hpp, told apart by the hooks they have. Each has all of enter,
// exit, pause and resume or none of them: the lifecycle checker (model_invariants.hpp) knows a
// state's steps by those hooks.
enum class probe_type : std::uint8_t {
  full,         // every hook but update_always
  lifecycle,    // enter, exit, pause, resume only
  virtual_base, // derives from strata::state: every hook, through virtual calls
  bare,         // no hook, no name, no modality
  background,   // lifecycle's, focus, update, update_always (R29, R30)
  scaled,       // full's hooks, and a declared time scale (item::declared_scale, R32)
  moving,       // full's hooks, a draw that reads its presence, a declared transition (R33)
};
inline constexpr std::array<std::string_view, 7> probe_type_names{
    "full_probe",       "lifecycle_probe", "virtual_probe", "bare_probe",
    "background_probe", "scaled_probe",    "moving_probe"};

enum class hook_kind : std::uint8_t {
  enter,
  exit,
  pause,
  resume,
  focus,   // R29
  unfocus, // R29
  update,
  update_covered,
  update_always, // R30
  draw,
  handle,
};
inline constexpr std::size_t hook_kind_count = 11;
inline constexpr std::array<std::string_view, hook_kind_count> hook_names{
    "enter",  "exit",           "pause",         "resume", "focus", "unfocus",
    "update", "update_covered", "update_always", "draw",   "handle"};

// The hooks a commit runs, one per step.
constexpr bool is_lifecycle(hook_kind hook) {
  return hook <= hook_kind::unfocus;
}
// The hooks that receive a dt.
constexpr bool is_update(hook_kind hook) {
  return hook == hook_kind::update || hook == hook_kind::update_covered ||
         hook == hook_kind::update_always;
}

constexpr std::uint16_t hook_bit(hook_kind hook) {
  return static_cast<std::uint16_t>(1U << static_cast<unsigned>(hook));
}

constexpr bool has_hook(probe_type type, hook_kind hook) {
  constexpr std::uint16_t every = (1U << hook_kind_count) - 1;
  constexpr std::uint16_t lifecycle = hook_bit(hook_kind::enter) | hook_bit(hook_kind::exit) |
                                      hook_bit(hook_kind::pause) | hook_bit(hook_kind::resume);
  switch (type) {
  case probe_type::full:
  case probe_type::scaled:
  case probe_type::moving: return hook != hook_kind::update_always;
  case probe_type::virtual_base: return (every & hook_bit(hook)) != 0;
  case probe_type::lifecycle: return (lifecycle & hook_bit(hook)) != 0;
  case probe_type::background:
    return ((lifecycle | hook_bit(hook_kind::focus) | hook_bit(hook_kind::update) |
             hook_bit(hook_kind::update_always)) &
            hook_bit(hook)) != 0;
  case probe_type::bare: return false;
  }
  return false;
}

// R33: whether the type's draw takes a `const strata::presence&` (and so records what it reads).
constexpr bool reads_presence(probe_type type) {
  return type == probe_type::moving;
}

inline constexpr std::size_t step_count = 9; // strata::step, push to unfocus

enum class ownership : std::uint8_t {
  pooled,   // push<T>(args...), or a state object moved in by push_first_on_top
  adopted,  // a std::unique_ptr
  borrowed, // strata::borrow() of one of the harness's two long-lived objects
  null,     // an empty std::unique_ptr
};

inline constexpr std::uint8_t no_choice = 255; // an optional field left out

// What .on_exit() a push is finished with.
inline constexpr std::uint8_t on_exit_plain = 1;   // f(T&)
inline constexpr std::uint8_t on_exit_context = 2; // f(Context&, T&)
inline constexpr std::uint8_t on_exit_throws = 3;  // f(T&) that throws (issue 10 item 11)
// f(T&) given by a second .on_exit(), replacing one whose capture pushes 'audio' when it is
// destroyed (issue 10 item 6).
inline constexpr std::uint8_t on_exit_replaced = 4;

// One state handed to push, replace or push_first_on_top, and how its push is finished (in the
// order of the fields: .name(), .modality(), .on_exit(), .time_scale(), .transition()).
struct item {
  probe_type type = probe_type::full;
  ownership own = ownership::pooled;
  std::uint8_t name = 0;                // what the state's own name() returns
  std::uint8_t declared = 0;            // the modality the state declares (modalities index)
  std::uint8_t modality = no_choice;    // .modality() at push
  std::uint8_t rename = no_choice;      // .name() at push
  std::uint8_t on_exit = 0;             // 0: none, or one of the on_exit_* kinds below
  std::uint8_t borrow_slot = 0;         // which long-lived object, when borrowed
  bool consumes = false;                // what its handle() returns
  std::uint8_t declared_scale = 0;      // a scaled_probe's declared time scale (time_scales index)
  std::uint8_t scale = no_choice;       // .time_scale() at push (time_scales index)
  std::uint8_t declared_transition = 0; // a moving_probe's declared transition (transitions index)
  std::uint8_t transition = no_choice;  // .transition() at push (transitions index)
};

// The two long-lived objects that programs borrow. What the stack reads from them (name,
// modality, handle's answer) never changes, so that a new stay on the stack, which gives an
// object a new id, cannot change what the stack sees of an entry it is still unstaging.
inline item lender(std::uint8_t slot) {
  item made;
  made.own = ownership::borrowed;
  made.borrow_slot = slot;
  made.name = slot == 0 ? 1 : 4;
  made.declared = slot == 0 ? 2 : 4;
  made.consumes = slot == 0;
  return made;
}

// The requests that change the staged stack (R1) come first, up to pop_to; the exception
// injection test relies on that order.
enum class request_kind : std::uint8_t {
  push,
  push_first_on_top,
  pop,
  replace,
  clear,
  pop_until_name,
  pop_until_depth, // pop_until with a predicate on entry_view::depth()
  close,           // R31: close(id), the id chosen by request::which
  pop_to,
  set_time_scale, // R32: .time_scale() on a kept handle (request::depth: the newest first)
  set_transition, // R33: .transition() on a kept handle (request::depth: the newest first)
  commit,
  update, // with request::dt
  draw,
  handle,
  frame,              // with request::dt
  finish_transitions, // R33
  destroy,            // the stack's destructor, from inside a hook or the observer: it must abort
};

// Whose id close() is given (R31). The harness keeps the handles of the last pushes and replaces
// (model_real.hpp and model_world.hpp alike); request::depth picks one of them, or a staged entry
// counted from the top.
enum class close_target : std::uint8_t {
  kept,    // the id of a kept handle: staged, committed on its way out, or gone long ago
  staged,  // the id of a staged entry (none if the staged stack is not that deep)
  self,    // the state whose hook runs (stack.id_of(*this)), or the observer's step_info::id
  none,    // entry_id::none
  unknown, // an id no entry ever had
};
inline constexpr std::size_t close_target_count = 5;
inline constexpr std::size_t kept_handles = 4; // the newest pushes whose handles the harness keeps
// The id that close_target::unknown names: far beyond the stagings of any program.
constexpr std::uint64_t unknown_id(std::uint8_t index) {
  return (std::uint64_t{1} << 40U) + index;
}

// Something asked of the stack, from outside or from inside a hook or the observer.
struct request {
  request_kind kind = request_kind::commit;
  std::uint8_t count = 0; // items used: 1 for push and replace, 1-4 for push_first_on_top
  std::array<item, 4> items{};
  std::uint8_t name = 0; // pop_until_name
  std::uint8_t depth =
      0; // pop_until_depth, pop_to, close, set_time_scale, set_transition; frame: its events
  std::uint8_t which = 0;      // close: a close_target
  std::uint8_t scale = 0;      // set_time_scale: a time_scales index
  std::uint8_t transition = 0; // set_transition: a transitions index
  // R33: pop and clear: pop(t) and clear(t) with t = transitions[leaving], or no_choice for
  // pop() and clear()
  std::uint8_t leaving = no_choice;
  std::uint8_t dt = 0; // update, frame: a dts index
};

enum class op_kind : std::uint8_t {
  request,
  set_coalesced,
  set_max_transitions,
  set_max_depth,
  arm_hook,       // make `action` from inside the next `hook` of a state named `target`; with
                  // value 1 the hook lets a strata::error from it escape (R25 applies)
  arm_observer,   // make `action` from inside the observer at the next step `trigger`
  arm_throw,      // the next `hook` of a state named `target` throws
  arm_destructor, // make `action` from inside the destructor of the next state named `target`
                  // (issue 10 item 2); the stack's own states and the harness's alike
};

inline constexpr std::uint8_t fires_forever = 255; // op::times of an arm that never wears out

struct op {
  op_kind kind = op_kind::request;
  request action;           // the request, or what an arm makes
  std::uint8_t trigger = 0; // a hook_kind, or a strata::step for arm_observer
  std::uint8_t target = any_name;
  std::size_t value =
      0; // the new setting; for arm_hook, whether errors escape the hook; for
         // arm_observer, whether the observer then replaces itself (issue 10 item 4)
  std::uint8_t times = 1; // how many times an arm fires, or fires_forever
};

using program = std::vector<op>;

// ---- building programs by hand (the exception injection test, regressions) ----

inline item state(std::uint8_t name, probe_type type = probe_type::full) {
  item made;
  made.type = type;
  made.name = name;
  return made;
}

inline op make_request(request_kind kind, std::uint8_t argument = 0) {
  op made;
  made.action.kind = kind;
  made.action.name = argument;
  made.action.depth = argument;
  return made;
}

inline op push(const item& what) {
  op made = make_request(request_kind::push);
  made.action.count = 1;
  made.action.items[0] = what;
  return made;
}

inline op replace(const item& what) {
  op made = push(what);
  made.action.kind = request_kind::replace;
  return made;
}

inline op push_first_on_top(std::initializer_list<item> what) {
  op made = make_request(request_kind::push_first_on_top);
  for (const item& each : what) {
    made.action.items[made.action.count++] = each;
  }
  return made;
}

// close(id) of the `target` chosen as close_target says, `index` picking among several.
inline op close_by(close_target target, std::uint8_t index = 0) {
  op made = make_request(request_kind::close, index);
  made.action.which = static_cast<std::uint8_t>(target);
  return made;
}

// .time_scale(time_scales[scale]) on the handle of the index-th newest push.
inline op kept_time_scale(std::uint8_t index, std::uint8_t scale) {
  op made = make_request(request_kind::set_time_scale, index);
  made.action.scale = scale;
  return made;
}

// .transition(transitions[which]) on the handle of the index-th newest push.
inline op kept_transition(std::uint8_t index, std::uint8_t which) {
  op made = make_request(request_kind::set_transition, index);
  made.action.transition = which;
  return made;
}

// R33: pop(transitions[which]) or clear(transitions[which]).
inline op leaving_by(request_kind kind, std::uint8_t which) {
  op made = make_request(kind);
  made.action.leaving = which;
  return made;
}

// update(dts[dt]).
inline op update_by(std::uint8_t dt) {
  op made = make_request(request_kind::update);
  made.action.dt = dt;
  return made;
}

inline op setting(op_kind kind, std::size_t value) {
  op made;
  made.kind = kind;
  made.value = value;
  return made;
}

inline op arm(op_kind kind, std::uint8_t trigger, std::uint8_t target, const op& action = {}) {
  op made;
  made.kind = kind;
  made.trigger = trigger;
  made.target = target;
  made.action = action.action;
  return made;
}

inline op commit() {
  return make_request(request_kind::commit);
}

// What the capture of an on_exit_replaced item's first callback requests when it is destroyed.
inline request audio_push() {
  return push(state(named::audio)).action;
}

// ---- R33: the same program with its transitions off (model_on_off.hpp) ----

// Whether transitions[which] is a transition the stack takes (the others it refuses).
constexpr bool takes_transition(std::uint8_t which) {
  return which % transitions.size() < valid_transitions;
}

// `r` with every transition it declares or gives taken out: its moving_probes declare none
// (moving_probe<0>, whose draw still reads its presence), .transition(t) at push is left out,
// pop(t) and clear(t) become pop() and clear(), and .transition(t) on a kept handle becomes
// .transition({}). A transition the stack refuses stays: it fails with errc::bad_transition and
// changes nothing, with transitions on or off, so both runs report the same error.
inline request without_transitions(request r) {
  for (std::size_t i = 0; i < r.count; ++i) {
    item& what = r.items[i];
    what.declared_transition = 0;
    if (what.transition != no_choice && takes_transition(what.transition)) {
      what.transition = no_choice;
    }
  }
  if (r.leaving != no_choice && takes_transition(r.leaving)) {
    r.leaving = no_choice;
  }
  if (r.kind == request_kind::set_transition && takes_transition(r.transition)) {
    r.transition = 0;
  }
  return r;
}

// The program with transitions off: every request, from outside and armed, without its
// transitions. finish_transitions() stays, and does nothing as nothing moves.
inline program without_transitions(program p) {
  for (op& o : p) {
    o.action = without_transitions(o.action);
  }
  return p;
}

} // namespace strata_model
