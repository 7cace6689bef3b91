// model/strata_model/model_trace.hpp: what the model test records about a run, the same way for the
// real stack and for the model: hooks with the id of the state they ran on (and the dt an update
// hook received, or the presence a draw read, R33), observer steps (with the entry's id), on_exit
// callbacks, destructions, errors and what close() returned. Events are small values so that a
// million operations compare quickly; they become text only for a failure report.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <strata/error.hpp>
#include <strata/observer.hpp>
#include <strata/transition.hpp>

#include "model_program.hpp"

namespace strata_model {

enum class event_kind : std::uint8_t {
  hook,      // what: hook_kind, value: state id, detail: the bits of the dt of an update hook;
             // a draw that read its presence (R33): name, see read_mark; detail, the bits of
             // its value (high half) and cover (low half)
  throws,    // the hook just recorded throws; what: hook_kind, value: state id
  on_exit,   // value: state id
  destroyed, // value: state id
  observed,  // what: strata::step, name: state_names index, value: depth, detail: entry id
  failed,    // what: strata::errc
  handled,   // what: whether handle() from outside returned true
  caught,    // a hook's exception left the operation
  setting,   // what: which (0 coalesced, 1 max_transitions, 2 max_depth), value: the new one
  teardown,  // the stack's destructor starts
  aborted,   // destroying the stack from a hook aborted; value: index of where, see recorder
  // Issue 10 items 10 and 5:
  queried,    // a hook during ~stack read pending() (what bit 0) and leaving() (bit 1)
  stale_name, // the observer's step_info::state changed during its own call
  closed,     // R31: what close() returned (what)
};

struct event {
  event_kind kind;
  std::uint8_t what = 0;
  std::uint8_t name = 0;
  std::int32_t value = 0;
  std::uint64_t detail = 0; // see event_kind

