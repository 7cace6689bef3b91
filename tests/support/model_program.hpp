// tests/support/model_program.hpp: the operations that the randomized model test, the exception
// injection test and the fuzzer play against a stack, as plain data, and how they print as C++
// lines for a failure report.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <strata/error.hpp> // defines STRATA_NO_EXCEPTIONS when exceptions are off
#include <strata/modality.hpp>
#include <strata/observer.hpp>

namespace strata_model {

#ifdef STRATA_NO_EXCEPTIONS
inline constexpr bool exceptions_on = false;
#else
inline constexpr bool exceptions_on = true;
#endif

// A name of 300 bytes with a NUL byte in the middle (issue 10 item 3): longer than any small-name
// storage.
inline constexpr std::array<char, 300> long_name_bytes = [] {
  std::array<char, 300> bytes{};
  for (char& c : bytes) {
    c = 'n';
  }
  bytes[150] = '\0';
  return bytes;
}();

// Few names, so that pop_until and armed hooks often find their target. Index 6 is the name
// strata derives for bare_probe, which declares none; the last two, with NUL bytes (issue 10
// item 3), are given only by .name() at push.
inline constexpr std::array<std::string_view, 9> state_names{
    "system",
    "title",
    "world",
    "options",
    "audio",
    "pause",
    "bare_probe",
    std::string_view("nul\0name", 8),
    std::string_view(long_name_bytes.data(), long_name_bytes.size())};
inline constexpr std::uint8_t bare_name = 6;
// The other indices of state_names, for programs written by hand.
namespace named {
inline constexpr std::uint8_t system = 0, title = 1, world = 2, options = 3, audio = 4, pause = 5;
inline constexpr std::uint8_t nul_name = 7, long_nul_name = 8; // given only by .name()
} // namespace named
inline constexpr std::uint8_t rename_count = 8; // the names .name() gives: all but bare_probe
constexpr std::uint8_t rename_choice(std::uint32_t n) {
  return static_cast<std::uint8_t>(n < bare_name ? n : n + 1);
}
inline constexpr std::uint8_t any_name = 255;     // an arm that any state's hook fires
inline constexpr std::uint8_t unknown_name = 254; // a name outside state_names

// Destroying the stack from inside one of its hooks ends the program (R24), so the harness tries
// it in a child process (tests/support/model_death.hpp); where there is no fork(), programs never
// ask for it.
#if defined(__unix__) || defined(__APPLE__)
inline constexpr bool can_fork = true;
#else
inline constexpr bool can_fork = false;
#endif

inline constexpr std::array<strata::modality, 5> modalities{
    strata::modality::screen, strata::modality::opaque, strata::modality::freeze,
    strata::modality::live, strata::modality::transparent};
inline constexpr std::array<std::string_view, 5> modality_names{"screen", "opaque", "freeze",
                                                                "live", "transparent"};

// The state types of tests/support/model_real.hpp, told apart by the hooks they have.
enum class probe_type : std::uint8_t {
  full,         // every hook
  lifecycle,    // enter, exit, pause, resume only
  virtual_base, // derives from strata::state: every hook, through virtual calls
  bare,         // no hook, no name, no modality
};
inline constexpr std::array<std::string_view, 4> probe_type_names{"full_probe", "lifecycle_probe",
                                                                  "virtual_probe", "bare_probe"};

enum class hook_kind : std::uint8_t {
  enter,
  exit,
  pause,
  resume,
  update,
  update_covered,
  draw,
  handle,
};
inline constexpr std::size_t hook_kind_count = 8;
inline constexpr std::array<std::string_view, hook_kind_count> hook_names{
    "enter", "exit", "pause", "resume", "update", "update_covered", "draw", "handle"};

constexpr bool is_lifecycle(hook_kind hook) {
  return hook <= hook_kind::resume;
}

constexpr bool has_hook(probe_type type, hook_kind hook) {
  switch (type) {
  case probe_type::full:
  case probe_type::virtual_base: return true;
  case probe_type::lifecycle: return is_lifecycle(hook);
  case probe_type::bare: return false;
  }
  return false;
}

inline constexpr std::size_t step_count = 7;

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

// One state handed to push, replace or push_first_on_top, and how its push is finished.
struct item {
  probe_type type = probe_type::full;
  ownership own = ownership::pooled;
  std::uint8_t name = 0;             // what the state's own name() returns
  std::uint8_t declared = 0;         // the modality the state declares (modalities index)
  std::uint8_t modality = no_choice; // .modality() at push
  std::uint8_t rename = no_choice;   // .name() at push
  std::uint8_t on_exit = 0;          // 0: none, or one of the on_exit_* kinds below
  std::uint8_t borrow_slot = 0;      // which long-lived object, when borrowed
  bool consumes = false;             // what its handle() returns
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
  pop_to,
  commit,
  update,
  draw,
  handle,
  frame,
  destroy, // the stack's destructor, from inside a hook or the observer: it must abort
};

// Something asked of the stack, from outside or from inside a hook or the observer.
struct request {
  request_kind kind = request_kind::commit;
  std::uint8_t count = 0; // items used: 1 for push and replace, 1-4 for push_first_on_top
  std::array<item, 4> items{};
  std::uint8_t name = 0;  // pop_until_name
  std::uint8_t depth = 0; // pop_until_depth, pop_to; the number of events for frame
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

// ---- printing ----

inline std::string quoted(std::uint8_t name) {
  if (name == any_name) {
    return "any";
  }
  if (name >= state_names.size()) {
    return "?";
  }
  const std::string_view text = state_names[name];
  if (text.find('\0') == std::string_view::npos) {
    return "\"" + std::string(text) + "\"";
  }
  if (name == named::long_nul_name) {
    return "std::string(300, 'n') /* with a NUL at 150 */";
  }
  std::string escaped;
  for (const char c : text) {
    escaped += c == '\0' ? std::string("\\0") : std::string(1, c);
  }
  return "std::string_view(\"" + escaped + "\", " + std::to_string(text.size()) + ")";
}

inline std::string item_arguments(const item& what) {
  std::string text = quoted(what.name);
  if (what.type != probe_type::bare) {
    text += ", " + std::string(modality_names[what.declared % modality_names.size()]);
  }
  return what.consumes ? text + ", consumes" : text;
}

// The expression that hands the item to the stack; `in_place` for push<T>(args...).
inline std::string item_expression(const item& what, bool in_place) {
  const std::string type(probe_type_names[static_cast<std::size_t>(what.type)]);
  switch (what.own) {
  case ownership::pooled:
    return in_place ? "<" + type + ">(" + item_arguments(what) + ")"
                    : type + "{" + item_arguments(what) + "}";
  case ownership::adopted: return "std::make_unique<" + type + ">(" + item_arguments(what) + ")";
  case ownership::borrowed:
    return "strata::borrow(lender[" + std::to_string(what.borrow_slot) + "] /* " +
           item_arguments(what) + " */)";
  case ownership::null: return "std::unique_ptr<" + type + ">()";
  }
  return "?";
}

inline std::string finishing(const item& what) {
  std::string text;
  if (what.rename != no_choice) {
    text += ".name(" + quoted(what.rename) + ")";
  }
  if (what.modality != no_choice) {
    text += ".modality(" + std::string(modality_names[what.modality % modality_names.size()]) + ")";
  }
  switch (what.on_exit) {
  case on_exit_plain: text += ".on_exit([](T& s) {...})"; break;
  case on_exit_context: text += ".on_exit([](world&, T& s) {...})"; break;
  case on_exit_throws: text += ".on_exit([](T& s) { throw ...; })"; break;
  case on_exit_replaced:
    text += ".on_exit([p = pushes_audio_when_destroyed{}](T& s) {...}).on_exit([](T& s) {...})";
    break;
  default: break;
  }
  return text;
}

inline std::string to_cpp(const request& r) {
  switch (r.kind) {
  case request_kind::push:
  case request_kind::replace: {
    const bool in_place = r.items[0].own == ownership::pooled;
    const std::string verb = r.kind == request_kind::push ? "push" : "replace";
    return "s." + verb + (in_place ? "" : "(") + item_expression(r.items[0], in_place) +
           (in_place ? "" : ")") + finishing(r.items[0]) + ";";
  }
  case request_kind::push_first_on_top: {
    std::string text = "s.push_first_on_top(";
    for (std::size_t i = 0; i < r.count; ++i) {
      text += (i == 0 ? "" : ", ") + item_expression(r.items[i], false);
    }
    return text + ");";
  }
  case request_kind::pop: return "s.pop();";
  case request_kind::clear: return "s.clear();";
  case request_kind::pop_until_name: return "s.pop_until(" + quoted(r.name) + ");";
  case request_kind::pop_until_depth:
    return "s.pop_until([](auto e) { return e.depth() == " + std::to_string(r.depth) + "; });";
  case request_kind::pop_to: return "s.pop_to(" + std::to_string(r.depth) + ");";
  case request_kind::commit: return "s.commit();";
  case request_kind::update: return "s.update(dt);";
  case request_kind::draw: return "s.draw();";
  case request_kind::handle: return "s.handle(input{});";
  case request_kind::frame: return "s.frame(dt, /* " + std::to_string(r.depth % 3) + " events */);";
  case request_kind::destroy: return "s.~stack(); // in a child process, which must abort";
  }
  return "?";
}

inline std::string to_cpp(const op& o) {
  const std::string hook = o.trigger < hook_kind_count ? std::string(hook_names[o.trigger]) : "?";
  const std::string times = o.times == 1 ? ""
                            : o.times == fires_forever
                                ? " /* every time */"
                                : " /* " + std::to_string(o.times) + " times */";
  switch (o.kind) {
  case op_kind::request: return to_cpp(o.action);
  case op_kind::set_coalesced:
    return std::string("s.set_coalesced(") + (o.value != 0 ? "true" : "false") + ");";
  case op_kind::set_max_transitions:
    return "s.set_max_transitions(" + std::to_string(o.value) + ");";
  case op_kind::set_max_depth: return "s.set_max_depth(" + std::to_string(o.value) + ");";
  case op_kind::arm_hook:
    return "when(" + quoted(o.target) + ", " + hook + ") { " + to_cpp(o.action) +
           (o.value != 0 ? " /* errors escape the hook */ }" : " }") + times;
  case op_kind::arm_observer:
    return "when_observer(step::" +
           std::string(strata::to_string(static_cast<strata::step>(o.trigger % step_count))) +
           ", " + quoted(o.target) + ") { " + to_cpp(o.action) +
           (o.value != 0 ? " s.set_observer(same_again); }" : " }") + times;
  case op_kind::arm_throw: return "when(" + quoted(o.target) + ", " + hook + ") { throw; }";
  case op_kind::arm_destructor:
    return "when_destroyed(" + quoted(o.target) + ") { " + to_cpp(o.action) + " }" + times;
  }
  return "?";
}

inline std::string to_cpp(const program& p) {
  std::string text;
  for (std::size_t i = 0; i < p.size(); ++i) {
    text += "  /* " + std::to_string(i) + " */ " + to_cpp(p[i]) + "\n";
  }
  return text;
}

} // namespace strata_model
