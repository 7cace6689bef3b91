// model/strata_model/model.hpp: a reference model of strata::stack, written from the rules of the
// specification (R1-R33) and the faults of issue 10 (`issues show 10`), not from stack.hpp. The
// committed and the staged stack are two plain vectors of state ids (model_staging.hpp); every
// commit step compares them afresh and takes the one step the rules call for (model_commit.hpp);
// transitions keep the drawing order (model_motion.hpp) that the passes walk (model_passes.hpp).
// This file holds the requests. Slow and obvious on purpose: tests/model_test.cpp and the fuzzer
// play the same programs on it and on the real stack and compare everything after each
// operation.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <strata/error.hpp>
#include <strata/modality.hpp>
#include <strata/observer.hpp>
#include <strata/transition.hpp>

#include "model_passes.hpp"
#include "model_program.hpp"
#include "model_types.hpp"

namespace strata_model {

class reference_stack : public model_passes {
public:
  explicit reference_stack(model_events& events)
      : model_passes(events) {}

  // ---- requests (R1): they change the staged stack only and run no hook ----

  outcome push(const model_entry& state, bool& staged) {
    staged = false;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    // The state handed over (a unique_ptr, a borrow) is looked at first, then the depth.
    if (const outcome checked = check_stageable(state); checked != outcome::ok) {
      return checked;
    }
    if (staged_.size() + 1 > max_depth_) {
      return fail(strata::errc::depth_limit); // R23
    }
    stage(state);
    staged = true;
    return outcome::ok;
  }

  // R10, issue 10 item 9: the first item ends on top. All or nothing: every item is checked (from
  // the last on, the order they are staged in) before the first is staged. The batch is staged as
  // one block, then the observer is told each push from the bottom up, except for an entry that its
  // requests unstaged before its turn. `taken` counts the items the stack took over, from the
  // last one on (the harness destroys the others); when a check fails, `prepared` counts those
  // checked before it, which the stack took over and drops (see drop_taken).
  outcome push_first_on_top(std::span<const model_entry> items, std::size_t& taken,
                            std::size_t& prepared) {
    taken = 0;
    prepared = 0;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (staged_.size() + items.size() > max_depth_) {
      return fail(strata::errc::depth_limit);
    }
    for (std::size_t i = items.size(); i-- > 0; ++prepared) {
      if (const outcome checked = check_stageable(items[i]); checked != outcome::ok) {
        return checked;
      }
      for (std::size_t later = i + 1; later < items.size(); ++later) {
        if (items[i].borrow_slot >= 0 && items[i].borrow_slot == items[later].borrow_slot) {
          return fail(strata::errc::borrowed_twice);
        }
      }
    }
    prepared = 0;
    for (std::size_t i = items.size(); i-- > 0;) {
      stage_silently(items[i], strata::cause::push);
      ++taken;
    }
    for (std::size_t i = items.size(); i-- > 0;) {
      tell_pushed_if_staged(items[i].id);
    }
    return outcome::ok;
  }

  // pop() then push() as one request, checked before anything is unstaged.
  outcome replace(const model_entry& state, bool& staged) {
    staged = false;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (staged_.empty()) {
      return fail(strata::errc::empty_stack);
    }
    if (const outcome checked = check_stageable(state); checked != outcome::ok) {
      return checked;
    }
    // R1, R22: the old top goes and the new one comes, then the observer hears of both; of the
    // push only if its reaction to the pop left the new state staged.
    const int old = staged_.back();
    staged_.pop_back();
    entry(old).unstaged_by =
        strata::cause::replace; // R33: it leaves, the new one arrives, as a replace
    stage_silently(state, strata::cause::replace);
    tell_gone(old, staged_.size() - 1);
    tell_pushed_if_staged(state.id);
    staged = true;
    return outcome::ok;
  }

  // What push(...).name(), .modality(), .on_exit(), .time_scale() and .transition() change: the
  // entry that push staged, if a request made in between (by the observer) did not unstage it.
  // False when it did: the harness then still holds what it passed. Issue 10 item 6: a second
  // .on_exit() destroys the first callback as code of the request. `result` is how .time_scale()
  // and .transition() ended: the chain stops at an error that leaves it.
  bool finish_push(int id, const item& how, outcome& result) {
    result = outcome::ok;
    if (!is_staged(id)) {
      return false;
    }
    model_entry& state = entry(id);
    if (how.rename != no_choice) {
      state.shown_name = how.rename;
    }
    if (how.modality != no_choice) {
      state.mode = modalities[how.modality];
    }
    state.on_exit = how.on_exit;
    if (how.on_exit == on_exit_replaced) {
      const request_scope replacing(*this);
      events_.replaced_on_exit(id);
    }
    if (how.scale != no_choice) {
      result = set_time_scale(id, time_scales[how.scale]);
    }
    if (how.transition != no_choice && !stops(result)) {
      const outcome given = set_transition(id, transitions[how.transition]);
      result = result == outcome::ok ? given : result;
    }
    return true;
  }