  friend bool operator==(const event&, const event&) = default;
};

// R33: a draw event's name field when the draw read its presence: this bit, the phase times 8 and
// the cause.
inline constexpr std::uint8_t read_mark = 0x80;

// "0.75": a float as it reads, to the last bit.
inline std::string number(float value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.9g", static_cast<double>(value));
  return text.data();
}

// "being_covered 1 push cover 0.5", the way docs/semantics.md writes what a draw reads.
inline std::string to_string(const strata::presence& p) {
  std::string text = std::string(strata::to_string(p.phase)) + " " + number(p.value);
  if (p.cause != strata::cause::none) {
    text += " " + std::string(strata::to_string(p.cause));
  }
  return p.cover != 0.0F ? text + " cover " + number(p.cover) : text;
}

inline strata::presence read_presence(const event& e) {
  strata::presence p;
  p.phase = static_cast<strata::phase>((e.name & ~read_mark) >> 3U);
  p.cause = static_cast<strata::cause>(e.name & 7U);
  p.value = std::bit_cast<float>(static_cast<std::uint32_t>(e.detail >> 32U));
  p.cover = std::bit_cast<float>(static_cast<std::uint32_t>(e.detail));
  return p;
}

inline std::uint8_t name_index(std::string_view name) {
  for (std::size_t i = 0; i < state_names.size(); ++i) {
    if (state_names[i] == name) {
      return static_cast<std::uint8_t>(i);
    }
  }
  return unknown_name;
}

inline std::string_view errc_name(strata::errc code) {
  switch (code) {
  case strata::errc::empty_stack: return "empty_stack";
  case strata::errc::reentrant_call: return "reentrant_call";
  case strata::errc::null_state: return "null_state";
  case strata::errc::borrowed_twice: return "borrowed_twice";
  case strata::errc::not_found: return "not_found";
  case strata::errc::bad_depth: return "bad_depth";
  case strata::errc::transition_limit: return "transition_limit";
  case strata::errc::depth_limit: return "depth_limit";
  case strata::errc::bad_time_scale: return "bad_time_scale";
  case strata::errc::bad_transition: return "bad_transition";
  case strata::errc::bad_registration: return "bad_registration";
  case strata::errc::restore_failed: return "restore_failed";
  case strata::errc::bad_binding: return "bad_binding";
  }
  return "?";
}

inline std::string to_string(const event& e) {
  const std::string id = "#" + std::to_string(e.value);
  switch (e.kind) {
  case event_kind::hook: {
    if ((e.name & read_mark) != 0) {
      return id + ".draw(" + to_string(read_presence(e)) + ")";
    }
    if (!is_update(static_cast<hook_kind>(e.what))) {
      return id + "." + std::string(hook_names[e.what]);
    }
    std::array<char, 40> dt{};
    std::snprintf(dt.data(), dt.size(), "%.17g", std::bit_cast<double>(e.detail));
    return id + "." + std::string(hook_names[e.what]) + "(" + dt.data() + ")";
  }
  case event_kind::throws: return id + "." + std::string(hook_names[e.what]) + " throws";
  case event_kind::on_exit: return id + ".on_exit";
  case event_kind::destroyed: return "~" + id;
  case event_kind::observed:
    return "[" + std::string(strata::to_string(static_cast<strata::step>(e.what))) + " " +
           (e.name < state_names.size() ? std::string(state_names[e.name]) : "?") + "@" +
           std::to_string(e.value) + " id " + std::to_string(e.detail) + "]";
  case event_kind::failed:
    return "error " + std::string(errc_name(static_cast<strata::errc>(e.what)));
  case event_kind::handled: return e.what != 0 ? "handled" : "not handled";
  case event_kind::caught: return "exception caught";
  case event_kind::setting:
    return "setting " + std::to_string(e.what) + "=" + std::to_string(e.value);
  case event_kind::teardown: return "~stack";
  case event_kind::aborted: return "~stack aborted #" + std::to_string(e.value);
  case event_kind::queried:
    return std::string("pending()=") + ((e.what & 1U) != 0 ? "true" : "false") +
           " leaving()=" + ((e.what & 2U) != 0 ? "true" : "false");
  case event_kind::stale_name: return "step_info::state changed during the observer's call";
  case event_kind::closed: return e.what != 0 ? "closed" : "close() found nothing";
  }
  return "?";
}

inline std::string to_string(std::span<const event> events) {
  std::string text;
  for (const event& e : events) {
    text += (text.empty() ? "" : ", ") + to_string(e);
  }
  return text.empty() ? "(nothing)" : text;
}

class recorder {
public:
  void hook(hook_kind kind, int id, double dt) {
    events_.push_back({event_kind::hook, static_cast<std::uint8_t>(kind), 0, id,
                       is_update(kind) ? std::bit_cast<std::uint64_t>(dt) : 0});
  }
  // R33: a draw that read its presence.
  void drawn(int id, const strata::presence& p) {
    const auto mark = static_cast<std::uint8_t>(read_mark | static_cast<unsigned>(p.phase) << 3U |
                                                static_cast<unsigned>(p.cause));
    events_.push_back({event_kind::hook, static_cast<std::uint8_t>(hook_kind::draw), mark, id,
                       std::uint64_t{std::bit_cast<std::uint32_t>(p.value)} << 32U |
                           std::bit_cast<std::uint32_t>(p.cover)});
  }
  void throws(hook_kind kind, int id) {
    add(event_kind::throws, static_cast<std::uint8_t>(kind), id);
  }
  void on_exit(int id) { add(event_kind::on_exit, 0, id); }
  void destroyed(int id) { add(event_kind::destroyed, 0, id); }
  void observed(strata::step step, std::uint8_t name, std::size_t depth, std::uint64_t id) {
    events_.push_back(
        {event_kind::observed, static_cast<std::uint8_t>(step), name, static_cast<int>(depth), id});
  }
  void closed(bool found) { add(event_kind::closed, found ? 1 : 0, 0); }
  void failed(strata::errc code) { add(event_kind::failed, static_cast<std::uint8_t>(code), 0); }
  void handled(bool used) { add(event_kind::handled, used ? 1 : 0, 0); }
  void caught() { add(event_kind::caught, 0, 0); }
  void setting(std::uint8_t which, std::size_t value) {
    add(event_kind::setting, which, static_cast<int>(value));
  }
  void teardown() { add(event_kind::teardown, 0, 0); }
  void queried(bool pending, bool leaving) {
    add(event_kind::queried, static_cast<std::uint8_t>((pending ? 1U : 0U) | (leaving ? 2U : 0U)),
        0);
  }
  void stale_name() { add(event_kind::stale_name, 0, 0); }
  // `where` is what the abort message says between "stack destroyed " and ";", or what went
  // wrong; the event refers to it by its index, and the runner compares the texts as well.
  void aborted(std::string where) {
    add(event_kind::aborted, 0, static_cast<int>(abort_sites_.size()));
    abort_sites_.push_back(std::move(where));
  }

  [[nodiscard]] const std::vector<event>& events() const { return events_; }
  [[nodiscard]] const std::vector<std::string>& abort_sites() const { return abort_sites_; }

private:
  void add(event_kind kind, std::uint8_t what, int value) {
    events_.push_back({kind, what, 0, value});
  }

  std::vector<event> events_;
  std::vector<std::string> abort_sites_;
};

} // namespace strata_model
