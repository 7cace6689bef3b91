// model/strata_model/model_on_off.hpp: R33's promise that a transition changes when states are
// drawn and when they are destroyed, never the hooks. One program is played twice on the same
// side (the real stack, or the model): as it is, and with its transitions off
// (without_transitions(), model_program.hpp); the two runs are compared operation by operation.
// run_program() (model_runner.hpp) compares the real stack with the model; this compares two runs
// on one side with each other, so it also sees a misreading of R33 that the core and the model
// share.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "model_print.hpp"
#include "model_program.hpp"
#include "model_real.hpp"
#include "model_runner.hpp"
#include "model_trace.hpp"
#include "model_world.hpp"

namespace strata_model {

// What the two runs play: `p` without the arms whose firing R33 lets differ between them, and
// ending with finish_transitions() and an event. Dropped are requests and throws armed in draw
// hooks (with transitions, a leaving state is drawn, and so are the states below an arriving
// one), in handle hooks (an event stops at an arriving or leaving state without calling it) and
// in destructors (a leaving state is destroyed when its presence reaches 0, not at its exit):
// each would request or throw at another moment in one run than in the other, and the two runs
// would no longer play one program. Armed lifecycle and update hooks, the observer and every
// request from outside stay, so hooks still throw and request mid-transition. The end makes
// every program check that an event reaches the same states in both once nothing moves.
inline program alike_on_and_off(const program& p) {
  program made;
  made.reserve(p.size() + 2);
  for (const op& o : p) {
    const bool seen_differently = (o.kind == op_kind::arm_hook || o.kind == op_kind::arm_throw) &&
                                  (o.trigger == static_cast<std::uint8_t>(hook_kind::draw) ||
                                   o.trigger == static_cast<std::uint8_t>(hook_kind::handle));
    if (!seen_differently && o.kind != op_kind::arm_destructor) {
      made.push_back(o);
    }
  }
  made.push_back(make_request(request_kind::finish_transitions));
  made.push_back(make_request(request_kind::handle));
  return made;
}

// One run: its trace, where each operation's events end, and whether something moved around it.
struct on_off_run {
  static constexpr std::uint8_t moving_before = 1;  // in_transition() as the operation started
  static constexpr std::uint8_t pending_before = 2; // pending() then: its commit has work
  static constexpr std::uint8_t moving_after = 4;   // in_transition() as it ended