  // R32: .time_scale() on the handle of state `id` (-1: a handle of a push that failed). It acts
  // only while the entry is staged, and never during destruction (R26: the staged stack is empty
  // then); a scale that is negative, infinite or not a number is refused and changes nothing. An
  // entered state's new scale counts from the next pass.
  outcome set_time_scale(int id, float scale) {
    if (id < 0 || destroying() || !is_staged(id)) {
      return outcome::ok;
    }
    if (!std::isfinite(scale) || scale < 0.0F) {
      return fail(strata::errc::bad_time_scale);
    }
    entry(id).scale = scale;
    return outcome::ok;
  }

  // R33: .transition() on the handle of state `id`, as .time_scale() (R32): only while the entry
  // is staged, refused for a duration that is negative, infinite or not a number. On an entered
  // state it counts from its next arrival or departure: one under way keeps what it started with.
  outcome set_transition(int id, const strata::transition& t) {
    if (id < 0 || destroying() || !is_staged(id)) {
      return outcome::ok;
    }
    if (!is_transition(t)) {
      return fail(strata::errc::bad_transition);
    }
    entry(id).transition = t;
    return outcome::ok;
  }

  // R31: the staged entry with id `eid` goes, with every state staged above it; `closed` says
  // whether there was one. A request like the others, except that not finding it is no error.
  outcome close(std::uint64_t eid, bool& closed) {
    closed = false;
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (entry(staged_[depth]).eid == eid) {
        closed = true;
        pop_down_to(depth, strata::cause::pop); // R33: close leaves as a pop
        break;
      }
    }
    return outcome::ok;
  }

  // R31: the id of the entry holding state `id` (the object as pushed): only entries that hold
  // it are staged or committed, and each stay of an object has an id of its own.
  [[nodiscard]] std::uint64_t id_of(int id) const {
    return is_staged(id) || is_committed(id) ? entry(id).eid : 0;
  }

  // pop(), and R33's pop(t) when `leaving` is given.
  outcome pop(const strata::transition* leaving = nullptr) {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (staged_.empty()) {
      return fail(strata::errc::empty_stack);
    }
    if (leaving != nullptr && !leave_with(staged_.size() - 1, *leaving)) {
      return fail(strata::errc::bad_transition);
    }
    unstage_top();
    return outcome::ok;
  }

  // clear(), and R33's clear(t) when `leaving` is given.
  outcome clear(const strata::transition* leaving = nullptr) {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (leaving != nullptr && !leave_with(0, *leaving)) {
      return fail(strata::errc::bad_transition);
    }
    pop_down_to(0, strata::cause::clear);
    return outcome::ok;
  }

  // The nearest staged state shown as `name` stays, those above it go.
  outcome pop_until_name(std::uint8_t name) {
    return pop_until([&](std::size_t depth) { return entry(staged_[depth]).shown_name == name; });
  }
  outcome pop_until_depth(std::size_t wanted) {
    return pop_until([&](std::size_t depth) { return depth == wanted; });
  }

  outcome pop_to(std::size_t depth) {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    if (depth > staged_.size()) {
      return fail(strata::errc::bad_depth);
    }
    pop_down_to(depth, strata::cause::pop); // R33: pop_to leaves as a pop
    return outcome::ok;
  }

  // Runs `destroy` as code of the request that just failed: a state that push() or
  // push_first_on_top() took over and then could not stage is dropped by the stack itself.
  template <class Destroy>
  void drop_taken(Destroy destroy) {
    const request_scope dropping(*this);
    destroy();
  }

private:
  // R33: a transition lasts a finite number of seconds, 0 or more, both ways.
  static bool is_transition(const strata::transition& t) {
    const auto valid = [](float seconds) { return std::isfinite(seconds) && seconds >= 0.0F; };
    return valid(t.arrive) && valid(t.leave);
  }

  // R33: pop(t) and clear(t) make the entered states they pop, the staged ones from `from` up,
  // leave over t.leave (letting events pass if t.input_passes) instead, whatever they declared
  // or were given; one not entered yet never leaves, so t is nothing to it. A bad t changes
  // nothing: false.
  bool leave_with(std::size_t from, const strata::transition& t) {
    if (!is_transition(t)) {
      return false;
    }
    for (std::size_t depth = from; depth < staged_.size(); ++depth) {
      if (is_committed(staged_[depth])) {
        model_entry& e = entry(staged_[depth]);
        e.transition.leave = t.leave;
        e.transition.input_passes = t.input_passes;
      }
    }
    return true;
  }

  template <class Matches>
  outcome pop_until(Matches matches) {
    bool go = false;
    if (const outcome admitted = admit(go); !go) {
      return admitted;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (matches(depth)) {
        pop_down_to(depth + 1, strata::cause::pop); // R33: pop_until leaves as a pop
        return outcome::ok;
      }
    }
    return fail(strata::errc::not_found);
  }
};

} // namespace strata_model