  std::vector<event> events;
  std::vector<std::size_t> ends;     // operation i's end; one more, the destructor's
  std::vector<std::uint8_t> moments; // operation i's bits above
  std::vector<std::string> abort_sites;
};

namespace detail {

inline harness_core& core_of(real_side& side) {
  return side.w.core;
}
inline harness_core& core_of(model_world& side) {
  return side.core;
}
inline void perform_outside(real_side& side, const request& r) {
  side.w.perform(r, true);
}
inline void perform_outside(model_world& side, const request& r) {
  side.perform(r, true);
}

template <class Side>
on_off_run play_recorded(const program& p) {
  Side side;
  harness_core& core = core_of(side);
  on_off_run run;
  for (const op& o : p) {
    const auto& s = side.stack();
    std::uint8_t moment = (s.in_transition() ? on_off_run::moving_before : 0) |
                          (s.pending() ? on_off_run::pending_before : 0);
    apply(
        core, side.stack(), [&](const request& r) { perform_outside(side, r); }, o);
    moment |= side.stack().in_transition() ? on_off_run::moving_after : 0;
    run.moments.push_back(moment);
    run.ends.push_back(core.trace.events().size());
  }
  side.destroy();
  run.ends.push_back(core.trace.events().size());
  run.events = core.trace.events();
  run.abort_sites = core.trace.abort_sites();
  return run;
}

// The events of a hook (or of its throw), of a draw, of an event handled.
constexpr bool is_about(const event& e, hook_kind hook) {
  return (e.kind == event_kind::hook || e.kind == event_kind::throws) &&
         e.what == static_cast<std::uint8_t>(hook);
}
constexpr bool is_draw(const event& e) {
  return is_about(e, hook_kind::draw);
}
constexpr bool is_input(const event& e) {
  return e.kind == event_kind::handled || is_about(e, hook_kind::handle);
}

// What the two runs must agree on in every operation. Not the draws, compared apart (a
// transition changes which states are drawn and what their draws read), nor the destructions
// (a leaving state is destroyed when it is done: compared apart, by the set of states destroyed
// once nothing moves). Nor what reaches handle(), compared where nothing moved: while a state
// arrives or leaves, an event stops there without calling it. Everything else must be the same: the
// lifecycle hooks, focus, unfocus, every update hook with its dt (a leaving state gets none, as
// a popped one gets none without transitions), throws, on_exit, the observer's steps, errors,
// what close() returned, the settings, and the destructor's hooks.
constexpr bool compared_always(const event& e) {
  return !is_draw(e) && !is_input(e) && e.kind != event_kind::destroyed;
}

template <class Keep>
std::vector<event> kept_events(std::span<const event> all, Keep keep) {
  std::vector<event> kept;
  std::copy_if(all.begin(), all.end(), std::back_inserter(kept), keep);
  return kept;
}

// Counts the destructions of each state id in both runs, and how many ids the runs disagree on.
class destruction_tally {
public:
  // False when a state is destroyed a second time in either run.
  bool add(std::span<const event> events, bool on) {
    for (const event& e : events) {
      if (e.kind != event_kind::destroyed) {
        continue;
      }
      const auto id = static_cast<std::size_t>(e.value);
      if (id >= on_.size()) {
        on_.resize(id + 1);
        off_.resize(id + 1);
      }
      std::uint8_t& mine = on ? on_[id] : off_[id];
      const std::uint8_t other = on ? off_[id] : on_[id];
      differing_ += mine == other ? 1 : -1;
      if (++mine > 1) {
        twice_ = static_cast<int>(id);
        return false;
      }
    }
    return true;
  }
  [[nodiscard]] bool same() const { return differing_ == 0; }
  [[nodiscard]] int destroyed_twice() const { return twice_; }
  // The ids destroyed in one run and not in the other, as text.
  [[nodiscard]] std::string differences() const {
    std::string text;
    for (std::size_t id = 0; id < on_.size(); ++id) {
      if (on_[id] != off_[id]) {
        text += " #" + std::to_string(id) + (on_[id] > off_[id] ? " (with)" : " (without)");
      }
    }
    return text;
  }

private:
  std::vector<std::uint8_t> on_;
  std::vector<std::uint8_t> off_;
  int differing_ = 0;
  int twice_ = -1;
};

} // namespace detail

struct on_off_result {
  std::string failure;    // empty when the two runs agree
  std::size_t moving = 0; // operations with something in transition around them (transitions on)
  [[nodiscard]] bool ok() const { return failure.empty(); }
};

// Compares the run of `p` with transitions (`on`) and the run of without_transitions(p) (`off`):
// - each operation's events but draws, destructions and input (compared_always()) are the same;
// - input: what reaches handle() and what handle() returns are the same where nothing moved as
//   the events came (before a handle(); before a frame(), whose first commit had no work either);
// - draws: every state the run without transitions draws, the run with them draws too (no frame
//   draws less than the fully present stack, so none draws nothing where it draws something);
//   where nothing moved at the end of the operation, the draws are the same, presences included;
// - destructions: no state is destroyed twice, and once nothing moves (and after the
//   destructor) the same states have been destroyed in both;
// - after finish_transitions() from outside nothing moves; without transitions nothing ever does;
// - destructions of the stack from a hook abort at the same places.
inline on_off_result compare_on_off(const program& p, const on_off_run& on, const on_off_run& off) {
  on_off_result result;
  detail::destruction_tally destroyed;
  const auto segment = [](const on_off_run& run, std::size_t i) {
    const std::size_t from = i == 0 ? 0 : run.ends[i - 1];
    return std::span<const event>(run.events).subspan(from, run.ends[i] - from);
  };
  for (std::size_t i = 0; i <= p.size(); ++i) {
    const bool outside = i < p.size();
    const std::uint8_t moment = outside ? on.moments[i] : 0;
    const request_kind kind =
        outside && p[i].kind == op_kind::request ? p[i].action.kind : request_kind::commit;
    const bool input_alike =
        (moment & on_off_run::moving_before) == 0 &&
        (kind != request_kind::frame || (moment & on_off_run::pending_before) == 0);
    const bool still = (moment & on_off_run::moving_after) == 0;
    result.moving += (moment & (on_off_run::moving_before | on_off_run::moving_after)) != 0 ? 1 : 0;
    const std::span<const event> with = segment(on, i);
    const std::span<const event> without = segment(off, i);
    std::string diff;
    const auto alike = [&](const char* what, auto keep) {
      const std::vector<event> a = detail::kept_events(with, keep);
      const std::vector<event> b = detail::kept_events(without, keep);
      if (a != b) {
        diff += std::string("  ") + what + " with transitions:    " + to_string(a) + "\n  " + what +
                " without transitions: " + to_string(b) + "\n";
      }
    };
    alike("hooks", detail::compared_always);
    if (input_alike) {
      alike("input", detail::is_input);
    }
    if (still) {
      alike("draws", detail::is_draw);
    } else {
      for (const event& e : without) {
        if (detail::is_draw(e) && std::none_of(with.begin(), with.end(), [&](const event& w) {
              return detail::is_draw(w) && w.value == e.value;
            })) {
          diff += "  #" + std::to_string(e.value) +
                  " is drawn without transitions, not with them: " +
                  to_string(detail::kept_events(with, detail::is_draw)) + "\n";
        }
      }
    }
    if (!destroyed.add(with, true) || !destroyed.add(without, false)) {
      diff += "  #" + std::to_string(destroyed.destroyed_twice()) + " destroyed twice\n";
    } else if (still && !destroyed.same()) {
      diff += "  with nothing in transition, destroyed in one run only:" + destroyed.differences() +
              "\n";
    }
    if (outside && (off.moments[i] & (on_off_run::moving_before | on_off_run::moving_after)) != 0) {
      diff += "  something is in transition without transitions\n";
    }
    if (kind == request_kind::finish_transitions && !still) {
      diff += "  still in transition after finish_transitions()\n";
    }
    if (!diff.empty()) {
      result.failure = (outside ? "after /* " + std::to_string(i) + " */ " + to_cpp(p[i])
                                : std::string("in the stack's destructor")) +
                       "\n" + diff;
      return result;
    }
  }
  if (on.abort_sites != off.abort_sites) {
    result.failure = "the stack destroyed from a hook aborts elsewhere with transitions\n";
  }
  return result;
}

// Plays `p` with its transitions and without them on one side (the real stack by default, or
// model_world) and compares the two runs.
template <class Side = real_side>
on_off_result check_on_off(const program& p) {
  return compare_on_off(p, detail::play_recorded<Side>(p),
                        detail::play_recorded<Side>(without_transitions(p)));
}

// The report for a program whose runs disagree: the shortest such program found, as C++, and why.
inline std::string on_off_report(const program& failing, const std::string& origin) {
  const program shortest =
      shrink(failing, [](const program& candidate) { return !check_on_off(candidate).ok(); });
  return "transitions change the hooks (" + origin + "; " + std::to_string(failing.size()) +
         " operations, shrunk to " + std::to_string(shortest.size()) + ")\n" +
         check_on_off(shortest).failure + "program (played again with without_transitions()):\n" +
         to_cpp(shortest);
}

} // namespace strata_model
